// Kernels that compute on the fake driver (fake_cuda_driver.h), so a test can
// compare a CUDA run's numbers with REF's: `executingCudaDevice` is a CUDA
// device whose compiles also remember each kernel by the PTX the device
// hands the driver, and `executeFakeKernels` makes the fake run a launch by
// interpreting the remembered kernel's AST (core/engine/kernel_interpreter.h)
// on the fake's memory at the launch's pointer arguments. Everything else
// (buffers, copies, the launch and its shape) is the CUDA device's own.
#pragma once

#include "tests/cuda/fake_cuda_driver.h"
#include "backends/cuda/cuda_arch.h"
#include "backends/cuda/cuda_device.h"
#include "core/engine/kernel_interpreter.h"
#include "core/render/lowered_kernel.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cudatest {

struct FakeKernel {
  uops::UOpPtr ast;
  std::vector<uops::KernelParam> params;
};

// The kernels compiled so far, by their PTX; kept for the process (PTX is
// the kernel's, whichever fake card loaded it).
inline std::map<std::string, FakeKernel>& fakeKernels() {
  static std::map<std::string, FakeKernel> kernels;
  return kernels;
}

// A launch run by the interpreter: each Param's bytes read from the fake
// memory its pointer argument names, the kernel interpreted, the bytes
// written back. False for a PTX no executing device compiled.
inline bool runFakeKernel(const std::string& ptx, const FakeLaunch& launch) {
  auto found = fakeKernels().find(ptx);
  if (found == fakeKernels().end()) return false;
  const FakeKernel& k = found->second;
  std::vector<uops::HostTensor> values;
  for (size_t i = 0; i < k.params.size(); ++i) {
    values.emplace_back(k.params[i].dtype, uops::Shape{k.params[i].size});
    const std::vector<char>& block = fakeCuda().memory.at(launch.args.at(i));
    std::span<std::byte> bytes = values.back().mutableBytes();
    std::memcpy(bytes.data(), block.data(), std::min(bytes.size(), block.size()));
  }
  std::vector<uops::HostTensor*> bound;
  for (uops::HostTensor& v : values) bound.push_back(&v);
  uops::runKernel(k.ast, bound);
  for (size_t i = 0; i < k.params.size(); ++i) {
    if (!k.params[i].written) continue;
    std::vector<char>& block = fakeCuda().memory.at(launch.args.at(i));
    std::span<const std::byte> bytes = values[i].bytes();
    std::memcpy(block.data(), bytes.data(), std::min(bytes.size(), block.size()));
  }
  return true;
}

inline void executeFakeKernels() {
  std::lock_guard lock(fakeCudaMutex());
  fakeCuda().execute = runFakeKernel;
}

class ExecutingCudaDevice final : public uops::Device {
public:
  explicit ExecutingCudaDevice(std::unique_ptr<uops::Device> cuda) : m_cuda(std::move(cuda)) {}

  const uops::DeviceDescription& description() const override { return m_cuda->description(); }
  const uops::CodegenTarget* target() const override { return m_cuda->target(); }
  std::unique_ptr<uops::DeviceBuffer> allocate(uops::DType dtype, int64_t numel) override {
    return m_cuda->allocate(dtype, numel);
  }
  void copyIn(uops::DeviceBuffer& dst, const uops::HostTensor& src) override { m_cuda->copyIn(dst, src); }
  uops::HostTensor copyOut(const uops::DeviceBuffer& src) override { return m_cuda->copyOut(src); }
  void copy(const uops::DeviceBuffer& src, uops::DeviceBuffer& dst) override { m_cuda->copy(src, dst); }

  std::shared_ptr<uops::DeviceProgram> compile(const uops::LoweredKernel& kernel) override {
    remember(kernel);
    return m_cuda->compile(kernel);
  }
  std::vector<std::shared_ptr<uops::DeviceProgram>> compileAll(const std::vector<uops::LoweredKernel>& kernels) override {
    for (const uops::LoweredKernel& k : kernels) remember(k);
    return m_cuda->compileAll(kernels);
  }

private:
  // the PTX the CUDA device makes of it (cuda_device.cpp: the card's arch, sm_90)
  static void remember(const uops::LoweredKernel& k) {
    std::string ptx = uops::compileGpuAssembly(k.rendered.text, k.rendered.entry, uops::cudaArch(9, 0).target);
    std::lock_guard lock(fakeCudaMutex());
    fakeKernels()[std::move(ptx)] = {k.ast, k.params};
  }

  std::unique_ptr<uops::Device> m_cuda;
};

inline std::unique_ptr<uops::Device> executingCudaDevice(int ordinal) {
  return std::make_unique<ExecutingCudaDevice>(uops::makeCudaDevice(fakeCudaDriver(), ordinal));
}

} // namespace cudatest
