#include "core/frontend/string_format.h"

#include "core/frontend/attributes.h"
#include "core/frontend/budget.h"
#include "core/frontend/dict.h"
#include "core/frontend/format_spec.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"
#include "core/frontend/utf8.h"

#include <fmt/format.h>

#include <cmath>

namespace uops::frontend {

namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

// ---- printf-style -----------------------------------------------------------

class PercentArgs {
public:
  explicit PercentArgs(const Value& args) : m_args(args) {
    if (const TuplePtr* t = args.get<TuplePtr>())
      m_items = (*t)->items;
    else
      m_items = {args};
  }
  Value next() {
    if (m_next >= m_items.size()) throw ScriptError("not enough arguments for format string");
    return m_items[m_next++];
  }
  Value named(const std::string& key) const {
    const Dict* d = asDict(m_args);
    if (!d) throw ScriptError("format requires a mapping");
    const Value* v = d->find(Value(key));
    if (!v) throw ScriptError(fmt::format("KeyError: {}", repr(Value(key))));
    return *v;
  }
  // Python allows unused arguments only when they came as a mapping.
  void checkAllUsed(bool usedNames) const {
    if (usedNames || asDict(m_args)) return;
    if (m_next < m_items.size())
      throw ScriptError("not all arguments converted during string formatting");
  }

private:
  Value m_args;
  std::vector<Value> m_items;
  size_t m_next = 0;
};

int64_t starWidth(PercentArgs& args) {
  Value v = args.next();
  if (!v.isIntLike()) throw ScriptError("* wants int");
  return v.isBool() ? *v.get<bool>() : *v.get<int64_t>();
}

std::string percentField(char conversion, const Value& value, const std::string& flags,
                         int64_t width, int64_t precision) {
  bool left = flags.find('-') != std::string::npos;
  bool zero = flags.find('0') != std::string::npos && !left;
  std::string sign = flags.find('+') != std::string::npos   ? "+"
                     : flags.find(' ') != std::string::npos ? " "
                                                            : "";
  std::string alternate = flags.find('#') != std::string::npos ? "#" : "";
  std::string widthText = width > 0 ? std::to_string(width) : "";
  std::string precisionText = precision >= 0 ? "." + std::to_string(precision) : "";
  if (conversion == 's' || conversion == 'r' || conversion == 'a') {
    std::string text = conversion == 's' ? str(value) : repr(value);
    return formatValue(Value(text), (left ? "<" : ">") + widthText + precisionText);
  }
  std::string align = left ? "<" : zero ? "0" : "";
  if (conversion == 'c') {
    if (const std::string* s = value.get<std::string>()) {
      if (utf8::countCodePoints(*s) != 1)
        throw ScriptError("%c requires an int or a unicode character, not a string of length " +
                          std::to_string(utf8::countCodePoints(*s)));
      return formatValue(value, (left ? "<" : ">") + widthText);
    }
    if (!value.isIntLike()) throw ScriptError("%c requires an int or a unicode character");
    return formatValue(value, (left ? "<" : ">") + widthText + "c");
  }
  // a host number (a numpy scalar) formats as the Python number it stands for
  if (value.isObject())
    if (std::optional<Value> n = value.object()->asNumber())
      return percentField(conversion, *n, flags, width, precision);
  if (!value.isNumber())
    throw ScriptError(fmt::format(
        "%{} format: {} is required, not {}", conversion,
        std::string("xXo").find(conversion) != std::string::npos ? "an integer" : "a real number",
        value.typeName()));
  std::string spec = align + sign + alternate + widthText;
  if (conversion == 'd' || conversion == 'i' || conversion == 'u') {
    Value asInt = value;
    if (const double* d = value.get<double>()) {
      if (!std::isfinite(*d)) throw ScriptError("cannot convert float to integer");
      if (std::fabs(*d) >= 9223372036854775808.0)
        throw ScriptError("integer is too large (the limit is 2**63 - 1)");
      asInt = Value(static_cast<int64_t>(std::trunc(*d)));
    }
    if (asInt.isBool()) asInt = Value(int64_t{*asInt.get<bool>()});
    return formatValue(asInt, spec + "d");
  }
  if (conversion == 'x' || conversion == 'X' || conversion == 'o') {
    if (value.isFloat())
      throw ScriptError(fmt::format("%{} format: an integer is required, not float", conversion));
    Value asInt = value.isBool() ? Value(int64_t{*value.get<bool>()}) : value;
    return formatValue(asInt, spec + conversion);
  }
  double d = value.isFloat()  ? *value.get<double>()
             : value.isBool() ? (*value.get<bool>() ? 1.0 : 0.0)
                              : static_cast<double>(*value.get<int64_t>());
  return formatValue(Value(d), spec + (precision >= 0 ? precisionText : ".6") + conversion);
}

// ---- str.format ---------------------------------------------------------------

class BraceFormatter {
public:
  explicit BraceFormatter(const Args& args) : m_args(args) {}

  std::string run(std::string_view format, int depth) {
    if (depth > 2) throw ScriptError("Max string recursion exceeded");
    std::string out;
    size_t i = 0;
    while (i < format.size()) {
      char c = format[i];
      if (c == '}') {
        if (i + 1 < format.size() && format[i + 1] == '}') {
          out += '}';
          i += 2;
          continue;
        }
        throw ScriptError("Single '}' encountered in format string");
      }
      if (c != '{') {
        out += c;
        ++i;
        continue;
      }
      if (i + 1 < format.size() && format[i + 1] == '{') {
        out += '{';
        i += 2;
        continue;
      }
      // The field runs to its matching '}' (its spec may hold {nested} fields).
      size_t end = i + 1;
      int open = 1;
      while (end < format.size() && open > 0) {
        if (format[end] == '{') ++open;
        if (format[end] == '}') --open;
        if (open > 0) ++end;
      }
      if (open > 0) throw ScriptError("expected '}' before end of string");
      out += field(format.substr(i + 1, end - i - 1), depth);
      i = end + 1;
      chargeSteps(1);
    }
    return out;
  }

private:
  std::string field(std::string_view text, int depth) {
    // name[.attr|[key]]...[!conversion][:spec]
    size_t nameEnd = 0;
    int brackets = 0;
    while (nameEnd < text.size()) {
      char c = text[nameEnd];
      if (c == '[') ++brackets;
      if (c == ']') --brackets;
      if (brackets == 0 && (c == '!' || c == ':')) break;
      ++nameEnd;
    }
    std::string_view name = text.substr(0, nameEnd);
    char conversion = 0;
    std::string_view spec;
    size_t i = nameEnd;
    if (i < text.size() && text[i] == '!') {
      if (i + 1 >= text.size())
        throw ScriptError("end of string while looking for conversion specifier");
      conversion = text[i + 1];
      if (conversion != 'r' && conversion != 's' && conversion != 'a')
        throw ScriptError(fmt::format("Unknown conversion specifier {}", conversion));
      i += 2;
      if (i < text.size() && text[i] != ':')
        throw ScriptError("expected ':' after conversion specifier");
    }
    if (i < text.size() && text[i] == ':') spec = text.substr(i + 1);
    Value value = resolve(name);
    if (conversion) value = Value(convertField(value, conversion == 'a' ? 'r' : conversion));
    std::string specText =
        spec.find('{') != std::string_view::npos ? run(spec, depth + 1) : std::string(spec);
    return formatValue(value, specText);
  }

  Value resolve(std::string_view name) {
    size_t end = name.find_first_of(".[");
    std::string_view first = name.substr(0, end);
    Value value;
    if (first.empty() || isDigit(first[0])) {
      size_t index = 0;
      if (first.empty()) {
        if (m_manual)
          throw ScriptError(
              "cannot switch from manual field specification to automatic field numbering");
        m_automatic = true;
        index = m_nextIndex++;
      } else {
        if (m_automatic)
          throw ScriptError(
              "cannot switch from automatic field numbering to manual field specification");
        m_manual = true;
        for (char c : first) {
          if (!isDigit(c)) throw ScriptError(fmt::format("invalid field name '{}'", first));
          index = index * 10 + static_cast<size_t>(c - '0');
          if (index > 100000) break;
        }
      }
      if (index >= m_args.positional().size())
        throw ScriptError(
            fmt::format("Replacement index {} out of range for positional args tuple", index));
      value = m_args.positional()[index];
    } else {
      bool found = false;
      for (const auto& [key, v] : m_args.keywords())
        if (key == first) {
          value = v;
          found = true;
        }
      if (!found) throw ScriptError(fmt::format("KeyError: '{}'", first));
    }
    // .attr and [key] parts
    size_t i = end;
    while (i != std::string_view::npos && i < name.size()) {
      if (name[i] == '.') {
        size_t next = name.find_first_of(".[", i + 1);
        std::string_view attr = name.substr(
            i + 1, next == std::string_view::npos ? std::string_view::npos : next - i - 1);
        if (attr.empty()) throw ScriptError("Empty attribute in format string");
        value = getAttribute(value, attr);
        i = next;
      } else if (name[i] == '[') {
        size_t close = name.find(']', i);
        if (close == std::string_view::npos) throw ScriptError("Missing ']' in format string");
        std::string_view key = name.substr(i + 1, close - i - 1);
        if (key.empty()) throw ScriptError("Empty attribute in format string");
        bool numeric = key.find_first_not_of("0123456789") == std::string_view::npos;
        value = getItem(value, numeric ? Value(static_cast<int64_t>(std::stoll(std::string(key))))
                                       : Value(std::string(key)));
        i = close + 1;
        if (i < name.size() && name[i] != '.' && name[i] != '[')
          throw ScriptError("Only '.' or '[' may follow ']' in format field specifier");
      } else {
        break;
      }
    }
    return value;
  }

  const Args& m_args;
  size_t m_nextIndex = 0;
  bool m_automatic = false;
  bool m_manual = false;
};

} // namespace

std::string convertField(const Value& value, char conversion) {
  return conversion == 'r' ? repr(value) : str(value);
}

std::string percentFormat(const std::string& format, const Value& args) {
  PercentArgs values(args);
  std::string out;
  bool usedNames = false;
  size_t i = 0;
  while (i < format.size()) {
    size_t percent = format.find('%', i);
    if (percent == std::string::npos) {
      out += format.substr(i);
      break;
    }
    out += format.substr(i, percent - i);
    i = percent + 1;
    if (i >= format.size()) throw ScriptError("incomplete format");
    std::optional<Value> named;
    if (format[i] == '(') {
      size_t close = format.find(')', i);
      if (close == std::string::npos) throw ScriptError("incomplete format key");
      named = values.named(format.substr(i + 1, close - i - 1));
      usedNames = true;
      i = close + 1;
    }
    std::string flags;
    while (i < format.size() && std::string_view("-+ #0").find(format[i]) != std::string_view::npos)
      flags += format[i++];
    int64_t width = 0;
    if (i < format.size() && format[i] == '*') {
      width = starWidth(values);
      if (width < 0) {
        flags += '-';
        width = -width;
      }
      ++i;
    } else {
      while (i < format.size() && isDigit(format[i]) && width < 100000)
        width = width * 10 + (format[i++] - '0');
    }
    int64_t precision = -1;
    if (i < format.size() && format[i] == '.') {
      ++i;
      precision = 0;
      if (i < format.size() && format[i] == '*') {
        precision = std::max<int64_t>(starWidth(values), 0);
        ++i;
      } else {
        while (i < format.size() && isDigit(format[i]) && precision < 100000)
          precision = precision * 10 + (format[i++] - '0');
      }
    }
    while (i < format.size() && (format[i] == 'h' || format[i] == 'l' || format[i] == 'L'))
      ++i;
    if (i >= format.size()) throw ScriptError("incomplete format");
    char conversion = format[i++];
    if (conversion == '%') {
      out += '%';
      continue;
    }
    if (std::string_view("sradiufFeEgGxXoc").find(conversion) == std::string_view::npos)
      throw ScriptError(fmt::format("unsupported format character '{}' (0x{:x}) at index {}",
                                    conversion, static_cast<unsigned char>(conversion), i - 1));
    Value value = named ? *named : values.next();
    out += percentField(conversion, value, flags, width, precision);
    chargeSteps(1);
  }
  values.checkAllUsed(usedNames);
  return out;
}

std::string braceFormat(const std::string& format, const Args& args) {
  return BraceFormatter(args).run(format, 0);
}

} // namespace uops::frontend
