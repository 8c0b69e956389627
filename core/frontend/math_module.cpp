// The `math` module: the constants and functions tensor programs use for
// scalars (math.sqrt(d) for an attention scale, math.pi, ...).
#include "core/frontend/builtins_impl.h"

#include "core/frontend/budget.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

#include <cmath>
#include <numbers>

namespace uops::frontend {

namespace {

using Unary = double (*)(double);

// A one-argument float function; Python raises "math domain error" where
// the C function would return NaN from a non-NaN argument.
Value unaryMath(std::string name, Unary f) {
  return makeNative(name, [f](Args& a) {
    auto [x] = a.bind({"x"});
    double d = detail::toDouble(a, x);
    double r = f(d);
    if (std::isnan(r) && !std::isnan(d)) throw ScriptError("math domain error");
    if (std::isinf(r) && std::isfinite(d)) throw ScriptError("math range error");
    return Value(r);
  });
}

// floor and ceil return ints, as in Python 3.
Value roundingMath(std::string name, Unary f) {
  return makeNative(name, [f](Args& a) {
    auto [x] = a.bind({"x"});
    if (x.isIntLike()) return Value(detail::toIndex(x));
    double r = f(detail::toDouble(a, x));
    if (!std::isfinite(r))
      throw ScriptError(std::isnan(r) ? "cannot convert float NaN to integer"
                                      : "cannot convert float infinity to integer");
    if (r >= 9223372036854775808.0 || r < -9223372036854775808.0)
      throw ScriptError("integer is too large (the limit is 2**63 - 1)");
    return Value(static_cast<int64_t>(r));
  });
}

Value predicate(std::string name, bool (*f)(double)) {
  return makeNative(name, [f](Args& a) {
    auto [x] = a.bind({"x"});
    return Value(f(detail::toDouble(a, x)));
  });
}

} // namespace

void installMathModule(ExecState& state) {
  auto math = std::make_shared<Namespace>();
  math->name = "math";
  auto add = [&](std::string name, Value v) {
    math->members.insert_or_assign(std::move(name), std::move(v));
  };
  add("pi", std::numbers::pi);
  add("e", std::numbers::e);
  add("tau", 2 * std::numbers::pi);
  add("inf", INFINITY);
  add("nan", NAN);
  add("sqrt", unaryMath("sqrt", [](double x) { return std::sqrt(x); }));
  add("exp", unaryMath("exp", [](double x) { return std::exp(x); }));
  add("log2", unaryMath("log2", [](double x) { return x == 0 ? NAN : std::log2(x); }));
  add("log10", unaryMath("log10", [](double x) { return x == 0 ? NAN : std::log10(x); }));
  add("sin", unaryMath("sin", [](double x) { return std::sin(x); }));
  add("cos", unaryMath("cos", [](double x) { return std::cos(x); }));
  add("tan", unaryMath("tan", [](double x) { return std::tan(x); }));
  add("tanh", unaryMath("tanh", [](double x) { return std::tanh(x); }));
  add("atan", unaryMath("atan", [](double x) { return std::atan(x); }));
  add("erf", unaryMath("erf", [](double x) { return std::erf(x); }));
  add("fabs", unaryMath("fabs", [](double x) { return std::fabs(x); }));
  add("floor", roundingMath("floor", [](double x) { return std::floor(x); }));
  add("ceil", roundingMath("ceil", [](double x) { return std::ceil(x); }));
  add("trunc", roundingMath("trunc", [](double x) { return std::trunc(x); }));
  add("isnan", predicate("isnan", [](double x) { return std::isnan(x); }));
  add("isinf", predicate("isinf", [](double x) { return std::isinf(x); }));
  add("isfinite", predicate("isfinite", [](double x) { return std::isfinite(x); }));
  add("log", makeNative("log", [](Args& a) {
        auto [x, base] = a.bind({"x", {"base", Value()}});
        double d = detail::toDouble(a, x);
        if (d <= 0) throw ScriptError("math domain error");
        if (base.isNone()) return Value(std::log(d));
        double b = detail::toDouble(a, base);
        if (b <= 0 || b == 1)
          throw ScriptError(b == 1 ? "float division by zero" : "math domain error");
        return Value(std::log(d) / std::log(b));
      }));
  add("prod", makeNative("prod", [](Args& a) {
        auto [iterable, bareStar, start] = a.bind({"iterable", "*", {"start", 1}});
        (void)bareStar; // the bare * binds nothing
        Value product = start;
        Iterator it(iterable);
        Value v;
        while (it.next(v)) {
          chargeSteps(1);
          product = binaryOp(BinaryOp::Mul, product, v);
        }
        return product;
      }));
  state.modules.insert_or_assign("math", std::move(math));
}

} // namespace uops::frontend
