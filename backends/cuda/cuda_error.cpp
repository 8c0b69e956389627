#include "backends/cuda/cuda_error.h"

#include <fmt/format.h>

namespace uops {

CudaError::CudaError(Kind kind, const std::string& message, cu::CUresult result, std::string call, std::string jitLog)
    : std::runtime_error(message), m_kind(kind), m_result(result), m_call(std::move(call)),
      m_jitLog(std::move(jitLog)) {}

std::string cudaResultText(const cu::CudaDriver& driver, cu::CUresult result) {
  const char* name = nullptr;
  const char* text = nullptr;
  if (driver.cuGetErrorName(result, &name) != cu::CUDA_SUCCESS || !name) return fmt::format("CUresult {}", result);
  if (driver.cuGetErrorString(result, &text) != cu::CUDA_SUCCESS || !text) return fmt::format("{} ({})", name, result);
  return fmt::format("{} ({}: {})", name, result, text);
}

bool cudaContextLost(cu::CUresult result) {
  return result == cu::CUDA_ERROR_ILLEGAL_ADDRESS ||
         (result >= cu::CUDA_ERROR_HARDWARE_STACK_ERROR && result <= cu::CUDA_ERROR_LAUNCH_FAILED);
}

void checkCuda(const cu::CudaDriver& driver, cu::CUresult result, const char* call, const std::string& doing) {
  if (result == cu::CUDA_SUCCESS) return;
  std::string message = fmt::format("{}: {} failed with {}", doing, call, cudaResultText(driver, result));
  if (cudaContextLost(result))
    message += "\nThe card's context is lost after a kernel's fault: every later call on it fails; start the "
               "program again to use the card";
  throw CudaError(CudaError::Kind::Call, message, result, call);
}

} // namespace uops
