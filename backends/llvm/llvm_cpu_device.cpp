#include "backends/llvm/llvm_cpu_device.h"

#include "backends/llvm/cpu_device.h"
#include "backends/llvm/cpu_schedule.h"
#include "backends/llvm/host_cpu_target.h"

namespace uops {
namespace {

DeviceDescription describeCpu() {
  return {"CPU", "CPU (LLVM)", false, true};
}

class LlvmCpuProgram final : public DeviceProgram {
public:
  LlvmCpuProgram(CpuDevice& device, CpuProgram program) : m_device(device), m_program(std::move(program)) {}
  const std::string& name() const override { return m_program.name(); }

  double run(std::span<DeviceBuffer* const> buffers) override {
    std::vector<HostTensor> bound;
    bound.reserve(buffers.size());
    for (DeviceBuffer* b : buffers) bound.push_back(std::move(HostMemoryDevice::host(*b).value));
    struct Restore { // the buffers get their memory back, also when the run throws
      std::span<DeviceBuffer* const> buffers;
      std::vector<HostTensor>& bound;
      ~Restore() {
        for (size_t i = 0; i < buffers.size(); ++i) HostMemoryDevice::host(*buffers[i]).value = std::move(bound[i]);
      }
    } restore{buffers, bound};
    return m_device.run(m_program, bound).ms;
  }

  std::string machineCode() const override { return m_program.assembly(); }

private:
  CpuDevice& m_device;
  CpuProgram m_program;
};

class LlvmCpuDevice final : public HostMemoryDevice {
public:
  LlvmCpuDevice() : m_target(hostCpuTarget()), m_device(m_target) {}

  const DeviceDescription& description() const override { return m_description; }
  const CodegenTarget* target() const override { return &m_target; }

  std::shared_ptr<DeviceProgram> compile(const LoweredKernel& kernel) override {
    return std::make_shared<LlvmCpuProgram>(m_device, m_device.compile(kernel));
  }

  std::vector<std::shared_ptr<DeviceProgram>> compileAll(const std::vector<LoweredKernel>& kernels) override {
    std::vector<std::shared_ptr<DeviceProgram>> out;
    for (CpuProgram& p : uops::compileAll(m_device, kernels))
      out.push_back(std::make_shared<LlvmCpuProgram>(m_device, std::move(p)));
    return out;
  }

private:
  DeviceDescription m_description = describeCpu();
  CodegenTarget m_target;
  CpuDevice m_device;
};

} // namespace

DeviceKind llvmCpuDeviceKind() {
  return singleDeviceKind(describeCpu(), [] { return std::make_unique<LlvmCpuDevice>(); });
}

} // namespace uops
