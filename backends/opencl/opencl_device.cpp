#include "backends/opencl/opencl_device.h"

#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_discovery.h"
#include "backends/opencl/cl_error.h"
#include "backends/opencl/cl_kernel.h"
#include "backends/opencl/cl_peaks.h"
#include "backends/opencl/cl_probe.h"
#include "backends/opencl/cl_schedule_program.h"
#include "backends/opencl/kernel_scratch.h"
#include "core/pipeline/codegen.h"

#include <algorithm>
#include <future>
#include <optional>
#include <set>

#include <fmt/format.h>

namespace uops {
namespace {

class OpenClBuffer final : public DeviceBuffer {
public:
  OpenClBuffer(DType dtype, int64_t numel, ClBuffer memory) : DeviceBuffer(dtype, numel), memory(std::move(memory)) {}
  ClBuffer memory; // at least one byte: OpenCL has no empty buffers
};

const OpenClBuffer& clBufferOf(const DeviceBuffer& buffer) {
  const auto* b = dynamic_cast<const OpenClBuffer*>(&buffer);
  if (!b) throw DeviceError("a buffer of another device");
  return *b;
}

DeviceDescription describe(const ClDeviceInfo& d) {
  return {d.name, fmt::format("{} {} ({})", d.name, d.deviceName, d.platformName), d.type != "CPU", true};
}

bool hasMachineCode(const ClBinary& b) {
  return b.kind() == ClBinaryKind::Text || !b.elfImages().empty();
}

class OpenClProgram final : public DeviceProgram {
public:
  OpenClProgram(ClDevice& device, LoweredKernel kernel, ProgramEntry entry, ClProgram program,
                const ElfDisassembler& disassemble)
      : m_device(device), m_kernel(std::move(kernel)), m_entry(std::move(entry)), m_program(std::move(program)),
        m_disassemble(disassemble) {}

  const std::string& name() const override { return m_kernel.name.text; }

  double run(std::span<DeviceBuffer* const> buffers, std::span<const int64_t> variables) override {
    if (buffers.size() < m_kernel.params.size())
      throw DeviceError(fmt::format("kernel {}: {} buffers bound, it has {} Params", name(), buffers.size(),
                                    m_kernel.params.size()));
    std::vector<ClArg> args; // a kernel's Params are its first slots; extra buffers are unused
    for (size_t i = 0; i < m_kernel.params.size(); ++i) args.emplace_back(clBufferOf(*buffers[i]).memory);
    if (variables.size() != m_kernel.variables.size())
      throw DeviceError(fmt::format("kernel {}: {} variable values given, it has {} variables", name(),
                                    variables.size(), m_kernel.variables.size()));
    for (int64_t v : variables) args.emplace_back(v); // `long name` after the buffers
    return launchKernel(m_device, m_program, m_kernel, m_entry, args);
  }

  std::string machineCode() const override {
    ClBinary binary = m_program.binary();
    if (!hasMachineCode(binary)) {
      // drivers that compile at launch (PoCL) have machine code once it ran
      launchKernel(m_device, m_program, m_kernel, m_entry, KernelScratch(m_device, m_kernel).args());
      binary = m_program.binary();
    }
    std::string out = "; " + binary.description() + "\n";
    if (binary.kind() == ClBinaryKind::Text) out += binary.text();
    for (const ClElfImage& image : binary.elfImages()) {
      out += "\n; " + image.name + "\n";
      try {
        out += m_disassemble(image.bytes, image.machine);
      } catch (const std::exception& e) {
        out += std::string("; not disassembled: ") + e.what() + "\n";
      }
    }
    return out;
  }

private:
  ClDevice& m_device;
  LoweredKernel m_kernel;
  ProgramEntry m_entry; // its __kernel in m_program (cl_schedule_program.h)
  ClProgram m_program;
  const ElfDisassembler& m_disassemble;
};

class OpenClDevice final : public Device {
public:
  OpenClDevice(ClDevice& device, ElfDisassembler disassemble)
      : m_device(device), m_target(openClTarget(device.name(), device.info().type == "CPU")), m_disassemble(std::move(disassemble)),
        m_description(describe(device.info())) {}

  const DeviceDescription& description() const override { return m_description; }
  const CodegenTarget* target() const override { return &m_target; }

  std::unique_ptr<DeviceBuffer> allocate(DType dtype, int64_t numel) override {
    auto bytes = static_cast<size_t>(std::max<int64_t>(numel, 1) * dtype.itemSize());
    return std::make_unique<OpenClBuffer>(dtype, numel, m_device.alloc(bytes));
  }

  void copyIn(DeviceBuffer& dst, const HostTensor& src) override {
    checkFits(dst, src);
    if (!src.bytes().empty()) clBufferOf(dst).memory.copyIn(src.bytes().data(), src.bytes().size());
  }

  HostTensor copyOut(const DeviceBuffer& src) override {
    HostTensor out(src.dtype(), Shape{src.numel()});
    if (!out.bytes().empty()) clBufferOf(src).memory.copyOut(out.mutableBytes().data(), out.bytes().size());
    return out;
  }

  void copy(const DeviceBuffer& src, DeviceBuffer& dst) override {
    copyBuffer(clBufferOf(src).memory, clBufferOf(dst).memory, std::min(src.bytes(), dst.bytes()));
  }

  std::shared_ptr<DeviceProgram> compile(const LoweredKernel& kernel) override {
    m_device.startProbes();
    ClProgram program = buildKernel(m_device, kernel);
    probe({kernel}, {ownEntry(kernel)}, program);
    return std::make_shared<OpenClProgram>(m_device, kernel, ownEntry(kernel), std::move(program), m_disassemble);
  }

  // The kernels in one program per set of build options, built here: the
  // small kernels' quick builds first, probed while the others' program builds
  // (the probe children share the launches and compile the work-group
  // functions side by side).
  std::vector<std::shared_ptr<DeviceProgram>> compileAll(const std::vector<LoweredKernel>& kernels) override {
    if (kernels.empty()) return {};
    for (const LoweredKernel& k : kernels) checkBuildable(m_device, k);
    m_device.startProbes(); // they open the device while the programs build here
    std::vector<ProgramEntry> entryOf(kernels.size());
    std::vector<std::optional<ClProgram>> programOf(kernels.size());
    std::vector<std::future<void>> probes;
    for (bool quick : {true, false}) {
      std::vector<size_t> members;
      for (size_t i = 0; i < kernels.size(); ++i)
        if (kernels[i].rendered.quickBuild == quick) members.push_back(i);
      if (members.empty()) continue;
      std::vector<LoweredKernel> group;
      for (size_t i : members) group.push_back(kernels[i]);
      // small kernels behind one dispatcher per probe process (cl_schedule_program.h)
      const ScheduleProgram plan = scheduleProgram(group, quick ? static_cast<int>(clProbeServers()) : 0);
      const ClProgram program = m_device.build(plan.source, openClBuildOptions(quick));
      for (size_t j = 0; j < members.size(); ++j) {
        entryOf[members[j]] = plan.entry[j];
        programOf[members[j]] = program;
      }
      probes.push_back(std::async(std::launch::async, [this, group = std::move(group), entries = plan.entry, program] {
        probe(group, entries, program);
      }));
    }
    for (std::future<void>& p : probes) p.get(); // the first group's failure first
    std::vector<std::shared_ptr<DeviceProgram>> out;
    for (size_t i = 0; i < kernels.size(); ++i)
      out.push_back(std::make_shared<OpenClProgram>(m_device, kernels[i], entryOf[i], *programOf[i], m_disassemble));
    return out;
  }

  DevicePeaks measurePeaks() override {
    const ClPeaks peaks = measureClPeaks(m_device);
    return {.gflops = peaks.gflops, .gbps = peaks.gbps};
  }

private:
  // Every launch the kernels (all in `program`) make, run once in the probe
  // processes on scratch buffers of their Params' sizes: a kernel the driver's
  // compiler dies on fails here with the probe's reason (ClError, Compiler).
  // A dispatcher's first launch compiles it: those go first, side by side, and
  // the other launches after them (else two processes would compile one).
  void probe(const std::vector<LoweredKernel>& kernels, const std::vector<ProgramEntry>& entries,
             const ClProgram& program) {
    std::vector<ClProbeLaunch> first, rest;
    std::set<std::string> dispatchers;
    for (size_t i = 0; i < kernels.size(); ++i) {
      const LoweredKernel& k = kernels[i];
      const ProgramEntry& e = entries[i];
      std::vector<ClProbeArg> sizes;
      for (const KernelParam& p : k.params) sizes.push_back(ClProbeBuffer{paramBytes(p)});
      bool compiles = e.dispatchCase >= 0 && dispatchers.insert(e.function).second;
      (compiles ? first : rest).push_back(kernelProbe(ClProgramText(program), k, e, std::move(sizes)));
    }
    m_device.probe(first);
    m_device.probe(rest);
  }

  ClDevice& m_device;
  CodegenTarget m_target;
  ElfDisassembler m_disassemble;
  DeviceDescription m_description;
};

} // namespace

DeviceKind openClDeviceKind(ElfDisassembler disassemble) {
  return {.prefix = "CL",
          .indexed = true,
          .bareZero = false,
          .list =
              [] {
                std::vector<DeviceDescription> out;
                for (const ClDeviceInfo& d : clDevices()) out.push_back(describe(d));
                return out;
              },
          .open = [disassemble](const std::string& name) -> std::unique_ptr<Device> {
            return std::make_unique<OpenClDevice>(clDevice(parseClDeviceName(name).value()), disassemble);
          },
          .exists = {}};
}

} // namespace uops
