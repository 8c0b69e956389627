// A lowered kernel's rendered source, whichever renderer made it: LLVM IR for
// the CPU, OpenCL C for CL devices, with the node behind each line.
#pragma once

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

} // namespace uops::views
