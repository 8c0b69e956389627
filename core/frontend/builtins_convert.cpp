// Conversion builtins: int, float, bool, str, repr, round, isinstance.
#include "core/frontend/builtins_impl.h"
#include "core/frontend/classes.h"
#include "core/frontend/index_hook.h"

#include "core/frontend/number_format.h"
#include "core/frontend/object.h"
#include "core/frontend/operators.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <functional>
#include <cmath>

namespace uops::frontend::detail {

namespace {

std::string_view trimmed(std::string_view s) {
  auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  };
  while (!s.empty() && space(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && space(s.back()))
    s.remove_suffix(1);
  return s;
}

// Underscores may separate digits (PEP 515), never lead, trail or double.
std::optional<std::string> withoutUnderscores(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '_') {
      out += s[i];
      continue;
    }
    auto digit = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
    if (i == 0 || i + 1 == s.size() || !digit(s[i - 1]) || !digit(s[i + 1])) return std::nullopt;
  }
  return out;
}

int64_t floatToInt(double d) {
  if (std::isnan(d)) throw ScriptError("cannot convert float NaN to integer");
  if (std::isinf(d)) throw ScriptError("cannot convert float infinity to integer");
  double t = std::trunc(d);
  if (t >= 9223372036854775808.0 || t < -9223372036854775808.0)
    throw ScriptError("integer is too large (the limit is 2**63 - 1)");
  return static_cast<int64_t>(t);
}

int64_t parseInt(const std::string& text, int64_t base) {
  auto invalid = [&]() -> int64_t {
    throw ScriptError(
        fmt::format("invalid literal for int() with base {}: {}", base, quoteString(text)));
  };
  std::string_view s = trimmed(text);
  bool negative = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) {
    negative = s[0] == '-';
    s.remove_prefix(1);
  }
  int radix = static_cast<int>(base);
  if (s.size() >= 2 && s[0] == '0') {
    char p = static_cast<char>(s[1] | 0x20);
    int prefixed = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
    if (prefixed && (base == 0 || base == prefixed)) {
      radix = prefixed;
      s.remove_prefix(2);
      if (!s.empty() && s[0] == '_') s.remove_prefix(1);
    }
  }
  if (radix == 0) {
    radix = 10;
    if (s.size() > 1 && s[0] == '0' && s.find_first_not_of("0_") != std::string_view::npos)
      invalid(); // base 0 forbids leading zeros, like a literal
  }
  std::optional<std::string> digits = withoutUnderscores(s);
  if (!digits || digits->empty()) invalid();
  uint64_t magnitude = 0;
  auto [end, ec] =
      std::from_chars(digits->data(), digits->data() + digits->size(), magnitude, radix);
  if (end != digits->data() + digits->size()) invalid();
  uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  if (ec == std::errc::result_out_of_range || magnitude > limit)
    throw ScriptError("integer is too large (the limit is 2**63 - 1)");
  return negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
}

double parseFloat(const std::string& text) {
  std::string_view s = trimmed(text);
  std::string lower;
  for (char c : s)
    lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string_view body = lower;
  bool negative = !body.empty() && body[0] == '-';
  if (!body.empty() && (body[0] == '-' || body[0] == '+')) body.remove_prefix(1);
  double sign = negative ? -1.0 : 1.0;
  if (body == "inf" || body == "infinity") return sign * INFINITY;
  if (body == "nan") return std::copysign(NAN, sign);
  std::optional<std::string> digits = withoutUnderscores(body);
  std::optional<double> value =
      digits && !digits->empty() && (*digits)[0] != '+' && (*digits)[0] != '-'
          ? parseDecimalFloat(*digits)
          : std::nullopt;
  if (!value)
    throw ScriptError(fmt::format("could not convert string to float: {}", quoteString(text)));
  return sign * *value;
}

// round(x): to the nearest integer, ties to even.
Value roundHalfEven(double x) {
  return Value(floatToInt(std::nearbyint(x)));
}

Value roundDigits(const Value& x, int64_t ndigits) {
  if (x.isIntLike()) {
    int64_t i = toIndex(x);
    if (ndigits >= 0) return Value(i);
    if (ndigits < -18) return Value(0);
    __int128 unit = 1;
    for (int64_t k = 0; k < -ndigits; ++k)
      unit *= 10;
    __int128 q = i / unit;
    __int128 r = i % unit;
    if (r < 0) {
      r += unit;
      q -= 1;
    }
    if (2 * r > unit || (2 * r == unit && (q & 1))) q += 1;
    return Value(static_cast<int64_t>(q * unit));
  }
  double d = *x.get<double>();
  if (!std::isfinite(d) || ndigits > 330) return Value(d);
  if (ndigits < -330) return Value(std::copysign(0.0, d));
  if (ndigits >= 0) {
    // The correctly rounded decimal text, read back.
    char buf[512];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::fixed,
                                   static_cast<int>(ndigits));
    if (ec == std::errc()) {
      double out = 0.0;
      std::from_chars(buf, end, out);
      return Value(std::copysign(out, d));
    }
  }
  double scale = std::pow(10.0, static_cast<double>(-ndigits));
  return Value(std::nearbyint(d / scale) * scale);
}

bool isInstanceOf(const Value& v, const Value& cls) {
  if (const TuplePtr* t = cls.get<TuplePtr>()) {
    for (const Value& c : (*t)->items)
      if (isInstanceOf(v, c)) return true;
    return false;
  }
  if (cls.isObject()) {
    if (std::optional<bool> r = cls.object()->isInstance(v)) return *r;
  } else if (const NativeFunctionPtr* f = cls.get<NativeFunctionPtr>(); f && (*f)->isType) {
    const std::string& name = (*f)->name;
    if (name == "int") return v.isIntLike();
    return v.typeName() == name;
  }
  throw ScriptError("isinstance() arg 2 must be a type or tuple of types");
}

} // namespace

void addConversionBuiltins(ExecState& state) {
  defineType(state, "int", [](Args& a) {
    auto [x, base] = a.bind({{"x", 0}, {"base", Value()}});
    if (const std::string* s = x.get<std::string>()) {
      int64_t b = base.isNone() ? 10 : toIndex(base);
      if (b != 0 && (b < 2 || b > 36)) throw ScriptError("int() base must be >= 2 and <= 36, or 0");
      return Value(parseInt(*s, b));
    }
    if (!base.isNone()) throw ScriptError("int() can't convert non-string with explicit base");
    if (x.isObject())
      if (std::optional<Value> n = x.object()->asNumber()) x = *n;
    if (x.isIntLike()) return Value(toIndex(x));
    if (const double* d = x.get<double>()) return Value(floatToInt(*d));
    if (std::optional<int64_t> i = hostIndex(x)) return Value(*i);
    throw ScriptError(
        fmt::format("int() argument must be a string or a real number, not '{}'", x.typeName()));
  });
  defineType(state, "float", [](Args& a) {
    auto [x] = a.bind({{"x", 0.0}});
    if (const std::string* s = x.get<std::string>()) return Value(parseFloat(*s));
    if (x.isObject())
      if (std::optional<Value> n = x.object()->asNumber()) x = *n;
    if (x.isNumber()) return Value(toDouble(a, x));
    throw ScriptError(
        fmt::format("float() argument must be a string or a real number, not '{}'", x.typeName()));
  });
  defineType(state, "bool", [](Args& a) {
    auto [x] = a.bind({{"x", false}});
    return Value(truthy(x));
  });
  defineType(state, "str", [](Args& a) {
    auto [x] = a.bind({{"object", ""}});
    return Value(str(x));
  });
  defineBuiltin(state, "repr", [](Args& a) {
    auto [x] = a.bind({"obj"});
    return Value(repr(x));
  });
  defineBuiltin(state, "round", [](Args& a) {
    auto [x, ndigits] = a.bind({"number", {"ndigits", Value()}});
    if (!x.isNumber())
      throw ScriptError(fmt::format("type {} doesn't define __round__ method", x.typeName()));
    if (!ndigits.isNone()) return roundDigits(x, toIndex(ndigits));
    if (x.isIntLike()) return Value(toIndex(x));
    return roundHalfEven(*x.get<double>());
  });
  defineBuiltin(state, "isinstance", [](Args& a) {
    auto [object, cls] = a.bind({"obj", "class_or_tuple"});
    return Value(isInstanceOf(object, cls));
  });
  // classes the program defines (and the exception classes); a native type is a subclass of itself
  // only
  defineBuiltin(state, "issubclass", [](Args& a) {
    auto [derived, cls] = a.bind({"cls", "class_or_tuple"});
    const auto* sub =
        derived.isObject() ? dynamic_cast<const Class*>(derived.object().get()) : nullptr;
    if (!sub && !derived.is<NativeFunctionPtr>())
      throw ScriptError("issubclass() arg 1 must be a class");
    std::function<bool(const Value&)> test = [&](const Value& c) -> bool {
      if (const TuplePtr* t = c.get<TuplePtr>())
        return std::any_of((*t)->items.begin(), (*t)->items.end(), test);
      if (const auto* base = c.isObject() ? dynamic_cast<const Class*>(c.object().get()) : nullptr)
        return sub && sub->isSubclassOf(base);
      if (c.is<NativeFunctionPtr>())
        return !sub && derived.get<NativeFunctionPtr>()->get() == c.get<NativeFunctionPtr>()->get();
      throw ScriptError("issubclass() arg 2 must be a class or tuple of classes");
    };
    return Value(test(cls));
  });
}

} // namespace uops::frontend::detail
