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

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

} // namespace

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
    abandonAll(std::move(module), std::move(context), std::move(machine));
    throw JitError(JitError::Kind::Codegen, "code generation failed: " + failure);
  }
  if (!diagnostics.text.empty())
    throw JitError(JitError::Kind::Codegen, "code generation failed: " + diagnostics.text);
  return out;
}

} // namespace uops
