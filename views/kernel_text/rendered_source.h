// A lowered kernel's rendered source, whichever renderer made it, with the
// node behind each line; highlighted as its language says.
#pragma once

#include "core/render/rendered_kernel.h"
#include "views/kernel_text/code_language.h"

#include <string>
#include <vector>

namespace uops {
class UOp;
struct LoweredKernel;
}

namespace uops::views {

struct RenderedSource {
  const std::string& text;                   // empty when the kernel was not rendered
  const std::vector<const UOp*>& lineNodes;  // one per line of text: its node, or null
  CodeLanguage language;
};

RenderedSource renderedSource(const LoweredKernel& kernel);
// How the Code view highlights a renderer's language
CodeLanguage codeLanguage(RenderLanguage language);

} // namespace uops::views
