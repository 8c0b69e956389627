#include "backends/llvm/llvm_remarks.h"

#include "backends/llvm/crash_guard.h"
#include "backends/llvm/ir_lines.h"
#include "backends/llvm/ir_parse.h"
#include "backends/llvm/jit_error.h"
#include "backends/llvm/optimize.h"
#include "backends/llvm/target_machine.h"

#include <llvm/IR/DiagnosticHandler.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Casting.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <memory>

namespace uops {
namespace {

// Every pass's remarks on, each kept as a Remark; errors kept as text (without
// a handler LLVM exits on one).
struct RemarkCollector final : llvm::DiagnosticHandler {
  std::vector<Remark>* remarks = nullptr;
  std::string* errors = nullptr;

  bool isAnalysisRemarkEnabled(llvm::StringRef) const override { return true; }
  bool isMissedOptRemarkEnabled(llvm::StringRef) const override { return true; }
  bool isPassedOptRemarkEnabled(llvm::StringRef) const override { return true; }
  bool isAnyRemarkEnabled() const override { return true; }

  bool handleDiagnostics(const llvm::DiagnosticInfo& info) override {
    if (info.getSeverity() == llvm::DS_Error) {
      llvm::raw_string_ostream out(*errors);
      llvm::DiagnosticPrinterRawOStream printer(out);
      info.print(printer);
      return true;
    }
    const auto* remark = llvm::dyn_cast<llvm::DiagnosticInfoOptimizationBase>(&info);
    if (!remark) return true;
    Remark r{.kind = remark->isPassed()   ? RemarkKind::Passed
                     : remark->isMissed() ? RemarkKind::Missed
                                          : RemarkKind::Analysis,
             .origin = remark->getPassName().str(),
             .name = remark->getRemarkName().str(),
             .message = remark->getMsg()};
    if (remark->isLocationAvailable()) r.irLine = static_cast<int32_t>(remark->getLocation().getLine());
    remarks->push_back(std::move(r));
    return true;
  }
};

} // namespace

std::vector<Remark> llvmRemarks(const std::string& ir, const std::string& entry, const TargetDesc& target,
                                int optLevel) {
  std::vector<Remark> remarks;
  std::string errors;
  auto machine = makeTargetMachine(target, optLevel);
  auto context = std::make_unique<llvm::LLVMContext>();
  auto collector = std::make_unique<RemarkCollector>();
  collector->remarks = &remarks;
  collector->errors = &errors;
  context->setDiagnosticHandler(std::move(collector));
  std::unique_ptr<llvm::Module> module = parseVerifiedIr(ir, *context);
  requireEntry(*module, entry);
  module->setTargetTriple(target.triple);
  module->setDataLayout(machine->createDataLayout());
  preferFullVectors(*module, target);
  attachIrLines(*module, ir);
  std::string failure;
  const bool finished = runGuarded([&] { optimizeModule(*module, *machine, optLevel); }, failure);
  if (!finished) {
    // half-updated after a fatal error: never destroyed (compile_to_object.cpp)
    abandonAll(std::move(module), std::move(context), std::move(machine));
    throw JitError(JitError::Kind::Codegen, "optimization failed: " + failure);
  }
  if (!errors.empty()) throw JitError(JitError::Kind::Codegen, "optimization failed: " + errors);
  return remarks;
}

} // namespace uops
