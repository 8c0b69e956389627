#include "core/engine/schedule_executor.h"

#include "core/runtime/reference_evaluator.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

HostTensor& bufferFor(const UOp& buf, BufferValues& buffers, bool writing) {
  const BufferArg& arg = buf.argAs<BufferArg>();
  auto it = buffers.find(arg.id);
  if (it == buffers.end()) {
    // an empty buffer needs no writer (an empty slice of a tensor is one)
    if (!writing && arg.size != 0) throw KernelError(fmt::format("buffer {} is read before anything wrote it", arg.id));
    it = buffers.emplace(arg.id, HostTensor(buf.dtype(), {arg.size})).first;
  }
  if (it->second.dtype() != buf.dtype() || it->second.numel() != arg.size)
    throw KernelError(fmt::format("buffer {} holds {} x {}, the schedule says {} x {}", arg.id,
                                  it->second.numel(), toString(it->second.dtype()), arg.size,
                                  toString(buf.dtype())));
  return it->second;
}

// Store(Buffer, Load(data)): literal data (evaluated on the host) or another buffer.
void runCopy(const UOp& store, BufferValues& buffers) {
  const UOpPtr& source = store.src(1)->src(0);
  HostTensor value = source->op() == Op::Buffer ? bufferFor(*source, buffers, false)
                                                : ReferenceEvaluator().evaluate(source);
  HostTensor& dst = bufferFor(*store.src(0), buffers, true);
  dst = value.withShape({dst.numel()});
}

// The Params a kernel stores to, by slot.
std::vector<bool> storedSlots(const UOp& call) {
  std::vector<bool> written(call.src().size() - 1, false);
  for (const UOp* u : toposort(*call.src(0))) {
    if (u->op() != Op::Store) continue;
    const UOp* p = u->src(0).get();
    while (p->op() != Op::Param && !p->src().empty())
      p = p->src(0).get();
    if (p->op() != Op::Param) continue;
    auto slot = static_cast<size_t>(p->argAs<ParamArg>().slot);
    if (slot < written.size()) written[slot] = true;
  }
  return written;
}

} // namespace

BufferValues zeroFilledInputs(const std::vector<UOpPtr>& roots) {
  BufferValues values;
  for (const UOp* u : toposort(std::span<const UOpPtr>(roots))) {
    if (u->op() != Op::Buffer) continue;
    const BufferArg& b = u->argAs<BufferArg>();
    values.try_emplace(b.id, HostTensor(u->dtype().base(), Shape{b.size}));
  }
  return values;
}

double KernelTimes::minMs() const {
  return ms.empty() ? 0.0 : *std::min_element(ms.begin(), ms.end());
}

double KernelTimes::medianMs() const {
  if (ms.empty()) return 0.0;
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

std::vector<HostTensor> executeSchedule(const UOpPtr& schedule, BufferValues& buffers,
                                        const KernelLauncher& launch) {
  std::vector<HostTensor> out;
  size_t kernelIndex = 0;
  for (const UOpPtr& item : schedule->src()) {
    if (item->op() == Op::Call) {
      std::vector<bool> written = storedSlots(*item);
      std::vector<HostTensor*> params;
      for (size_t i = 1; i < item->src().size(); ++i)
        params.push_back(&bufferFor(*item->src(i), buffers, written[i - 1]));
      launch(kernelIndex++, *item, params);
    } else if (item->op() == Op::Store) {
      runCopy(*item, buffers);
    } else if (item->op() == Op::Tuple) {
      for (const UOpPtr& r : item->src())
        out.push_back(bufferFor(*r->src(0), buffers, false).withShape(r->shape()));
    } else {
      throw KernelError(fmt::format("schedule: unexpected item {}", opName(item->op())));
    }
  }
  return out;
}

} // namespace uops
