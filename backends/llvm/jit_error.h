// A compile failure a user (or a renderer) can cause: bad IR, a missing entry,
// a symbol the JIT cannot resolve, an error inside LLVM's code generator.
// It carries LLVM's own diagnostic text and, where known, the IR line.
#pragma once

#include <stdexcept>
#include <string>

namespace uops {

class JitError : public std::runtime_error {
public:
  enum class Kind {
    Setup,   // the JIT or the target could not be created
    Parse,   // the IR text does not parse
    Verify,  // it parses but breaks an IR rule (LLVM's verifier)
    Entry,   // the entry function is missing, a declaration, or not external
    Codegen, // LLVM's optimizer or code generator reported an error (or aborted)
    Link,    // the JIT could not link the object (an unresolved symbol)
  };

  // line and column are 1-based; 0 when the failure has no place in the IR.
  JitError(Kind kind, const std::string& message, int line = 0, int column = 0);

  Kind kind() const { return m_kind; }
  int line() const { return m_line; }
  int column() const { return m_column; }

private:
  Kind m_kind;
  int m_line;
  int m_column;
};

// "parse", "verify", ...: for messages and tests.
const char* toString(JitError::Kind kind);

} // namespace uops
