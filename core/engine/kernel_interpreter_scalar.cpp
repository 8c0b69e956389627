// Element laws for the kernel interpreter, on top of core/runtime's.
#include "core/engine/kernel_interpreter_impl.h"

#include "core/runtime/float_convert.h"
#include "core/runtime/scalar_ops.h"

#include <bit>
#include <cstring>

namespace uops::kernel_interp {

Scalar constScalar(const UOp& c) {
  Scalar s;
  ConstValue v = *c.constValue();
  if (const bool* b = std::get_if<bool>(&v)) s.bits = *b;
  else if (const int64_t* i = std::get_if<int64_t>(&v)) s.bits = static_cast<uint64_t>(*i);
  else s.f = std::get<double>(v);
  if (c.dtype().isFloat()) {
    if (const int64_t* i = std::get_if<int64_t>(&v)) s.f = static_cast<double>(*i);
    s.f = roundToFloatType(c.dtype().scalar, s.f);
  } else if (!c.dtype().isBool()) {
    s.bits = wrapToInt(c.dtype().scalar, s.bits);
  }
  return s;
}

bool truthy(DType d, Scalar v) { return d.isFloat() ? v.f != 0 || v.f != v.f : v.bits != 0; }

int64_t asIndex(DType d, Scalar v) {
  return d.isFloat() ? static_cast<int64_t>(v.f) : static_cast<int64_t>(v.bits);
}

Scalar castScalar(DType from, DType to, Scalar v) {
  Scalar out;
  ScalarType t = to.scalar;
  if (to.isBool()) {
    out.bits = truthy(from, v);
  } else if (to.isFloat()) {
    if (from.isFloat()) out.f = roundToFloatType(t, v.f);
    else if (isSignedInt(from.scalar)) out.f = intToFloatType(t, static_cast<int64_t>(v.bits));
    else out.f = uintToFloatType(t, v.bits);
  } else {
    out.bits = from.isFloat() ? floatToIntBits(t, v.f) : wrapToInt(t, v.bits);
  }
  return out;
}

namespace {

uint64_t rawBits(DType d, Scalar v) {
  switch (d.scalar) {
  case ScalarType::Float16: return halfFromDouble(v.f);
  case ScalarType::BFloat16: return bfloat16FromDouble(v.f);
  case ScalarType::Float32: return std::bit_cast<uint32_t>(static_cast<float>(v.f));
  case ScalarType::Float64: return std::bit_cast<uint64_t>(v.f);
  default: break;
  }
  int bits = d.bits();
  return bits >= 64 ? v.bits : v.bits & ((uint64_t{1} << bits) - 1);
}

Scalar fromRawBits(DType d, uint64_t raw) {
  Scalar s;
  switch (d.scalar) {
  case ScalarType::Float16: s.f = halfToDouble(static_cast<uint16_t>(raw)); return s;
  case ScalarType::BFloat16: s.f = bfloat16ToDouble(static_cast<uint16_t>(raw)); return s;
  case ScalarType::Float32: s.f = std::bit_cast<float>(static_cast<uint32_t>(raw)); return s;
  case ScalarType::Float64: s.f = std::bit_cast<double>(raw); return s;
  default: break;
  }
  s.bits = wrapToInt(d.scalar, raw);
  return s;
}

} // namespace

Scalar bitcastScalar(DType from, DType to, Scalar v) { return fromRawBits(to, rawBits(from, v)); }

Scalar applyOp(Op op, DType operand, DType result, const Scalar* in, size_t n) {
  Scalar out;
  auto bits = [&](size_t k) { return k < n ? in[k].bits : uint64_t{0}; };
  auto f = [&](size_t k) { return k < n ? in[k].f : 0.0; };
  if (isComparison(op) || op == Op::Not) {
    out.bits = operand.isFloat() ? floatCompare(op, f(0), f(1)) : intCompare(op, operand.scalar, bits(0), bits(1));
    return out;
  }
  if (result.isFloat()) out.f = floatOp(op, result.scalar, f(0), f(1), f(2));
  else out.bits = intOp(op, result.scalar, bits(0), bits(1), bits(2));
  return out;
}

Scalar reduceIdentity(Op reduceOp, DType d) {
  Scalar s;
  if (d.isFloat()) s.f = floatIdentity(reduceOp);
  else s.bits = intIdentity(reduceOp, d.scalar);
  return s;
}

} // namespace uops::kernel_interp
