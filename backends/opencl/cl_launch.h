// What a kernel launch takes besides the kernel: its arguments (buffers and
// the scalars tinygrad's kernels use) and its NDRange (global and local sizes,
// one to three dimensions).
#pragma once

#include "backends/opencl/cl_buffer.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

namespace uops {

// One kernel argument, implicitly made from what it holds, so a call reads
// launch(program, "add", {out, a, b, int32_t(n)}, ...). The scalar's C++ type
// is its OpenCL type (int, long, float): a mismatch with the kernel is
// OpenCL's CL_INVALID_ARG_SIZE, not a silent conversion. A buffer argument
// refers to the caller's handle, which must outlive the launch call.
class ClArg {
public:
  using Value = std::variant<const ClBuffer*, int32_t, int64_t, float>;

  ClArg(const ClBuffer& buffer) : m_value(&buffer) {}
  ClArg(int32_t value) : m_value(value) {}
  ClArg(int64_t value) : m_value(value) {}
  ClArg(float value) : m_value(value) {}

  const Value& value() const { return m_value; }
  const char* typeName() const; // "buffer", "int32", "int64", "float"

private:
  Value m_value;
};

// 1 to 3 sizes; default-constructed (no dimensions) as a local size means
// "the driver chooses".
struct ClRange {
  ClRange() = default;
  ClRange(size_t x) : sizes{x, 1, 1}, dims(1) {}
  ClRange(size_t x, size_t y) : sizes{x, y, 1}, dims(2) {}
  ClRange(size_t x, size_t y, size_t z) : sizes{x, y, z}, dims(3) {}

  std::array<size_t, 3> sizes{1, 1, 1};
  int dims = 0;

  size_t count() const { return sizes[0] * sizes[1] * sizes[2]; }
  std::string toString() const; // "64x8", "the driver's choice" when dims is 0
};

} // namespace uops
