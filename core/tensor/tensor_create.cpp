// Creation: literals, constants, fills, empty buffers, arange, linspace, eye.
#include "core/tensor/literal.h"
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <atomic>
#include <cmath>
#include <limits>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

std::string nestedRepr(const Nested& n) {
  if (!n.isList()) return tensor_detail::pyRepr(n.scalar());
  std::vector<std::string> items;
  for (const Nested& c : n.list())
    items.push_back(nestedRepr(c));
  return fmt::format("[{}]", fmt::join(items, ", "));
}

// tinygrad's get_shape: every sublist must have the same shape.
Shape nestedShape(const Nested& n) {
  if (!n.isList()) return {};
  const auto& items = n.list();
  Shape sub = items.empty() ? Shape{} : nestedShape(items[0]);
  for (const Nested& c : items)
    if (nestedShape(c) != sub) fail(fmt::format("inhomogeneous shape from {}", nestedRepr(n)));
  Shape out{static_cast<int64_t>(items.size())};
  out.insert(out.end(), sub.begin(), sub.end());
  return out;
}

void flattenInto(const Nested& n, std::vector<Scalar>& out) {
  if (!n.isList()) {
    out.push_back(n.scalar());
    return;
  }
  for (const Nested& c : n.list())
    flattenInto(c, out);
}

// dtypes.from_py of a list: only bools -> bool, any float -> float32, else int32.
DType inferListDType(const std::vector<Scalar>& flat) {
  if (flat.empty()) return dtypes::float32;
  bool anyFloat = false, allBool = true;
  for (const Scalar& s : flat) {
    anyFloat |= std::holds_alternative<double>(s);
    allBool &= std::holds_alternative<bool>(s);
  }
  if (allBool) return dtypes::bool_;
  return anyFloat ? dtypes::float32 : dtypes::int32;
}

DType pyDType(const Scalar& s) {
  if (std::holds_alternative<bool>(s)) return dtypes::bool_;
  return std::holds_alternative<int64_t>(s) ? dtypes::int32 : dtypes::float32;
}

void checkShape(const Shape& shape) {
  for (int64_t s : shape)
    if (s < 0) fail(fmt::format("invalid shape {}", toString(shape)));
}

bool isPyFloat(const Scalar& s) {
  return std::holds_alternative<double>(s);
}

// A device handle for graphs that have no operand tensor to take it from.
Tensor deviceAnchor(const std::string& device) {
  return Tensor(constant(dtypes::bool_, false), device);
}

} // namespace

Tensor Tensor::fromList(const Nested& data, std::optional<DType> dtype, const std::string& device) {
  if (!data.isList()) {
    Tensor t = scalar(data.scalar(), dtype);
    return Tensor(t.uop(), device, t.isWeak());
  }
  Shape shape = nestedShape(data);
  std::vector<Scalar> flat;
  flattenInto(data, flat);
  return fromFlat(flat, shape, dtype, device);
}

Tensor Tensor::fromFlat(const std::vector<Scalar>& data, const Shape& shape,
                        std::optional<DType> dtype, const std::string& device) {
  checkShape(shape);
  if (static_cast<int64_t>(data.size()) != shapeProduct(shape))
    fail(fmt::format("{} values do not fill shape {}", data.size(), toString(shape)));
  DType dt = dtype ? *dtype : inferListDType(data);
  promoTypeOf(dt);
  return fromBytes(literalBytes(data, dt), dt, shape, device);
}

Tensor Tensor::fromBytes(std::string bytes, DType dtype, const Shape& shape,
                         const std::string& device) {
  checkShape(shape);
  if (static_cast<int64_t>(bytes.size()) != shapeProduct(shape) * dtype.itemSize())
    fail(fmt::format("{} bytes do not fill {} of shape {}", bytes.size(), toString(dtype),
                     toString(shape)));
  // Every literal is its own value, as each is its own buffer in tinygrad: the
  // tag keeps two literals with equal data apart, so their gradients are too.
  static std::atomic<int64_t> nextLiteral{0};
  UOpPtr data = UOp::make(Op::Binary, dtypes::uint8, {}, std::move(bytes), Tag{nextLiteral++});
  return Tensor(uops::reshape(uops::bitcast(data, dtype), shape), device);
}

Tensor Tensor::scalar(const Scalar& value, std::optional<DType> dtype) {
  if (dtype) {
    promoTypeOf(*dtype);
    return Tensor(constant(*dtype, constFor(*dtype, value)));
  }
  return pyConst(value, deviceAnchor("CPU"));
}

Tensor Tensor::empty(const Shape& shape, DType dtype, const std::string& device) {
  checkShape(shape);
  promoTypeOf(dtype);
  // Every empty() is a distinct buffer, like tinygrad's new_buffer numbering.
  static std::atomic<int64_t> nextId{0};
  UOpPtr buf = buffer(nextId++, dtype, shapeProduct(shape), DeviceArg{{device}});
  return Tensor(uops::reshape(buf, shape), device);
}

Tensor Tensor::full(const Shape& shape, const Scalar& fill, std::optional<DType> dtype,
                    const std::string& device) {
  checkShape(shape);
  DType dt = dtype ? *dtype : pyDType(fill);
  promoTypeOf(dt);
  return constFill(fill, dt, shape, deviceAnchor(device));
}

Tensor Tensor::zeros(const Shape& shape, std::optional<DType> dtype, const std::string& device) {
  return full(shape, 0.0, dtype, device);
}
Tensor Tensor::ones(const Shape& shape, std::optional<DType> dtype, const std::string& device) {
  return full(shape, 1.0, dtype, device);
}

Tensor Tensor::arange(const Scalar& stop) {
  return arange(int64_t{0}, stop, int64_t{1});
}

Tensor Tensor::arange(const Scalar& start, const Scalar& stop, const Scalar& step,
                      std::optional<DType> dtype) {
  double a = asDouble(start), b = asDouble(stop), s = asDouble(step);
  if (s == 0) fail("arange step must not be zero");
  bool isFloat = isPyFloat(start) || isPyFloat(stop) || isPyFloat(step);
  double lo = s > 0 ? a : b - s, hi = s > 0 ? b - s : a;
  DType dt = dtype ? *dtype : isFloat ? dtypes::float32 : dtypes::int32;
  if (!dtype && dt == dtypes::int32 && (lo < -2147483648.0 || hi > 2147483647.0))
    dt = dtypes::int64;
  if (!dt.isFloat() &&
      (lo < asDouble(toPyScalar(dtypeMin(dt))) || hi > asDouble(toPyScalar(dtypeMax(dt)))))
    fail(fmt::format("arange [{}, {}) is not representable in dtype {}", pyRepr(start),
                     pyRepr(stop), toString(dt)));
  // Python's ceildiv: -((stop - start) // -step).
  int64_t length = 0;
  if (isFloat)
    length = static_cast<int64_t>(-std::floor((b - a) / -s));
  else {
    int64_t num = std::get<int64_t>(constFor(dtypes::int64, stop)) -
                  std::get<int64_t>(constFor(dtypes::int64, start));
    length = ceilDiv(num, std::get<int64_t>(constFor(dtypes::int64, step)));
  }
  if (length <= 0) return full({0}, int64_t{0}, dt);
  // tinygrad's arange: a running sum of `step`s, shifted so it starts at `start`.
  Tensor steps = full({length}, step, dt);
  Scalar offset = isFloat ? Scalar(a - s)
                          : Scalar(std::get<int64_t>(constFor(dtypes::int64, start)) -
                                   std::get<int64_t>(constFor(dtypes::int64, step)));
  // device-less, as tinygrad's: it joins whatever it meets
  return Tensor(cumalu(steps, 0, Op::Add).add(offset).cast(dt).uop(), "");
}

Tensor Tensor::linspace(const Scalar& start, const Scalar& stop, int64_t steps,
                        std::optional<DType> dtype) {
  if (steps < 0) fail("number of steps must be non-negative");
  DType dt = dtype ? *dtype : dtypes::float32;
  if (dt == dtypes::bool_) fail("linspace with bool dtype is not supported");
  if (steps == 1) return full({1}, start, dt);
  double delta = (asDouble(stop) - asDouble(start)) / static_cast<double>(steps - 1);
  return (start + arange(int64_t{0}, steps, int64_t{1}, dtypes::float32).mul(delta)).cast(dt);
}

Tensor Tensor::eye(int64_t n, std::optional<int64_t> m, std::optional<DType> dtype) {
  int64_t cols = m.value_or(n);
  if (n < 0 || cols < 0) fail(fmt::format("cannot have negative n={}, m_={}", n, cols));
  return arange(n).unsqueeze(-1).eq(arange(cols)).cast(dtype.value_or(dtypes::float32));
}

Tensor Tensor::constLike(const Scalar& value, std::optional<DType> dtype) const {
  return constFill(value, dtype.value_or(this->dtype()), shape(), *this, !dtype && isWeak());
}
Tensor Tensor::fullLike(const Scalar& fill, std::optional<DType> dtype) const {
  Tensor out = full(shape(), fill, dtype.value_or(this->dtype()), device());
  return isMultiDevice() ? out.shard(devices(), shardAxis()) : out;
}
Tensor Tensor::zerosLike(std::optional<DType> dtype) const {
  return fullLike(int64_t{0}, dtype);
}
Tensor Tensor::onesLike(std::optional<DType> dtype) const {
  return fullLike(int64_t{1}, dtype);
}
Tensor Tensor::emptyLike(std::optional<DType> dtype) const {
  Tensor out = empty(shape(), dtype.value_or(this->dtype()), device());
  return isMultiDevice() ? out.shard(devices(), shardAxis()) : out;
}

} // namespace uops
