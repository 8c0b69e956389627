#include "views/run/machine_code.h"

#include "backends/llvm/cpu_device.h"
#include "views/run/cl_machine_code.h"

#include <mutex>

namespace uops::views {
namespace {

std::string cpuMachineCode(const LoweredKernel& kernel) {
  static std::mutex mutex; // one JIT, used by one compile at a time
  static CpuDevice device;
  std::lock_guard lock(mutex);
  return device.compile(kernel).assembly();
}

} // namespace

QString machineCode(const LoweredKernel& kernel) {
  try {
    if (kernel.target.kind == TargetKind::Gpu) return QString::fromStdString(clMachineCode(kernel));
    return QString::fromStdString(cpuMachineCode(kernel));
  } catch (const std::exception& e) {
    return QStringLiteral("machine code not available: %1").arg(QString::fromStdString(e.what()));
  }
}

} // namespace uops::views
