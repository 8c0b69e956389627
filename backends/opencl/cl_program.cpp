#include "backends/opencl/cl_program.h"

#include "backends/opencl/cl_check.h"
#include "backends/opencl/cl_program_state.h"

namespace uops {

const ClProgram::State& ClProgram::state() const {
  if (!m_state) throw ClError(ClError::Kind::Usage, "empty ClProgram: nothing was built");
  return *m_state;
}

const std::string& ClProgram::source() const {
  return state().source;
}

const std::string& ClProgram::options() const {
  return state().options;
}

const std::string& ClProgram::deviceName() const {
  return state().deviceName;
}

const std::string& ClProgram::buildLog() const {
  return state().buildLog;
}

double ClProgram::buildMs() const {
  return state().buildMs;
}

const std::vector<std::string>& ClProgram::kernelNames() const {
  return state().kernelNames;
}

ClBinary ClProgram::binary() const {
  const State& s = state();
  const std::string doing = "reading the program binary on " + s.deviceName;
  // The program has one device (its context has one), so one size and one pointer.
  size_t size = 0;
  checkCl(clGetProgramInfo(s.program.get(), CL_PROGRAM_BINARY_SIZES, sizeof size, &size, nullptr),
          "clGetProgramInfo", doing);
  std::vector<uint8_t> bytes(size);
  unsigned char* data = bytes.data();
  if (size > 0)
    checkCl(clGetProgramInfo(s.program.get(), CL_PROGRAM_BINARIES, sizeof data, &data, nullptr),
            "clGetProgramInfo", doing);
  return classifyBinary(std::move(bytes));
}

} // namespace uops
