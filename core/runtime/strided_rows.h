// StridedRows: every multi-index of a shape walked row by row, in a chosen
// order of its axes, with the offsets of several strided readers kept by
// additions instead of recomputed from the multi-index per element.
//
// The walk takes the axes of `order` outermost first; the last walked axis is
// the row. Axes of size 1 are not walked, and two neighbouring walked axes are
// walked as one where every reader sees them as one (the outer stride is the
// inner's times its size, and neither is masked): a matmul's reduction is one
// row however its operand was reshaped. A reader is a StridedViews over the
// shape (strided_view.h), 0 in its Pads' padding, or plain strides (an
// accumulator's target). Its outermost view gives, per row, the offset of the
// row's first element, its stride along the row and the part of the row
// inside the view's valid box. The views below it (a Reshape that did not
// fold: a pooling window) hold their index as mixed-radix digits of the
// offset above, moved by the difference from the last position: a carry where
// a digit leaves its axis, a division only where it leaves by more than one
// wrap. Along a row, each digit of a view below moves by its part of the row's
// step until one carries, so the row is read as runs, each a strided run of
// the view below whose valid part is one interval.
#pragma once

#include "core/runtime/strided_view.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace uops {

class StridedRows {
public:
  // `order` holds every axis of `shape` once, outermost first.
  StridedRows(const Shape& shape, const std::vector<size_t>& order);

  // Readers, added before start(); each returns its number.
  size_t add(const StridedViews& views); // views whose outermost shape is the walked shape
  size_t add(const std::vector<int64_t>& strides); // offset sum(index_k * strides_k), never padded

  // The first row; false when the shape has no elements. Then next() until false.
  bool start();
  bool next();
  // Elements in each row (the same for every row).
  int64_t length() const { return m_length; }
  // The most elements a caller's buffers take at once: a long row (a whole
  // contiguous tensor) is read in pieces of this many.
  static constexpr int64_t kPiece = 4096;

  // The outermost view of reader r along the current row: element j is at
  // offset + j * stride of that view where lo <= j < hi, and padding elsewhere.
  // For a reader of one view (or of strides) that is the element's offset.
  struct Row {
    int64_t offset, stride, lo, hi;
  };
  Row row(size_t r) const;

  // Elements first..first+count-1 of reader r's current row, of type T
  // from `base`, into out[0..count): 0 in padding.
  template <class T> void gather(size_t r, const std::byte* base, T* out, int64_t first, int64_t count) {
    const size_t n = sizeof(T);
    Row w = row(r);
    int64_t lo = 0, hi = 0;
    if (!zeroOutside(w, out, first, count, lo, hi)) return;
    if (!m_readers[r].below.empty()) {
      // the views below cut the row into strided runs of the underlying tensor
      std::fill(out + (lo - first), out + (hi - first), T(0));
      m_runs.clear();
      runsBelow(m_readers[r], 0, w.offset + lo * w.stride, w.stride, hi - lo, lo - first);
      for (const Run& run : m_runs)
        for (int64_t j = 0; j < run.count; ++j)
          std::memcpy(out + run.first + j, base + static_cast<size_t>(run.offset + j * run.stride) * n, n);
    } else if (w.stride == 0) {
      T v;
      std::memcpy(&v, base + static_cast<size_t>(w.offset) * n, n);
      std::fill(out + (lo - first), out + (hi - first), v);
    } else if (w.stride == 1) {
      std::memcpy(out + (lo - first), base + static_cast<size_t>(w.offset + lo) * n, static_cast<size_t>(hi - lo) * n);
    } else {
      for (int64_t j = lo; j < hi; ++j)
        std::memcpy(out + (j - first), base + static_cast<size_t>(w.offset + j * w.stride) * n, n);
    }
  }
  template <class T> void gather(size_t r, const std::byte* base, T* out) { gather(r, base, out, 0, m_length); }
  // gather() of elements of itemSize bytes (1, 2, 4 or 8).
  void gatherBytes(size_t r, const std::byte* base, size_t itemSize, std::byte* out, int64_t first, int64_t count);
  // out[0..count) set to 0 where element first+j of reader r's current row is
  // padding (the rest left as it is).
  template <class T> void zeroPadding(size_t r, T* out, int64_t first, int64_t count) {
    Row w = row(r);
    int64_t lo = 0, hi = 0;
    if (!zeroOutside(w, out, first, count, lo, hi) || m_readers[r].below.empty()) return;
    m_runs.clear();
    runsBelow(m_readers[r], 0, w.offset + lo * w.stride, w.stride, hi - lo, lo - first);
    int64_t at = lo - first;
    for (const Run& run : m_runs) {
      std::fill(out + at, out + run.first, T(0));
      at = run.first + run.count;
    }
    std::fill(out + at, out + (hi - first), T(0));
  }
  void zeroPaddingBytes(size_t r, size_t itemSize, std::byte* out, int64_t first, int64_t count);

private:
  // out[0..count) set to 0 outside row w's bounds; [lo, hi) the bounds within
  // first..first+count. False when nothing of the row is inside.
  template <class T> static bool zeroOutside(const Row& w, T* out, int64_t first, int64_t count, int64_t& lo, int64_t& hi) {
    lo = std::max(w.lo, first);
    hi = std::min(w.hi, first + count);
    if (lo >= hi) {
      std::fill(out, out + count, T(0));
      return false;
    }
    std::fill(out, out + (lo - first), T(0));
    std::fill(out + (hi - first), out + count, T(0));
    return true;
  }
  // A view below the outermost one: its index as digits of the offset above.
  struct Level {
    Shape shape;
    std::vector<int64_t> strides, lo, hi;
    std::vector<int64_t> digits; // digits[0] unbounded: any offset above has digits
    int64_t above = 0;           // the offset above that the digits spell
    int64_t offset = 0;          // this view's offset of that index
    int outside = 0;             // digits outside the valid box
    bool empty = false;
    int64_t step = 0;            // the last step asked of runsBelow, as digits:
    std::vector<int64_t> delta;  // what each digit moves by along a run
    int64_t inner = 0;           // and the offset
  };
  struct Reader {
    int64_t base = 0;                     // the outermost view's offset of index 0
    std::vector<int64_t> strides, lo, hi; // per axis of the shape
    bool empty = false;                   // nothing valid
    std::vector<Level> below;             // the views under the outermost, outermost first
    std::vector<int64_t> walkStride, walkLo, walkHi; // per walked axis
    int64_t offset = 0; // the current row's first element, in the outermost view
    int outside = 0;    // walked axes (not the row) whose index is outside the box
  };
  struct Axis {
    std::vector<size_t> dims; // axes of the shape, outermost first
    int64_t size = 1;
  };

  bool mergeable(const Axis& outer, const Axis& inner) const;
  static bool inside(const Reader& reader, size_t p, int64_t i) {
    return i >= reader.walkLo[p] && i < reader.walkHi[p];
  }
  // Row elements first..first+count-1 whose offsets in the view above level
  // `from` are start + j * step: appended to m_runs as the strided runs of
  // the underlying tensor they read (what a view below pads is left out).
  struct Run {
    int64_t first, count, offset, stride;
  };
  void runsBelow(Reader& reader, size_t from, int64_t start, int64_t step, int64_t count, int64_t first);
  static void move(Level& level, int64_t delta);

  Shape m_shape;
  std::vector<size_t> m_order;
  std::vector<Reader> m_readers;
  std::vector<Axis> m_axes;  // walked, outermost first; the last is the row
  std::vector<int64_t> m_at; // index along each walked axis but the row
  int64_t m_length = 1;
  std::vector<Run> m_runs;
};

} // namespace uops
