// Uninitialized device buffers for every parameter of a lowered kernel, for
// launches whose results nobody reads: BEAM's timing runs, and the one launch
// after which a driver that compiles at launch (PoCL) has machine code.
#pragma once

#include "backends/opencl/cl_device.h"
#include "core/pipeline/codegen.h"

#include <vector>

namespace uops {

// The bytes of a parameter's buffer (at least 1: OpenCL has no empty buffers).
size_t paramBytes(const KernelParam& param);

class KernelScratch {
public:
  KernelScratch(ClDevice& device, const LoweredKernel& kernel);
  KernelScratch(const KernelScratch&) = delete; // args() points into the buffers
  KernelScratch& operator=(const KernelScratch&) = delete;

  const std::vector<ClArg>& args() const { return m_args; }

private:
  std::vector<ClBuffer> m_buffers;
  std::vector<ClArg> m_args;
};

} // namespace uops
