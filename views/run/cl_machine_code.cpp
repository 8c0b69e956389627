#include "views/run/cl_machine_code.h"

#include "backends/llvm/disassemble.h"
#include "backends/llvm/jit_error.h"
#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_discovery.h"
#include "backends/opencl/cl_schedule.h"
#include "backends/opencl/kernel_scratch.h"

#include <optional>
#include <stdexcept>

namespace uops::views {
namespace {

bool hasMachineCode(const ClBinary& b) {
  return b.kind() == ClBinaryKind::Text || !b.elfImages().empty();
}

} // namespace

std::string clMachineCode(const LoweredKernel& kernel) {
  std::optional<size_t> index = parseClDeviceName(kernel.target.device);
  if (!index) throw std::runtime_error("'" + kernel.target.device + "' is not a CL device");
  ClDevice& device = clDevice(*index);
  ClProgram program = buildKernel(device, kernel);
  ClBinary binary = program.binary();
  if (!hasMachineCode(binary)) {
    launchKernel(device, program, kernel, KernelScratch(device, kernel).args()); // drivers that compile at launch
    binary = program.binary();
  }
  std::string out = "; " + binary.description() + "\n";
  if (binary.kind() == ClBinaryKind::Text) out += binary.text();
  for (const ClElfImage& image : binary.elfImages()) {
    out += "\n; " + image.name + "\n";
    try {
      out += disassembleHostElf(image.bytes, image.machine);
    } catch (const JitError& e) {
      out += std::string("; not disassembled: ") + e.what() + "\n";
    }
  }
  return out;
}

} // namespace uops::views
