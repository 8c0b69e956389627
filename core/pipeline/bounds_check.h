// Bounds check: before a kernel runs, every access to a Param buffer is proven
// in bounds from the min_max of its index. A gated access (a Load with an alt
// and a gate, a Store with a gate) is proven under its gate: comparisons of an
// index subexpression with a constant (x < c, c < x, their negations, x != an
// end of x's range), joined by And, narrow that subexpression's interval first.
// A gate that never holds makes its access safe. What intervals cannot prove
// is tried point by point when the ranges involved are small
// (bounds_enumerate.h); when there are too many, each term of the index's
// linear form is bounded by its own points (bounds_linear.h). A kernel with an access that
// cannot be proven is refused with an error naming the kernel, the Param slot
// and the index expression.
#pragma once

#include "core/ir/uop.h"
#include "core/render/codegen_error.h"

#include <string>
#include <string_view>
#include <vector>

namespace uops {

struct BoundsViolation {
  int64_t slot = 0;
  bool write = false;
  std::string index; // the offset as renderExpr prints it
  MinMax range;      // what min_max proves about it (under the gate)
  int64_t size = 0;  // elements in the buffer
};

// The unprovable accesses of a kernel AST (or Linear), in toposort order.
std::vector<BoundsViolation> findUnsafeAccesses(const UOpPtr& kernel);

// "kernel E_16: store to Param 0 may be out of bounds: index r0+1 lies in [1, 16],
// the buffer has 16 elements"
std::string describe(const BoundsViolation& v, std::string_view kernelName);

class BoundsError : public CodegenError {
public:
  BoundsError(std::string kernel, std::vector<BoundsViolation> violations);
  const std::string& kernel() const { return m_kernel; }
  const std::vector<BoundsViolation>& violations() const { return m_violations; }

private:
  std::string m_kernel;
  std::vector<BoundsViolation> m_violations;
};

// Whether `x` lies in [lo, hi] wherever `gate` holds (the interval and linear
// proofs above, without trying points; a gate that never holds proves anything).
bool provenUnderGate(const UOpPtr& x, const UOpPtr& gate, int64_t lo, int64_t hi);

// The kernel with every access no proof above shows in bounds, and no point
// shows out of bounds, gated by 0 <= index < size (and its own gate): a Load
// there reads its alternative (0 when it had none), a Store writes nothing. A
// valid program's index lies in bounds anyway, where the proofs cannot see it
// (correlated terms over too many points); such a kernel runs instead of being
// refused. Accesses out of bounds at some point stay as they are.
UOpPtr guardUnprovenAccesses(const UOpPtr& kernel);

// Throws BoundsError (its message describes the first violation) if any access
// cannot be proven in bounds.
void checkBounds(const UOpPtr& kernel, std::string_view kernelName);

} // namespace uops
