// A kernel lowered for a CL:<n> device as the driver compiled it, for the
// Code view: built on the process's shared device; PoCL's binary holds
// machine code only once the kernel has run, so when it has none yet the
// kernel runs once on scratch buffers first. ELF images are disassembled by
// LLVM's MC layer (the host's machine); text binaries (PTX) are shown as is.
// Throws what the build or the driver throws.
#pragma once

#include <string>

namespace uops {
struct LoweredKernel;
}

namespace uops::views {

std::string clMachineCode(const LoweredKernel& kernel);

} // namespace uops::views
