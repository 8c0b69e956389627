#include "backends/cuda/cuda_module.h"

#include "backends/cuda/cuda_error.h"

#include <cstdint>
#include <vector>

#include <fmt/format.h>

namespace uops {
namespace {

constexpr size_t kJitLogBytes = 16384;

std::string cudaLogText(const std::vector<char>& buffer) {
  std::string log(buffer.data());
  while (!log.empty() && (log.back() == '\n' || log.back() == ' ')) log.pop_back();
  return log;
}

// A JIT option's value travels as a void*; sizes by value.
void* cudaOptionValue(size_t value) {
  return reinterpret_cast<void*>(static_cast<uintptr_t>(value));
}

} // namespace

CudaModule::CudaModule(CudaContext& context, const std::string& ptx, const std::string& kernel,
                       const std::string& entry)
    : m_context(context) {
  const cu::CudaDriver& d = context.driver();
  const std::string doing = fmt::format("loading kernel '{}' on {}", kernel, context.name());
  context.makeCurrent(doing);
  std::vector<char> errors(kJitLogBytes, '\0'), info(kJitLogBytes, '\0');
  cu::CUjit_option options[] = {cu::CU_JIT_ERROR_LOG_BUFFER, cu::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                                cu::CU_JIT_INFO_LOG_BUFFER, cu::CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void* values[] = {errors.data(), cudaOptionValue(errors.size() - 1), info.data(), cudaOptionValue(info.size() - 1)};
  const cu::CUresult r = d.cuModuleLoadDataEx(&m_module, ptx.c_str(), 4, options, values);
  if (r != cu::CUDA_SUCCESS) {
    std::string log = cudaLogText(errors);
    throw CudaError(CudaError::Kind::Jit,
                    fmt::format("{}: the driver's PTX JIT (cuModuleLoadDataEx) failed with {}\nJIT log:\n{}", doing,
                                cudaResultText(d, r), log.empty() ? "(the driver wrote none)" : log),
                    r, "cuModuleLoadDataEx", log);
  }
  m_infoLog = cudaLogText(info);
  const cu::CUresult found = d.cuModuleGetFunction(&m_function, m_module, entry.c_str());
  if (found != cu::CUDA_SUCCESS) {
    d.cuModuleUnload(m_module);
    m_module = nullptr;
    checkCuda(d, found, "cuModuleGetFunction", fmt::format("{}: its entry '{}'", doing, entry));
  }
}

CudaModule::~CudaModule() {
  if (!m_module) return;
  try {
    m_context.makeCurrent("unloading a module");
    m_context.driver().cuModuleUnload(m_module);
  } catch (const std::exception&) {
    // the module goes with the context
  }
}

} // namespace uops
