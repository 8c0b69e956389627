// Private: what a ClBuffer handle shares.
#pragma once

#include "backends/opencl/cl_buffer.h"
#include "backends/opencl/cl_owned.h"

#include <string>

namespace uops {

struct ClBuffer::State {
  OwnedMem mem;
  OwnedQueue queue;     // a retained reference to the device's queue
  cl_context context{}; // held alive by mem; compared to tell devices apart
  size_t size = 0;
  std::string deviceName;
};

} // namespace uops
