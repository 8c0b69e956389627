// IntTuple: a Python `int | tuple[int, ...]` argument of the nn layer
// (kernel_size, stride, dilation, padding, ...), or None where tinygrad allows
// it (a pool's stride), and tinygrad's rules for spreading one over the
// spatial axes. One class rather than std::optional<std::variant<...>> so that
// designated initializers read like the Python call: {.stride = 2},
// {.stride = {2, 1}}, {.stride = std::nullopt}.
#pragma once

#include "core/ir/arg.h"

#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

namespace uops {

class IntTuple {
public:
  IntTuple() = default;       // None
  IntTuple(std::nullopt_t) {} // NOLINT: Python None
  template <std::integral T>
  IntTuple(T value) : m_values{static_cast<int64_t>(value)}, m_kind(Kind::Int) {} // NOLINT
  IntTuple(std::initializer_list<int64_t> values) : m_values(values), m_kind(Kind::Tuple) {}
  IntTuple(Ints values) : m_values(std::move(values)), m_kind(Kind::Tuple) {} // NOLINT

  bool isNone() const { return m_kind == Kind::None; }
  bool isInt() const { return m_kind == Kind::Int; }
  // The int (isInt()) or the tuple's entries; empty for None.
  const Ints& values() const { return m_values; }
  std::string repr() const; // "3", "(1, 2)", "(4,)", "None"

private:
  enum class Kind : uint8_t { None, Int, Tuple };
  Ints m_values;
  Kind m_kind = Kind::None;
};

// tinygrad's make_tuple: an int repeated `count` times, a tuple as it is. A
// tuple of the wrong length, or None, throws TensorError naming `what`
// (tinygrad asserts later, in _pool).
Ints makeTuple(const IntTuple& value, size_t count, const char* what);

// tinygrad's resolve_pool_pads: padding for `dims` spatial axes in torch's flat
// form (left, right, top, bottom, ...), which starts at the LAST axis. An int
// pads every side; a `dims`-tuple (pad_h, pad_w) pads both sides of each axis;
// a `2*dims`-tuple is already flat.
Ints resolvePoolPads(const IntTuple& padding, size_t dims);

} // namespace uops
