// numpy's math on arrays: the elementwise functions (exp, log, sqrt, abs,
// maximum, minimum, where, clip, allclose) and the reductions as functions
// (np.sum(x, axis=0), np.argmax, ...).
#include "core/numpy/module_parts.h"

#include "core/frontend/args.h"
#include "core/frontend/callable.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/numpy/array_object.h"
#include "core/numpy/np_convert.h"
#include "core/numpy/np_elementwise.h"
#include "core/numpy/np_matmul.h"
#include "core/numpy/np_reduce.h"

#include <cmath>

namespace uops::numpy {

using frontend::Args;
using frontend::makeNative;
using frontend::ScriptError;

namespace {

// A 0-d result is a numpy scalar, as numpy's functions unwrap it.
Value result(NdArray r, const Value&) { return wrapResult(std::move(r)); }

// A float function: float32 in float32 (numpy's float32 loops), anything
// else in float64.
Value floatFunction(const char* name, float (*f32)(float), double (*f64)(double)) {
  return makeNative(name, [f32, f64](Args& a) {
    auto [x] = a.bind({"x"});
    NdArray v = toArray(x);
    if (v.dtype == NpType::Float32)
      return result(mapValues(v, NpType::Float32, [f32](double d) { return static_cast<double>(f32(static_cast<float>(d))); }), x);
    return result(mapValues(v, NpType::Float64, f64), x);
  });
}

Value absolute(const char* name) {
  return makeNative(name, [](Args& a) {
    auto [x] = a.bind({"x"});
    NdArray v = toArray(x);
    return result(mapValues(v, v.dtype, [](double d) { return std::fabs(d); }), x);
  });
}

// maximum / minimum: NaN propagates, as numpy's do.
Value extremum(const char* name, bool wantMax) {
  return makeNative(name, [wantMax](Args& a) {
    auto [x, y] = a.bind({"x1", "x2"});
    NdArray p = toArray(x), q = toArray(y);
    Operand l{p, isWeakOperand(x)}, r{q, isWeakOperand(y)};
    NdArray out = combine(l, r, resultType(l, r), [wantMax](double u, double v) {
      if (std::isnan(u) || std::isnan(v)) return std::nan("");
      return wantMax ? std::max(u, v) : std::min(u, v);
    });
    return result(std::move(out), x);
  });
}

Value where(Args& a) {
  auto [cond, x, y] = a.bind({"condition", {"x", Value()}, {"y", Value()}});
  if (x.isNone() || y.isNone()) throw ScriptError("np.where with one argument is not supported here; give x and y");
  NdArray c = toArray(cond), p = toArray(x), q = toArray(y);
  Operand l{p, isWeakOperand(x)}, r{q, isWeakOperand(y)};
  NpType t = resultType(l, r);
  NdArray pq = combine(l, r, t, [](double u, double) { return u; });
  NdArray qq = combine(l, r, t, [](double, double v) { return v; });
  NpShape shape = broadcastShapes(c.shape, pq.shape);
  NdArray cb = broadcastTo(c, shape), pb = broadcastTo(pq, shape), qb = broadcastTo(qq, shape);
  NdArray out{t, shape, std::vector<double>(cb.data.size())};
  for (size_t i = 0; i < out.data.size(); ++i)
    out.data[i] = cb.data[i] != 0 ? pb.data[i] : qb.data[i];
  return wrapArray(std::move(out));
}

Value clip(Args& a) {
  auto [x, low, high] = a.bind({"a", "a_min", "a_max"});
  NdArray v = toArray(x);
  NdArray r = v;
  if (!low.isNone()) {
    NdArray lo = toArray(low);
    Operand l{r, false}, m{lo, isWeakOperand(low)};
    r = combine(l, m, resultType(l, m), [](double u, double w) { return std::isnan(u) ? u : std::max(u, w); });
  }
  if (!high.isNone()) {
    NdArray hi = toArray(high);
    Operand l{r, false}, m{hi, isWeakOperand(high)};
    r = combine(l, m, resultType(l, m), [](double u, double w) { return std::isnan(u) ? u : std::min(u, w); });
  }
  return result(std::move(r), x);
}

// |a - b| <= atol + rtol * |b| everywhere (NaN never close unless equal_nan).
Value allclose(Args& a) {
  auto [x, y, rtol, atol, equalNan] =
      a.bind({"a", "b", {"rtol", 1e-05}, {"atol", 1e-08}, {"equal_nan", false}});
  NdArray p = toArray(x), q = toArray(y);
  double rt = toArray(rtol).data[0], at = toArray(atol).data[0];
  bool nanEqual = frontend::truthy(equalNan);
  NdArray close = combine({p, false}, {q, false}, NpType::Bool, [&](double u, double v) {
    if (std::isnan(u) || std::isnan(v)) return nanEqual && std::isnan(u) && std::isnan(v) ? 1.0 : 0.0;
    if (u == v) return 1.0;
    if (std::isinf(u) || std::isinf(v)) return 0.0;
    return std::fabs(u - v) <= at + rt * std::fabs(v) ? 1.0 : 0.0;
  });
  for (double c : close.data)
    if (c == 0) return Value(false);
  return Value(true);
}

Value reductionFunction(const char* name, Reduction r) {
  return makeNative(name, [r](Args& a) {
    auto [x, axis, keepdims] = a.bind({"a", {"axis", Value()}, {"keepdims", false}});
    std::optional<int64_t> ax;
    if (!axis.isNone()) ax = toShape(axis, true).front();
    return wrapResult(reduce(toArray(x), r, ax, frontend::truthy(keepdims)));
  });
}

Value matmulFunction(Args& a) {
  auto [x, y] = a.bind({"a", "b"});
  return wrapResult(matmul(toArray(x), toArray(y)));
}

Value momentFunction(const char* name, bool root) {
  return makeNative(name, [root](Args& a) {
    auto [x, axis, ddof, keepdims] = a.bind({"a", {"axis", Value()}, {"ddof", 0}, {"keepdims", false}});
    std::optional<int64_t> ax;
    if (!axis.isNone()) ax = toShape(axis, true).front();
    return wrapResult(variance(toArray(x), ax, frontend::truthy(keepdims), toShape(ddof, true).front(), root));
  });
}

} // namespace

Members mathMembers() {
  return {
      {"exp", floatFunction("exp", std::exp, std::exp)},
      {"log", floatFunction("log", std::log, std::log)},
      {"sqrt", floatFunction("sqrt", std::sqrt, std::sqrt)},
      {"tanh", floatFunction("tanh", std::tanh, std::tanh)},
      {"sin", floatFunction("sin", std::sin, std::sin)},
      {"cos", floatFunction("cos", std::cos, std::cos)},
      {"floor", floatFunction("floor", std::floor, std::floor)},
      {"ceil", floatFunction("ceil", std::ceil, std::ceil)},
      {"abs", absolute("abs")},
      {"absolute", absolute("absolute")},
      {"maximum", extremum("maximum", true)},
      {"minimum", extremum("minimum", false)},
      {"where", makeNative("where", where)},
      {"dot", makeNative("dot", matmulFunction)},
      {"matmul", makeNative("matmul", matmulFunction)},
      {"clip", makeNative("clip", clip)},
      {"allclose", makeNative("allclose", allclose)},
      {"sum", reductionFunction("sum", Reduction::Sum)},
      {"mean", reductionFunction("mean", Reduction::Mean)},
      {"max", reductionFunction("max", Reduction::Max)},
      {"min", reductionFunction("min", Reduction::Min)},
      {"amax", reductionFunction("amax", Reduction::Max)},
      {"amin", reductionFunction("amin", Reduction::Min)},
      {"argmax", reductionFunction("argmax", Reduction::ArgMax)},
      {"argmin", reductionFunction("argmin", Reduction::ArgMin)},
      {"prod", reductionFunction("prod", Reduction::Prod)},
      {"var", momentFunction("var", false)},
      {"std", momentFunction("std", true)},
      {"any", reductionFunction("any", Reduction::Any)},
      {"all", reductionFunction("all", Reduction::All)},
  };
}

} // namespace uops::numpy
