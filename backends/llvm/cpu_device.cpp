#include "backends/llvm/cpu_device.h"

#include "backends/llvm/llvm_remarks.h"
#include "core/runtime/worker_pool.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

namespace uops {

CpuDevice::CpuDevice(CodegenTarget target, CompileOptions options, JitConfig jit)
    : m_target(std::move(target)), m_options(std::move(options)), m_jit(std::move(jit)) {}

CpuProgram CpuDevice::compile(const UOpPtr& kernelAst) {
  return compile(lowerKernel(kernelAst, m_target));
}

CpuProgram CpuDevice::compile(LoweredKernel kernel) {
  CompileOptions options = m_options;
  options.entry = kernel.rendered.entry;
  CompiledKernel compiled = m_jit.compile(kernel.rendered.text, options);
  return {std::move(kernel), std::move(compiled)};
}

std::vector<Remark> CpuDevice::remarks(const LoweredKernel& kernel) const {
  return llvmRemarks(kernel.rendered.text, kernel.rendered.entry, m_jit.target(), m_options.optLevel);
}

KernelTiming CpuDevice::run(const CpuProgram& program, std::span<HostTensor> buffers,
                             std::span<const int64_t> variables) {
  const std::vector<KernelParam>& params = program.kernel.params;
  if (buffers.size() < params.size())
    throw DeviceError(fmt::format("kernel {}: {} buffers bound, it has {} Params", program.name(),
                                  buffers.size(), params.size()));
  std::vector<void*> pointers(params.size(), nullptr);
  for (const KernelParam& p : params) {
    HostTensor& b = buffers[p.slot];
    if (p.size == 0 && p.dtype.isVoid()) continue; // a slot the kernel does not use
    if (b.dtype() != p.dtype || b.numel() != p.size)
      throw DeviceError(fmt::format("kernel {}: Param {} needs {} elements of {}, got {} of {}",
                                    program.name(), p.slot, p.size, toString(p.dtype), b.numel(),
                                    toString(b.dtype())));
    // the kernel only reads Params it never stores to
    pointers[p.slot] = p.written ? static_cast<void*>(b.mutableBytes().data())
                                 : const_cast<std::byte*>(b.bytes().data());
  }
  // the variables' values follow the buffers in the same array, each behind its own pointer
  if (variables.size() != program.kernel.variables.size())
    throw DeviceError(fmt::format("kernel {}: {} variable values given, it has {} variables", program.name(),
                                  variables.size(), program.kernel.variables.size()));
  std::vector<int64_t> values(variables.begin(), variables.end());
  for (int64_t& v : values) pointers.push_back(&v);
  auto entry = program.compiled.entryAs<void(void**, int64_t)>();
  const int64_t threads = std::max<int64_t>(program.kernel.rendered.workItems(), 1);
  const auto start = std::chrono::steady_clock::now();
  if (threads == 1) {
    entry(pointers.data(), 0);
  } else {
    // one call per THREAD index, spread over the cores by the process's pool,
    // each core on a consecutive span of them first
    parallelForInSpans(static_cast<size_t>(threads),
                       [&](size_t tid) { entry(pointers.data(), static_cast<int64_t>(tid)); });
  }
  const auto stop = std::chrono::steady_clock::now();
  return {program.name(), std::chrono::duration<double, std::milli>(stop - start).count()};
}

} // namespace uops
