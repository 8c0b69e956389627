// Helpers shared by the symbolic rule sets (internal to core/symbolic).
#pragma once

#include "core/rewrite/rule.h"
#include "core/symbolic/int_value.h"

namespace uops::sym {

// A scalar integer (signed, unsigned or index) value.
inline bool isScalarInt(const UOp& u) {
  return u.dtype().isInt() && u.dtype().count == 1 && !u.dtype().isPtr;
}
inline bool isScalarIntDType(const DType& d) {
  return d.isInt() && d.count == 1 && !d.isPtr;
}
inline bool isScalarBool(const UOp& u) {
  return u.dtype().isBool() && u.dtype().count == 1;
}

// `r` in place of `root`, if that keeps shape and dtype (a rule must not turn
// a (3, 4) tensor into a scalar); else null, i.e. "no match".
inline UOpPtr keepShape(const UOp& root, UOpPtr r) {
  if (!r || r->dtype() != root.dtype() || r->shape() != root.shape()) return nullptr;
  return r;
}
// The integer (or bool) constant v in place of `root`, if root is a scalar.
inline UOpPtr constFor(const UOp& root, Int128 v) {
  if (!root.shape().empty() || root.dtype().count != 1 || root.dtype().isFloat()) return nullptr;
  return intConst(root.dtype(), v);
}
// The exact value of a captured Const.
inline Int128 cval(const Match& m, std::string_view name) {
  return *intValue(*m[name]);
}

} // namespace uops::sym

namespace uops::sym {

inline bool notConst(const UOp& u) {
  return u.op() != Op::Const;
}

// Patterns restricted to scalar integers: variables and constants.
inline UPat ivar(std::string name) {
  return UPat::var(std::move(name)).dtypeIf(isScalarIntDType);
}
inline UPat icvar(std::string name) {
  return UPat::cvar(std::move(name)).dtypeIf(isScalarIntDType);
}

} // namespace uops::sym
