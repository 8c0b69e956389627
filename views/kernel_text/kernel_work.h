// A kernel's work (core/pipeline/kernel_flops.h), by the names the views use.
#pragma once

#include "core/pipeline/kernel_flops.h"

namespace uops::views {

using uops::KernelWork;
using uops::kernelWork;

} // namespace uops::views
