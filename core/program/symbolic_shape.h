// Tensors sized by a symbolic int: the keys of a kv-cache decode step,
// `cache_k[:, :start_pos+1]`, have tinygrad's shape (1, start_pos+1, H, D).
// The tensor is kept at each symbolic dimension's maximum (`full`), so its
// layout, its buffers and its graph never depend on the bound value; its
// shape says which dimensions are symbolic. The methods and operators that
// know the positions past the value are not the tensor's (symbolic_methods.h,
// symbolic_ops.h) keep it so, and their kernels take the variable as an
// argument and compile once.
// Every other use takes the folded twin, the tensor at the bound values
// (today's per-value kernels), and records that it did (`uopc run --verbose`).
#pragma once

#include "core/frontend/args.h"
#include "core/frontend/value.h"
#include "core/program/symbolic_int.h"
#include "core/tensor/tensor.h"

#include <optional>
#include <string_view>
#include <vector>

namespace uops::program {

struct SymbolicSize {
  Tensor full;                                    // every symbolic dimension at its maximum
  std::vector<std::optional<SymbolicBounds>> dims; // per axis: the symbolic int, or nullopt (full's size)
};

// t[index] where a basic slice stops at a bound symbolic int (start 0 or
// None, step 1, its maximum within the axis); nullopt for any other index.
std::optional<SymbolicSize> symbolicSlice(const Tensor& t, const frontend::Value& index);
// t.shrink(arg) where a pair is (0, symbolic int): the same view.
std::optional<SymbolicSize> symbolicShrink(const Tensor& t, const frontend::Value& arg);
// s[index] for a basic index (ints, slices, None, ...) that takes every
// symbolic axis whole (`:`), e.g. `keys[:, 0]`; nullopt for any other.
std::optional<SymbolicSize> symbolicSubscript(const SymbolicSize& s, const frontend::Value& index);

// A Tensor value sized symbolically: `folded` is the same tensor at the
// bound values, what every use that does not keep the size takes.
frontend::Value wrapSymbolic(Tensor folded, SymbolicSize size);
// The symbolic size of a Tensor value, null for a concrete one.
const SymbolicSize* symbolicSizeOf(const frontend::Value& v);
// Whether the receiver or an argument of `a` is sized symbolically.
bool anySymbolicSize(const frontend::Args& a);
// Records, for `uopc run --verbose`, that `use` took the folded twin of
// every symbolically sized tensor among `a`'s receiver and arguments.
void noteSymbolicFold(const frontend::Args& a, std::string_view use);
void noteSymbolicFold(const SymbolicSize& s, std::string_view use);

// tinygrad's `.shape`: ints, and the symbolic ints of symbolic dimensions.
frontend::Value shapeValue(const SymbolicSize& s);

// A bool tensor of `max` elements, true at the positions below `extent`:
// the positions of a symbolic dimension that hold the tensor. Built as a
// view at the offset max - extent into [true]*max + [false]*max, so the
// kernels that read it compare their index with the extent.
Tensor positionsBelow(const SymbolicBounds& extent, int64_t max, const std::string& device);

} // namespace uops::program
