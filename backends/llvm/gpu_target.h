// Compile-only GPU targets: "sm_NN" through LLVM's NVPTX back end (PTX) and
// "gfxNNNN" through its AMDGPU back end (AMDGPU assembly), for any such
// processor LLVM knows. Kernels are lowered for them, rendered as LLVM IR in
// the target's dialect (gpu_dialects.h) and compiled to assembly here; no
// driver, no card.
#pragma once

#include "backends/llvm/target_desc.h"
#include "core/render/codegen_target.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

struct GpuTarget {
  std::string arch;    // "sm_90", "gfx1100"
  TargetDesc desc;     // LLVM's triple and processor
  std::string backEnd; // "NVPTX", "AMDGPU"
  std::string isa;     // what its assembly is: "PTX", "AMDGPU ISA"
};

// nullopt: not spelled as a GPU target (sm_<digits>, gfx<hex digits>);
// throws JitError (Setup) for one LLVM's back end does not know.
std::optional<GpuTarget> gpuTarget(std::string_view name);

// The target a name spells, without asking LLVM whether its back end knows the
// processor: that initializes the NVPTX and AMDGPU back ends, 2-3 ms of every
// process start when the listed targets were checked there.
std::optional<GpuTarget> spelledGpuTarget(std::string_view name);

// What kernels are lowered for on it: a GPU (launch grid, LOCAL and
// GROUP_REDUCE) rendered by the LLVM renderer in its dialect.
CodegenTarget gpuCodegenTarget(const GpuTarget& target);

// The targets `uopc devices --targets` and the explorer list: NVIDIA's
// Ampere, Ada and Hopper, AMD's CDNA 2/3 and RDNA 3.
const std::vector<std::string>& listedGpuTargets();

// The module through LLVM's verifier, its -O3 pipeline and the back end's
// code generator: the assembly text. Throws JitError (Parse/Verify/Codegen).
std::string compileGpuAssembly(const std::string& ir, const std::string& entry, const GpuTarget& target);

} // namespace uops
