#include "backends/llvm/llvm_cpu_device.h"

#include "backends/llvm/cpu_device.h"
#include "backends/llvm/cpu_peaks.h"
#include "backends/llvm/cpu_schedule.h"
#include "backends/llvm/host_cpu_target.h"
#include "backends/llvm/object_cache.h"

#include <functional>

namespace uops {
namespace {

// CPU:1, CPU:2, ...: virtual devices on the same host, each a queue of its own
// (multi-device programs run on them without hardware), one JIT for all.
constexpr int64_t kVirtualCpus = 64;

DeviceDescription describeCpu(const std::string& name = "CPU") {
  return {name, name == "CPU" ? "CPU (LLVM)" : "virtual CPU (LLVM), a queue of its own on the host", false, true};
}

CpuDevice& sharedCpu(const CodegenTarget& target) {
  // one JIT per process, never destroyed; its compiled kernels kept on disk too
  static CpuDevice* jit = new CpuDevice(target, {}, JitConfig{.keepRecent = 256, .diskCache = ObjectCache::defaultPath()});
  return *jit;
}

class LlvmCpuProgram final : public DeviceProgram {
public:
  LlvmCpuProgram(CpuDevice& device, CpuProgram program) : m_device(device), m_program(std::move(program)) {}
  const std::string& name() const override { return m_program.name(); }

  double run(std::span<DeviceBuffer* const> buffers, std::span<const int64_t> variables) override {
    // Buffers the kernel writes lend it their memory (and get it back, also
    // when the run throws); those it only reads stay in place, shared, so
    // another queue may copy out of them meanwhile.
    const std::vector<KernelParam>& params = m_program.kernel.params;
    auto writes = [&](size_t i) { return i < params.size() && params[i].written; };
    std::vector<HostTensor> bound;
    bound.reserve(buffers.size());
    for (size_t i = 0; i < buffers.size(); ++i) {
      HostTensor& held = HostMemoryDevice::host(*buffers[i]).value;
      bound.push_back(writes(i) ? std::move(held) : held);
    }
    struct Restore {
      std::span<DeviceBuffer* const> buffers;
      std::vector<HostTensor>& bound;
      const std::function<bool(size_t)> writes;
      ~Restore() {
        for (size_t i = 0; i < buffers.size(); ++i)
          if (writes(i)) HostMemoryDevice::host(*buffers[i]).value = std::move(bound[i]);
      }
    } restore{buffers, bound, writes};
    return m_device.run(m_program, bound, variables).ms;
  }

  std::string machineCode() const override { return m_program.assembly(); }

private:
  CpuDevice& m_device;
  CpuProgram m_program;
};

class LlvmCpuDevice final : public HostMemoryDevice {
public:
  explicit LlvmCpuDevice(const std::string& name)
      : m_description(describeCpu(name)), m_target(hostCpuTarget()), m_device(sharedCpu(m_target)) {}

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

  std::vector<Remark> compilerRemarks(const LoweredKernel& kernel) override { return m_device.remarks(kernel); }

  DevicePeaks measurePeaks() override {
    return measureCpuPeaks(m_device.jit(), m_target.vectorBits);
  }

private:
  DeviceDescription m_description;
  CodegenTarget m_target;
  CpuDevice& m_device;
};

} // namespace

JitStats cpuJitStats() {
  return sharedCpu(hostCpuTarget()).jit().stats();
}

DeviceKind llvmCpuDeviceKind() {
  return {.prefix = "CPU",
          .indexed = true,
          .bareZero = true,
          .list = [] { return std::vector<DeviceDescription>{describeCpu()}; },
          .open = [](const std::string& name) { return std::make_unique<LlvmCpuDevice>(name); },
          .exists = [](const std::string& name) {
            size_t colon = name.find(':');
            return colon == std::string::npos || std::stoll(name.substr(colon + 1)) < kVirtualCpus;
          }};
}

} // namespace uops
