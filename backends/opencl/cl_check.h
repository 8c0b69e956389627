// Private: OpenCL status codes to ClError. The message names the call, the
// CL_ error and what we were doing ("allocating 16 bytes on CL:0"), so a user
// reads it without the OpenCL headers at hand.
#pragma once

#include "backends/opencl/cl_api.h"
#include "backends/opencl/cl_error.h"

#include <string_view>

namespace uops {

// "<doing>: <call> failed with CL_INVALID_VALUE (-30)"; just the call part
// when doing is empty.
ClError clCallError(cl_int status, const char* call, std::string_view doing = {});

// Throws clCallError(...) unless status is CL_SUCCESS. Callers whose context
// costs a string build test the status themselves and call clCallError.
inline void checkCl(cl_int status, const char* call, std::string_view doing = {}) {
  if (status != CL_SUCCESS) throw clCallError(status, call, doing);
}

} // namespace uops
