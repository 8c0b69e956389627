// CudaError: what a failed driver call, a PTX the driver's JIT rejects or a
// request the driver would refuse less clearly becomes. Never an abort: the
// message names what we were doing, the call and the driver's own name and
// text of the CUresult ("loading kernel 'r_64' on CUDA:0:
// cuModuleLoadDataEx failed with CUDA_ERROR_INVALID_PTX (218: a PTX JIT
// compilation failed)").
#pragma once

#include "backends/cuda/cuda_api.h"

#include <stdexcept>
#include <string>

namespace uops {

class CudaError : public std::runtime_error {
public:
  enum class Kind {
    Call,  // a driver call returned an error (result() and call() say which)
    Jit,   // the driver's PTX JIT rejected a kernel: jitLog() holds its log
    Usage, // a request the driver would reject less clearly (a launch shape it cannot take)
  };
  CudaError(Kind kind, const std::string& message, cu::CUresult result = cu::CUDA_SUCCESS, std::string call = {},
            std::string jitLog = {});

  Kind kind() const { return m_kind; }
  cu::CUresult result() const { return m_result; }
  const std::string& call() const { return m_call; }
  const std::string& jitLog() const { return m_jitLog; }

private:
  Kind m_kind;
  cu::CUresult m_result;
  std::string m_call;
  std::string m_jitLog;
};

// "CUDA_ERROR_INVALID_PTX (218: a PTX JIT compilation failed)", from the
// driver's cuGetErrorName and cuGetErrorString ("CUresult 218" for a result it
// does not name).
std::string cudaResultText(const cu::CudaDriver& driver, cu::CUresult result);

// Whether `result` is a kernel's fault that leaves the context unusable (the
// driver answers every later call on it with the same error).
bool cudaContextLost(cu::CUresult result);

// Throws CudaError (Call) unless `result` is CUDA_SUCCESS: "<doing>: <call>
// failed with <cudaResultText>", and where the context is lost a second line
// saying that the card needs a new process.
void checkCuda(const cu::CudaDriver& driver, cu::CUresult result, const char* call, const std::string& doing);

} // namespace uops
