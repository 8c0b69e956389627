#include "core/frontend/format_spec.h"

#include "core/frontend/attributes.h"
#include "core/frontend/callable.h"
#include "core/frontend/number_format.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/utf8.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>

namespace uops::frontend {

namespace {

struct Spec {
  std::string fill = " ";
  char align = 0; // '<', '>', '^', '=' or 0 for the type's default
  char sign = '-';
  bool noNegativeZero = false; // z
  bool alternate = false;      // #
  bool zero = false;           // 0 before the width
  bool fillGiven = false;
  size_t width = 0;
  char grouping = 0; // ',' or '_'
  int precision = -1;
  char type = 0;
};

bool isAlign(char c) {
  return c == '<' || c == '>' || c == '^' || c == '=';
}

size_t readNumber(std::string_view s, size_t& i, std::string_view what) {
  size_t value = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    value = value * 10 + static_cast<size_t>(s[i++] - '0');
    if (value > 10000) throw ScriptError(fmt::format("{} is too big (the limit is 10000)", what));
  }
  return value;
}

Spec parseSpec(std::string_view s) {
  Spec spec;
  size_t i = 0;
  size_t first = 0;
  utf8::decode(s, first); // bytes of the first code point
  if (first < s.size() && isAlign(s[first])) {
    spec.fill = std::string(s.substr(0, first));
    spec.fillGiven = true;
    spec.align = s[first];
    i = first + 1;
  } else if (!s.empty() && isAlign(s[0])) {
    spec.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) spec.sign = s[i++];
  if (i < s.size() && s[i] == 'z') {
    spec.noNegativeZero = true;
    ++i;
  }
  if (i < s.size() && s[i] == '#') {
    spec.alternate = true;
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    spec.zero = true;
    ++i;
  }
  spec.width = readNumber(s, i, "width");
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) spec.grouping = s[i++];
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (i == s.size() || s[i] < '0' || s[i] > '9')
      throw ScriptError("Format specifier missing precision");
    spec.precision = static_cast<int>(readNumber(s, i, "precision"));
  }
  if (i < s.size()) spec.type = s[i++];
  if (i < s.size()) throw ScriptError("Invalid format specifier");
  return spec;
}

// 1234567 -> 1,234,567 (every `every` digits from the right).
std::string group(std::string_view digits, char separator, size_t every) {
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % every == 0) out += separator;
    out += digits[i];
  }
  return out;
}

// Pads `sign + prefix + body` to the width; '=' puts the fill after the sign.
std::string pad(const Spec& given, std::string_view sign, std::string_view body,
                char defaultAlign) {
  // A 0 before the width fills with zeros (unless a fill is given), after a
  // number's sign (unless an alignment is given).
  Spec spec = given;
  if (spec.zero) {
    if (!spec.fillGiven) spec.fill = "0";
    if (!spec.align) spec.align = defaultAlign == '<' ? '<' : '=';
  }
  size_t length = utf8::countCodePoints(sign) + utf8::countCodePoints(body);
  if (length >= spec.width) return std::string(sign) + std::string(body);
  size_t missing = spec.width - length;
  auto fill = [&](size_t n) {
    std::string out;
    for (size_t k = 0; k < n; ++k)
      out += spec.fill;
    return out;
  };
  switch (spec.align ? spec.align : defaultAlign) {
  case '<':
    return std::string(sign) + std::string(body) + fill(missing);
  case '^':
    return fill(missing / 2) + std::string(sign) + std::string(body) + fill(missing - missing / 2);
  case '=':
    return std::string(sign) + fill(missing) + std::string(body);
  default:
    return fill(missing) + std::string(sign) + std::string(body);
  }
}

std::string signOf(const Spec& spec, bool negative) {
  if (negative) return "-";
  if (spec.sign == '+') return "+";
  if (spec.sign == ' ') return " ";
  return "";
}

[[noreturn]] void unknownCode(char type, std::string_view typeName) {
  throw ScriptError(
      fmt::format("Unknown format code '{}' for object of type '{}'", type, typeName));
}

std::string formatString(const std::string& s, const Spec& spec) {
  if (spec.type && spec.type != 's') unknownCode(spec.type, "str");
  if (spec.sign != '-') throw ScriptError("Sign not allowed in string format specifier");
  if (spec.align == '=') throw ScriptError("'=' alignment not allowed in string format specifier");
  if (spec.grouping) throw ScriptError(fmt::format("Cannot specify '{}' with 's'.", spec.grouping));
  std::string_view body = s;
  std::string cut;
  if (spec.precision >= 0) {
    size_t i = 0;
    for (int k = 0; k < spec.precision && i < s.size(); ++k)
      utf8::decode(s, i);
    body = std::string_view(s).substr(0, i);
  }
  return pad(spec, "", body, '<');
}

std::string toChars(double value, std::chars_format format, int precision) {
  char buf[512];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, format, precision);
  if (ec != std::errc()) throw ScriptError("formatted number is too long");
  return std::string(buf, end);
}

// The digits of |value| for a float presentation type (no sign).
std::string floatDigits(double value, const Spec& spec, char type) {
  double magnitude = std::fabs(value);
  bool upper = type == 'E' || type == 'F' || type == 'G';
  std::string percent = type == '%' ? "%" : "";
  if (std::isinf(magnitude)) return (upper ? "INF" : "inf") + percent;
  if (std::isnan(magnitude)) return (upper ? "NAN" : "nan") + percent;
  int precision = spec.precision < 0 ? 6 : spec.precision;
  std::string out;
  switch (type) {
  case 'f':
  case 'F':
  case '%':
    out = toChars(type == '%' ? magnitude * 100 : magnitude, std::chars_format::fixed, precision);
    if (spec.alternate && precision == 0) out += '.';
    break;
  case 'e':
  case 'E':
    out = toChars(magnitude, std::chars_format::scientific, precision);
    if (spec.alternate && precision == 0) out.insert(1, ".");
    break;
  default: { // g, G, n and the default with a precision
    bool plain = type == 0;
    int p = spec.precision < 0 ? 6 : std::max(spec.precision, 1);
    std::string sci = toChars(magnitude, std::chars_format::scientific, p - 1);
    int exponent = std::atoi(sci.c_str() + sci.find('e') + 1);
    bool fixed = plain ? exponent >= -4 && exponent < p - 1 : exponent >= -4 && exponent < p;
    out = fixed ? toChars(magnitude, std::chars_format::fixed, p - 1 - exponent) : sci;
    if (!spec.alternate) {
      // Trailing zeros go, and so does a bare point.
      size_t e = out.find('e');
      std::string mantissa = out.substr(0, e);
      std::string rest = e == std::string::npos ? "" : out.substr(e);
      if (mantissa.find('.') != std::string::npos) {
        while (mantissa.back() == '0')
          mantissa.pop_back();
        if (mantissa.back() == '.') mantissa.pop_back();
      }
      if (plain && fixed && mantissa.find('.') == std::string::npos) mantissa += ".0";
      out = mantissa + rest;
    }
    break;
  }
  }
  if (size_t e = out.find('e'); e != std::string::npos) {
    // Python writes at least two exponent digits, as to_chars does.
    if (upper) out[e] = 'E';
  }
  if (type == '%') out += '%';
  return out;
}

std::string withGrouping(const std::string& digits, const Spec& spec) {
  if (!spec.grouping) return digits;
  size_t end = digits.find_first_not_of("0123456789");
  if (end == std::string::npos) end = digits.size();
  return group(std::string_view(digits).substr(0, end), spec.grouping, 3) + digits.substr(end);
}

std::string formatFloat(double value, const Spec& spec) {
  char type = spec.type;
  if (type == 'n') type = 'g';
  if (type && std::string_view("eEfFgG%").find(type) == std::string_view::npos)
    unknownCode(type, "float");
  std::string digits;
  if (!type && spec.precision < 0) {
    digits = frontend::formatFloat(std::fabs(value)); // repr's shortest digits
  } else {
    digits = floatDigits(value, spec, type);
  }
  bool negative = std::signbit(value) && !std::isnan(value);
  if (negative && spec.noNegativeZero && digits.find_first_of("123456789") == std::string::npos)
    negative = false;
  return pad(spec, signOf(spec, negative), withGrouping(digits, spec), '>');
}

std::string formatInt(int64_t value, const Spec& spec) {
  char type = spec.type ? spec.type : 'd';
  if (std::string_view("eEfFgG%").find(type) != std::string_view::npos)
    return formatFloat(static_cast<double>(value), spec);
  if (spec.precision >= 0) throw ScriptError("Precision not allowed in integer format specifier");
  uint64_t magnitude = value < 0 ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  std::string digits;
  std::string prefix;
  char buf[72];
  auto write = [&](int base) {
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, magnitude, base);
    (void)ec;
    return std::string(buf, end);
  };
  switch (type) {
  case 'd':
  case 'n':
    digits = withGrouping(write(10), spec);
    break;
  case 'b':
  case 'o':
  case 'x':
  case 'X': {
    int base = type == 'b' ? 2 : type == 'o' ? 8 : 16;
    digits = write(base);
    if (type == 'X')
      for (char& c : digits)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (spec.grouping == '_') digits = group(digits, '_', 4);
    if (spec.grouping == ',') throw ScriptError(fmt::format("Cannot specify ',' with '{}'.", type));
    if (spec.alternate) prefix = std::string("0") + type;
    break;
  }
  case 'c': {
    if (value < 0 || value > 0x10FFFF) throw ScriptError("%c arg not in range(0x110000)");
    std::string text;
    utf8::append(text, static_cast<char32_t>(value));
    return pad(spec, "", text, '<');
  }
  default:
    unknownCode(type, "int");
  }
  return pad(spec, signOf(spec, value < 0) + prefix, digits, '>');
}

} // namespace

std::string formatValue(const Value& value, std::string_view specText) {
  if (const std::string* s = value.get<std::string>())
    return specText.empty() ? *s : formatString(*s, parseSpec(specText));
  if (specText.empty()) return str(value);
  // A bool with a spec formats as the int it is: f"{True:>3}" is "  1".
  if (const bool* b = value.get<bool>()) return formatInt(*b ? 1 : 0, parseSpec(specText));
  if (const int64_t* i = value.get<int64_t>()) return formatInt(*i, parseSpec(specText));
  if (const double* d = value.get<double>()) return formatFloat(*d, parseSpec(specText));
  if (value.isObject()) {
    // A class of the program may define __format__.
    std::optional<Value> method;
    try {
      method = getAttribute(value, "__format__");
    } catch (const AttributeError&) {
    }
    if (method) {
      Value out = callValue(*method, {Value(std::string(specText))});
      if (!out.isStr())
        throw ScriptError(fmt::format("__format__ must return a str, not {}", out.typeName()));
      return *out.get<std::string>();
    }
  }
  throw ScriptError(
      fmt::format("unsupported format string passed to {}.__format__", value.typeName()));
}

} // namespace uops::frontend
