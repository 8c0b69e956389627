#include "core/render/rendered_kernel.h"

namespace uops {

std::string_view languageName(RenderLanguage language) {
  switch (language) {
  case RenderLanguage::LlvmIr: return "LLVM IR";
  case RenderLanguage::OpenClC: return "OpenCL C";
  }
  return "?";
}

std::string_view lineComment(RenderLanguage language) {
  switch (language) {
  case RenderLanguage::LlvmIr: return ";";
  case RenderLanguage::OpenClC: return "//";
  }
  return "//";
}

int64_t RenderedKernel::workItems() const {
  int64_t n = 1;
  for (int64_t g : global) n *= g;
  return n;
}

} // namespace uops
