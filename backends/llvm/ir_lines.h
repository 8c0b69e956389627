// Debug locations that name IR text lines: every instruction of a module
// parsed from `ir` gets a DILocation whose line is its own line in `ir`, so
// what LLVM reports about it after optimizing (a remark, an inlined copy)
// still says which line of the rendered kernel it came from. The rendered IR
// has no !dbg of its own; a function whose instructions do not pair up with
// its text lines is left without locations.
#pragma once

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace uops {

void attachIrLines(llvm::Module& module, const std::string& ir);

} // namespace uops
