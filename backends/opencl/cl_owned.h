// Private: a unique owner of one OpenCL object reference (its clRelease* runs
// once, on destruction), so no early return or exception leaks a context,
// queue, buffer, program, kernel or event.
#pragma once

#include "backends/opencl/cl_api.h"

#include <utility>

namespace uops {

template <class Handle, cl_int (*Release)(Handle)> class ClOwned {
public:
  ClOwned() = default;
  explicit ClOwned(Handle handle) : m_handle(handle) {}
  ~ClOwned() { reset(); }
  ClOwned(ClOwned&& other) noexcept : m_handle(std::exchange(other.m_handle, nullptr)) {}
  ClOwned& operator=(ClOwned&& other) noexcept {
    if (this != &other) {
      reset();
      m_handle = std::exchange(other.m_handle, nullptr);
    }
    return *this;
  }
  ClOwned(const ClOwned&) = delete;
  ClOwned& operator=(const ClOwned&) = delete;

  Handle get() const { return m_handle; }
  explicit operator bool() const { return m_handle != nullptr; }
  // For out-parameters: clCreate* writes the new handle here.
  Handle* out() {
    reset();
    return &m_handle;
  }

private:
  void reset() {
    // A release can only fail for an invalid handle, which ownership rules out.
    if (m_handle) (void)Release(std::exchange(m_handle, nullptr));
  }
  Handle m_handle = nullptr;
};

using OwnedContext = ClOwned<cl_context, clReleaseContext>;
using OwnedQueue = ClOwned<cl_command_queue, clReleaseCommandQueue>;
using OwnedMem = ClOwned<cl_mem, clReleaseMemObject>;
using OwnedProgram = ClOwned<cl_program, clReleaseProgram>;
using OwnedKernel = ClOwned<cl_kernel, clReleaseKernel>;
using OwnedEvent = ClOwned<cl_event, clReleaseEvent>;

} // namespace uops
