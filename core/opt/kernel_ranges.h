// The ranges of a kernel AST in nesting order, and the kernel's display name
// built from them: what OptOps address by axis number and what every view
// shows as the kernel's identity.
#pragma once

#include "core/ir/axis_type.h"
#include "core/ir/uop.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace uops {

// Where a range of this type nests, outermost first (the order loops open and
// the order a kernel name lists its sizes): parallel dimensions outside,
// sequential loops, reductions, register-level axes innermost.
int axisNestOrder(AxisType type);

// Ranges nest in the order of (axisNestOrder(type), id): true if a opens outside b.
bool rangeNestsOutside(const UOp& a, const UOp& b);

// A number that orders ranges as they nest: nestKey(a) < nestKey(b) exactly
// when rangeNestsOutside(a, b) (ids below 2^40).
int64_t nestKey(const UOp& range);

// A Range's bound when it is a constant; nullopt for a symbolic one.
std::optional<int64_t> constBound(const UOp& range);

// Every Range of the kernel, sorted by (axisNestOrder, id).
std::vector<UOpPtr> kernelRanges(const UOpPtr& ast);

// The display name, tinygrad's way: "r" for a kernel with a reduction, "E"
// otherwise, then each range's size in nesting order: r_64_64_16. `letters`
// holds each range's AxisType letter in the same order ("LLR"), so a view can
// color the sizes.
struct KernelName {
  std::string text;
  std::string letters;
  std::vector<int64_t> sizes;
  std::vector<AxisType> types;
};
KernelName kernelName(const UOpPtr& ast);

// A kernel's identity wherever it is shown: its place in the schedule and its
// name after Optimize, "#2 r_4_3_6" (two kernels may share a name, never a
// place). Kernel stages before Optimize are labelled with the same name.
std::string kernelLabel(size_t index, std::string_view name);

// The output ranges (LOOP or GLOBAL) some reduction of the kernel does not
// depend on: that reduction is computed outside their loops, once for all
// their iterations (a row kernel's in-row loops, outside which a softmax's max
// and sum are computed once per row).
std::unordered_set<const UOp*> rangesOutsideAReduction(const UOpPtr& ast);

// The product of the sizes of the kernel's UPCAST and UNROLL ranges: the
// copies Expand makes of each value (1 without them).
int64_t expansionOf(const UOpPtr& ast);

} // namespace uops
