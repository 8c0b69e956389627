// Cast: casts that change nothing. (Casts of constants fold in pmSymbolicFold.)
#include "core/symbolic/symbolic.h"

#include "core/ir/build.h"
#include "core/symbolic/symbolic_util.h"

#include <algorithm>

namespace uops {
namespace {
using namespace sym;

// Every value of `from` is a value of `to` (scalar types; numpy's can_cast
// "safe" without the integer -> float entries that lose bits, as tinygrad's
// can_lossless_cast). The index type stays out: its casts are the indexing
// rules' business.
bool holdsEvery(ScalarType to, ScalarType from) {
  using S = ScalarType;
  if (to == from || from == S::Bool) return true;
  auto in = [from](std::initializer_list<S> set) { return std::find(set.begin(), set.end(), from) != set.end(); };
  switch (to) {
  case S::Float64:
    return in({S::Float32, S::Float16, S::BFloat16, S::UInt32, S::UInt16, S::UInt8, S::Int32, S::Int16, S::Int8});
  case S::Float32:
    return in({S::Float16, S::BFloat16, S::UInt16, S::UInt8, S::Int16, S::Int8});
  case S::Float16:
    return in({S::UInt8, S::Int8});
  case S::UInt64:
    return in({S::UInt32, S::UInt16, S::UInt8});
  case S::UInt32:
    return in({S::UInt16, S::UInt8});
  case S::UInt16:
    return in({S::UInt8});
  case S::Int64:
    return in({S::UInt32, S::UInt16, S::UInt8, S::Int32, S::Int16, S::Int8});
  case S::Int32:
    return in({S::UInt16, S::UInt8, S::Int16, S::Int8});
  case S::Int16:
    return in({S::UInt8, S::Int8});
  default:
    return false;
  }
}

bool widens(const DType& from, const DType& to) {
  if (from.isPtr || to.isPtr || from.scalar == ScalarType::Index || to.scalar == ScalarType::Index) return false;
  return holdsEvery(to.scalar, from.scalar);
}

} // namespace

const PatternMatcher& pmSymbolicCast() {
  static const PatternMatcher pm{
      // cast(x, dtype(x)) -> x
      rule("cast to own dtype", UPat::op(Op::Cast, {UPat::var("x")}),
           [](const Match& m) -> UOpPtr {
             return m["x"]->dtype() == m.root()->dtype() ? m["x"] : nullptr;
           }),
      // cast(cast(x, wide), dtype(x)) -> x when the inner cast loses nothing
      rule("cast back from wider",
           UPat::op(Op::Cast, {UPat::op(Op::Cast, {UPat::var("x")}).named("inner")}),
           [](const Match& m) -> UOpPtr {
             const DType from = m["x"]->dtype(), wide = m["inner"]->dtype();
             return from == m.root()->dtype() && widens(from, wide) ? m["x"] : nullptr;
           }),
      // cast(cast(x, wide), b) -> cast(x, b) when the inner cast loses nothing:
      // one rounding either way (float32 -> float64 -> half is float32 -> half)
      rule("cast through wider",
           UPat::op(Op::Cast, {UPat::op(Op::Cast, {UPat::var("x")}).named("inner")}),
           [](const Match& m) -> UOpPtr {
             const DType from = m["x"]->dtype(), wide = m["inner"]->dtype(), to = m.root()->dtype();
             if (from == to || !widens(from, wide) || to.isPtr || to.scalar == ScalarType::Index) return nullptr;
             return keepShape(*m.root(), cast(m["x"], to));
           }),
  };
  return pm;
}

} // namespace uops
