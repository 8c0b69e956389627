// Pow(b, e) in primitives, as Instruction Selection puts it in place of the
// spec's decomposed Pow: Exp2(Log2(b) * e) with tinygrad's semantics around
// it. 1^e is 1; a constant exponent c is simplified first: c < 0 is (1/b)^-c, c = 0 is 1,
// n + 0.5 is b^n * Sqrt(b), an integer is repeated squaring (exact products,
// as x ** 2 == x * x). Otherwise |b|^e, where a negative base gives NaN for a
// non-integer e (-inf gives +inf) and the negated power for an odd e, and
// e = 0 gives 1. Scalar float dtypes (codegen calls it on ()-shaped values).
//
// The Tensor API keeps Pow whole so its gradient is Pow's own (d/db =
// e * b^(e-1), 0 where e = 0; d/de = b^e ln b, 0 or -inf where b = 0), as in
// tinygrad, which simplifies the exponent only after differentiating.
#pragma once

#include "core/ir/uop.h"

namespace uops {

UOpPtr decomposePow(const UOpPtr& base, const UOpPtr& exponent);

} // namespace uops
