// What the hand-coded heuristics (heuristics.h, gpu_heuristics.h) read from a
// kernel: its axes with their types and sizes, and how its loads depend on
// them (a value reused across an axis, elements read consecutively along it).
#pragma once

#include "core/ir/axis_type.h"
#include "core/ir/uop.h"

#include <cstdint>
#include <vector>

namespace uops {

// One range of the kernel: its axis number (what an OptOp addresses), type
// and constant size (0 when symbolic).
struct KernelAxis {
  int index;
  UOpPtr range;
  AxisType type;
  int64_t size;
};

// Every axis in the order OptOps number them (kernelRanges).
std::vector<KernelAxis> kernelAxes(const UOpPtr& ast);

// An output axis: one element of the result per index (LOOP or GLOBAL).
bool isOutputType(AxisType t);

// The output axes of more than one element among `axes`, innermost first.
std::vector<KernelAxis> outputAxesInnermostFirst(const std::vector<KernelAxis>& axes);

// Whether some load's index does not depend on `r` (its value is reused
// across the axis) while it does depend on `tiled` (when given): the second
// axis of a register tile must reuse a load the first one does not.
bool loadReusedAcross(const UOpPtr& ast, const UOp& r, const UOp* tiled = nullptr);

// Whether the Load or Store `access` reads or writes consecutive elements
// along `r`: `r` is a term of its index's linear form with coefficient one.
bool accessConsecutiveAlong(const UOp& access, const UOp& r);
// Whether some load of the kernel does.
bool loadReadsConsecutivelyAlong(const UOpPtr& ast, const UOp& r);

// Whether some load's gate depends on `r` (a convolution's padded window:
// the gate tests the window position, so it changes along the window's axes).
bool loadGatedAlong(const UOpPtr& ast, const UOp& r);

// Iterations of the whole kernel, saturated at 2^32 (a size may be huge).
int64_t kernelIterations(const std::vector<KernelAxis>& axes);

} // namespace uops
