#include "core/numpy/np_format.h"

#include "core/frontend/number_format.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>

namespace uops::numpy {
namespace {

constexpr int kPrecision = 8;
constexpr int kLineWidth = 75;
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

// The shortest digits that read back to the value in its own dtype
// (float32 values by float32's shortest), in `format`.
std::string shortest(double v, bool f32, std::chars_format format) {
  char buf[128];
  auto r = f32 ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v), format)
               : std::to_chars(buf, buf + sizeof buf, v, format);
  return std::string(buf, r.ptr);
}

std::string withPrecision(double v, std::chars_format format, int precision) {
  char buf[512];
  auto r = std::to_chars(buf, buf + sizeof buf, v, format, precision);
  return std::string(buf, r.ptr);
}

void trimZeros(std::string& frac) {
  while (!frac.empty() && frac.back() == '0')
    frac.pop_back();
}

// dragon4_positional(x, precision=8, unique=True, trim='.'): the shortest
// digits, rounded to 8 decimals when longer; split at the point.
std::pair<std::string, std::string> positional(double v, bool f32) {
  std::string s = shortest(v, f32, std::chars_format::fixed);
  size_t dot = s.find('.');
  if (dot != std::string::npos && s.size() - dot - 1 > static_cast<size_t>(kPrecision))
    s = withPrecision(v, std::chars_format::fixed, kPrecision);
  dot = s.find('.');
  if (dot == std::string::npos) return {s, ""};
  std::string frac = s.substr(dot + 1);
  trimZeros(frac);
  return {s.substr(0, dot), frac};
}

struct Scientific {
  std::string mantissaInt, mantissaFrac;
  int exponent = 0;
};

Scientific scientific(double v, bool f32) {
  std::string s = shortest(v, f32, std::chars_format::scientific);
  size_t e = s.find('e');
  size_t dot = s.find('.');
  if (dot != std::string::npos && e - dot - 1 > static_cast<size_t>(kPrecision)) {
    s = withPrecision(v, std::chars_format::scientific, kPrecision);
    e = s.find('e');
    dot = s.find('.');
  }
  Scientific out;
  out.exponent = std::stoi(s.substr(e + 1));
  std::string mantissa = s.substr(0, e);
  if (dot == std::string::npos) {
    out.mantissaInt = mantissa;
    return out;
  }
  out.mantissaInt = mantissa.substr(0, dot);
  out.mantissaFrac = mantissa.substr(dot + 1);
  trimZeros(out.mantissaFrac);
  return out;
}

// numpy's FloatingFormat: one layout for all shown elements, fixed from them.
class FloatFormat {
public:
  FloatFormat(const std::vector<double>& shown, bool f32) : m_f32(f32) {
    std::vector<double> finite;
    bool negInf = false;
    bool nonFinite = false;
    for (double v : shown) {
      if (std::isfinite(v)) {
        finite.push_back(v);
        continue;
      }
      nonFinite = true;
      negInf = negInf || (std::isinf(v) && v < 0);
    }
    double maxAbs = 0, minAbs = 0;
    bool anyNonZero = false;
    for (double v : finite) {
      if (v == 0) continue;
      double a = std::fabs(v);
      maxAbs = anyNonZero ? std::max(maxAbs, a) : a;
      minAbs = anyNonZero ? std::min(minAbs, a) : a;
      anyNonZero = true;
    }
    m_exp = anyNonZero && (maxAbs >= 1e8 || minAbs < 0.0001 || maxAbs / minAbs > 1000.0);
    for (double v : finite) {
      if (m_exp) {
        Scientific s = scientific(v, f32);
        m_padLeft = std::max(m_padLeft, static_cast<int>(s.mantissaInt.size()));
        m_padRight = std::max(m_padRight, static_cast<int>(s.mantissaFrac.size()));
        m_expSize = std::max(m_expSize, static_cast<int>(std::to_string(std::abs(s.exponent)).size()));
        continue;
      }
      auto [i, f] = positional(v, f32);
      m_padLeft = std::max(m_padLeft, static_cast<int>(i.size()));
      m_padRight = std::max(m_padRight, static_cast<int>(f.size()));
    }
    if (nonFinite) {
      int offset = (m_exp ? m_expSize + 2 + m_padRight : m_padRight) + 1;
      m_padLeft = std::max({m_padLeft, 3 - offset, 3 + (negInf ? 1 : 0) - offset});
    }
  }

  std::string operator()(double v) const {
    int width = m_padLeft + 1 + (m_exp ? m_expSize + 2 + m_padRight : m_padRight);
    if (!std::isfinite(v)) {
      std::string t = std::isnan(v) ? "nan" : v < 0 ? "-inf" : "inf";
      return fmt::format("{:>{}}", t, width);
    }
    if (m_exp) {
      Scientific s = scientific(v, m_f32);
      std::string frac = s.mantissaFrac + std::string(m_padRight - s.mantissaFrac.size(), '0');
      return fmt::format("{:>{}}.{}e{}{:0>{}}", s.mantissaInt, m_padLeft, frac,
                         s.exponent < 0 ? '-' : '+', std::abs(s.exponent), m_expSize);
    }
    auto [i, f] = positional(v, m_f32);
    return fmt::format("{:>{}}.{:<{}}", i, m_padLeft, f, m_padRight);
  }

private:
  bool m_f32;
  bool m_exp = false;
  int m_padLeft = 0;
  int m_padRight = 0;
  int m_expSize = 2; // numpy writes at least two exponent digits
};

using ElementFormat = std::function<std::string(double)>;

ElementFormat elementFormat(NpType dtype, const std::vector<double>& shown, bool zeroDim) {
  if (dtype == NpType::Bool)
    return [zeroDim](double v) { return std::string(v != 0 ? (zeroDim ? "True" : " True") : "False"); };
  if (isInteger(dtype)) {
    size_t width = 0;
    for (double v : shown)
      width = std::max(width, fmt::format("{}", static_cast<int64_t>(v)).size());
    return [width](double v) { return fmt::format("{:>{}}", static_cast<int64_t>(v), width); };
  }
  return FloatFormat(shown, dtype == NpType::Float32);
}

// The flat indices printed: all, or the edges of each axis when summarised.
void shownIndices(const NdArray& a, bool summary, size_t axis, int64_t base,
                  std::vector<int64_t>& out) {
  if (axis == a.shape.size()) {
    out.push_back(base);
    return;
  }
  int64_t n = a.shape[axis];
  int64_t stride = stridesOf(a.shape)[axis];
  for (int64_t i = 0; i < n; ++i) {
    if (summary && 2 * kEdgeItems < n && i == kEdgeItems) i = n - kEdgeItems;
    shownIndices(a, summary, axis + 1, base + i * stride, out);
  }
}

// _extendLine: wrap before a word that would pass the width, unless the
// line holds only its indent.
void extendLine(std::string& s, std::string& line, const std::string& word, int width,
                const std::string& indent) {
  bool wrap = static_cast<int>(line.size() + word.size()) > width && line.size() > indent.size();
  if (wrap) {
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    s += line + "\n";
    line = indent;
  }
  line += word;
}

struct Layout {
  const NdArray& a;
  const ElementFormat& format;
  std::string separator;
  bool summary;
  NpShape strides;

  // numpy's _formatArray recurser.
  std::string recurse(size_t axis, int64_t base, const std::string& indent, int width) const {
    if (axis == a.shape.size()) return format(a.data[static_cast<size_t>(base)]);
    std::string nextIndent = indent + " ";
    int nextWidth = width - 1;
    int64_t n = a.shape[axis];
    bool showSummary = summary && 2 * kEdgeItems < n;
    int64_t leading = showSummary ? kEdgeItems : 0;
    int64_t trailing = showSummary ? kEdgeItems : n;
    auto at = [&](int64_t i) { return base + i * strides[axis]; };
    std::string s;
    size_t axesLeft = a.shape.size() - axis;
    std::string sepTrim = separator;
    while (!sepTrim.empty() && sepTrim.back() == ' ')
      sepTrim.pop_back();
    if (axesLeft == 1) {
      int elemWidth = width - static_cast<int>(std::max<size_t>(sepTrim.size(), 1));
      std::string line = indent;
      for (int64_t i = 0; i < leading; ++i) {
        extendLine(s, line, recurse(axis + 1, at(i), nextIndent, nextWidth), elemWidth, indent);
        line += separator;
      }
      if (showSummary) {
        extendLine(s, line, "...", elemWidth, indent);
        line += separator;
      }
      for (int64_t i = trailing; i > 1; --i) {
        extendLine(s, line, recurse(axis + 1, at(n - i), nextIndent, nextWidth), elemWidth, indent);
        line += separator;
      }
      if (n > 0) extendLine(s, line, recurse(axis + 1, at(n - 1), nextIndent, nextWidth), elemWidth, indent);
      s += line;
    } else {
      std::string lineSep = sepTrim + std::string(axesLeft - 1, '\n');
      for (int64_t i = 0; i < leading; ++i)
        s += indent + recurse(axis + 1, at(i), nextIndent, nextWidth) + lineSep;
      if (showSummary) s += indent + "..." + lineSep;
      for (int64_t i = trailing; i > 1; --i)
        s += indent + recurse(axis + 1, at(n - i), nextIndent, nextWidth) + lineSep;
      if (n > 0) s += indent + recurse(axis + 1, at(n - 1), nextIndent, nextWidth);
    }
    return "[" + s.substr(std::min(indent.size(), s.size())) + "]";
  }
};

// array2string with numpy's defaults; `prefix` is "array(" for repr.
std::string arrayToString(const NdArray& a, const std::string& separator, const std::string& prefix,
                          int width) {
  if (a.size() == 0) return "[]";
  bool summary = a.size() > kThreshold;
  std::vector<int64_t> idx;
  shownIndices(a, summary, 0, 0, idx);
  std::vector<double> shown;
  for (int64_t i : idx)
    shown.push_back(a.data[static_cast<size_t>(i)]);
  ElementFormat format = elementFormat(a.dtype, shown, a.ndim() == 0);
  Layout layout{a, format, separator, summary, stridesOf(a.shape)};
  return layout.recurse(0, 0, " " + std::string(prefix.size(), ' '), width);
}

bool impliedDtype(NpType t) { return t == NpType::Float64 || t == NpType::Int64 || t == NpType::Bool; }

} // namespace

std::string arrayRepr(const NdArray& a) {
  bool skipDtype = impliedDtype(a.dtype) && a.size() > 0;
  std::string suffix = skipDtype ? ")" : ",";
  std::string body;
  if (a.size() > 0 || (a.ndim() == 1 && a.shape[0] == 0))
    body = arrayToString(a, ", ", "array(", kLineWidth - static_cast<int>(suffix.size()));
  else {
    std::string dims;
    for (size_t i = 0; i < a.shape.size(); ++i)
      dims += (i ? ", " : "") + std::to_string(a.shape[i]);
    body = "[], shape=(" + dims + (a.shape.size() == 1 ? ",)" : ")");
  }
  std::string text = "array(" + body + suffix;
  if (skipDtype) return text;
  std::string dtype = fmt::format("dtype={})", typeName(a.dtype));
  size_t lastLine = text.size() - (text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1);
  std::string spacer = lastLine + dtype.size() + 1 > static_cast<size_t>(kLineWidth) ? "\n      " : " ";
  return text + spacer + dtype;
}

std::string arrayStr(const NdArray& a) {
  if (a.ndim() == 0) return scalarText(a.dtype, a.data[0]);
  return arrayToString(a, " ", "", kLineWidth);
}

std::string scalarText(NpType dtype, double value) {
  if (dtype == NpType::Bool) return value != 0 ? "True" : "False";
  if (isInteger(dtype)) return fmt::format("{}", static_cast<int64_t>(value));
  if (dtype == NpType::Float64 || !std::isfinite(value)) return frontend::formatFloat(value);
  // float32: its own shortest digits, laid out as Python lays out a float
  std::string digits = shortest(value, true, std::chars_format::scientific);
  return frontend::formatFloat(std::stod(digits));
}

} // namespace uops::numpy
