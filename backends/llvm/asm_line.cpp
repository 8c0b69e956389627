#include "backends/llvm/asm_line.h"

#include <algorithm>
#include <cstdio>

namespace uops {

std::string formatAsmLine(const AsmLine& line, size_t bytesWidth) {
  char offset[32];
  std::snprintf(offset, sizeof offset, "%6llx: ", static_cast<unsigned long long>(line.offset));
  std::string out = offset;
  for (uint8_t byte : line.bytes) {
    char hex[4];
    std::snprintf(hex, sizeof hex, "%02x ", byte);
    out += hex;
  }
  const size_t width = std::max(bytesWidth, line.bytes.size());
  out.append(3 * (width - line.bytes.size()) + 1, ' ');
  out += line.text;
  if (!line.relocation.empty()) out += "  # " + line.relocation;
  return out;
}

std::string formatAsm(const std::vector<AsmLine>& lines) {
  size_t width = 0;
  for (const auto& line : lines)
    width = std::max(width, line.bytes.size());
  std::string out;
  for (const auto& line : lines)
    out += formatAsmLine(line, width) + '\n';
  return out;
}

} // namespace uops
