#include "backends/llvm/compile_to_object.h"

#include "backends/llvm/crash_guard.h"
#include "backends/llvm/emit_object.h"
#include "backends/llvm/ir_parse.h"
#include "backends/llvm/jit_error.h"
#include "backends/llvm/optimize.h"
#include "backends/llvm/target_machine.h"
#include "core/runtime/fault_injection.h"

#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <chrono>

#include <memory>
#include <mutex>
#include <vector>

namespace uops {

namespace {

// Without a handler, an error diagnostic (bad inline asm, an unsupported
// construct in codegen) makes LLVMContext call exit(1). Collect them instead.
struct DiagnosticErrors {
  std::string text;

  static void collect(const llvm::DiagnosticInfo* info, void* self) {
    if (info->getSeverity() != llvm::DS_Error) return;
    auto& errors = static_cast<DiagnosticErrors*>(self)->text;
    llvm::raw_string_ostream out(errors);
    if (!errors.empty()) out << '\n';
    llvm::DiagnosticPrinterRawOStream printer(out);
    info->print(printer);
    out.flush();
    while (!errors.empty() && errors.back() == '\n')
      errors.pop_back();
  }
};

// LLVM tunes Intel's AVX-512 CPUs to vectorize 256 bits wide (frequency
// drops on older parts); UOpScope's kernels are long vector loops where the
// full 512-bit width measured up to 1.8x faster (gemm 1024, gelu). AMD's
// CPUs prefer 512 already; a host without AVX-512 keeps its own width.
void preferFullVectors(llvm::Module& module, const TargetDesc& target) {
  if (target.features.find("+avx512f") == std::string::npos) return;
  for (llvm::Function& f : module)
    if (!f.isDeclaration()) f.addFnAttr("prefer-vector-width", "512");
}

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

} // namespace

// After a fatal error LLVM's objects may be half-updated, so they are never
// destroyed; they stay reachable from here, so a leak checker (the sanitizer
// build's) sees them as kept, not leaked.
template <class T> void abandon(std::unique_ptr<T> object) {
  static std::mutex mutex;
  static auto* kept = new std::vector<const void*>();
  std::lock_guard<std::mutex> lock(mutex);
  kept->push_back(object.release());
}

ObjectArtifacts compileToObject(const std::string& ir, const std::string& entry,
                                const TargetDesc& target, int optLevel) {
  DiagnosticErrors diagnostics; // outlives the context that reports to it
  // Owned by hand: after a fatal error they may be half-updated, and are abandoned.
  auto machine = makeTargetMachine(target, optLevel);
  auto context = std::make_unique<llvm::LLVMContext>();
  context->setDiagnosticHandlerCallBack(&DiagnosticErrors::collect, &diagnostics);

  ObjectArtifacts out;
  auto start = std::chrono::steady_clock::now();
  std::unique_ptr<llvm::Module> module = parseVerifiedIr(ir, *context);
  requireEntry(*module, entry);
  // Compiled for the host whatever the IR says: the JIT runs it here.
  module->setTargetTriple(target.triple);
  module->setDataLayout(machine->createDataLayout());
  preferFullVectors(*module, target);
  out.times.parseMs = msSince(start);

  std::string failure;
  const bool finished = runGuarded(
      [&] {
        if (faultInjected("llvm", ir)) llvm::report_fatal_error("fault injected by UOPSCOPE_INJECT_FAULT");
        start = std::chrono::steady_clock::now();
        optimizeModule(*module, *machine, optLevel);
        llvm::raw_string_ostream irText(out.optimizedIr);
        module->print(irText, nullptr);
        irText.flush();
        out.times.optimizeMs = msSince(start);
        if (!diagnostics.text.empty()) return;
        start = std::chrono::steady_clock::now();
        out.object = emitObject(*module, *machine);
        out.times.codegenMs = msSince(start);
      },
      failure);
  if (!finished) {
    abandon(std::move(module));
    abandon(std::move(context));
    abandon(std::move(machine));
    throw JitError(JitError::Kind::Codegen, "code generation failed: " + failure);
  }
  if (!diagnostics.text.empty())
    throw JitError(JitError::Kind::Codegen, "code generation failed: " + diagnostics.text);
  return out;
}

} // namespace uops
