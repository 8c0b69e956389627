// LoweredKernel: one kernel as the stages after Rangeify leave it
// (core/pipeline/codegen.h runs them): its target, OptOps, the snapshot after
// each stage, the Linear and memory plan the renderer writes from, and the
// RenderedKernel. The Renderer (renderer.h) renders it and a Device
// (core/engine/device.h) compiles it, so it lives below both.
#pragma once

#include "core/ir/uop.h"
#include "core/ir/variable.h"
#include "core/opt/kernel_ranges.h"
#include "core/opt/opt.h"
#include "core/remarks/remark.h"
#include "core/render/codegen_target.h"
#include "core/render/memory_plan.h"
#include "core/render/rendered_kernel.h"

#include <optional>
#include <string>
#include <vector>

namespace uops {

struct StageSnapshot {
  std::string stage; // the spec's stage name: "Optimize", "Expand", ...
  UOpPtr root;       // the kernel after it (a Sink, or the Linear)
};

// One Param of the kernel: what the device must bind to slot `slot`.
struct KernelParam {
  int64_t slot = 0;
  DType dtype;      // the element dtype
  int64_t size = 0; // elements
  bool written = false;
};

struct LoweredKernel {
  CodegenTarget target;
  KernelName name;
  UOpPtr current; // the kernel as the last stage left it (the input before the first)
  // OptOps for Optimize to apply; without them the target's heuristics (if on) choose
  std::optional<std::vector<Opt>> requestedOpts;
  std::vector<Opt> opts; // what Optimize applied
  UOpPtr ast;    // after Optimize (AxisTypes assigned)
  UOpPtr linear; // Linear(...)
  KernelMemoryPlan memory;
  RenderedKernel rendered; // by the target's renderer
  std::vector<KernelParam> params; // by slot, every slot up to the largest
  std::vector<StageSnapshot> stages;
  // Why Optimize and Render chose what they did (core/pipeline/kernel_remarks.h),
  // when the pipeline runner was asked for remarks.
  std::vector<Remark> remarks{};
  // The symbolic variables it reads (core/ir/variable.h), by name: its scalar
  // arguments after the buffers, so one compiled kernel runs for every value.
  std::vector<VariableRange> variables{};
};

} // namespace uops
