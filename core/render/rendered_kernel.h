// RenderedKernel: what Render makes of one kernel, whichever renderer made it
// (the one its CodegenTarget carries, renderer.h). Devices build its text,
// views show it (highlighted by its language), commands print it; none of
// them asks which renderer wrote it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

class UOp;

enum class RenderLanguage : unsigned char {
  LlvmIr,  // an LLVM IR module (backends/llvm compiles it)
  OpenClC, // an OpenCL C program (backends/opencl builds it)
};

// "LLVM IR", "OpenCL C"
std::string_view languageName(RenderLanguage language);
// What starts a line comment in the language: ";" or "//"
std::string_view lineComment(RenderLanguage language);

struct RenderedKernel {
  RenderLanguage language = RenderLanguage::LlvmIr;
  std::string text{};     // the whole module or program; empty: not rendered
  std::string function{}; // the kernel's own function
  std::string entry{};    // what a device launches (the function, or a trampoline that calls it)
  // The launch shape: work-items per dimension (dimension 0 first; a CPU
  // kernel: its threads, each a call of the entry) and the work-group size
  // per dimension (empty: none, or the driver's choice).
  std::vector<int64_t> global{};
  std::vector<int64_t> local{};
  // One entry per line of `text`: the node of the Linear that produced the
  // line, or null (headers, declarations, helpers, braces). The nodes are the
  // Linear's; they live as long as it does.
  std::vector<const UOp*> lineNodes{};
  // For a device that builds several kernels into one program: the helper
  // definitions the text holds (each whole, in text order) and the offset of
  // the kernel itself; text.substr(kernelOffset) calls only those helpers.
  std::vector<std::string> helpers{};
  size_t kernelOffset = 0;
  // Device extensions the text needs ("cl_khr_fp64")
  std::vector<std::string> extensions{};
  // To be built for a quick compile: a small kernel on a driver that compiles
  // it at its first launch (apply_opt.h: kSmallGridItems)
  bool quickBuild = false;

  // Work-items of one launch: the product of `global` (1 when it is empty)
  int64_t workItems() const;
};

} // namespace uops
