#include "views/kernel_text/rendered_source.h"

#include "core/pipeline/codegen.h"

namespace uops::views {

RenderedSource renderedSource(const LoweredKernel& kernel) {
  if (kernel.target.kind == TargetKind::Gpu)
    return {kernel.opencl.source, kernel.opencl.lineNodes, CodeLanguage::OpenClC};
  return {kernel.llvm.source, kernel.llvm.lineNodes, CodeLanguage::LlvmIr};
}

} // namespace uops::views
