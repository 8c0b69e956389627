// A kernel name's parts explained: "r_64_64_16" is a kernel with a reduction
// whose ranges, outermost first, have sizes 64, 64 and 16, each of an AxisType.
#pragma once

#include "core/opt/kernel_ranges.h"

#include <string>

namespace uops::docs {

// Rich text: the prefix's meaning, then one row per range: size, letter,
// AxisType and its meaning.
std::string kernelNameHtml(const KernelName& name);

} // namespace uops::docs
