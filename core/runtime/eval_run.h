// EvalRun: one evaluation by the ReferenceEvaluator. Internal to core/runtime.
//
// The walk is over (frame, node) pairs. Frame 0 is the top level; evaluating
// a Function or Call node in frame f opens a child frame whose Params are that
// node's arguments, valued in f. A node's value is memoised per frame.
#pragma once

#include "core/runtime/fused_reduce.h"
#include "core/runtime/reference_evaluator.h"

#include <deque>
#include <memory>
#include <unordered_set>

namespace uops {

class EvalRun {
public:
  explicit EvalRun(const ReferenceEvaluator& evaluator) : m_evaluator(evaluator) {}

  const HostTensor& valueOf(const UOp& root);
  // Counts, for the top frame, which nodes read each node, so a value is
  // freed once everything that reads it has its value (the roots, Buffers,
  // Stores and what a Function or Call is given are kept). Before valueOf.
  void countReaders(std::span<const UOpPtr> roots);
  // The most bytes the top frame's values held at once.
  int64_t peakBytes() const { return m_peakBytes; }

private:
  struct Dep {
    int frame;
    const UOp* node;
  };
  struct Frame {
    int parent = -1;
    const UOp* function = nullptr; // whose arguments the Params here stand for
    std::unordered_map<const UOp*, HostTensor> values;
    std::unordered_map<const UOp*, int> children; // Function or Call node -> its frame
  };

  std::vector<Dep> deps(int frame, const UOp& node);
  std::vector<Dep> depsChecked(int frame, const UOp& node);
  HostTensor compute(int frame, const UOp& node, std::span<const HostTensor* const> in);
  HostTensor computeChecked(int frame, const UOp& node, std::span<const HostTensor* const> in);

  // A Reduce's operand is computed as it is summed, from the region's leaves.
  FusedReduce& fusedReduce(const UOp& reduce);
  int childFrame(int frame, const UOp& callable);
  Dep paramArgument(int frame, const UOp& param);
  const HostTensor* find(const Dep& d) const;

  HostTensor paramValue(const UOp& node, std::span<const HostTensor* const> in);
  HostTensor bufferValue(const UOp& buffer);
  std::optional<HostTensor> suppliedBuffer(const UOp& buffer) const;
  const UOp* storeTarget(int frame, const UOp* node);
  HostTensor store(int frame, const UOp& node, std::span<const HostTensor* const> in);
  HostTensor after(int frame, const UOp& node, const HostTensor& passthrough);

  void keep(int frame, const UOp& node, HostTensor value);
  void release(const UOp& reader, const std::vector<Dep>& read);

  const ReferenceEvaluator& m_evaluator;
  std::unordered_map<const UOp*, int64_t> m_readers; // top-frame node -> readers still to compute
  std::unordered_set<const UOp*> m_counted;           // top-frame nodes whose reads m_readers counts
  int64_t m_liveBytes = 0, m_peakBytes = 0;
  std::deque<Frame> m_frames{Frame{}}; // a deque: frames are referenced while others open
  std::unordered_map<const UOp*, std::unique_ptr<FusedReduce>> m_fusedReduces;
  std::unordered_map<const UOp*, HostTensor> m_initialBuffers;
  std::unordered_map<const UOp*, HostTensor> m_storedBuffers; // Buffers after the Stores so far
};

} // namespace uops
