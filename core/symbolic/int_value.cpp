#include "core/symbolic/int_value.h"

#include "core/ir/build.h"

namespace uops {

std::optional<Int128> intValue(const UOp& u) {
  if (u.op() != Op::Const || u.dtype().isFloat()) return std::nullopt;
  auto v = u.constValue();
  if (!v) return std::nullopt;
  if (const bool* b = std::get_if<bool>(&*v)) return wrapInt(u.dtype(), Int128(*b));
  // Normalized to the dtype: a uint32 Const built from -1 is 4294967295.
  if (const int64_t* i = std::get_if<int64_t>(&*v)) {
    if (u.dtype().scalar == ScalarType::UInt64) return Int128(static_cast<uint64_t>(*i));
    return wrapInt(u.dtype(), Int128(*i));
  }
  return std::nullopt; // a double in an integer Const: not well formed
}

Int128 wrapInt(const DType& d, Int128 v) {
  if (d.isBool()) return v != 0;
  int bits = d.bits();
  unsigned __int128 mask = (static_cast<unsigned __int128>(1) << bits) - 1;
  unsigned __int128 low = static_cast<unsigned __int128>(v) & mask;
  if (d.isUnsigned()) return static_cast<Int128>(low);
  unsigned __int128 sign = static_cast<unsigned __int128>(1) << (bits - 1);
  if (low & sign) return static_cast<Int128>(low) - (static_cast<Int128>(1) << bits);
  return static_cast<Int128>(low);
}

bool fitsInt(const DType& d, Int128 v) {
  return wrapInt(d, v) == v;
}

bool isIntConst(const UOp& u, const DType& d, Int128 v) {
  return u.op() == Op::Const && u.dtype() == d.scalarType() &&
         argEqual(u.arg(), toArg(intConstValue(d.scalarType(), wrapInt(d, v))));
}

ConstValue intConstValue(const DType& d, Int128 v) {
  if (d.isBool()) return ConstValue(v != 0);
  // uint64 above INT64_MAX is stored by its bit pattern (see ConstValue).
  return ConstValue(static_cast<int64_t>(static_cast<uint64_t>(static_cast<unsigned __int128>(v))));
}

UOpPtr intConst(const DType& d, Int128 v) {
  DType s = d.scalarType();
  return constant(s, intConstValue(s, wrapInt(s, v)));
}

} // namespace uops
