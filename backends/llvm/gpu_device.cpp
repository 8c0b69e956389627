#include "backends/llvm/gpu_device.h"

#include "backends/llvm/gpu_target.h"
#include "core/pipeline/codegen.h"

#include <fmt/format.h>

namespace uops {
namespace {

std::string noDeviceHere(const std::string& arch) {
  return fmt::format("{} is a compile-only target: there is no such device here (its kernels compile, for reading)",
                     arch);
}

DeviceDescription describeGpu(const GpuTarget& target) {
  return {.name = target.arch,
          .description = fmt::format("{} ({} {}, compile only)", target.arch, target.backEnd, target.isa),
          .accelerator = false,
          .generatesCode = true,
          .compileOnly = true};
}

class GpuProgram final : public DeviceProgram {
public:
  GpuProgram(std::string name, std::string arch, std::string assembly)
      : m_name(std::move(name)), m_arch(std::move(arch)), m_assembly(std::move(assembly)) {}
  const std::string& name() const override { return m_name; }
  double run(std::span<DeviceBuffer* const>, std::span<const int64_t>) override { throw DeviceError(noDeviceHere(m_arch)); }
  std::string machineCode() const override { return m_assembly; }

private:
  std::string m_name, m_arch, m_assembly;
};

class GpuDevice final : public Device {
public:
  explicit GpuDevice(GpuTarget target)
      : m_gpu(std::move(target)), m_target(gpuCodegenTarget(m_gpu)), m_description(describeGpu(m_gpu)) {}

  const DeviceDescription& description() const override { return m_description; }
  const CodegenTarget* target() const override { return &m_target; }
  std::unique_ptr<DeviceBuffer> allocate(DType, int64_t) override { throw DeviceError(noDeviceHere(m_gpu.arch)); }
  void copyIn(DeviceBuffer&, const HostTensor&) override { throw DeviceError(noDeviceHere(m_gpu.arch)); }
  HostTensor copyOut(const DeviceBuffer&) override { throw DeviceError(noDeviceHere(m_gpu.arch)); }

  std::shared_ptr<DeviceProgram> compile(const LoweredKernel& kernel) override {
    if (kernel.rendered.language != RenderLanguage::LlvmIr || kernel.target.device != m_gpu.arch)
      throw DeviceError(fmt::format("kernel {} was not lowered for {}", kernel.name.text, m_gpu.arch));
    return std::make_shared<GpuProgram>(kernel.name.text, m_gpu.arch,
                                        compileGpuAssembly(kernel.rendered.text, kernel.rendered.entry, m_gpu));
  }

  std::vector<std::shared_ptr<DeviceProgram>> compileAll(const std::vector<LoweredKernel>& kernels) override {
    std::vector<std::shared_ptr<DeviceProgram>> out;
    for (const LoweredKernel& k : kernels) out.push_back(compile(k));
    return out;
  }

private:
  GpuTarget m_gpu;
  CodegenTarget m_target;
  DeviceDescription m_description;
};

DeviceKind gpuDeviceKind(const GpuTarget& target) {
  return singleDeviceKind(describeGpu(target), [target] { return std::make_unique<GpuDevice>(target); });
}

} // namespace

bool registerGpuTarget(const std::string& name) {
  std::optional<GpuTarget> target = gpuTarget(name);
  if (!target) return false;
  registerDeviceKind(gpuDeviceKind(*target));
  return true;
}

// The listed processors are known to LLVM (tests/cpu/test_gpu_targets checks each);
// a device's kernels initialize its back end when they compile.
void registerGpuTargets() {
  for (const std::string& name : listedGpuTargets())
    registerDeviceKind(gpuDeviceKind(*spelledGpuTarget(name)));
}

} // namespace uops
