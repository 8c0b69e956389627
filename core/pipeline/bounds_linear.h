// The bounds check's third proof, for index math over many points: a gate
// that bounds sums of ranges (as a padded convolution's gate bounds h+kh and
// w+kw) bounds every index that contains those sums with one coefficient.
// With the index as a linear form c1*t1 + ... + k, each gate bound lo <= L <= hi
// on a linear L whose terms all appear in the index as lambda times L's
// coefficients is taken out of the index as lambda*[lo, hi]; the rest is
// bounded by min_max (or, with few points, by trying them). An index `e % c` is e itself when e lies in [0, c).
#pragma once

#include "core/ir/minmax.h"
#include "core/ir/uop.h"

#include <optional>

namespace uops {

// The interval of `idx` at points where `gate` holds, or nullopt when this
// proof has nothing to add.
std::optional<MinMax> linearRangeUnderGate(const UOpPtr& idx, const UOpPtr& gate);

// The interval of `idx` (with no gate) as its linear form's constant plus
// each term's own range, exact for terms of few points: the index of a
// transposed convolution's gradient, base + (e) % 3 * 2145 with e >= 0 at
// every point but not provably so by intervals, is bounded term by term when
// the whole index has too many points to try. nullopt: not integer or too long.
std::optional<MinMax> termwiseRange(const UOpPtr& idx);

// Whether gate atom g is `(a < b) != true`, a negated comparison, as the gates
// of padded windows write `a >= b`.
bool isNegatedLess(const UOp& g);

} // namespace uops
