// The `math` module: the constants and functions tensor programs use for
// scalars (math.sqrt(d) for an attention scale, math.pi, ...).
#include "core/frontend/builtins_impl.h"

#include "core/frontend/budget.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

#include <cmath>
#include <numeric>
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

using Binary = double (*)(double, double);

// Two float arguments, with unaryMath's domain and range errors.
Value binaryMath(std::string name, Binary f) {
  return makeNative(name, [f](Args& a) {
    auto [x, y] = a.bind({"x", "y"});
    double dx = detail::toDouble(a, x);
    double dy = detail::toDouble(a, y);
    double r = f(dx, dy);
    if (std::isnan(r) && !std::isnan(dx) && !std::isnan(dy)) throw ScriptError("math domain error");
    if (std::isinf(r) && std::isfinite(dx) && std::isfinite(dy))
      throw ScriptError("math range error");
    return Value(r);
  });
}

// gcd(*integers) and lcm(*integers): of no arguments 0 and 1; always >= 0.
Value gcdOf(Args& a, bool lcm) {
  auto [values] = a.bind({"*integers"});
  int64_t acc = lcm ? 1 : 0;
  for (const Value& v : *values.items()) {
    int64_t n = detail::toIndex(v);
    if (n == INT64_MIN) throw ScriptError("integer is too large (the limit is 2**63 - 1)");
    n = n < 0 ? -n : n;
    if (!lcm) {
      acc = std::gcd(acc, n);
      continue;
    }
    if (acc == 0 || n == 0) {
      acc = 0;
      continue;
    }
    int64_t step = n / std::gcd(acc, n);
    if (__builtin_mul_overflow(acc, step, &acc))
      throw ScriptError("integer is too large (the limit is 2**63 - 1)");
  }
  return Value(acc);
}

Value factorial(Args& a) {
  auto [x] = a.bind({"n"});
  if (!x.isIntLike())
    a.fail(fmt::format("'{}' object cannot be interpreted as an integer", x.typeName()));
  int64_t n = detail::toIndex(x);
  if (n < 0) throw ScriptError("factorial() not defined for negative values");
  int64_t out = 1;
  for (int64_t i = 2; i <= n; ++i)
    if (__builtin_mul_overflow(out, i, &out))
      throw ScriptError("integer is too large (the limit is 2**63 - 1)");
  return Value(out);
}

Value isclose(Args& a) {
  auto [x, y, bareStar, relTol, absTol] =
      a.bind({"a", "b", "*", {"rel_tol", 1e-9}, {"abs_tol", 0.0}});
  (void)bareStar;
  double dx = detail::toDouble(a, x);
  double dy = detail::toDouble(a, y);
  double rel = detail::toDouble(a, relTol);
  double abs = detail::toDouble(a, absTol);
  if (rel < 0 || abs < 0) throw ScriptError("tolerances must be non-negative");
  if (dx == dy) return Value(true);
  if (std::isinf(dx) || std::isinf(dy)) return Value(false);
  double diff = std::fabs(dx - dy);
  return Value(diff <= std::fabs(rel * dy) || diff <= std::fabs(rel * dx) || diff <= abs);
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
  add("asin", unaryMath("asin", [](double x) { return std::asin(x); }));
  add("acos", unaryMath("acos", [](double x) { return std::acos(x); }));
  add("sinh", unaryMath("sinh", [](double x) { return std::sinh(x); }));
  add("cosh", unaryMath("cosh", [](double x) { return std::cosh(x); }));
  add("log1p", unaryMath("log1p", [](double x) { return x == -1 ? NAN : std::log1p(x); }));
  add("expm1", unaryMath("expm1", [](double x) { return std::expm1(x); }));
  add("erfc", unaryMath("erfc", [](double x) { return std::erfc(x); }));
  add("degrees", unaryMath("degrees", [](double x) { return x * 180.0 / std::numbers::pi; }));
  add("radians", unaryMath("radians", [](double x) { return x * std::numbers::pi / 180.0; }));
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
  add("atan2", binaryMath("atan2", [](double y, double x) { return std::atan2(y, x); }));
  add("copysign", binaryMath("copysign", [](double x, double y) { return std::copysign(x, y); }));
  add("hypot", binaryMath("hypot", [](double x, double y) { return std::hypot(x, y); }));
  add("pow", binaryMath("pow", [](double x, double y) { return std::pow(x, y); }));
  add("fmod", binaryMath("fmod", [](double x, double y) { return std::fmod(x, y); }));
  add("gcd", makeNative("gcd", [](Args& a) { return gcdOf(a, false); }));
  add("lcm", makeNative("lcm", [](Args& a) { return gcdOf(a, true); }));
  add("factorial", makeNative("factorial", factorial));
  add("isclose", makeNative("isclose", isclose));
  state.modules.insert_or_assign("math", std::move(math));
}

} // namespace uops::frontend
