#include "backends/llvm/target_machine.h"

#include "backends/llvm/jit_error.h"

#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/CodeGen.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Target/TargetOptions.h>

#include <mutex>

namespace uops {

void initializeNativeLlvm() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetDisassembler();
    llvm::InitializeNativeTargetAsmParser(); // inline asm in a kernel
  });
}

const llvm::Target& lookupTarget(const std::string& triple) {
  initializeNativeLlvm();
  std::string error;
  const llvm::Target* target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    throw JitError(JitError::Kind::Setup, "no LLVM target for '" + triple + "': " + error);
  return *target;
}

static llvm::CodeGenOptLevel codeGenLevel(int optLevel) {
  if (optLevel <= 0) return llvm::CodeGenOptLevel::None;
  if (optLevel == 1) return llvm::CodeGenOptLevel::Less;
  if (optLevel == 2) return llvm::CodeGenOptLevel::Default;
  return llvm::CodeGenOptLevel::Aggressive;
}

std::unique_ptr<llvm::TargetMachine> makeTargetMachine(const TargetDesc& target, int optLevel) {
  const llvm::Target& llvmTarget = lookupTarget(target.triple);
  llvm::TargetOptions options;
  std::unique_ptr<llvm::TargetMachine> machine(llvmTarget.createTargetMachine(
      target.triple, target.cpu, target.features, options, llvm::Reloc::PIC_,
      llvm::CodeModel::Small, codeGenLevel(optLevel)));
  if (!machine)
    throw JitError(JitError::Kind::Setup, "cannot build an LLVM target machine for " +
                                              target.triple + " (" + target.cpu + ")");
  return machine;
}

} // namespace uops
