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
// Expand, Pad, Shrink, Permute, Flip). Each node's index is found from the
// operand's through every movement op between them, composed once into
// strided views (strided_view.h). It stops at the leaves, evaluated as whole
// tensors by the caller: any other op, a node the region reads more than
// once (so no element is computed twice per output element), and a node
// whose own checks would fail (its error then comes from evaluating it).
//
// The operand is walked row by row (strided_rows.h): per row, each leaf's
// elements are gathered into a small buffer, each elementwise node computes
// its row from its operands' rows (elementwise_row.h, the functions the
// whole-tensor ops use, so the values are the same bits) and reads zero where
// a Pad right above it pads (an op of zeros need not be zero), and the root's
// row is added into the outputs, each output's elements in the row-major
// order of the reduced axes, as reduceElements adds them.
#pragma once

#include "core/runtime/strided_view.h"
#include "core/runtime/tensor_reduce.h"

#include <atomic>
#include <cstdint>
#include <functional>
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
  struct Node {
    const UOp* uop;
    bool leaf = false;
    size_t leafSlot = 0;            // index into m_leaves, for a leaf
    size_t reader = SIZE_MAX;       // the node that reads it (SIZE_MAX: the Reduce)
    std::vector<const UOp*> chain;  // the movement ops between its reader and it, the reader's side first
    std::vector<size_t> operands;   // an elementwise node's, into m_nodes, in source order
    bool identity = false;          // its index is its reader's (no movement at all)
    bool padded = false;            // a Pad in its chain: zero in that padding
    StridedViews views{Shape{}};    // its index from the operand's (every chain up to the Reduce)
  };

  StridedViews viewsFromOperand(size_t node) const;

  // The common shapes of region as loops over the element type
  // (fused_reduce_typed.cpp); false where the general walk is needed.
  bool evaluateTyped(const std::function<void()>& poll, HostTensor& out);
  template <class T>
  void reduceLeaf(Op op, const Ints& axes, const std::function<void()>& poll, HostTensor& out);
  template <class T> void sumProducts(const Ints& axes, const std::function<void()>& poll, HostTensor& out);
  // Any region, row by row through every node (fused_reduce_rows.cpp).
  HostTensor reduceRows(const std::function<void()>& poll);

  const UOp& m_reduce;
  std::vector<Node> m_nodes; // m_nodes[0] is the operand's node; a node's operands come after it
  std::vector<const UOp*> m_leaves;
  std::span<const HostTensor* const> m_leafValues;
};

} // namespace uops
