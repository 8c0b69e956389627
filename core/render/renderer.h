// Renderer: the last stage's seam. A CodegenTarget carries the renderer that
// writes its kernels (tinygrad's device -> renderer); Render asks it for one
// RenderedKernel and nothing else asks which language that is. The renderers
// (core/render/llvm_renderer.h, opencl_renderer.h) are text generators: no
// LLVM or OpenCL headers in core.
#pragma once

#include "core/render/rendered_kernel.h"

#include <string>

namespace uops {

struct LoweredKernel; // lowered_kernel.h

class Renderer {
public:
  virtual ~Renderer() = default;
  virtual RenderLanguage language() const = 0;
  // For people: "LLVM IR (CPU)", "OpenCL C"
  virtual std::string name() const = 0;
  // `kernel` has been through Register/Memory Plan (its ast, linear, memory
  // and name are set). Throws CodegenError (stage "Render") for what the
  // language cannot express.
  virtual RenderedKernel render(const LoweredKernel& kernel) const = 0;
};

} // namespace uops
