// LlvmDoc: the LLVM IR instructions, intrinsics and keywords the LLVM renderer
// (core/render/render_llvm*.cpp) writes, explained for the IR pane's hover.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace uops::docs {

struct LlvmDoc {
  std::string_view name;     // "fadd", "llvm.sqrt" (without the type suffix), "inbounds"
  std::string_view kind;     // "instruction", "intrinsic" or "keyword"
  std::string_view meaning;
  std::string_view operands; // the operands and result, or what the keyword qualifies
  std::string_view uopOrigin; // the UOps the renderer writes it for
};

std::span<const LlvmDoc> llvmDocs();

// The name a word of LLVM IR is documented under: "@llvm.sqrt.v4f32" and
// "llvm.masked.load.v4f32.p0" drop '@' and their overload suffixes.
std::string llvmDocName(std::string_view word);
// The entry of a word of LLVM IR, or nullptr.
const LlvmDoc* llvmDoc(std::string_view word);

} // namespace uops::docs
