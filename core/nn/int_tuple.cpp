// Python int-or-tuple arguments spread over spatial axes (tinygrad helpers.py).
#include "core/nn/int_tuple.h"

#include "core/tensor/tensor.h"

#include <fmt/format.h>

namespace uops {

std::string IntTuple::repr() const {
  if (isNone()) return "None";
  if (isInt()) return std::to_string(m_values.front());
  if (m_values.size() == 1) return fmt::format("({},)", m_values.front());
  return fmt::format("({})", fmt::join(m_values, ", "));
}

Ints makeTuple(const IntTuple& value, size_t count, const char* what) {
  if (value.isNone()) throw TensorError(fmt::format("{}=None must be an int or a tuple", what));
  if (value.isInt()) return Ints(count, value.values().front());
  if (value.values().size() != count)
    throw TensorError(
        fmt::format("{}={} must be an int or a tuple of length {}", what, value.repr(), count));
  return value.values();
}

Ints resolvePoolPads(const IntTuple& padding, size_t dims) {
  if (padding.isNone()) throw TensorError("padding=None must be an int or a tuple");
  if (padding.isInt()) return Ints(2 * dims, padding.values().front());
  const Ints& p = padding.values();
  if (p.size() == 2 * dims) return p;
  if (p.size() != dims)
    throw TensorError(
        fmt::format("Padding must be an int or a sequence of length {} or {}, but got "
                    "padding={} with dims={}.",
                    dims, 2 * dims, padding.repr(), dims));
  // (pad_h, pad_w) is per axis in axis order; the flat form starts at the last axis.
  Ints flat;
  for (size_t k = dims; k-- > 0;)
    flat.insert(flat.end(), {p[k], p[k]});
  return flat;
}

} // namespace uops
