#include "backends/llvm/gpu_target.h"

#include "backends/llvm/crash_guard.h"
#include "backends/llvm/gpu_dialects.h"
#include "backends/llvm/ir_parse.h"
#include "backends/llvm/jit_error.h"
#include "backends/llvm/optimize.h"
#include "backends/llvm/target_machine.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/MC/MCSubtargetInfo.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace uops {
namespace {

constexpr int kGpuOptLevel = 3;

// The GPU back ends next to the host's (initializeNativeLlvm registers only that one).
void initializeGpuBackEnds() {
  static std::once_flag once;
  std::call_once(once, [] {
    initializeNativeLlvm();
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
  });
}

bool gpuAllOf(std::string_view s, int (*pred)(int)) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [pred](unsigned char c) { return pred(c) != 0; });
}

bool knownProcessor(const TargetDesc& desc) {
  initializeGpuBackEnds();
  const llvm::Target& target = lookupTarget(desc.triple);
  std::unique_ptr<llvm::MCSubtargetInfo> info(target.createMCSubtargetInfo(desc.triple, desc.cpu, ""));
  return info && info->isCPUStringValid(desc.cpu);
}

// Error diagnostics of the back end (an unsupported construct), collected
// instead of LLVMContext's exit(1).
void collectGpuDiagnostic(const llvm::DiagnosticInfo* info, void* errors) {
  if (info->getSeverity() != llvm::DS_Error) return;
  auto& text = *static_cast<std::string*>(errors);
  llvm::raw_string_ostream out(text);
  if (!text.empty()) out << '\n';
  llvm::DiagnosticPrinterRawOStream printer(out);
  info->print(printer);
}

// The matrix instructions UOpScope renders for the processor (tensor_core.h):
// mma.sync from sm_80 (Ampere) on, WMMA on gfx11 (RDNA3). CDNA's MFMA and the
// sm_70/75 shapes are not rendered: TC is refused there.
std::vector<TensorCore> gpuTensorCores(const GpuTarget& target) {
  if (target.backEnd == "NVPTX" && std::stoi(target.arch.substr(3)) >= 80) return nvidiaTensorCores();
  if (target.backEnd == "AMDGPU" && target.arch.starts_with("gfx11")) return rdna3TensorCores();
  return {};
}

} // namespace

std::optional<GpuTarget> spelledGpuTarget(std::string_view typed) {
  std::string name(typed);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  GpuTarget t;
  t.arch = name;
  if (name.starts_with("sm_") && gpuAllOf(std::string_view(name).substr(3), isdigit)) {
    t.desc = {.triple = "nvptx64-nvidia-cuda", .cpu = name, .features = ""};
    t.backEnd = "NVPTX";
    t.isa = "PTX";
  } else if (name.starts_with("gfx") && gpuAllOf(std::string_view(name).substr(3), isxdigit)) {
    t.desc = {.triple = "amdgcn-amd-amdhsa", .cpu = name, .features = ""};
    t.backEnd = "AMDGPU";
    t.isa = "AMDGPU ISA";
  } else {
    return std::nullopt;
  }
  return t;
}

std::optional<GpuTarget> gpuTarget(std::string_view typed) {
  std::optional<GpuTarget> t = spelledGpuTarget(typed);
  if (!t) return t;
  if (!knownProcessor(t->desc))
    throw JitError(JitError::Kind::Setup,
                   "LLVM's " + t->backEnd + " back end does not know the processor " + t->arch);
  return t;
}

CodegenTarget gpuCodegenTarget(const GpuTarget& target) {
  CodegenTarget t;
  t.device = target.arch;
  t.launchGrid = true;
  t.threadAxes = false;
  t.locals = true;
  // NVIDIA: 48 KiB of static shared memory per block on every sm_NN LLVM
  // targets, warps of 32. AMD: 64 KiB of LDS per workgroup; CDNA (gfx9)
  // runs waves of 64, RDNA (gfx10 and later) waves of 32, the back end's
  // default there. Both launch at most 1024 work-items per workgroup.
  const bool nvidia = target.backEnd == "NVPTX";
  t.sharedMemoryBytes = nvidia ? 48 * 1024 : 64 * 1024;
  t.warpSize = nvidia || !target.arch.starts_with("gfx9") ? 32 : 64;
  t.maxWorkgroup = 1024;
  t.rowKernels = false;
  t.packOperands = false;
  t.emulatedHalf = false;
  t.hostCode = false;
  // the decomposed polynomials: exact on every back end, no device library to link
  t.transcendentals = TranscendentalMode::Decompose;
  t.tensorCores = gpuTensorCores(target);
  t.renderer = llvmRenderer(target.backEnd == "NVPTX" ? nvptxDialect(target.arch) : amdgpuDialect(target.arch));
  return t;
}

const std::vector<std::string>& listedGpuTargets() {
  static const std::vector<std::string> targets = {"sm_80", "sm_86", "sm_89", "sm_90", "gfx90a", "gfx942", "gfx1100"};
  return targets;
}

std::string compileGpuAssembly(const std::string& ir, const std::string& entry, const GpuTarget& target) {
  initializeGpuBackEnds();
  std::string diagnostics; // outlives the context that reports to it
  auto machine = makeTargetMachine(target.desc, kGpuOptLevel);
  auto context = std::make_unique<llvm::LLVMContext>();
  context->setDiagnosticHandlerCallBack(&collectGpuDiagnostic, &diagnostics);
  std::unique_ptr<llvm::Module> module = parseVerifiedIr(ir, *context);
  requireEntry(*module, entry);
  module->setTargetTriple(target.desc.triple);
  module->setDataLayout(machine->createDataLayout());
  llvm::SmallVector<char, 0> buffer;
  std::string failure;
  const bool finished = runGuarded(
      [&] {
        optimizeModule(*module, *machine, kGpuOptLevel);
        llvm::raw_svector_ostream out(buffer);
        llvm::legacy::PassManager codegen;
        if (machine->addPassesToEmitFile(codegen, out, nullptr, llvm::CodeGenFileType::AssemblyFile))
          throw JitError(JitError::Kind::Setup, target.backEnd + " cannot emit assembly");
        codegen.run(*module);
      },
      failure);
  if (!finished) {
    abandonAll(std::move(module), std::move(context), std::move(machine));
    throw JitError(JitError::Kind::Codegen, "code generation failed: " + failure);
  }
  if (!diagnostics.empty()) throw JitError(JitError::Kind::Codegen, "code generation failed: " + diagnostics);
  return std::string(buffer.begin(), buffer.end());
}

} // namespace uops
