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
// Expand, Pad, Shrink, Permute, Flip); each chain of movement ops between two
// elementwise ops (or the Reduce) is composed once into strided views
// (strided_view.h), so an element costs a few multiply-adds per operand, not
// an index rewritten by every op of the chain. It stops at the leaves, evaluated as
// whole tensors by the caller: any other op, a node the region reads more than
// once (so no element is computed twice per output element), and a node
// whose own checks would fail (its error then comes from evaluating it).
// Each element is computed by the functions the whole-tensor ops use
// (elementwiseElement, reduceElements), so the values are the same bits.
#pragma once

#include "core/runtime/strided_view.h"
#include "core/runtime/tensor_reduce.h"

#include <atomic>
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
  // How an operand's element at its reader's index is found: the movement ops
  // between them composed into views over the operand's node.
  struct Path {
    size_t node = 0; // index into m_nodes
    StridedViews views{Shape{}};
    bool identity = false; // the node's index is the reader's
    std::vector<int64_t> scratch;
  };
  struct Node {
    const UOp* uop;
    bool leaf = false;
    size_t leafSlot = 0;          // index into m_leaves, for a leaf
    std::vector<Path> operands;   // an elementwise node's
    std::vector<int64_t> index;   // where it is being evaluated
    HostTensor value;             // an elementwise node's element
    HostTensor zero;              // read where a Pad's padding covers a path to it
  };

  ElementRef through(Path& path, const std::vector<int64_t>& index);
  ElementRef at(size_t node);

  // The common shapes of region as loops over the element type
  // (fused_reduce_typed.cpp); false where the general walk is needed.
  bool evaluateTyped(const std::function<void()>& poll, HostTensor& out);
  template <class T>
  void reduceLeaf(Op op, const Ints& axes, const std::function<void()>& poll, HostTensor& out);
  template <class T> void sumProducts(const Ints& axes, const std::function<void()>& poll, HostTensor& out);

  const UOp& m_reduce;
  std::vector<Node> m_nodes;
  Path m_root; // from the Reduce's operand
  std::vector<const UOp*> m_leaves;
  std::span<const HostTensor* const> m_leafValues;
};

} // namespace uops
