#include "core/program/symbolic_cumulative.h"

#include "core/program/convert.h"
#include "core/program/symbolic_ops.h"
#include "core/program/symbolic_shape.h"

#include <limits>

namespace uops::program {

using frontend::Value;

namespace {

// The identity of `kind` in `t`'s dtype; nullopt where it is infinite and
// `t` is not a float32 or float64.
std::optional<Scalar> symScanIdentity(SymbolicScan kind, const Tensor& t) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  bool real = t.dtype() == dtypes::float32 || t.dtype() == dtypes::float64;
  switch (kind) {
  case SymbolicScan::CumSum:
    return t.isFloatingPoint() ? Scalar(0.0) : Scalar(int64_t{0});
  case SymbolicScan::CumProd:
    return t.isFloatingPoint() ? Scalar(1.0) : Scalar(int64_t{1});
  case SymbolicScan::CumMax:
  case SymbolicScan::LogCumSumExp:
    return real ? std::optional<Scalar>(Scalar(-inf)) : std::nullopt;
  case SymbolicScan::CumMin:
    return real ? std::optional<Scalar>(Scalar(inf)) : std::nullopt;
  }
  return std::nullopt;
}

// The op on `x`: its values, and for cummax/cummin the indices.
std::pair<Tensor, std::optional<Tensor>> symScanApply(SymbolicScan kind, const Tensor& x, int64_t axis) {
  switch (kind) {
  case SymbolicScan::CumSum:
    return {x.cumsum(axis), std::nullopt};
  case SymbolicScan::CumProd:
    return {x.cumprod(axis), std::nullopt};
  case SymbolicScan::CumMax: {
    auto [values, indices] = x.cummax(axis);
    return {values, indices};
  }
  case SymbolicScan::CumMin: {
    auto [values, indices] = x.cummin(axis);
    return {values, indices};
  }
  case SymbolicScan::LogCumSumExp:
    return {x.logcumsumexp(axis), std::nullopt};
  }
  return {x, std::nullopt};
}

} // namespace

std::optional<Value> symbolicCumulative(const Value& self, SymbolicScan kind, int64_t axis) {
  const SymbolicSize* s = symbolicSizeOf(self);
  if (!s || s->dims.empty()) return std::nullopt;
  int64_t rank = static_cast<int64_t>(s->dims.size());
  int64_t k = axis < 0 ? axis + rank : axis;
  if (k < 0 || k >= rank) return std::nullopt; // the twin says why
  Tensor x = s->full;
  if (s->dims[static_cast<size_t>(k)]) {
    // output i depends on inputs 0..i only; the identity past the size makes
    // that hold whatever way the Tensor API computes the op (a windowed
    // pool, chunk totals, a triangular mask that multiplies)
    std::optional<Scalar> fill = symScanIdentity(kind, x);
    if (!fill) return std::nullopt;
    x = fillPastSize(x, s->dims, {static_cast<size_t>(k)}, *fill);
  }
  auto [values, indices] = symScanApply(kind, x, k);
  std::optional<std::pair<Tensor, std::optional<Tensor>>> twin; // built once, for both results
  auto folded = [&]() -> const std::pair<Tensor, std::optional<Tensor>>& {
    if (!twin) twin = symScanApply(kind, *asTensorPtr(self), k);
    return *twin;
  };
  Value v = symbolicResult(values, s->dims, [&] { return folded().first; });
  if (!indices) return v;
  Value i = symbolicResult(*indices, s->dims, [&] { return *folded().second; });
  return Value::tuple({v, i});
}

} // namespace uops::program
