// The handle to one JIT-compiled module: the entry's address, the object code
// the JIT linked, and the optimized IR for the source view. Copies share one
// module; the module (and its machine code) leaves the JIT when the last copy
// goes, even if the LlvmJit that made it is gone by then.
#pragma once

#include "backends/llvm/asm_line.h"
#include "backends/llvm/target_desc.h"

#include <cassert>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace uops {

// Milliseconds spent in each step of the compile that made a kernel (a cache
// hit returns the original kernel, so its times are the original's).
struct CompileTimes {
  double parseMs = 0;    // parse and verify the IR text
  double optimizeMs = 0; // the new pass manager's default pipeline
  double codegenMs = 0;  // instruction selection to object file
  double linkMs = 0;     // the JIT links the object and resolves the entry
  double totalMs() const { return parseMs + optimizeMs + codegenMs + linkMs; }
};

class CompiledKernel {
public:
  struct State; // compiled_kernel_state.h: only the JIT builds one

  CompiledKernel() = default; // empty: no module
  explicit CompiledKernel(std::shared_ptr<const State> state) : m_state(std::move(state)) {}

  explicit operator bool() const { return m_state != nullptr; }

  // The entry's address in this process; the caller casts it to the
  // signature its IR declares (entryAs<void(void**, int64_t*)>()).
  void* entry() const;
  template <class Fn> Fn* entryAs() const { return reinterpret_cast<Fn*>(entry()); }

  const std::string& entryName() const;
  const std::string& optimizedIr() const; // after the pass pipeline, as LLVM prints it
  // The relocatable object file (ELF on Linux) the JIT linked; as a .o file,
  // objdump reads it.
  std::span<const uint8_t> objectCode() const;
  const TargetDesc& target() const;
  const CompileTimes& times() const;

  // The entry function's machine code, one line per instruction, decoded from
  // objectCode() on each call (the ISA view keeps what it shows). Throws
  // JitError if the object holds no such function.
  std::vector<AsmLine> disassembly(AsmSyntax syntax = AsmSyntax::Intel) const;
  std::string assembly(AsmSyntax syntax = AsmSyntax::Intel) const {
    return formatAsm(disassembly(syntax));
  }

  // Equal handles share one compiled module (what a cache hit returns).
  friend bool operator==(const CompiledKernel&, const CompiledKernel&) = default;

private:
  friend class KernelCache;
  const State& state() const {
    assert(m_state && "an empty CompiledKernel has no module");
    return *m_state;
  }
  std::shared_ptr<const State> m_state;
};

} // namespace uops
