#include "backends/llvm/gpu_dialects.h"

#include <fmt/format.h>

namespace uops {
namespace {

constexpr const char* kGpuAxes = "xyz";

int64_t workGroupItems(const std::vector<int64_t>& local) {
  int64_t n = 1;
  for (int64_t l : local) n *= l;
  return n;
}

class NvptxDialect final : public LlvmDialect {
public:
  explicit NvptxDialect(std::string arch) : m_arch(std::move(arch)) {}
  std::string name() const override { return fmt::format("NVPTX ({})", m_arch); }
  bool launchesGrid() const override { return true; }
  int bufferAlignment() const override { return 16; }
  std::string gridIndexIntrinsic(GridIndex which, int d) const override {
    return fmt::format("llvm.nvvm.read.ptx.sreg.{}.{}", which == GridIndex::Group ? "ctaid" : "tid", kGpuAxes[d]);
  }
  std::vector<std::string> barrier() const override { return {"call void @llvm.nvvm.barrier0()"}; }
  std::vector<std::string> barrierDeclarations() const override { return {"declare void @llvm.nvvm.barrier0()"}; }
  std::vector<std::string> moduleMetadata(const std::string& function, int firstId) const override {
    return {fmt::format("!nvvm.annotations = !{{!{}}}", firstId),
            fmt::format("!{} = !{{ptr @{}, !\"kernel\", i32 1}}", firstId, function)};
  }

private:
  std::string m_arch;
};

class AmdgpuDialect final : public LlvmDialect {
public:
  explicit AmdgpuDialect(std::string arch) : m_arch(std::move(arch)) {}
  std::string name() const override { return fmt::format("AMDGPU ({})", m_arch); }
  bool launchesGrid() const override { return true; }
  int bufferAlignment() const override { return 16; }
  std::string gridIndexIntrinsic(GridIndex which, int d) const override {
    return fmt::format("llvm.amdgcn.{}.id.{}", which == GridIndex::Group ? "workgroup" : "workitem", kGpuAxes[d]);
  }
  // the fences make the work-group's LDS stores visible across s_barrier
  std::vector<std::string> barrier() const override {
    return {"fence syncscope(\"workgroup\") release", "call void @llvm.amdgcn.s.barrier()",
            "fence syncscope(\"workgroup\") acquire"};
  }
  std::vector<std::string> barrierDeclarations() const override { return {"declare void @llvm.amdgcn.s.barrier()"}; }
  std::string kernelDefinition() const override { return "define amdgpu_kernel void"; }
  std::string kernelAttributes(const std::vector<int64_t>& local) const override {
    const int64_t n = workGroupItems(local);
    return fmt::format("nounwind \"amdgpu-flat-work-group-size\"=\"{},{}\"", n, n);
  }

private:
  std::string m_arch;
};

} // namespace

std::shared_ptr<const LlvmDialect> nvptxDialect(std::string arch) {
  return std::make_shared<const NvptxDialect>(std::move(arch));
}

std::shared_ptr<const LlvmDialect> amdgpuDialect(std::string arch) {
  return std::make_shared<const AmdgpuDialect>(std::move(arch));
}

} // namespace uops
