// Internal to kernel_interpreter*.cpp: scalars and the element laws on them.
#pragma once

#include "core/ir/dtype.h"
#include "core/ir/uop.h"

#include <cstdint>

namespace uops::kernel_interp {

// One element: floats as a double holding a value of their dtype, integers and
// bools as 64-bit two's complement bits (sign-extended for signed dtypes), the
// convention of scalar_ops.h.
struct Scalar {
  double f = 0;
  uint64_t bits = 0;
};

Scalar constScalar(const UOp& c);
// op on operands of dtype `operand`, giving dtype `result` (bool for comparisons).
Scalar applyOp(Op op, DType operand, DType result, const Scalar* in, size_t n);
Scalar castScalar(DType from, DType to, Scalar v);
Scalar bitcastScalar(DType from, DType to, Scalar v);
bool truthy(DType d, Scalar v);
int64_t asIndex(DType d, Scalar v);
Scalar reduceIdentity(Op reduceOp, DType d);

} // namespace uops::kernel_interp
