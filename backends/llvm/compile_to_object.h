// The compiler half of the CPU backend: IR text -> verified module ->
// optimized module (kept as text for the source view) -> object file. Each
// call has its own LLVMContext and TargetMachine, so calls run in parallel.
#pragma once

#include "backends/llvm/compiled_kernel.h"
#include "backends/llvm/target_desc.h"

#include <cstdint>
#include <string>
#include <vector>

namespace uops {

struct ObjectArtifacts {
  std::string optimizedIr;
  std::vector<uint8_t> object;
  CompileTimes times; // linkMs is left to the JIT
};

// Throws JitError: Parse/Verify/Entry for the IR, Codegen when LLVM reports an
// error or aborts while optimizing or generating code.
ObjectArtifacts compileToObject(const std::string& ir, const std::string& entry,
                                const TargetDesc& target, int optLevel);

} // namespace uops
