#include "backends/opencl/cl_check.h"

#include <string>

namespace uops {

ClError clCallError(cl_int status, const char* call, std::string_view doing) {
  std::string message;
  if (!doing.empty()) message.append(doing).append(": ");
  message.append(call).append(" failed with ").append(clErrorName(status));
  message.append(" (").append(std::to_string(status)).append(")");
  return ClError(ClError::Kind::Call, message, status, call);
}

} // namespace uops
