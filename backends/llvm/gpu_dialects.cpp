#include "backends/llvm/gpu_dialects.h"

#include "core/render/codegen_error.h"

#include <string_view>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uops {
namespace {

constexpr const char* kGpuAxes = "xyz";

int64_t workGroupItems(const std::vector<int64_t>& local) {
  int64_t n = 1;
  for (int64_t l : local) n *= l;
  return n;
}

// "<n x float>" fragments of register values, as the matrix instructions take them.
std::string gpuVec(int64_t n, std::string_view element) { return fmt::format("<{} x {}>", n, element); }

// mma.sync: A and B in 32-bit registers of two float16 or bfloat16 (the lower
// half the even element) or one tf32 (a float32 whose low mantissa bits the
// instruction ignores), C and D in four float32 registers.
WarpWmmaLines nvidiaMma(const WarpWmma& call) {
  const WmmaTile& t = call.tile;
  const bool tf32 = call.in == dtypes::float32;
  if (t != WmmaTile{16, 8, tf32 ? 8 : 16, WarpLayout::Nvidia} || call.acc != dtypes::float32 ||
      !(tf32 || call.in == dtypes::float16 || call.in == dtypes::bfloat16))
    throw CodegenError("Render", fmt::format("NVPTX has no {} mma.sync of {} into {}", formatWmmaTile(t),
                                             toString(call.in), toString(call.acc)));
  const bool half = call.in == dtypes::float16;
  const std::string narrow = half ? "half" : "bfloat";
  const std::string reg = half ? "<2 x half>" : "i32";
  WarpWmmaLines out;
  std::vector<std::string> args;
  // the fragment's registers: pairs of narrow values, or tf32 bit patterns
  auto registers = [&](const std::string& frag, int64_t n, const char* tag) {
    const std::string v = fmt::format("{}.{}", call.result, tag);
    if (tf32) {
      out.lines.push_back(fmt::format("{} = bitcast {} {} to {}", v, gpuVec(n, "float"), frag, gpuVec(n, "i32")));
      for (int64_t i = 0; i < n; ++i) {
        out.lines.push_back(fmt::format("{}{} = extractelement {} {}, i64 {}", v, i, gpuVec(n, "i32"), v, i));
        args.push_back(fmt::format("i32 {}{}", v, i));
      }
      return;
    }
    out.lines.push_back(fmt::format("{} = fptrunc {} {} to {}", v, gpuVec(n, "float"), frag, gpuVec(n, narrow)));
    for (int64_t p = 0; p < n / 2; ++p) {
      std::string pair = fmt::format("{}{}", v, p);
      out.lines.push_back(fmt::format("{} = shufflevector {} {}, {} poison, <2 x i32> <i32 {}, i32 {}>", pair,
                                      gpuVec(n, narrow), v, gpuVec(n, narrow), 2 * p, 2 * p + 1));
      if (!half) {
        out.lines.push_back(fmt::format("{}.r = bitcast <2 x bfloat> {} to i32", pair, pair));
        pair += ".r";
      }
      args.push_back(fmt::format("{} {}", reg, pair));
    }
  };
  registers(call.a, tf32 ? 4 : 8, "a");
  registers(call.b, tf32 ? 2 : 4, "b");
  for (int i = 0; i < 4; ++i) {
    out.lines.push_back(fmt::format("{}.c{} = extractelement <4 x float> {}, i64 {}", call.result, i, call.c, i));
    args.push_back(fmt::format("float {}.c{}", call.result, i));
  }
  const std::string fn = tf32   ? "llvm.nvvm.mma.m16n8k8.row.col.tf32"
                         : half ? "llvm.nvvm.mma.m16n8k16.row.col.f32.f32"
                                : "llvm.nvvm.mma.m16n8k16.row.col.bf16";
  const std::string ret = "{ float, float, float, float }";
  std::vector<std::string> types;
  for (const std::string& a : args) types.push_back(a.substr(0, a.rfind(' ')));
  out.declarations.push_back(fmt::format("declare {} @{}({})", ret, fn, fmt::join(types, ", ")));
  out.lines.push_back(fmt::format("{}.d = call {} @{}({})", call.result, ret, fn, fmt::join(args, ", ")));
  std::string acc = "poison";
  for (int i = 0; i < 4; ++i) {
    out.lines.push_back(fmt::format("{}.d{} = extractvalue {} {}.d, {}", call.result, i, ret, call.result, i));
    std::string next = i == 3 ? call.result : fmt::format("{}.v{}", call.result, i);
    out.lines.push_back(fmt::format("{} = insertelement <4 x float> {}, float {}.d{}, i64 {}", next, acc, call.result, i, i));
    acc = next;
  }
  return out;
}

// RDNA3 WMMA (wave32): A and B as sixteen float16 each, C and D as eight float32.
WarpWmmaLines amdWmma(const WarpWmma& call) {
  if (call.tile != WmmaTile{16, 16, 16, WarpLayout::Amd} || call.in != dtypes::float16 || call.acc != dtypes::float32)
    throw CodegenError("Render", fmt::format("AMDGPU has no {} WMMA of {} into {}", formatWmmaTile(call.tile),
                                             toString(call.in), toString(call.acc)));
  const std::string fn = "llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16";
  WarpWmmaLines out;
  out.declarations.push_back(fmt::format("declare <8 x float> @{}(<16 x half>, <16 x half>, <8 x float>)", fn));
  out.lines.push_back(fmt::format("{}.a = fptrunc <16 x float> {} to <16 x half>", call.result, call.a));
  out.lines.push_back(fmt::format("{}.b = fptrunc <16 x float> {} to <16 x half>", call.result, call.b));
  out.lines.push_back(fmt::format("{} = call <8 x float> @{}(<16 x half> {}.a, <16 x half> {}.b, <8 x float> {})",
                                  call.result, fn, call.result, call.result, call.c));
  return out;
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
  WarpWmmaLines warpWmma(const WarpWmma& call) const override { return nvidiaMma(call); }
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
  WarpWmmaLines warpWmma(const WarpWmma& call) const override { return amdWmma(call); }
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
