// An optimized module to a relocatable object file, by the target machine's
// code generator (the legacy pass manager still drives codegen in LLVM 19).
#pragma once

#include <cstdint>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace uops {

std::vector<uint8_t> emitObject(llvm::Module& module, llvm::TargetMachine& machine);

} // namespace uops
