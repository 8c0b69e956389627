// Elementwise ops, reductions and matmuls that keep a symbolic size
// (symbolic_shape.h): each runs on the operands at their maxima (`full`),
// where the positions past a symbolic int are don't-cares. An elementwise op
// keeps them don't-cares; a reduction over a symbolic axis first fills them
// with its identity (0 for sums, means and variances, 1 for products, false
// for any, true for all, -inf for max, argmax, logsumexp and the softmaxes,
// +inf for min and argmin); a matmul contracting over one zeroes them in
// both operands, so a don't-care that is inf or NaN never reaches a
// product. A mean divides by the symbolic count, a variance by the count
// less the correction. The masks compare the index
// with the symbolic int (positionsBelow), so the kernels take the variable
// as an argument and compile once. Each gives nullopt where the operands do
// not fit (a symbolic axis meeting a concrete size other than 1, two
// different symbolic ints on one axis, an int dtype where the identity is
// infinite): the caller then takes the folded twins.
#pragma once

#include "core/frontend/value.h"
#include "core/program/symbolic_shape.h"

#include <functional>
#include <optional>
#include <vector>

namespace uops::program {

using SymbolicDims = std::vector<std::optional<SymbolicBounds>>;

// `compute` over `operands` (tensors, some sized symbolically, and Python
// scalars), broadcasting: the result is symbolic on every axis where an
// operand is. `compute` is called twice, on the folded twins and on the
// operands at their maxima.
std::optional<frontend::Value> symbolicElementwise(
    const std::vector<frontend::Value>& operands,
    const std::function<frontend::Value(const std::vector<frontend::Value>&)>& compute);

// lhs @ rhs (tinygrad's dot: the last axis of lhs with the second-to-last,
// or only, axis of rhs), contracting over a symbolic axis or keeping one.
std::optional<frontend::Value> symbolicMatmul(const frontend::Value& lhs, const frontend::Value& rhs,
                                              const std::function<Tensor(const Tensor&, const Tensor&)>& compute);

// The reductions: what they reduce, and the identity the padding takes.
enum class SymbolicReduce {
  Sum, Prod, Max, Min, Any, All, Mean, Var, Std, LogSumExp, ArgMax, ArgMin, Softmax, LogSoftmax
};
struct SymbolicReduction {
  SymbolicReduce kind = SymbolicReduce::Sum;
  Axes axes{};                // Softmax and LogSoftmax: one axis
  bool keepdim = false;       // Softmax and LogSoftmax: the shape stays
  std::optional<DType> dtype{}; // Sum, Prod, Softmax and LogSoftmax
  double correction = 1.0;    // Var and Std: tinygrad's Bessel correction
};
std::optional<frontend::Value> symbolicReduce(const frontend::Value& self, const SymbolicReduction& r);

// `full` with the positions past each symbolic int among `axes` set to `fill`.
Tensor fillPastSize(const Tensor& full, const SymbolicDims& dims, const std::vector<size_t>& axes,
                    const Scalar& fill);
// A result computed at the maxima, sized by `dims`; where none is symbolic it
// is concrete (`full` itself). `folded` gives its twin at the bound values.
frontend::Value symbolicResult(Tensor full, SymbolicDims dims, const std::function<Tensor()>& folded);

} // namespace uops::program
