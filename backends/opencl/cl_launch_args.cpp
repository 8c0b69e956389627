// ClArg and ClRange: the plain-C++ half of a launch (no OpenCL calls).
#include "backends/opencl/cl_launch.h"

namespace uops {

const char* ClArg::typeName() const {
  static const char* const names[] = {"buffer", "int32", "int64", "float"};
  return names[m_value.index()];
}

std::string ClRange::toString() const {
  if (dims == 0) return "the driver's choice";
  std::string text = std::to_string(sizes[0]);
  for (int d = 1; d < dims; ++d)
    text += "x" + std::to_string(sizes[size_t(d)]);
  return text;
}

} // namespace uops
