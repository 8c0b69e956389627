#include "core/numpy/np_elementwise.h"

#include "core/frontend/script_error.h"
#include "core/numpy/np_matmul.h"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>

namespace uops::numpy {

using frontend::BinaryOp;
using frontend::ScriptError;
using frontend::UnaryOp;

namespace {

std::string broadcastText(const NpShape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i)
    out += (i ? "," : "") + std::to_string(s[i]);
  return out + (s.size() == 1 ? ",)" : ")");
}

// The dtype a weak operand has when every operand is weak: a Python float
// is float64, an int int64.
NpType strongType(Operand a) { return a.array.dtype; }

int64_t asInt(double v) { return static_cast<int64_t>(v); }

double floorDiv(double x, double y, bool integer) {
  if (integer) {
    if (y == 0) return 0; // numpy warns and gives 0
    int64_t a = asInt(x), b = asInt(y);
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return static_cast<double>(q);
  }
  if (y == 0) return x / y;
  // Python's float_floor_div
  double m = std::fmod(x, y);
  double d = (x - m) / y;
  if (m != 0 && ((y < 0) != (m < 0))) d -= 1.0;
  if (d == 0) return std::copysign(0.0, x / y);
  double f = std::floor(d);
  return d - f > 0.5 ? f + 1.0 : f;
}

double pyMod(double x, double y, bool integer) {
  if (integer) {
    if (y == 0) return 0;
    int64_t a = asInt(x), b = asInt(y);
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return static_cast<double>(r);
  }
  if (y == 0) return std::nan("");
  double m = std::fmod(x, y);
  if (m != 0 && ((y < 0) != (m < 0))) m += y;
  if (m == 0) m = std::copysign(0.0, y);
  return m;
}

double intPow(double x, double y) {
  if (y < 0) throw ScriptError("Integers to negative integer powers are not allowed.");
  int64_t base = asInt(x), e = asInt(y);
  uint64_t acc = 1, b = static_cast<uint64_t>(base); // wraps as numpy's int64 does
  while (e > 0) {
    if (e & 1) acc *= b;
    b *= b;
    e >>= 1;
  }
  return static_cast<double>(static_cast<int64_t>(acc));
}

} // namespace

NpShape broadcastShapes(const NpShape& a, const NpShape& b) {
  size_t n = std::max(a.size(), b.size());
  NpShape out(n, 1);
  for (size_t i = 0; i < n; ++i) {
    int64_t da = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t db = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (da != db && da != 1 && db != 1)
      throw ScriptError(fmt::format("operands could not be broadcast together with shapes {} {}",
                                    broadcastText(a), broadcastText(b)));
    out[i] = da == 1 ? db : da;
  }
  return out;
}

NdArray broadcastTo(const NdArray& a, const NpShape& shape) {
  if (a.shape == shape) return a;
  if (broadcastShapes(a.shape, shape) != shape)
    throw ScriptError(fmt::format("operands could not be broadcast together with remapped shapes "
                                  "[original->remapped]: {} and requested shape {}",
                                  broadcastText(a.shape), broadcastText(shape)));
  size_t n = shape.size(), lead = n - a.shape.size();
  NpShape inStrides = stridesOf(a.shape);
  NpShape outStrides = stridesOf(shape);
  int64_t count = elementCount(shape);
  NdArray out{a.dtype, shape, std::vector<double>(static_cast<size_t>(count))};
  for (int64_t flat = 0; flat < count; ++flat) {
    int64_t src = 0, rest = flat;
    for (size_t d = 0; d < n; ++d) {
      int64_t idx = rest / outStrides[d];
      rest %= outStrides[d];
      if (d >= lead && a.shape[d - lead] != 1) src += idx * inStrides[d - lead];
    }
    out.data[static_cast<size_t>(flat)] = a.data[static_cast<size_t>(src)];
  }
  return out;
}

NpType resultType(Operand a, Operand b) {
  if (a.weak == b.weak) return promote(strongType(a), strongType(b));
  if (a.weak) return promoteWithScalar(b.array.dtype, a.array.dtype);
  return promoteWithScalar(a.array.dtype, b.array.dtype);
}

NdArray combine(Operand a, Operand b, NpType out, const std::function<double(double, double)>& fn) {
  NpShape shape = broadcastShapes(a.array.shape, b.array.shape);
  NdArray x = broadcastTo(a.array, shape);
  NdArray y = broadcastTo(b.array, shape);
  NdArray r{out, shape, std::vector<double>(x.data.size())};
  for (size_t i = 0; i < r.data.size(); ++i)
    r.data[i] = castTo(out, fn(x.data[i], y.data[i]));
  return r;
}

NdArray mapValues(const NdArray& a, NpType out, const std::function<double(double)>& fn) {
  NdArray r{out, a.shape, std::vector<double>(a.data.size())};
  for (size_t i = 0; i < r.data.size(); ++i)
    r.data[i] = castTo(out, fn(a.data[i]));
  return r;
}

NdArray binaryOp(BinaryOp op, Operand a, Operand b) {
  NpType t = resultType(a, b);
  bool integer = !isFloat(t);
  bool f32 = t == NpType::Float32;
  switch (op) {
  case BinaryOp::Add:
    return combine(a, b, t, [](double x, double y) { return x + y; });
  case BinaryOp::Sub:
    if (t == NpType::Bool)
      throw ScriptError("numpy boolean subtract, the `-` operator, is not supported, use the "
                        "bitwise_xor, the `^` operator, or the logical_xor function instead.");
    return combine(a, b, t, [](double x, double y) { return x - y; });
  case BinaryOp::Mul: return combine(a, b, t, [](double x, double y) { return x * y; });
  case BinaryOp::TrueDiv: {
    NpType out = isFloat(t) ? t : NpType::Float64;
    return combine(a, b, out, [](double x, double y) { return x / y; });
  }
  case BinaryOp::FloorDiv:
    return combine(a, b, t == NpType::Bool ? NpType::Int64 : t,
                   [integer](double x, double y) { return floorDiv(x, y, integer); });
  case BinaryOp::Mod:
    return combine(a, b, t == NpType::Bool ? NpType::Int64 : t,
                   [integer](double x, double y) { return pyMod(x, y, integer); });
  case BinaryOp::Pow:
    if (integer) return combine(a, b, t == NpType::Bool ? NpType::Int64 : t, intPow);
    if (f32)
      return combine(a, b, t, [](double x, double y) {
        return static_cast<double>(std::pow(static_cast<float>(x), static_cast<float>(y)));
      });
    return combine(a, b, t, [](double x, double y) { return std::pow(x, y); });
  case BinaryOp::BitAnd:
  case BinaryOp::BitOr:
  case BinaryOp::BitXor:
  case BinaryOp::LShift:
  case BinaryOp::RShift: {
    if (!integer)
      throw ScriptError(fmt::format("ufunc '{}' not supported for the input types",
                                    op == BinaryOp::BitAnd ? "bitwise_and"
                                    : op == BinaryOp::BitOr ? "bitwise_or"
                                    : op == BinaryOp::BitXor ? "bitwise_xor"
                                    : op == BinaryOp::LShift ? "left_shift" : "right_shift"));
    return combine(a, b, t, [op](double x, double y) {
      int64_t p = asInt(x), q = asInt(y);
      switch (op) {
      case BinaryOp::BitAnd: return static_cast<double>(p & q);
      case BinaryOp::BitOr: return static_cast<double>(p | q);
      case BinaryOp::BitXor: return static_cast<double>(p ^ q);
      case BinaryOp::LShift: return static_cast<double>(q >= 64 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(p) << q));
      default: return static_cast<double>(q >= 64 ? (p < 0 ? -1 : 0) : p >> q);
      }
    });
  }
  case BinaryOp::Eq: return combine(a, b, NpType::Bool, [](double x, double y) { return x == y ? 1.0 : 0.0; });
  case BinaryOp::Ne: return combine(a, b, NpType::Bool, [](double x, double y) { return x != y ? 1.0 : 0.0; });
  case BinaryOp::Lt: return combine(a, b, NpType::Bool, [](double x, double y) { return x < y ? 1.0 : 0.0; });
  case BinaryOp::Le: return combine(a, b, NpType::Bool, [](double x, double y) { return x <= y ? 1.0 : 0.0; });
  case BinaryOp::Gt: return combine(a, b, NpType::Bool, [](double x, double y) { return x > y ? 1.0 : 0.0; });
  case BinaryOp::Ge: return combine(a, b, NpType::Bool, [](double x, double y) { return x >= y ? 1.0 : 0.0; });
  case BinaryOp::MatMul: return matmul(a.array, b.array);
  }
  return a.array;
}

NdArray unaryOp(UnaryOp op, const NdArray& a) {
  switch (op) {
  case UnaryOp::Neg:
    if (a.dtype == NpType::Bool)
      throw ScriptError("The numpy boolean negative, the `-` operator, is not supported, use the "
                        "`~` operator or the logical_not function instead.");
    return mapValues(a, a.dtype, [](double x) { return -x; });
  case UnaryOp::Pos: return a;
  case UnaryOp::Abs: return mapValues(a, a.dtype, [](double x) { return std::fabs(x); });
  case UnaryOp::Invert:
    if (a.dtype == NpType::Bool) return mapValues(a, a.dtype, [](double x) { return x == 0 ? 1.0 : 0.0; });
    if (isFloat(a.dtype)) throw ScriptError("ufunc 'invert' not supported for the input types");
    return mapValues(a, a.dtype, [](double x) { return static_cast<double>(~asInt(x)); });
  }
  return a;
}

} // namespace uops::numpy
