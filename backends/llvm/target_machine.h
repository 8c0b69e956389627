// LLVM's target machinery for the host: registered once per process, and a
// TargetMachine per compile (they are not thread-safe to share).
#pragma once

#include "backends/llvm/target_desc.h"

#include <memory>

namespace llvm {
class TargetMachine;
class Target;
} // namespace llvm

namespace uops {

// Registers the native target, its asm printer, parser and disassembler (once; thread-safe).
void initializeNativeLlvm();

// The registered target for a triple; throws JitError (Setup) if LLVM lacks it.
const llvm::Target& lookupTarget(const std::string& triple);

// PIC and the small code model: the JIT links each module's sections close
// together and reaches other symbols through its own GOT/PLT stubs.
std::unique_ptr<llvm::TargetMachine> makeTargetMachine(const TargetDesc& target, int optLevel);

} // namespace uops
