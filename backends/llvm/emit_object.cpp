#include "backends/llvm/emit_object.h"

#include "backends/llvm/jit_error.h"

#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/CodeGen.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

namespace uops {

std::vector<uint8_t> emitObject(llvm::Module& module, llvm::TargetMachine& machine) {
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream out(buffer);
  llvm::legacy::PassManager codegen;
  // addPassesToEmitFile returns true when it *cannot* emit this file type.
  if (machine.addPassesToEmitFile(codegen, out, nullptr, llvm::CodeGenFileType::ObjectFile))
    throw JitError(JitError::Kind::Setup, "the target machine cannot emit object files");
  codegen.run(module);
  return std::vector<uint8_t>(buffer.begin(), buffer.end());
}

} // namespace uops
