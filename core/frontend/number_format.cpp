#include "core/frontend/number_format.h"

#include "core/frontend/utf8.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace uops::frontend {

namespace {

// Whether an out-of-range spelling is too large (inf) rather than too small
// (0.0): the decimal exponent of its leading nonzero digit decides.
bool overflows(std::string_view digits) {
  size_t exp = digits.find_first_of("eE");
  std::string_view mantissa = digits.substr(0, exp);
  int64_t exponent = 0;
  if (exp != std::string_view::npos) {
    std::string_view e = digits.substr(exp + 1);
    bool negative = !e.empty() && e[0] == '-';
    for (char c : e)
      if (c >= '0' && c <= '9')
        exponent = std::min<int64_t>(exponent * 10 + (c - '0'), 1'000'000'000);
    exponent = negative ? -exponent : exponent;
  }
  size_t point = mantissa.find('.');
  size_t intEnd = point == std::string_view::npos ? mantissa.size() : point;
  size_t firstNonZero = mantissa.find_first_not_of("0.");
  if (firstNonZero == std::string_view::npos) return false;
  int64_t magnitude = firstNonZero < intEnd ? static_cast<int64_t>(intEnd - firstNonZero)
                                            : -static_cast<int64_t>(firstNonZero - intEnd - 1);
  return magnitude + exponent > 0;
}

} // namespace

std::optional<double> parseDecimalFloat(std::string_view spelling) {
  if (spelling.empty() || spelling.find_first_not_of("0123456789.eE+-") != std::string_view::npos)
    return std::nullopt;
  double value = 0.0;
  auto [end, ec] = std::from_chars(spelling.data(), spelling.data() + spelling.size(), value,
                                   std::chars_format::general);
  if (end != spelling.data() + spelling.size()) return std::nullopt;
  if (ec == std::errc::result_out_of_range)
    return overflows(spelling) ? std::numeric_limits<double>::infinity() : 0.0;
  if (ec != std::errc()) return std::nullopt;
  return value;
}

std::string formatFloat(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  // Shortest round-trip digits in scientific form, e.g. "-1.25e+02".
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  (void)ec;
  std::string_view sci(buf, static_cast<size_t>(end - buf));
  bool negative = sci[0] == '-';
  if (negative) sci.remove_prefix(1);
  size_t e = sci.find('e');
  std::string digits;
  for (char c : sci.substr(0, e))
    if (c != '.') digits += c;
  int exponent = std::atoi(std::string(sci.substr(e + 1)).c_str());
  std::string out = negative ? "-" : "";
  auto ndigits = static_cast<int>(digits.size());
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) {
      out += "0." + std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
    } else if (ndigits <= exponent + 1) {
      out += digits + std::string(static_cast<size_t>(exponent + 1 - ndigits), '0') + ".0";
    } else {
      out += digits.substr(0, static_cast<size_t>(exponent + 1)) + "." +
             digits.substr(static_cast<size_t>(exponent + 1));
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (ndigits > 1) out += "." + digits.substr(1);
  out += fmt::format("e{}{:02d}", exponent < 0 ? '-' : '+', std::abs(exponent));
  return out;
}

std::string quoteString(std::string_view text) {
  bool hasSingle = text.find('\'') != std::string_view::npos;
  bool hasDouble = text.find('"') != std::string_view::npos;
  char quote = hasSingle && !hasDouble ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < text.size();) {
    size_t start = i;
    char32_t cp = utf8::decode(text, i);
    if (cp == U'\\' || cp == static_cast<char32_t>(quote)) {
      out += '\\';
      out += static_cast<char>(cp);
    } else if (cp == U'\n') {
      out += "\\n";
    } else if (cp == U'\r') {
      out += "\\r";
    } else if (cp == U'\t') {
      out += "\\t";
    } else if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) {
      out += fmt::format("\\x{:02x}", static_cast<uint32_t>(cp));
    } else {
      out.append(text.substr(start, i - start));
    }
  }
  out += quote;
  return out;
}

} // namespace uops::frontend
