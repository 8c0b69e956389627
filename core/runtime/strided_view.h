// StridedViews: a chain of movement ops as index arithmetic, composed once.
//
// A view maps a multi-index of its shape to a row-major offset: offset +
// sum(index_k * stride_k), valid inside a box (lo_k <= index_k < hi_k; outside
// it the chain's Pads give zero). Expand, Permute, Flip, Shrink and Pad always
// fold into one view; a Reshape folds when it only splits or merges axes that
// are contiguous and unmasked, and otherwise starts a new view whose offsets
// are unravelled into the shape of the one below. A fused Reduce (fused_reduce.h)
// finds each element of its operand through these instead of applying every
// movement op to every index.
#pragma once

#include "core/ir/uop.h"

#include <cstdint>
#include <vector>

namespace uops {

class StridedViews {
public:
  // The identity on a row-major tensor of `shape`.
  explicit StridedViews(const Shape& shape);

  // Compose one movement op above the current views; `operand` is a Pad's or
  // Shrink's offsets, ignored by the others. `u` is Reshape, Expand, Permute,
  // Flip, Pad or Shrink, with the current shape as its source's.
  void apply(const UOp& u, const Shape& operand);
  // Broadcast to `shape` as an elementwise operand does: right-aligned, size-1 axes repeat.
  void broadcastTo(const Shape& shape);

  // The offset of `index` (of the outermost shape) in the underlying row-major
  // tensor, or false where a Pad's zero covers it. `scratch` is reused storage.
  bool locate(const std::vector<int64_t>& index, int64_t& offset,
              std::vector<int64_t>& scratch) const;
  // Whether the views are the identity on `shape` (no movement at all).
  bool isIdentity(const Shape& shape) const;
  size_t size() const { return m_views.size(); }

  struct View {
    Shape shape;
    std::vector<int64_t> strides;
    int64_t offset = 0;
    std::vector<int64_t> lo, hi; // the valid box
    bool masked = false;         // the box is smaller than the shape
    bool empty = false;          // nothing is valid

    static View contiguous(const Shape& shape);
    void updateMask();
  };
  // Innermost first: the last one takes the index (StridedRows walks a single one by strides).
  const std::vector<View>& views() const { return m_views; }

private:

  View& top() { return m_views.back(); }
  bool mergeReshape(const Shape& shape);

  std::vector<View> m_views; // innermost first: the last one takes the index
};

} // namespace uops
