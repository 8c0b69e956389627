// Shared helpers: errors, dims, broadcasting, constants and promotion casts.
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"
#include "core/ir/shape.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace uops::tensor_detail {

void fail(std::string message) {
  throw TensorError(std::move(message));
}

Tensor wrap(UOpPtr uop, const Tensor& like, bool weak) {
  return Tensor(std::move(uop), like.device(), weak);
}

PromoType promoType(const Tensor& t) {
  return promoTypeOf(t.dtype(), t.isWeak());
}

int64_t resolveDim(int64_t dim, int64_t ndim, bool extra) {
  int64_t total = std::max<int64_t>(1, ndim + (extra ? 1 : 0));
  if (dim < -total || dim > total - 1)
    fail(fmt::format("dim={} out of range [{}, {}]", dim, -total, total - 1));
  return dim < 0 ? dim + ndim + (extra ? 1 : 0) : dim;
}

int64_t axisSize(const Tensor& t, int64_t dim) {
  int64_t d = resolveDim(dim, t.ndim());
  if (t.ndim() == 0)
    fail(fmt::format("dimension specified as {} but tensor has no dimensions", dim));
  return t.shape()[static_cast<size_t>(d)];
}

Ints resolveAxes(const Axes& axes, int64_t ndim) {
  Ints out;
  if (axes.isAll()) {
    for (int64_t i = 0; i < ndim; ++i)
      out.push_back(i);
    return out;
  }
  for (int64_t a : axes.list()) {
    int64_t r = resolveDim(a, ndim);
    if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
  }
  // A 0-d tensor has nothing to reduce whatever the axis says.
  if (ndim == 0) out.clear();
  std::sort(out.begin(), out.end());
  return out;
}

Shape broadcastShape(const std::vector<Shape>& shapes) {
  Shape out = shapes.at(0);
  for (size_t i = 1; i < shapes.size(); ++i) {
    auto b = broadcastShapes(out, shapes[i]);
    if (!b) {
      std::vector<std::string> parts;
      for (const Shape& s : shapes)
        parts.push_back(toString(s));
      fail(fmt::format("shape mismatch: objects cannot be broadcast to a single shape ({})",
                       fmt::join(parts, ", ")));
    }
    out = *b;
  }
  return out;
}

Tensor broadcastTo(const Tensor& t, const Shape& shape) {
  if (t.shape() == shape) return t;
  const Shape& in = t.shape();
  if (in.size() > shape.size())
    fail(fmt::format("cannot broadcast tensor to fewer dimensions. shape={} to new_shape={}",
                     toString(in), toString(shape)));
  Shape aligned(shape.size() - in.size(), 1);
  aligned.insert(aligned.end(), in.begin(), in.end());
  for (size_t k = 0; k < shape.size(); ++k)
    if (aligned[k] != shape[k] && aligned[k] != 1)
      fail(fmt::format("cannot broadcast {} to new_shape={}", toString(in), toString(shape)));
  UOpPtr u = t.uop();
  if (aligned != in) u = reshape(u, aligned);
  if (aligned != shape) u = expand(u, shape);
  return wrap(u, t, t.isWeak());
}

std::optional<ConstValue> constBase(const Tensor& t) {
  const UOp* u = t.uop().get();
  while (u->op() == Op::Reshape || u->op() == Op::Expand)
    u = u->src(0).get();
  return u->constValue();
}

Scalar toPyScalar(const ConstValue& v) {
  return std::visit([](auto x) { return Scalar(x); }, v);
}

namespace {

// Two's complement wrap to the dtype's width, as a C cast of the Python int.
int64_t wrapInt(int64_t v, DType dtype) {
  int bits = dtype.bits();
  if (bits >= 64) return v;
  uint64_t mask = (uint64_t{1} << bits) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (!dtype.isUnsigned() && (u >> (bits - 1)) & 1) u |= ~mask;
  return static_cast<int64_t>(u);
}

} // namespace

ConstValue constFor(DType dtype, const Scalar& value) {
  double asDouble = std::visit([](auto x) { return static_cast<double>(x); }, value);
  if (dtype.isFloat()) return asDouble;
  if (dtype.isBool()) return asDouble != 0.0;
  if (std::holds_alternative<double>(value)) {
    // Python's int() of a float truncates; out-of-range values saturate rather than overflow.
    double d = std::trunc(asDouble);
    if (std::isnan(d)) return int64_t{0};
    if (d >= 9.2233720368547758e18) return wrapInt(std::numeric_limits<int64_t>::max(), dtype);
    if (d <= -9.2233720368547758e18) return wrapInt(std::numeric_limits<int64_t>::min(), dtype);
    return wrapInt(static_cast<int64_t>(d), dtype);
  }
  if (auto* b = std::get_if<bool>(&value)) return wrapInt(*b ? 1 : 0, dtype);
  return wrapInt(std::get<int64_t>(value), dtype);
}

UOpPtr constFillUOp(const Scalar& value, DType dtype, const Shape& shape) {
  UOpPtr c = constant(dtype, constFor(dtype, value));
  if (shape.empty()) return c;
  Shape ones(shape.size(), 1);
  UOpPtr r = reshape(c, ones);
  return ones == shape ? r : expand(r, shape);
}

Tensor constFill(const Scalar& value, DType dtype, const Shape& shape, const Tensor& like,
                 bool weak) {
  return wrap(constFillUOp(value, dtype, shape), like, weak);
}

Tensor pyConst(const Scalar& value, const Tensor& like) {
  if (std::holds_alternative<bool>(value)) return constFill(value, dtypes::bool_, {}, like);
  bool isInt = std::holds_alternative<int64_t>(value);
  Tensor t = constFill(value, isInt ? dtypes::int32 : dtypes::float32, {}, like, true);
  TensorAccess::impl(t).pyValue = value;
  return t;
}

std::optional<Scalar> weakConstValue(const Tensor& t) {
  if (!t.isWeak()) return std::nullopt;
  if (auto v = TensorAccess::impl(t).pyValue) return v;
  if (auto v = constBase(t)) return toPyScalar(*v);
  return std::nullopt;
}

Tensor castTo(const Tensor& t, PromoType type) {
  if (promoType(t) == type) return t;
  DType d = materialize(type);
  if (t.dtype() == d) return wrap(t.uop(), t, isWeak(type));
  if (auto v = weakConstValue(t)) return constFill(*v, d, t.shape(), t, isWeak(type));
  return wrap(cast(t.uop(), d), t, isWeak(type));
}

Tensor toTensor(const TensorOrScalar& x, const Tensor& like) {
  return x.isTensor() ? x.tensor() : pyConst(x.scalar(), like);
}

int64_t floorDivInt(int64_t a, int64_t b) {
  int64_t q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

std::string pyTuple(const Ints& values) {
  return toString(Shape(values.begin(), values.end()));
}

std::string pyRepr(const Scalar& s) {
  if (auto* b = std::get_if<bool>(&s)) return *b ? "True" : "False";
  if (auto* i = std::get_if<int64_t>(&s)) return std::to_string(*i);
  double d = std::get<double>(s);
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  std::string r = fmt::format("{}", d);
  // Python prints whole floats with ".0".
  if (r.find_first_of(".en") == std::string::npos) r += ".0";
  return r;
}

Tensor toFloatType(const Tensor& t) {
  return castTo(t, leastUpperFloat(promoType(t)));
}

} // namespace uops::tensor_detail
