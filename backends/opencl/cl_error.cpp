#include "backends/opencl/cl_error.h"

#include <utility>

namespace uops {

ClError::ClError(Kind kind, const std::string& message, int code, std::string call)
    : std::runtime_error(message), m_kind(kind), m_code(code), m_call(std::move(call)) {}

ClError ClError::buildFailure(const std::string& message, int code, std::string buildLog,
                              std::string source) {
  ClError error(Kind::Build, message, code, "clBuildProgram");
  error.m_buildLog = std::move(buildLog);
  error.m_source = std::move(source);
  return error;
}

const char* toString(ClError::Kind kind) {
  switch (kind) {
  case ClError::Kind::Call:
    return "call";
  case ClError::Kind::Build:
    return "build";
  case ClError::Kind::Usage:
    return "usage";
  case ClError::Kind::Compiler:
    return "compiler";
  }
  return "unknown";
}

} // namespace uops
