#include "views/kernel_text/machine_code.h"

#include "core/pipeline/codegen.h"
#include "core/engine/device_registry.h"

namespace uops::views {

QString machineCode(const LoweredKernel& kernel) {
  try {
    return QString::fromStdString(openDevice(kernel.target.device).compile(kernel)->machineCode());
  } catch (const std::exception& e) {
    return QStringLiteral("machine code not available: %1").arg(QString::fromStdString(e.what()));
  }
}

} // namespace uops::views
