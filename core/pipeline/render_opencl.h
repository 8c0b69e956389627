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
#include "core/pipeline/memory_plan.h"
#include "core/pipeline/vector_access.h"

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

struct RenderedOpenCl {
  std::string source;            // the whole program: helpers and the kernel
  std::string function;          // the __kernel's name
  std::vector<int64_t> grid;     // global size per dimension (dimension 0 first); empty: one work-item
  std::vector<int64_t> local;    // workgroup size per dimension; empty: the driver chooses
  bool needsFp64 = false;        // uses double: the device must have cl_khr_fp64
  // built for a quick compile (openClBuildOptions): a small kernel on a driver
  // that compiles it at its first launch (apply_opt.h: kSmallGridItems)
  bool quickBuild = false;
  // Set by the device that builds it: behind a dispatcher (the OpenCL backend's
  // cl_schedule_program.h), the case number `function` takes first and the
  // buffer arguments it takes; -1: a __kernel of its own.
  int dispatchCase = -1;
  int dispatchBuffers = 0;
  // What `source` is made of, for programs that hold several kernels: the
  // helper definitions it needs (each a whole definition, in source order) and
  // the offset of the `__kernel` line; source.substr(kernelOffset) is the
  // kernel, which calls only those helpers.
  std::vector<std::string> helpers{};
  size_t kernelOffset = 0;
  // One entry per line of `source`: the node of the Linear that produced the
  // line, or null (helpers, the signature, register arrays, braces). The
  // nodes are the Linear's; they live as long as it does.
  std::vector<const UOp*> lineNodes{};
};

// `vectorAccess`: which of an UPCAST's consecutive lanes load and store as
// vloadN / vstoreN (vector_access.h); vectorAccessFor() says where
// that helps.
RenderedOpenCl renderOpenCl(const UOpPtr& linear, const KernelMemoryPlan& plan, VectorAccess vectorAccess,
                            std::string_view kernelName);

} // namespace uops
