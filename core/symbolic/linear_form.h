// LinearForm: an integer expression as a sum of terms, c1*t1 + c2*t2 + ... + k.
//
// Add and multiplication by a constant distribute, so (x+1)*4 + y is
// 4*x + 1*y + 4. Integers of a fixed width form a ring modulo 2^bits, where
// these identities hold even when the arithmetic wraps; coefficients are kept
// wrapped to the dtype. Whether the expression's value equals the sum as a
// mathematical integer (no wrap) is a separate question, answered by its
// exact interval: when the sum over the terms' min_max fits the dtype, it
// cannot have wrapped, and division rules may rely on it.
//
// The canonical node of a form: terms sorted by structure (compareStructure),
// like terms merged, summed left to right, the constant last, coefficient 1
// left out: ((x*4 + y) + z*-1) + 3.
#pragma once

#include "core/symbolic/int_value.h"

#include <optional>
#include <vector>

namespace uops {

struct LinearTerm {
  UOpPtr node;
  Int128 coef; // wrapped to the form's dtype, never 0
};

struct LinearForm {
  DType dtype;
  std::vector<LinearTerm> terms; // sorted by structure, distinct nodes
  Int128 constant = 0;
};

// An interval of mathematical integers (saturated far outside every dtype).
struct Interval {
  Int128 lo = 0, hi = 0;
};

// The form of an integer expression; nullopt for non-integer dtypes or when
// more than `budget` nodes would have to be looked at (keeps rules cheap on
// long sums).
std::optional<LinearForm> linearize(const UOpPtr& e, size_t budget = 64);

// The canonical node of a form. `like` (optional) is a node whose left spine
// may already hold a prefix of the result (the sum before a term was added):
// those nodes are reused instead of interned again.
UOpPtr buildLinear(const LinearForm& form, const UOpPtr* like = nullptr);
// Is `e` already the node buildLinear(form) would make? (No nodes are built.)
bool isCanonical(const UOp& e, const LinearForm& form);

// Is the Add `e` the canonical node of its own form? The same answer as
// isCanonical(e, *linearize(e)) for any length, found along the sum's spine
// without building or sorting the form.
bool isCanonicalSum(const UOp& e);

// Whether two forms have the same terms (nodes and coefficients), whatever
// their constants: sums that differ by a constant.
bool sameTerms(const LinearForm& a, const LinearForm& b);
// The coefficient of `node`'s term in `form` (terms are distinct nodes); 0
// when it has none (the node does not occur, or only under a division or a
// modulo).
int64_t coefficientOf(const LinearForm& form, const UOp& node);

// The exact interval of the sum over its terms' min_max.
Interval exactRange(const LinearForm& form);
bool fits(const DType& d, const Interval& i);

// Saturating arithmetic for intervals.
Int128 satAdd(Int128 a, Int128 b);
Int128 satMul(Int128 a, Int128 b);

} // namespace uops
