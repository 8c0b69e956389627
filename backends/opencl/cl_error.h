// A failure on a CL:<n> device that a user (or a renderer) can cause: an
// OpenCL call that returned an error, OpenCL C that does not build, a launch
// that does not fit the kernel. It never aborts the process; the message is
// what the user reads, the fields are what views and tests check.
#pragma once

#include <stdexcept>
#include <string>

namespace uops {

class ClError : public std::runtime_error {
public:
  enum class Kind {
    Call,  // an OpenCL call returned an error code (code() and call() say which)
    Build, // clBuildProgram failed: buildLog() and source() say why
    Usage, // a request OpenCL would reject less clearly (no such device, wrong argument count)
    Compiler, // the driver's compiler died compiling a kernel at launch, in a probe process
              // (cl_probe.h): the message has the signal or exit status and its output
  };

  ClError(Kind kind, const std::string& message, int code = 0, std::string call = {});
  // A failed build: the message holds the driver's log and the numbered source.
  static ClError buildFailure(const std::string& message, int code, std::string buildLog,
                              std::string source);

  Kind kind() const { return m_kind; }
  // The CL_ error code (negative), 0 where the failure did not come from OpenCL.
  int code() const { return m_code; }
  // The OpenCL function that failed ("clBuildProgram"), empty for Usage.
  const std::string& call() const { return m_call; }
  // Build errors: the driver's log and the OpenCL C source as given (without numbers).
  const std::string& buildLog() const { return m_buildLog; }
  const std::string& source() const { return m_source; }

private:
  Kind m_kind;
  int m_code;
  std::string m_call;
  std::string m_buildLog;
  std::string m_source;
};

// "call", "build", "usage", "compiler": for messages and tests.
const char* toString(ClError::Kind kind);

// "CL_INVALID_VALUE" for -30; "unknown OpenCL error" for a code no header names.
const char* clErrorName(int code);

} // namespace uops
