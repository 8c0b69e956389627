#include "core/ir/reduce_identity.h"

#include "core/ir/build.h"

#include <limits>

namespace uops {

UOpPtr reduceIdentity(Op op, DType d) {
  if (d.isBool()) return constant(d, op == Op::Mul);
  if (op == Op::Add) return constant(d, d.isFloat() ? ConstValue(0.0) : ConstValue(int64_t{0}));
  if (op == Op::Mul) return constant(d, d.isFloat() ? ConstValue(1.0) : ConstValue(int64_t{1}));
  if (d.isFloat()) return constant(d, -std::numeric_limits<double>::infinity());
  if (d.isUnsigned()) return constant(d, int64_t{0});
  return constant(d, static_cast<int64_t>(~uint64_t(0) << (d.bits() - 1)));
}

} // namespace uops
