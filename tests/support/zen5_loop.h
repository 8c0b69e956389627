// A kernel's machine code for Zen 5 (AVX-512), whatever the host, or for
// another x86 processor LLVM knows (`cpu`: "znver3" for AVX2): its
// mnemonics counted over the whole function or over its innermost loop (the
// backward branch that spans the fewest bytes, or the fewest of those holding
// a multiply-add), those asked for with their
// register width ("vfmadd231ps zmm", "vmovups zmm"), and in the loop the
// accesses to the stack (spills).
#pragma once

#include "backends/llvm/compile_to_object.h"
#include "backends/llvm/disassemble.h"
#include "core/render/lowered_kernel.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace zen5loop {

// "mnemonic=count " for each mnemonic: a failed check's message.
inline std::string isaText(const std::map<std::string, int>& isa) {
  std::string all;
  for (const auto& [m, n] : isa) all += m + "=" + std::to_string(n) + " ";
  return all;
}

inline std::vector<uops::AsmLine> zen5Code(const uops::LoweredKernel& k, const std::string& cpu = "znver5") {
  const uops::TargetDesc zen5{"x86_64-pc-linux-gnu", cpu, ""};
  uops::ObjectArtifacts o = uops::compileToObject(k.rendered.text, k.rendered.entry, zen5, 3);
  return uops::disassembleFunction(o.object, k.rendered.entry, zen5, uops::AsmSyntax::Intel);
}

// `l`'s mnemonic, with its first operand's register width where the mnemonic
// starts with one of `widened`.
inline std::string zen5Mnemonic(const uops::AsmLine& l, std::initializer_list<std::string_view> widened) {
  std::string mnemonic = l.text.substr(0, l.text.find(' '));
  for (std::string_view prefix : widened)
    if (mnemonic.starts_with(prefix)) return mnemonic + " " + l.text.substr(l.text.find(' ') + 1, 3);
  return mnemonic;
}

// The whole function's instructions counted.
inline std::map<std::string, int> functionIsa(const uops::LoweredKernel& k,
                                              std::initializer_list<std::string_view> widened = {},
                                              const std::string& cpu = "znver5") {
  std::map<std::string, int> counts;
  for (const uops::AsmLine& l : zen5Code(k, cpu)) ++counts[zen5Mnemonic(l, widened)];
  return counts;
}

// The instructions of the loop that the backward branch at `to` closes
// (from `from`) counted; "stack" counts those that address rsp, "bytes" the
// loop's size.
inline std::map<std::string, int> loopIsa(const std::vector<uops::AsmLine>& code, uint64_t from, uint64_t to) {
  std::map<std::string, int> counts;
  for (const uops::AsmLine& l : code) {
    if (l.offset < from || l.offset > to) continue;
    ++counts[zen5Mnemonic(l, {"vfmadd", "vmov"})];
    if (l.text.find("rsp") != std::string::npos) ++counts["stack"];
  }
  counts["bytes"] = static_cast<int>(to - from);
  return counts;
}

// The instructions of the innermost loop whose body holds an instruction
// starting with `holding` counted (the backward branch that spans the fewest
// bytes among those; "": any).
inline std::map<std::string, int> innermostLoopHolding(const uops::LoweredKernel& k,
                                                       const std::string& cpu,
                                                       std::string_view holding) {
  const std::vector<uops::AsmLine> code = zen5Code(k, cpu);
  auto holds = [&](uint64_t from, uint64_t to) {
    for (const uops::AsmLine& l : code)
      if (l.offset >= from && l.offset <= to && l.text.starts_with(holding)) return true;
    return false;
  };
  uint64_t from = 0, to = 0;
  for (const uops::AsmLine& l : code) {
    if (!l.text.starts_with("j")) continue;
    const size_t at = l.text.find("0x");
    if (at == std::string::npos) continue;
    const uint64_t target = std::stoull(l.text.substr(at + 2), nullptr, 16);
    if (target <= l.offset && (to == 0 || l.offset - target < to - from) && holds(target, l.offset))
      from = target, to = l.offset;
  }
  return loopIsa(code, from, to);
}

// The innermost loop's instructions counted (the backward branch that spans
// the fewest bytes; with `multiplyAdds`, the fewest among those whose body
// holds a multiply-add: LLVM may lay an outer loop's latch out as a short
// backward branch of its own).
inline std::map<std::string, int> innermostLoopIsa(const uops::LoweredKernel& k,
                                                   const std::string& cpu = "znver5",
                                                   bool multiplyAdds = false) {
  return innermostLoopHolding(k, cpu, multiplyAdds ? "vfmadd" : "");
}

} // namespace zen5loop
