// HostTensor: a tensor value in host memory, the reference evaluator's currency.
//
// A scalar dtype, a shape and the elements' bytes, row-major and contiguous in
// the host's (little-endian) byte order. Values are immutable in spirit: copies
// share their bytes, and writing through a copy unshares it first. The bytes
// start on a cache line (cache_line_allocator.h): the CPU kernels rely on it.
//
// Typed access converts with Cast's rules (core/runtime/float_convert.h):
// reading a float as an integer truncates and saturates, writing a double into
// float16/bfloat16 rounds to nearest even, writing into an integer wraps.
#pragma once

#include "core/ir/dtype.h"
#include "core/runtime/cache_line_allocator.h"
#include "core/ir/uop.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <span>
#include <vector>

namespace uops {

class HostTensor {
public:
  // The void value of ops with only side effects (Store, Sink).
  HostTensor();
  // Zero-filled. Throws std::invalid_argument for vector or pointer dtypes and
  // negative sizes.
  HostTensor(DType dtype, Shape shape);

  // Takes a copy of `bytes`, which must be exactly numel * itemSize long.
  static HostTensor fromBytes(DType dtype, Shape shape, std::span<const std::byte> bytes);
  // Each value written with setDouble / setInt.
  static HostTensor fromDoubles(DType dtype, Shape shape, std::span<const double> values);
  static HostTensor fromDoubles(DType dtype, Shape shape, std::initializer_list<double> values);
  static HostTensor fromInts(DType dtype, Shape shape, std::span<const int64_t> values);
  static HostTensor fromInts(DType dtype, Shape shape, std::initializer_list<int64_t> values);

  DType dtype() const { return m_dtype; }
  const Shape& shape() const { return m_shape; }
  int64_t numel() const { return m_numel; }
  int itemSize() const { return m_dtype.itemSize(); }
  bool isVoid() const { return m_dtype.isVoid(); }

  std::span<const std::byte> bytes() const;
  std::span<std::byte> mutableBytes(); // unshares the storage first

  // Same bytes, another shape of equal element count (a row-major reshape).
  HostTensor withShape(Shape shape) const;

  // Element i (row-major) converted to the requested type.
  double getDouble(int64_t i) const; // floats exactly; ints rounded to double
  int64_t getInt(int64_t i) const;   // floats truncate, saturate, NaN -> 0; uint64 by bit pattern
  uint64_t getUInt(int64_t i) const; // signed ints sign-extended; floats saturate to [0, 2^64-1]
  bool getBool(int64_t i) const;     // != 0; NaN is true

  void setDouble(int64_t i, double v); // rounds into float dtypes; Cast's rule into ints
  void setInt(int64_t i, int64_t v);   // wraps into ints; rounds into floats
  void setUInt(int64_t i, uint64_t v);
  void setBool(int64_t i, bool v);

  std::vector<double> toDoubles() const;
  std::vector<int64_t> toInts() const;

private:
  uint64_t rawBits(int64_t i) const;
  void setRawBits(int64_t i, uint64_t bits);

  DType m_dtype;
  Shape m_shape;
  int64_t m_numel = 1;
  using Storage = std::vector<std::byte, CacheLineAllocator<std::byte>>;
  std::shared_ptr<Storage> m_bytes;
};

} // namespace uops
