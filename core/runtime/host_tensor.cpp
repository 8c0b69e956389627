#include "core/runtime/host_tensor.h"

#include "core/ir/shape.h"
#include "core/runtime/float_convert.h"

#include <bit>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace uops {
namespace {

int64_t checkedNumel(const Shape& shape) {
  for (int64_t s : shape)
    if (s < 0)
      throw std::invalid_argument(fmt::format("negative size in shape {}", toString(shape)));
  return shapeProduct(shape);
}

void checkScalar(DType dtype) {
  if (dtype.count != 1 || dtype.isPtr)
    throw std::invalid_argument(
        fmt::format("a host tensor holds scalars, not {}", toString(dtype)));
}

} // namespace

HostTensor::HostTensor() : m_bytes(std::make_shared<Storage>()) {}

HostTensor::HostTensor(DType dtype, Shape shape)
    : m_dtype(dtype), m_shape(std::move(shape)), m_numel(checkedNumel(m_shape)) {
  checkScalar(dtype);
  m_bytes = std::make_shared<Storage>(static_cast<size_t>(m_numel) *
                                                     static_cast<size_t>(itemSize()));
}

HostTensor HostTensor::fromBytes(DType dtype, Shape shape, std::span<const std::byte> bytes) {
  HostTensor t(dtype, std::move(shape));
  if (bytes.size() != t.m_bytes->size())
    throw std::invalid_argument(fmt::format("{} bytes given for a {} tensor of shape {} ({} bytes)",
                                            bytes.size(), toString(dtype), toString(t.m_shape),
                                            t.m_bytes->size()));
  if (!bytes.empty()) std::memcpy(t.m_bytes->data(), bytes.data(), bytes.size()); // empty spans may be null
  return t;
}

HostTensor HostTensor::fromDoubles(DType dtype, Shape shape, std::span<const double> values) {
  HostTensor t(dtype, std::move(shape));
  if (static_cast<int64_t>(values.size()) != t.m_numel)
    throw std::invalid_argument(
        fmt::format("{} values given for shape {}", values.size(), toString(t.m_shape)));
  for (size_t i = 0; i < values.size(); ++i)
    t.setDouble(static_cast<int64_t>(i), values[i]);
  return t;
}

HostTensor HostTensor::fromDoubles(DType dtype, Shape shape, std::initializer_list<double> values) {
  return fromDoubles(dtype, std::move(shape),
                     std::span<const double>(values.begin(), values.size()));
}

HostTensor HostTensor::fromInts(DType dtype, Shape shape, std::span<const int64_t> values) {
  HostTensor t(dtype, std::move(shape));
  if (static_cast<int64_t>(values.size()) != t.m_numel)
    throw std::invalid_argument(
        fmt::format("{} values given for shape {}", values.size(), toString(t.m_shape)));
  for (size_t i = 0; i < values.size(); ++i)
    t.setInt(static_cast<int64_t>(i), values[i]);
  return t;
}

HostTensor HostTensor::fromInts(DType dtype, Shape shape, std::initializer_list<int64_t> values) {
  return fromInts(dtype, std::move(shape), std::span<const int64_t>(values.begin(), values.size()));
}

std::span<const std::byte> HostTensor::bytes() const {
  return *m_bytes;
}

std::span<std::byte> HostTensor::mutableBytes() {
  if (m_bytes.use_count() > 1) m_bytes = std::make_shared<Storage>(*m_bytes);
  return *m_bytes;
}

HostTensor HostTensor::withShape(Shape shape) const {
  if (checkedNumel(shape) != m_numel)
    throw std::invalid_argument(
        fmt::format("cannot view shape {} as {}", toString(m_shape), toString(shape)));
  HostTensor t = *this;
  t.m_shape = std::move(shape);
  return t;
}

// The element's storage, zero-extended to 64 bits (little-endian host).
uint64_t HostTensor::rawBits(int64_t i) const {
  uint64_t bits = 0;
  size_t n = static_cast<size_t>(itemSize());
  std::memcpy(&bits, m_bytes->data() + static_cast<size_t>(i) * n, n);
  return bits;
}

void HostTensor::setRawBits(int64_t i, uint64_t bits) {
  size_t n = static_cast<size_t>(itemSize());
  std::memcpy(mutableBytes().data() + static_cast<size_t>(i) * n, &bits, n);
}

double HostTensor::getDouble(int64_t i) const {
  uint64_t bits = rawBits(i);
  switch (m_dtype.scalar) {
  case ScalarType::Float16:
    return halfToDouble(static_cast<uint16_t>(bits));
  case ScalarType::BFloat16:
    return bfloat16ToDouble(static_cast<uint16_t>(bits));
  case ScalarType::Float32:
    return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits)));
  case ScalarType::Float64:
    return std::bit_cast<double>(bits);
  case ScalarType::Bool:
    return bits != 0 ? 1.0 : 0.0;
  default:
    if (isSignedInt(m_dtype.scalar)) return static_cast<double>(static_cast<int64_t>(getUInt(i)));
    return static_cast<double>(bits);
  }
}

uint64_t HostTensor::getUInt(int64_t i) const {
  if (m_dtype.isFloat()) return floatToIntBits(ScalarType::UInt64, getDouble(i));
  return wrapToInt(m_dtype.scalar, rawBits(i));
}

int64_t HostTensor::getInt(int64_t i) const {
  if (m_dtype.isFloat())
    return static_cast<int64_t>(floatToIntBits(ScalarType::Int64, getDouble(i)));
  return static_cast<int64_t>(getUInt(i));
}

bool HostTensor::getBool(int64_t i) const {
  if (m_dtype.isFloat()) return getDouble(i) != 0;
  return rawBits(i) != 0;
}

void HostTensor::setDouble(int64_t i, double v) {
  switch (m_dtype.scalar) {
  case ScalarType::Float16:
    return setRawBits(i, halfFromDouble(v));
  case ScalarType::BFloat16:
    return setRawBits(i, bfloat16FromDouble(v));
  case ScalarType::Float32:
    return setRawBits(i, std::bit_cast<uint32_t>(static_cast<float>(v)));
  case ScalarType::Float64:
    return setRawBits(i, std::bit_cast<uint64_t>(v));
  default:
    return setRawBits(i, floatToIntBits(m_dtype.scalar, v));
  }
}

void HostTensor::setUInt(int64_t i, uint64_t v) {
  if (m_dtype.isFloat()) return setDouble(i, uintToFloatType(m_dtype.scalar, v));
  setRawBits(i, wrapToInt(m_dtype.scalar, v));
}

void HostTensor::setInt(int64_t i, int64_t v) {
  if (m_dtype.isFloat()) return setDouble(i, intToFloatType(m_dtype.scalar, v));
  setRawBits(i, wrapToInt(m_dtype.scalar, static_cast<uint64_t>(v)));
}

void HostTensor::setBool(int64_t i, bool v) {
  setInt(i, v ? 1 : 0);
}

std::vector<double> HostTensor::toDoubles() const {
  std::vector<double> out;
  for (int64_t i = 0; i < m_numel && !isVoid(); ++i)
    out.push_back(getDouble(i));
  return out;
}

std::vector<int64_t> HostTensor::toInts() const {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < m_numel && !isVoid(); ++i)
    out.push_back(getInt(i));
  return out;
}

} // namespace uops
