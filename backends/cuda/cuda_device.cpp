#include "backends/cuda/cuda_device.h"

#include "backends/cuda/cuda_arch.h"
#include "backends/cuda/cuda_context.h"
#include "backends/cuda/cuda_device_info.h"
#include "backends/cuda/cuda_error.h"
#include "backends/cuda/cuda_module.h"
#include "backends/cuda/cuda_peaks.h"
#include "backends/cuda/cuda_sass.h"
#include "core/pipeline/codegen.h"

#include <future>

#include <fmt/format.h>

namespace uops {
namespace {

DeviceDescription describeCuda(const CudaDeviceInfo& d) {
  return {.name = d.name,
          .description = fmt::format("{} {} ({}, CUDA driver)", d.name, d.model, d.arch()),
          .accelerator = true,
          .generatesCode = true,
          .compileOnly = false};
}

class CudaBuffer final : public DeviceBuffer {
public:
  CudaBuffer(DType dtype, int64_t numel, CudaContext& context)
      : DeviceBuffer(dtype, numel), pointer(context.alloc(bytes())), m_context(context) {}
  ~CudaBuffer() override { m_context.free(pointer); }
  CudaContext& context() const { return m_context; }
  const cu::CUdeviceptr pointer; // at least one byte

private:
  CudaContext& m_context;
};

const CudaBuffer& cudaBufferOf(const DeviceBuffer& buffer) {
  const auto* b = dynamic_cast<const CudaBuffer*>(&buffer);
  if (!b) throw DeviceError("a buffer of another device");
  return *b;
}

class CudaProgram final : public DeviceProgram {
public:
  CudaProgram(CudaContext& context, const LoweredKernel& kernel, const CudaArch& arch, std::string ptx)
      : m_context(context), m_name(kernel.name.text), m_params(kernel.params.size()),
        m_variables(kernel.variables.size()), m_arch(arch),
        m_ptx(std::move(ptx)), m_shape(cudaLaunchShape(kernel.rendered, m_name)),
        m_module(std::make_shared<CudaModule>(context, m_ptx, m_name, kernel.rendered.entry)) {}

  const std::string& name() const override { return m_name; }

  // A kernel's arguments are its Params' buffers in slot order (the NVPTX
  // dialect's `ptr %dataK`), each passed as its CUdeviceptr, then each
  // symbolic variable's value as an i64.
  double run(std::span<DeviceBuffer* const> buffers, std::span<const int64_t> variables) override {
    if (buffers.size() < m_params)
      throw DeviceError(fmt::format("kernel {}: {} buffers bound, it has {} Params", m_name, buffers.size(), m_params));
    if (variables.size() != m_variables)
      throw DeviceError(fmt::format("kernel {}: {} variable values given, it has {} variables", m_name,
                                    variables.size(), m_variables));
    std::vector<cu::CUdeviceptr> values(m_params);
    std::vector<int64_t> scalars(variables.begin(), variables.end());
    std::vector<void*> params(m_params);
    for (size_t i = 0; i < m_params; ++i) {
      values[i] = cudaBufferOf(*buffers[i]).pointer;
      params[i] = &values[i];
    }
    for (int64_t& v : scalars)
      params.push_back(&v);
    return m_context.launch(m_module->function(), m_shape, params, m_name);
  }

  std::string machineCode() const override {
    std::string out = fmt::format("// PTX for {} from LLVM's NVPTX back end, loaded by the driver's JIT\n",
                                  m_arch.target.arch);
    if (!m_arch.note.empty()) out += "// " + m_arch.note + "\n";
    if (!m_module->infoLog().empty()) out += "// JIT: " + m_module->infoLog() + "\n";
    out += m_ptx;
    const CudaSass sass = cudaSass(m_context, m_ptx, m_name);
    if (sass.text.empty()) return out + "\n// SASS: " + sass.reason + "\n";
    return out + "\n// SASS of the cubin the driver links from the PTX\n" + sass.text;
  }

private:
  CudaContext& m_context;
  std::string m_name;
  size_t m_params;
  size_t m_variables;
  CudaArch m_arch;
  std::string m_ptx;
  CudaLaunchShape m_shape;
  std::shared_ptr<CudaModule> m_module;
};

class CudaDevice final : public Device {
public:
  CudaDevice(std::shared_ptr<const cu::CudaDriver> driver, int ordinal)
      : m_context(std::move(driver), ordinal), m_arch(cudaArch(m_context.info().major, m_context.info().minor)),
        m_target(cudaCodegenTarget(m_arch, m_context.name())), m_description(describeCuda(m_context.info())) {}

  const DeviceDescription& description() const override { return m_description; }
  const CodegenTarget* target() const override { return &m_target; }

  std::unique_ptr<DeviceBuffer> allocate(DType dtype, int64_t numel) override {
    return std::make_unique<CudaBuffer>(dtype, numel, m_context);
  }

  void copyIn(DeviceBuffer& dst, const HostTensor& src) override {
    checkFits(dst, src);
    if (!src.bytes().empty()) m_context.copyIn(cudaBufferOf(dst).pointer, src.bytes().data(), src.bytes().size());
  }

  HostTensor copyOut(const DeviceBuffer& src) override {
    HostTensor out(src.dtype(), Shape{src.numel()});
    if (!out.bytes().empty()) m_context.copyOut(out.mutableBytes().data(), cudaBufferOf(src).pointer, out.bytes().size());
    return out;
  }

  void copy(const DeviceBuffer& src, DeviceBuffer& dst) override {
    const size_t bytes = std::min(src.bytes(), dst.bytes());
    const CudaBuffer &from = cudaBufferOf(src), &to = cudaBufferOf(dst);
    if (!bytes) return;
    if (&from.context() == &to.context()) return to.context().copyOnDevice(to.pointer, from.pointer, bytes);
    std::vector<char> host(bytes); // between two cards: through the host
    from.context().copyOut(host.data(), from.pointer, bytes);
    to.context().copyIn(to.pointer, host.data(), bytes);
  }

  std::shared_ptr<DeviceProgram> compile(const LoweredKernel& kernel) override {
    return load(kernel, ptxOf(kernel));
  }

  // PTX of every kernel in parallel (LLVM, no driver), then each loaded in order
  std::vector<std::shared_ptr<DeviceProgram>> compileAll(const std::vector<LoweredKernel>& kernels) override {
    std::vector<std::future<std::string>> ptx;
    for (const LoweredKernel& k : kernels)
      ptx.push_back(std::async(std::launch::async, [this, &k] { return ptxOf(k); }));
    std::vector<std::shared_ptr<DeviceProgram>> out;
    for (size_t i = 0; i < kernels.size(); ++i) out.push_back(load(kernels[i], ptx[i].get()));
    return out;
  }

  DevicePeaks measurePeaks() override { return measureCudaPeaks(m_context, m_arch.target); }

private:
  std::string ptxOf(const LoweredKernel& k) const {
    if (k.rendered.language != RenderLanguage::LlvmIr || k.target.device != m_description.name)
      throw DeviceError(fmt::format("kernel {} was not lowered for {}", k.name.text, m_description.name));
    return compileGpuAssembly(k.rendered.text, k.rendered.entry, m_arch.target);
  }

  std::shared_ptr<DeviceProgram> load(const LoweredKernel& k, std::string ptx) {
    return std::make_shared<CudaProgram>(m_context, k, m_arch, std::move(ptx));
  }

  CudaContext m_context;
  CudaArch m_arch;
  CodegenTarget m_target;
  DeviceDescription m_description;
};

// The listed devices; none when the driver is absent or fails a query (uopc
// devices prints why: cuda_device_info.h).
std::vector<DeviceDescription> listCuda(const CudaDriverLoad& load) {
  std::vector<DeviceDescription> out;
  try {
    for (const CudaDeviceInfo& d : cudaDevices(load)) out.push_back(describeCuda(d));
  } catch (const CudaError&) {
    return {};
  }
  return out;
}

} // namespace

std::unique_ptr<Device> makeCudaDevice(std::shared_ptr<const cu::CudaDriver> driver, int ordinal) {
  return std::make_unique<CudaDevice>(std::move(driver), ordinal);
}

DeviceKind cudaDeviceKind(std::function<const CudaDriverLoad&()> driver) {
  return {.prefix = "CUDA",
          .indexed = true,
          .bareZero = false,
          .list = [driver] { return listCuda(driver()); },
          .open = [driver](const std::string& name) -> std::unique_ptr<Device> {
            const CudaDriverLoad& load = driver();
            if (!load.driver) throw DeviceError(load.failure);
            return makeCudaDevice(load.driver, std::stoi(name.substr(name.find(':') + 1)));
          },
          .exists = {}};
}

} // namespace uops
