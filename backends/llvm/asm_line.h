// One disassembled machine instruction, as the ISA view shows it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace uops {

enum class AsmSyntax { Intel, Att };

struct AsmLine {
  uint64_t offset = 0;        // from the function's first byte; branch targets use the same origin
  std::vector<uint8_t> bytes; // the instruction's encoding
  std::string text;           // "vaddps ymm0, ymm1, ymmword ptr [rsi + 4*rax]"
  std::string relocation; // "R_X86_64_PLT32 memset-0x4" when it refers to a symbol the JIT links
};

// "  1a: c5 fc 58 04 86     vaddps ymm0, ..."; the byte column is padded to
// bytesWidth bytes so a function's lines align.
std::string formatAsmLine(const AsmLine& line, size_t bytesWidth);

// All lines, aligned, one per '\n'-terminated line.
std::string formatAsm(const std::vector<AsmLine>& lines);

} // namespace uops
