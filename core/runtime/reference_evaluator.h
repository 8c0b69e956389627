// ReferenceEvaluator: the oracle. Evaluates a tensor-level UOp graph op by op
// on the host, exactly as the spec defines each op, independent of any
// lowering; every compiled path is checked against it.
//
// Each node is evaluated once per binding of the Params it sits under (a
// Function body runs in its own frame, so one body called with two argument
// lists gives two values). The walk uses an explicit stack, never recursion,
// so graphs hundreds of thousands of nodes deep evaluate.
//
// Values: Buffers come from the caller; Function(Tuple(body...), a0, a1, ...)
// binds Param slot k to a_k, GetTuple picks a body element; movement, reduce,
// marker and elementwise ops are computed by the tensor_*.h functions. Store
// writes into the evaluator's copy of its Buffer and After(buf, deps...) reads
// that buffer once the deps ran: the spec's Assign. Kernel-level ops (Range,
// codegen ops, Call of a compiled kernel) have no value here: EvalError.
#pragma once

#include "core/runtime/eval_error.h"
#include "core/runtime/host_tensor.h"

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <span>
#include <unordered_map>
#include <vector>

namespace uops {

class ReferenceEvaluator {
public:
  // Asked for the contents of a Buffer node that setBuffer did not give;
  // nullopt when unknown (then evaluating the Buffer is an EvalError).
  using BufferProvider = std::function<std::optional<HostTensor>(const UOp& buffer)>;

  // Contents of a Buffer, by node or by its BufferArg id (the node wins). The
  // dtype must be the Buffer's and the element count its size; the shape is
  // taken from the node.
  void setBuffer(const UOpPtr& buffer, HostTensor value);
  void setBuffer(int64_t id, HostTensor value);
  void setBufferProvider(BufferProvider provider);
  // The value of Param `slot` outside any Function (a body evaluated alone).
  void setParam(int64_t slot, HostTensor value);
  // When *cancel becomes true, evaluate() stops within a few nodes and throws
  // EvalCancelled.
  void setCancel(const std::atomic<bool>* cancel) { m_cancel = cancel; }

  // The value of each root. Roots share one memo, so a node common to them is
  // evaluated once and Stores made for one root are seen by the next. Throws
  // EvalError; a Tuple, Function or Call root (not a tensor) is one.
  std::vector<HostTensor> evaluate(std::span<const UOpPtr> roots) const;
  HostTensor evaluate(const UOpPtr& root) const;
  // The most bytes of values the last evaluate() held at once: a value is
  // freed once every node that reads it has its own (roots and buffers stay).
  int64_t lastPeakBytes() const { return m_lastPeakBytes; }

private:
  friend class EvalRun;
  std::unordered_map<const UOp*, std::pair<UOpPtr, HostTensor>> m_buffersByNode;
  std::map<int64_t, HostTensor> m_buffersById;
  std::map<int64_t, HostTensor> m_params;
  BufferProvider m_provider;
  const std::atomic<bool>* m_cancel = nullptr;
  mutable int64_t m_lastPeakBytes = 0;
};

// An evaluation stopped by its cancel flag.
class EvalCancelled : public std::runtime_error {
public:
  EvalCancelled() : std::runtime_error("the reference evaluation was cancelled") {}
};

} // namespace uops
