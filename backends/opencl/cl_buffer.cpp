#include "backends/opencl/cl_buffer.h"

#include "backends/opencl/cl_buffer_state.h"
#include "backends/opencl/cl_check.h"

#include <cstddef>
#include <vector>

namespace uops {

const ClBuffer::State& ClBuffer::state() const {
  if (!m_state) throw ClError(ClError::Kind::Usage, "empty ClBuffer: it holds no device memory");
  return *m_state;
}

size_t ClBuffer::size() const {
  return state().size;
}

const std::string& ClBuffer::deviceName() const {
  return state().deviceName;
}

static void checkRange(const ClBuffer::State& s, size_t bytes, size_t offset, const char* what) {
  if (offset <= s.size && bytes <= s.size - offset) return;
  throw ClError(ClError::Kind::Usage, std::string(what) + " " + std::to_string(bytes) +
                                          " bytes at offset " + std::to_string(offset) + " of a " +
                                          std::to_string(s.size) + "-byte buffer on " +
                                          s.deviceName + ": out of range");
}

void ClBuffer::copyIn(const void* data, size_t bytes, size_t offset) const {
  const State& s = state();
  checkRange(s, bytes, offset, "copying in");
  if (bytes == 0) return; // OpenCL rejects empty copies; there is nothing to do
  checkCl(clEnqueueWriteBuffer(s.queue.get(), s.mem.get(), CL_TRUE, offset, bytes, data, 0, nullptr,
                               nullptr),
          "clEnqueueWriteBuffer", "copying to " + s.deviceName);
}

void ClBuffer::copyOut(void* data, size_t bytes, size_t offset) const {
  const State& s = state();
  checkRange(s, bytes, offset, "copying out");
  if (bytes == 0) return;
  checkCl(clEnqueueReadBuffer(s.queue.get(), s.mem.get(), CL_TRUE, offset, bytes, data, 0, nullptr,
                              nullptr),
          "clEnqueueReadBuffer", "copying from " + s.deviceName);
}

void copyBuffer(const ClBuffer& src, const ClBuffer& dst, size_t bytes) {
  if (bytes == 0) bytes = src.size();
  if (bytes > src.size() || bytes > dst.size())
    throw ClError(ClError::Kind::Usage, "copying " + std::to_string(bytes) + " bytes from a " +
                                            std::to_string(src.size()) + "-byte buffer on " +
                                            src.deviceName() + " to a " +
                                            std::to_string(dst.size()) + "-byte buffer on " +
                                            dst.deviceName() + ": out of range");
  if (src == dst || bytes == 0) return;
  const ClBuffer::State& s = *src.m_state;
  const ClBuffer::State& d = *dst.m_state;
  if (s.context != d.context) {
    std::vector<std::byte> staging(bytes);
    src.copyOut(staging.data(), bytes);
    dst.copyIn(staging.data(), bytes);
    return;
  }
  OwnedEvent done;
  checkCl(clEnqueueCopyBuffer(d.queue.get(), s.mem.get(), d.mem.get(), 0, 0, bytes, 0, nullptr,
                              done.out()),
          "clEnqueueCopyBuffer", "copying a buffer on " + d.deviceName);
  const cl_event event = done.get();
  checkCl(clWaitForEvents(1, &event), "clWaitForEvents", "copying a buffer on " + d.deviceName);
}

} // namespace uops
