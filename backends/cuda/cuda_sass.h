// SASS, the card's own machine code, for the ISA view: the driver links the
// kernel's PTX into a cubin (cuLinkCreate_v2 / cuLinkAddData_v2 /
// cuLinkComplete) and the CUDA toolkit's `cuobjdump -sass` or `nvdisasm`
// (the first on PATH) disassembles it. Without either tool, or when a step
// fails, the result says why and the view shows the PTX only.
#pragma once

#include "backends/cuda/cuda_context.h"

#include <optional>
#include <string>
#include <vector>

namespace uops {

struct CudaSass {
  std::string text;   // the disassembly; empty when there is none
  std::string reason; // why there is none ("neither cuobjdump nor nvdisasm is on PATH")
};

// The full path of `program` in a folder of $PATH; nullopt when none has it.
std::optional<std::string> findOnPath(const std::string& program);

// The cubin the driver links from `ptx`; throws CudaError when it cannot.
std::vector<char> linkCubin(CudaContext& context, const std::string& ptx, const std::string& kernel);

// The kernel's SASS, or the reason there is none. Never throws.
CudaSass cudaSass(CudaContext& context, const std::string& ptx, const std::string& kernel);

} // namespace uops
