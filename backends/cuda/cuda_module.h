// A kernel's PTX loaded into a CUDA context (cuModuleLoadDataEx, the driver
// JIT-compiling it for the device) and its entry function. A PTX the JIT
// rejects is a CudaError (Jit) naming the kernel and quoting the JIT's error
// log, like a failed OpenCL build carries the driver's build log.
#pragma once

#include "backends/cuda/cuda_context.h"

#include <memory>
#include <string>

namespace uops {

class CudaModule {
public:
  // Throws CudaError (Jit) when the JIT rejects the PTX, (Call) when the
  // module has no function `entry`.
  CudaModule(CudaContext& context, const std::string& ptx, const std::string& kernel, const std::string& entry);
  ~CudaModule();
  CudaModule(const CudaModule&) = delete;
  CudaModule& operator=(const CudaModule&) = delete;

  cu::CUfunction function() const { return m_function; }
  // What the JIT wrote to its info log (register use, spills), may be empty.
  const std::string& infoLog() const { return m_infoLog; }

private:
  CudaContext& m_context;
  cu::CUmodule m_module = nullptr;
  cu::CUfunction m_function = nullptr;
  std::string m_infoLog;
};

} // namespace uops
