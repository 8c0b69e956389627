#include "core/program/host_text.h"

#include "core/frontend/number_format.h"
#include "core/ir/shape.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace uops::program {
namespace {

// A float narrower than double as the shortest decimal that reads back to the
// same float (numpy's repr): float32 1e-5 is "1e-05", not its double's digits.
double shortestAsFloat(double v) {
  char buf[32];
  for (int digits = 1; digits < 10; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    double back = std::strtod(buf, nullptr);
    if (static_cast<float>(back) == static_cast<float>(v)) return back;
  }
  return v;
}

std::string element(const HostTensor& value, int64_t i) {
  DType d = value.dtype();
  if (d.isBool()) return value.getBool(i) ? "True" : "False";
  if (d == dtypes::float64) return frontend::formatFloat(value.getDouble(i));
  if (d.isFloat()) {
    double v = value.getDouble(i);
    return frontend::formatFloat(std::isfinite(v) ? shortestAsFloat(v) : v);
  }
  if (d.scalar == ScalarType::UInt64) return std::to_string(value.getUInt(i));
  return std::to_string(value.getInt(i));
}

struct Printer {
  const HostTensor& value;
  bool summarize;
  int64_t edge;
  std::string out;

  // Axis `dim` starting at element `offset`; `indent` is the column of its '['.
  void axis(size_t dim, int64_t offset, size_t indent) {
    const Shape& shape = value.shape();
    if (dim == shape.size()) {
      out += element(value, offset);
      return;
    }
    int64_t stride = 1;
    for (size_t k = dim + 1; k < shape.size(); ++k)
      stride *= shape[k];
    bool last = dim + 1 == shape.size();
    std::string separator = last ? ", " : fmt::format(",\n{}", std::string(indent + 1, ' '));
    bool cut = summarize && shape[dim] > 2 * edge;
    out += '[';
    for (int64_t i = 0; i < shape[dim]; ++i) {
      if (i > 0) out += separator;
      if (cut && i == edge) {
        out += "...";
        out += separator;
        i = shape[dim] - edge;
      }
      axis(dim + 1, offset + i * stride, indent + 1);
    }
    out += ']';
  }
};

} // namespace

std::string formatValues(const HostTensor& value, const TextOptions& options) {
  Printer p{value, value.numel() > options.summarizeAbove, options.edge, {}};
  p.axis(0, 0, 0);
  return p.out;
}

std::string describe(const HostTensor& value, const TextOptions& options) {
  return fmt::format("{} {}\n{}", scalarNumpyName(value.dtype().scalar), toString(value.shape()),
                     formatValues(value, options));
}

} // namespace uops::program
