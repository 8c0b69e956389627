#include "views/kernel_text/rendered_source.h"

#include "core/pipeline/codegen.h"

namespace uops::views {

CodeLanguage codeLanguage(RenderLanguage language) {
  switch (language) {
  case RenderLanguage::LlvmIr: return CodeLanguage::LlvmIr;
  case RenderLanguage::OpenClC: return CodeLanguage::OpenClC;
  }
  return CodeLanguage::Assembly;
}

RenderedSource renderedSource(const LoweredKernel& kernel) {
  return {kernel.rendered.text, kernel.rendered.lineNodes, codeLanguage(kernel.rendered.language)};
}

} // namespace uops::views
