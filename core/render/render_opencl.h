// Render for OpenCL devices: a Linear as one OpenCL C kernel. Plain text
// generation; no OpenCL headers in core.
//
//   __kernel void <name>(__global float* restrict data0, __global const float* restrict data1, ...)
//
// Special thread indices (grid_specials.h) are the launch grid: gidx<d>,
// lidx<d> and idx<d> read get_group_id, get_local_id and get_global_id; the
// launch sizes are theirs (`grid`, `local`). Every Range left is a for loop;
// LOCAL Buffers are __local arrays at kernel scope and Barrier is
// barrier(CLK_LOCAL_MEM_FENCE). Values are C locals named after their node.
//
// Semantics are the reference evaluator's, op for op, as in render_llvm.h:
//   integer + and * wrap (computed unsigned), x/0 = x%0 = 0 and MIN/-1 = MIN,
//   shifts mask their amount, Max propagates NaN and orders +0 above -0,
//   float -> int casts saturate (NaN -> 0), int -> float rounds to nearest,
//   float Idiv and Mod are trunc(a/b) and fmod; division and sqrt are
//   correctly rounded (build with kOpenClBuildOptions).
// float16 and bfloat16 are refused with CodegenError (stage "Render").
#pragma once


#include "core/ir/uop.h"
#include "core/render/memory_plan.h"
#include "core/render/vector_access.h"
#include "core/render/rendered_kernel.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

// Options every build of a rendered kernel needs for exact float results.
inline constexpr const char* kOpenClBuildOptions = "-cl-fp32-correctly-rounded-divide-sqrt";
// A quickBuild kernel's: the same without the driver's optimizations.
inline constexpr const char* kOpenClQuickBuildOptions = "-cl-fp32-correctly-rounded-divide-sqrt -cl-opt-disable";
inline const char* openClBuildOptions(bool quickBuild) {
  return quickBuild ? kOpenClQuickBuildOptions : kOpenClBuildOptions;
}

// The kernel as OpenCL C: `function` and `entry` are the __kernel's name,
// `global` and `local` its launch grid (empty global: one work-item), the
// helper definitions and kernelOffset as rendered_kernel.h says; a kernel
// that uses double needs "cl_khr_fp64".
// `vectorAccess`: which of an UPCAST's consecutive lanes load and store as
// vloadN / vstoreN (vector_access.h); vectorAccessFor() says where
// that helps.
RenderedKernel renderOpenCl(const UOpPtr& linear, const KernelMemoryPlan& plan, VectorAccess vectorAccess,
                            std::string_view kernelName);

} // namespace uops
