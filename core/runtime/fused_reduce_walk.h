// The walk shared by the fused Reduces' row loops (fused_reduce_typed.cpp,
// fused_reduce_rows.cpp): the order of the operand's axes, the rows started,
// each output's accumulator found by strides, rows taken in pieces.
// Internal to core/runtime.
#pragma once

#include "core/ir/uop.h"
#include "core/runtime/strided_rows.h"
#include "core/runtime/strides.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

namespace uops {


// The operand's axes in the order its outputs are computed: the kept axes
// (one output after another, row-major), then the reduced ones (each output's
// elements in the order reduceElements takes them). With `rowAxis` (a kept
// axis), that axis is walked innermost instead: a row then passes several
// outputs, each still taking its elements in that order.
inline std::vector<size_t> frtOrder(const Shape& shape, const Ints& axes, size_t rowAxis = SIZE_MAX) {
  std::vector<bool> reduced(shape.size(), false);
  for (int64_t axis : axes)
    reduced[static_cast<size_t>(axis)] = true;
  std::vector<size_t> order;
  for (bool pass : {false, true})
    for (size_t k = 0; k < shape.size(); ++k)
      if (reduced[k] == pass && k != rowAxis) order.push_back(k);
  if (rowAxis != SIZE_MAX) order.push_back(rowAxis);
  return order;
}

// Rows over `shape` with the readers addReaders(rows) adds, started: the
// reduced axes innermost, or the last kept axis of more than one element
// where that makes the rows longer (a convolution's window rows are a few
// taps, its output rows many pixels).
template <class AddReaders> StridedRows frtRows(const Shape& shape, const Ints& axes, AddReaders&& addReaders) {
  StridedRows rows(shape, frtOrder(shape, axes));
  addReaders(rows);
  rows.start();
  size_t rowAxis = SIZE_MAX;
  for (size_t k = 0; k < shape.size(); ++k)
    if (shape[k] > 1 && std::find(axes.begin(), axes.end(), static_cast<int64_t>(k)) == axes.end()) rowAxis = k;
  if (rowAxis == SIZE_MAX || axes.empty()) return rows;
  StridedRows across(shape, frtOrder(shape, axes, rowAxis));
  addReaders(across);
  across.start();
  return across.length() > rows.length() ? std::move(across) : std::move(rows);
}


// Calls fn(first, count) for every row, in pieces of at most kPiece
// elements, and poll() about every 2^20 elements.
template <class PieceFn> void frtEachPiece(StridedRows& rows, const std::function<void()>& poll, PieceFn&& fn) {
  poll();
  if (!rows.start()) return;
  int64_t since = 0;
  do {
    for (int64_t first = 0; first < rows.length(); first += StridedRows::kPiece) {
      int64_t count = std::min(StridedRows::kPiece, rows.length() - first);
      since += count;
      if (since >= (int64_t{1} << 20)) {
        poll();
        since = 0;
      }
      fn(first, count);
    }
  } while (rows.next());
}

// The accumulator's row from element `first` on.
inline StridedRows::Row frtTarget(const StridedRows& rows, size_t target, int64_t first) {
  StridedRows::Row t = rows.row(target);
  t.offset += first * t.stride;
  return t;
}

// acc[target + j * stride] = step(acc[...], x[j]) along a row; a reduced row
// (stride 0) accumulates in a register, the same steps in the same order.
template <class A, class X, class Step>
void frtAccumulate(A* acc, StridedRows::Row target, const X* x, int64_t n, Step&& step) {
  if (target.stride == 0) {
    A a = acc[target.offset];
    for (int64_t j = 0; j < n; ++j)
      a = step(a, x[j]);
    acc[target.offset] = a;
    return;
  }
  for (int64_t j = 0; j < n; ++j) {
    A& a = acc[target.offset + j * target.stride];
    a = step(a, x[j]);
  }
}

} // namespace uops
