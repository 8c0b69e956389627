// The new pass manager's default per-module pipeline (-O0 .. -O3), with the
// target machine attached so cost models see the host's vector width.
#pragma once

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace uops {

struct TargetDesc;

// Every defined function vectorizes at the host's full vector width.
void preferFullVectors(llvm::Module& module, const TargetDesc& target);

void optimizeModule(llvm::Module& module, llvm::TargetMachine& machine, int optLevel);

} // namespace uops
