// FusedReduce: a Reduce evaluated without materializing its operand.
//
// A convolution is a Reduce over an expanded operand (the input pulled out
// into windows, times the weights, broadcast over both): materialized, that
// operand is many times the size of anything else in the program. Here the
// elementwise and movement ops under a Reduce are computed one element at a
// time, at the multi-index the Reduce asks for, and accumulated directly.
//
// The fused region is a tree grown from the Reduce's source through
// elementwise ops and the movement ops that only move indices (Reshape,
// Expand, Pad, Shrink, Permute, Flip). It stops at the leaves, evaluated as
// whole tensors by the caller: any other op, a node the region reads more than
// once (so no element is computed twice per output element), and a node
// whose own checks would fail (its error then comes from evaluating it).
// Each element is computed by the functions the whole-tensor ops use
// (elementwiseElement, reduceElements), so the values are the same bits.
#pragma once

#include "core/runtime/tensor_reduce.h"

#include <atomic>
#include <span>
#include <vector>

namespace uops {

class FusedReduce {
public:
  // `reduce` is a Reduce with one source.
  explicit FusedReduce(const UOp& reduce);

  // The nodes whose values evaluate() needs, in a fixed order.
  const std::vector<const UOp*>& leaves() const { return m_leaves; }
  // The Reduce's value from its leaves' values (in leaves() order).
  HostTensor evaluate(std::span<const HostTensor* const> leafValues,
                      const std::atomic<bool>* cancel = nullptr);

private:
  enum class Kind { Leaf, Movement, Elementwise };
  struct Node {
    const UOp* uop;
    Kind kind;
    std::vector<size_t> srcs; // indices into m_nodes
    size_t leaf = 0;          // index into m_leaves, for a Leaf
    Shape operand;            // Pad/Shrink offsets
    std::vector<int64_t> index; // where it is being evaluated
    HostTensor value;           // an Elementwise node's element; a Pad's zero
  };

  ElementRef at(size_t node);
  void moveIndex(const Node& node, Node& src, bool& padded) const;

  const UOp& m_reduce;
  std::vector<Node> m_nodes; // m_nodes[0] is the Reduce's source
  std::vector<const UOp*> m_leaves;
  std::span<const HostTensor* const> m_leafValues;
};

} // namespace uops
