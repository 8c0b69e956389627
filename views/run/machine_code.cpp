#include "views/run/machine_code.h"

#include "backends/llvm/cpu_device.h"

#include <mutex>

namespace uops::views {

QString machineCode(const LoweredKernel& kernel) {
  static std::mutex mutex; // one JIT, used by one compile at a time
  static CpuDevice device;
  std::lock_guard lock(mutex);
  try {
    return QString::fromStdString(device.compile(kernel).assembly());
  } catch (const std::exception& e) {
    return QStringLiteral("machine code not available: %1").arg(QString::fromStdString(e.what()));
  }
}

} // namespace uops::views
