#include "core/runtime/reference_evaluator.h"

#include "core/runtime/eval_run.h"

namespace uops {

void ReferenceEvaluator::setBuffer(const UOpPtr& buffer, HostTensor value) {
  m_buffersByNode.insert_or_assign(buffer.get(), std::pair(buffer, std::move(value)));
}

void ReferenceEvaluator::setBuffer(int64_t id, HostTensor value) {
  m_buffersById.insert_or_assign(id, std::move(value));
}

void ReferenceEvaluator::setBufferProvider(BufferProvider provider) {
  m_provider = std::move(provider);
}

void ReferenceEvaluator::setParam(int64_t slot, HostTensor value) {
  m_params.insert_or_assign(slot, std::move(value));
}

std::vector<HostTensor> ReferenceEvaluator::evaluate(std::span<const UOpPtr> roots) const {
  EvalRun run(*this);
  for (const UOpPtr& root : roots) {
    Op op = root->op();
    if (op == Op::Tuple || op == Op::Function || op == Op::Call)
      throw EvalError(*root, "a Tuple is not a tensor: ask for its elements with GetTuple");
  }
  run.countReaders(roots);
  std::vector<HostTensor> out;
  for (const UOpPtr& root : roots) out.push_back(run.valueOf(*root));
  m_lastPeakBytes = run.peakBytes();
  return out;
}

HostTensor ReferenceEvaluator::evaluate(const UOpPtr& root) const {
  return evaluate(std::span<const UOpPtr>(&root, 1)).front();
}

} // namespace uops
