#include "core/runtime/strided_rows.h"

#include "core/ir/shape.h"

#include <algorithm>

namespace uops {

StridedRows::StridedRows(const Shape& shape, const std::vector<size_t>& order)
    : m_shape(shape), m_order(order) {}

size_t StridedRows::add(const StridedViews& views) {
  const std::vector<StridedViews::View>& all = views.views();
  const StridedViews::View& top = all.back();
  Reader r;
  r.base = top.offset;
  r.strides = top.strides;
  r.lo = top.lo;
  r.hi = top.hi;
  r.empty = top.empty;
  for (size_t n = all.size() - 1; n-- > 0;) {
    const StridedViews::View& v = all[n];
    Level level{.shape = {}, .strides = {}, .lo = {}, .hi = {}, .digits = {}, .above = 0,
                .offset = v.offset, .outside = 0, .empty = v.empty, .step = 0, .delta = {}, .inner = 0};
    // axes of size 1 hold digit 0 (or pad everything): only the others are digits
    for (size_t k = 0; k < v.shape.size(); ++k) {
      if (v.shape[k] == 1) {
        if (v.lo[k] > 0 || v.hi[k] < 1) level.empty = true;
        continue;
      }
      level.shape.push_back(v.shape[k]);
      level.strides.push_back(v.strides[k]);
      level.lo.push_back(v.lo[k]);
      level.hi.push_back(v.hi[k]);
      if (0 < v.lo[k] || 0 >= v.hi[k]) ++level.outside;
    }
    level.digits.assign(level.shape.size(), 0);
    r.below.push_back(std::move(level));
  }
  m_readers.push_back(std::move(r));
  return m_readers.size() - 1;
}

size_t StridedRows::add(const std::vector<int64_t>& strides) {
  Reader r;
  r.strides = strides;
  r.lo.assign(m_shape.size(), 0);
  r.hi = m_shape;
  m_readers.push_back(std::move(r));
  return m_readers.size() - 1;
}

// Two walked axes as one: for every reader the outer stride is the inner's
// times the inner size, and neither covers a masked part of the box.
bool StridedRows::mergeable(const Axis& outer, const Axis& inner) const {
  for (const Reader& r : m_readers) {
    if (r.empty) continue;
    if (r.strides[outer.dims.back()] != r.strides[inner.dims.back()] * inner.size) return false;
    for (const Axis* a : {&outer, &inner})
      for (size_t d : a->dims)
        if (r.lo[d] != 0 || r.hi[d] != m_shape[d]) return false;
  }
  return true;
}

bool StridedRows::start() {
  if (shapeProduct(m_shape) == 0) return false;
  m_axes.clear();
  for (size_t d : m_order) {
    if (m_shape[d] == 1) continue;
    Axis axis{{d}, m_shape[d]};
    if (!m_axes.empty() && mergeable(m_axes.back(), axis)) {
      m_axes.back().dims.push_back(d);
      m_axes.back().size *= axis.size;
    } else {
      m_axes.push_back(std::move(axis));
    }
  }
  if (m_axes.empty()) m_axes.push_back(Axis{{}, 1}); // one element: a row of one
  m_length = m_axes.back().size;
  m_at.assign(m_axes.size() - 1, 0);
  for (Reader& r : m_readers) {
    r.walkStride.clear();
    r.walkLo.clear();
    r.walkHi.clear();
    for (const Axis& a : m_axes) {
      bool one = a.dims.size() == 1;
      r.walkStride.push_back(a.dims.empty() ? 0 : r.strides[a.dims.back()]);
      r.walkLo.push_back(one ? std::clamp<int64_t>(r.lo[a.dims[0]], 0, a.size) : 0);
      r.walkHi.push_back(one ? std::clamp<int64_t>(r.hi[a.dims[0]], 0, a.size) : a.size);
    }
    r.offset = r.base;
    r.outside = 0;
    for (size_t p = 0; p + 1 < m_axes.size(); ++p)
      if (!inside(r, p, 0)) ++r.outside;
  }
  return true;
}

bool StridedRows::next() {
  for (size_t p = m_axes.size() - 1; p-- > 0;) {
    const Axis& axis = m_axes[p];
    int64_t i = ++m_at[p];
    if (i < axis.size) {
      for (Reader& r : m_readers) {
        r.offset += r.walkStride[p];
        bool was = inside(r, p, i - 1), now = inside(r, p, i);
        if (was != now) r.outside += was ? 1 : -1;
      }
      return true;
    }
    // carry: this axis back to 0, the one outside it steps
    m_at[p] = 0;
    for (Reader& r : m_readers) {
      r.offset -= r.walkStride[p] * (axis.size - 1);
      bool was = inside(r, p, axis.size - 1), now = inside(r, p, 0);
      if (was != now) r.outside += was ? 1 : -1;
    }
  }
  return false;
}

StridedRows::Row StridedRows::row(size_t r) const {
  const Reader& reader = m_readers[r];
  size_t last = m_axes.size() - 1;
  if (reader.empty || reader.outside > 0) return {reader.offset, reader.walkStride[last], 0, 0};
  return {reader.offset, reader.walkStride[last], reader.walkLo[last], reader.walkHi[last]};
}

void StridedRows::gatherBytes(size_t r, const std::byte* base, size_t itemSize, std::byte* out, int64_t first,
                              int64_t count) {
  switch (itemSize) {
  case 1: return gather(r, base, reinterpret_cast<uint8_t*>(out), first, count);
  case 2: return gather(r, base, reinterpret_cast<uint16_t*>(out), first, count);
  case 4: return gather(r, base, reinterpret_cast<uint32_t*>(out), first, count);
  default: return gather(r, base, reinterpret_cast<uint64_t*>(out), first, count);
  }
}

void StridedRows::zeroPaddingBytes(size_t r, size_t itemSize, std::byte* out, int64_t first, int64_t count) {
  switch (itemSize) {
  case 1: return zeroPadding(r, reinterpret_cast<uint8_t*>(out), first, count);
  case 2: return zeroPadding(r, reinterpret_cast<uint16_t*>(out), first, count);
  case 4: return zeroPadding(r, reinterpret_cast<uint32_t*>(out), first, count);
  default: return zeroPadding(r, reinterpret_cast<uint64_t*>(out), first, count);
  }
}

namespace {

// floor(a / b) for b > 0
int64_t stridedRowsFloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

} // namespace

void StridedRows::runsBelow(Reader& reader, size_t from, int64_t start, int64_t step, int64_t count,
                            int64_t first) {
  if (from == reader.below.size()) {
    m_runs.push_back({first, count, start, step});
    return;
  }
  Level& level = reader.below[from];
  if (level.empty) return;
  if (start != level.above) {
    move(level, start - level.above);
    level.above = start;
  }
  const size_t rank = level.digits.size();
  if (step != level.step || level.delta.size() != rank) {
    // the step as digits of this view's shape (the first digit takes the rest)
    level.step = step;
    level.delta.assign(rank, 0);
    int64_t rest = step < 0 ? -step : step;
    for (size_t k = rank; k-- > 1;) {
      level.delta[k] = rest % level.shape[k];
      rest /= level.shape[k];
    }
    if (rank > 0) level.delta[0] = rest;
    level.inner = 0;
    for (size_t k = 0; k < rank; ++k) {
      if (step < 0) level.delta[k] = -level.delta[k];
      level.inner += level.delta[k] * level.strides[k];
    }
  }
  for (int64_t j = 0; j < count;) {
    // a run: the positions before a digit carries (the first digit never
    // does); along it every digit moves by its part of the step, so the
    // offset moves by `inner` and each digit's valid box is an interval
    int64_t r = count - j;
    for (size_t k = 1; k < rank; ++k) {
      int64_t d = level.digits[k], dk = level.delta[k];
      if (dk > 0) r = std::min(r, (level.shape[k] - 1 - d) / dk + 1);
      if (dk < 0) r = std::min(r, d / -dk + 1);
    }
    int64_t ta = 0, tb = r;
    for (size_t k = 0; k < rank && ta < tb; ++k) {
      int64_t d = level.digits[k], dk = level.delta[k], lo = level.lo[k], hi = level.hi[k];
      if (dk > 0) {
        ta = std::max(ta, stridedRowsFloorDiv(lo - d + dk - 1, dk));
        tb = std::min(tb, stridedRowsFloorDiv(hi - d + dk - 1, dk));
      } else if (dk < 0) {
        ta = std::max(ta, stridedRowsFloorDiv(d - hi - dk, -dk));
        tb = std::min(tb, stridedRowsFloorDiv(d - lo, -dk) + 1);
      } else if (d < lo || d >= hi) {
        tb = 0;
      }
    }
    if (ta < tb) runsBelow(reader, from + 1, level.offset + ta * level.inner, level.inner, tb - ta, first + j + ta);
    j += r;
    if (j < count) {
      move(level, r * step);
      level.above += r * step;
    }
  }
}

// The digits moved by `delta` (in units of the last axis): each digit takes the
// carry into its axis, wrapped into it by a division only when it leaves the
// axis by more than one step; the first digit takes what is left.
void StridedRows::move(Level& level, int64_t delta) {
  int64_t carry = delta;
  for (size_t k = level.digits.size(); k-- > 0 && carry != 0;) {
    int64_t old = level.digits[k], now = old + carry, size = level.shape[k];
    carry = 0;
    if (k == 0 || (now >= 0 && now < size)) {
      // stays in its axis (the first digit takes any value)
    } else if (now >= size && now < 2 * size) {
      now -= size;
      carry = 1;
    } else if (now < 0 && now >= -size) {
      now += size;
      carry = -1;
    } else {
      carry = now / size;
      now -= carry * size;
      if (now < 0) {
        now += size;
        --carry;
      }
    }
    level.digits[k] = now;
    level.offset += (now - old) * level.strides[k];
    bool was = old >= level.lo[k] && old < level.hi[k], is = now >= level.lo[k] && now < level.hi[k];
    if (was != is) level.outside += was ? 1 : -1;
  }
}

} // namespace uops
