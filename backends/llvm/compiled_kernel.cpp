#include "backends/llvm/compiled_kernel.h"

#include "backends/llvm/compiled_kernel_state.h"
#include "backends/llvm/disassemble.h"

namespace uops {

void* CompiledKernel::entry() const {
  return state().entry;
}
const std::string& CompiledKernel::entryName() const {
  return state().entryName;
}
const std::string& CompiledKernel::optimizedIr() const {
  return state().optimizedIr;
}
std::span<const uint8_t> CompiledKernel::objectCode() const {
  return state().object;
}
const TargetDesc& CompiledKernel::target() const {
  return state().target;
}
const CompileTimes& CompiledKernel::times() const {
  return state().times;
}

std::vector<AsmLine> CompiledKernel::disassembly(AsmSyntax syntax) const {
  return disassembleFunction(state().object, state().entryName, state().target, syntax);
}

} // namespace uops
