// Device memory on a CL:<n> device: a handle made by ClDevice::alloc. Copies
// of a handle share one allocation, which is freed when the last copy goes
// (it keeps its own reference to the device's queue, so it may outlive the
// ClDevice). Copies in and out are blocking: when they return, the bytes are
// where they were asked to be.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace uops {

class ClBuffer {
public:
  struct State; // cl_buffer_state.h: only ClDevice makes one

  ClBuffer() = default; // empty: no memory
  explicit ClBuffer(std::shared_ptr<const State> state) : m_state(std::move(state)) {}

  explicit operator bool() const { return m_state != nullptr; }
  size_t size() const;                   // bytes
  const std::string& deviceName() const; // "CL:0"

  // Host -> device and device -> host, `bytes` at `offset` into the buffer.
  // Throws ClError (Usage) for a range outside the buffer, (Call) if OpenCL fails.
  void copyIn(const void* data, size_t bytes, size_t offset = 0) const;
  void copyOut(void* data, size_t bytes, size_t offset = 0) const;

  template <class T> void copyIn(std::span<const T> values, size_t offset = 0) const {
    copyIn(values.data(), values.size_bytes(), offset);
  }
  template <class T> void copyIn(const std::vector<T>& values, size_t offset = 0) const {
    copyIn(std::span<const T>(values), offset);
  }
  // The whole buffer as Ts (size() / sizeof(T) of them).
  template <class T> std::vector<T> read() const {
    std::vector<T> values(size() / sizeof(T));
    copyOut(values.data(), values.size() * sizeof(T));
    return values;
  }

  friend bool operator==(const ClBuffer&, const ClBuffer&) = default; // the same allocation

private:
  friend class ClDevice; // kernel arguments need the cl_mem
  friend void copyBuffer(const ClBuffer& src, const ClBuffer& dst, size_t bytes);
  const State& state() const;
  std::shared_ptr<const State> m_state;
};

// Copies `bytes` (all of src when 0) from src to the start of dst. Buffers of
// one context copy on the device; buffers of different devices (or contexts)
// go through host memory, the one path every pair of platforms shares.
void copyBuffer(const ClBuffer& src, const ClBuffer& dst, size_t bytes = 0);

} // namespace uops
