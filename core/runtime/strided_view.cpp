#include "core/runtime/strided_view.h"

#include "core/ir/shape.h"
#include "core/runtime/strides.h"

#include <algorithm>

namespace uops {

StridedViews::View StridedViews::View::contiguous(const Shape& shape) {
  View v;
  v.shape = shape;
  v.strides = rowMajorStrides(shape);
  v.lo.assign(shape.size(), 0);
  v.hi = shape;
  v.updateMask();
  return v;
}

void StridedViews::View::updateMask() {
  masked = false;
  empty = false;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (lo[k] >= hi[k]) empty = true;
    if (lo[k] > 0 || hi[k] < shape[k]) masked = true;
  }
}

StridedViews::StridedViews(const Shape& shape) : m_views{View::contiguous(shape)} {}

void StridedViews::apply(const UOp& u, const Shape& operand) {
  View& v = top();
  const Shape& shape = u.shape();
  switch (u.op()) {
  case Op::Reshape:
    if (!mergeReshape(shape)) m_views.push_back(View::contiguous(shape));
    return;
  case Op::Expand:
    for (size_t k = 0; k < shape.size(); ++k) {
      if (v.shape[k] == shape[k]) continue;
      v.strides[k] = 0; // a size-1 axis repeated: its index is always 0
      v.hi[k] = v.lo[k] < v.hi[k] ? shape[k] : 0;
      v.lo[k] = 0;
    }
    break;
  case Op::Permute: {
    View was = v;
    const Ints& order = u.argAs<Ints>();
    for (size_t k = 0; k < order.size(); ++k) {
      size_t from = static_cast<size_t>(order[k]);
      v.strides[k] = was.strides[from];
      v.lo[k] = was.lo[from];
      v.hi[k] = was.hi[from];
    }
    break;
  }
  case Op::Flip: {
    const Bools& flags = u.argAs<Bools>();
    for (size_t k = 0; k < flags.size(); ++k) {
      if (!flags[k]) continue;
      int64_t s = v.shape[k];
      v.offset += (s - 1) * v.strides[k];
      v.strides[k] = -v.strides[k];
      int64_t lo = v.lo[k];
      v.lo[k] = s - v.hi[k];
      v.hi[k] = s - lo;
    }
    break;
  }
  case Op::Shrink:
    for (size_t k = 0; k < shape.size(); ++k) {
      v.offset += operand[k] * v.strides[k];
      v.lo[k] = std::clamp<int64_t>(v.lo[k] - operand[k], 0, shape[k]);
      v.hi[k] = std::clamp<int64_t>(v.hi[k] - operand[k], 0, shape[k]);
    }
    break;
  case Op::Pad:
    for (size_t k = 0; k < shape.size(); ++k) {
      v.offset -= operand[k] * v.strides[k];
      v.lo[k] += operand[k];
      v.hi[k] += operand[k];
    }
    break;
  default:
    return;
  }
  v.shape = shape;
  v.updateMask();
}

void StridedViews::broadcastTo(const Shape& shape) {
  View& v = top();
  if (v.shape == shape) return;
  // right-aligned: the missing leading axes are size-1 axes, repeated below
  size_t missing = shape.size() - v.shape.size();
  v.shape.insert(v.shape.begin(), missing, 1);
  v.strides.insert(v.strides.begin(), missing, 0);
  v.lo.insert(v.lo.begin(), missing, 0);
  v.hi.insert(v.hi.begin(), missing, 1);
  for (size_t k = 0; k < shape.size(); ++k) {
    if (v.shape[k] == shape[k]) continue;
    v.strides[k] = 0;
    v.hi[k] = v.lo[k] < v.hi[k] ? shape[k] : 0;
    v.lo[k] = 0;
  }
  v.shape = shape;
  v.updateMask();
}

// A Reshape as new strides on the same view: each group of old axes whose
// product equals a group of new axes must be contiguous (each stride the next
// one's times its size) and, unless one axis maps to one axis, unmasked.
bool StridedViews::mergeReshape(const Shape& shape) {
  View& v = top();
  if (shapeProduct(shape) == 0 || shapeProduct(v.shape) == 0) return false;
  View out;
  out.shape = shape;
  out.strides.assign(shape.size(), 0);
  out.lo.assign(shape.size(), 0);
  out.hi = shape;
  out.offset = v.offset;
  if (v.empty) {
    out.hi.assign(shape.size(), 0);
    out.updateMask();
    v = std::move(out);
    return true;
  }
  std::vector<size_t> from, to; // the axes of size > 1
  for (size_t k = 0; k < v.shape.size(); ++k)
    if (v.shape[k] != 1) from.push_back(k);
  for (size_t k = 0; k < shape.size(); ++k)
    if (shape[k] != 1) to.push_back(k);
  size_t i = 0, j = 0;
  while (i < from.size() && j < to.size()) {
    size_t i0 = i, j0 = j;
    int64_t po = v.shape[from[i++]], pn = shape[to[j++]];
    while (po != pn) {
      if (po < pn) {
        if (i == from.size()) return false;
        po *= v.shape[from[i++]];
      } else {
        if (j == to.size()) return false;
        pn *= shape[to[j++]];
      }
    }
    bool oneToOne = i - i0 == 1 && j - j0 == 1;
    for (size_t a = i0; a < i; ++a) {
      size_t k = from[a];
      if (!oneToOne && (v.lo[k] != 0 || v.hi[k] != v.shape[k])) return false;
      if (a + 1 < i && v.strides[k] != v.strides[from[a + 1]] * v.shape[from[a + 1]]) return false;
    }
    int64_t stride = v.strides[from[i - 1]];
    for (size_t b = j; b-- > j0;) {
      out.strides[to[b]] = stride;
      stride *= shape[to[b]];
    }
    if (oneToOne) {
      out.lo[to[j0]] = v.lo[from[i0]];
      out.hi[to[j0]] = v.hi[from[i0]];
    }
  }
  if (i != from.size() || j != to.size()) return false;
  out.updateMask();
  v = std::move(out);
  return true;
}

bool StridedViews::locate(const std::vector<int64_t>& index, int64_t& offset,
                          std::vector<int64_t>& scratch) const {
  const std::vector<int64_t>* at = &index;
  for (size_t n = m_views.size(); n-- > 0;) {
    const View& v = m_views[n];
    if (n + 1 < m_views.size()) {
      // the offset above, as an index of this view's shape
      scratch.resize(v.shape.size());
      int64_t linear = offset;
      for (size_t k = v.shape.size(); k-- > 0;) {
        scratch[k] = linear % v.shape[k];
        linear /= v.shape[k];
      }
      at = &scratch;
    }
    if (v.empty) return false;
    int64_t o = v.offset;
    const std::vector<int64_t>& idx = *at;
    if (v.masked) {
      for (size_t k = 0; k < idx.size(); ++k) {
        if (idx[k] < v.lo[k] || idx[k] >= v.hi[k]) return false;
        o += idx[k] * v.strides[k];
      }
    } else {
      for (size_t k = 0; k < idx.size(); ++k)
        o += idx[k] * v.strides[k];
    }
    offset = o;
  }
  return true;
}

bool StridedViews::isIdentity(const Shape& shape) const {
  if (m_views.size() != 1) return false;
  const View& v = m_views[0];
  return v.shape == shape && !v.masked && v.offset == 0 && v.strides == rowMajorStrides(shape);
}

} // namespace uops
