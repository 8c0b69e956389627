// IR text to a verified module, or a JitError that shows the offending line.
#pragma once

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace uops {

// Parses with LLVM's assembly parser, then runs the verifier: the optimizer
// and code generator assume verified IR and may crash on anything else.
std::unique_ptr<llvm::Module> parseVerifiedIr(const std::string& ir, llvm::LLVMContext& context);

// The entry must be defined here and external, or the optimizer may delete or
// rename it; throws JitError (Entry) otherwise.
void requireEntry(const llvm::Module& module, const std::string& entry);

} // namespace uops
