#include "backends/llvm/jit_error.h"

namespace uops {

JitError::JitError(Kind kind, const std::string& message, int line, int column)
    : std::runtime_error(message), m_kind(kind), m_line(line), m_column(column) {}

const char* toString(JitError::Kind kind) {
  switch (kind) {
  case JitError::Kind::Setup:
    return "setup";
  case JitError::Kind::Parse:
    return "parse";
  case JitError::Kind::Verify:
    return "verify";
  case JitError::Kind::Entry:
    return "entry";
  case JitError::Kind::Codegen:
    return "codegen";
  case JitError::Kind::Link:
    return "link";
  }
  return "unknown";
}

} // namespace uops
