// The LLVM IR renderer a CodegenTarget carries (core/render/renderer.h):
// renderLlvm (render_llvm.h) for the kernel, its lanes from the AST's UPCAST
// and UNROLL sizes, in the machine's dialect (llvm_dialect.h).
#pragma once

#include "core/render/llvm_dialect.h"
#include "core/render/renderer.h"

#include <memory>

namespace uops {

// The CPU's: one renderer, shared by every CPU target.
std::shared_ptr<const Renderer> llvmCpuRenderer();
// A GPU's (backends/llvm/gpu_dialects.h)
std::shared_ptr<const Renderer> llvmRenderer(std::shared_ptr<const LlvmDialect> dialect);

} // namespace uops
