// A function's machine code in an object file, decoded by LLVM's MC
// disassembler for the ISA view.
#pragma once

#include "backends/llvm/asm_line.h"
#include "backends/llvm/target_desc.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace uops {

// One line per instruction of `function` in `object` (a relocatable object
// for `target`). Offsets and branch targets count from the function's first
// byte; an instruction a relocation patches names the symbol it refers to.
// Throws JitError if the object cannot be read or lacks the function.
std::vector<AsmLine> disassembleFunction(std::span<const uint8_t> object,
                                         const std::string& function, const TargetDesc& target,
                                         AsmSyntax syntax);

} // namespace uops
