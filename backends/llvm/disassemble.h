// A function's machine code in an object file, decoded by LLVM's MC
// disassembler for the ISA view.
#pragma once

#include "backends/llvm/asm_line.h"
#include "backends/llvm/target_desc.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace llvm {
class MCInst;
} // namespace llvm

namespace uops {

// One line per instruction of `function` in `object` (a relocatable object
// for `target`). Offsets and branch targets count from the function's first
// byte; an instruction a relocation patches names the symbol it refers to.
// Throws JitError if the object cannot be read or lacks the function.
std::vector<AsmLine> disassembleFunction(std::span<const uint8_t> object,
                                         const std::string& function, const TargetDesc& target,
                                         AsmSyntax syntax);

// Each instruction of `function` as disassembleFunction decodes it, with the
// MC layer's own form for analyses that need more than text (the loop
// throughput model); `decoded` is false for a byte the decoder rejected.
using InstructionVisitor =
    std::function<void(const llvm::MCInst& instruction, const AsmLine& line, bool decoded)>;
void visitFunction(std::span<const uint8_t> object, const std::string& function, const TargetDesc& target,
                   AsmSyntax syntax, const InstructionVisitor& visit);

// Every function symbol with code in `object` (a relocatable object or a
// shared library, such as an OpenCL driver's compiled kernel), in address
// order, each decoded as disassembleFunction does.
struct AsmFunction {
  std::string name;
  std::vector<AsmLine> lines;
};
std::vector<AsmFunction> disassembleObject(std::span<const uint8_t> object, const TargetDesc& target,
                                           AsmSyntax syntax);

// An ELF file for the host's machine (e_machine `machine`; PoCL's kernels) as
// text: each function's name, then its instructions. Throws JitError for
// another machine (no disassembler for it here) or an unreadable file.
std::string disassembleHostElf(std::span<const uint8_t> elf, uint16_t machine);

} // namespace uops
