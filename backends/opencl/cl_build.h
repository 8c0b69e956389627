// Private: one clBuildProgram, no cache. A failure a user can cause (a
// syntax error, an unknown option) becomes ClError::buildFailure carrying the
// driver's log and the source, so the message shows both side by side.
#pragma once

#include "backends/opencl/cl_api.h"
#include "backends/opencl/cl_program_state.h"

#include <memory>
#include <string>

namespace uops {

std::shared_ptr<ClProgram::State> buildProgram(cl_context context, cl_device_id device,
                                               const std::string& deviceName,
                                               const std::string& source,
                                               const std::string& options);

} // namespace uops
