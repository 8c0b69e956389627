#include "core/engine/device.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace uops {

void Device::checkFits(const DeviceBuffer& dst, const HostTensor& src) {
  if (src.dtype() != dst.dtype() || src.numel() != dst.numel())
    throw DeviceError(fmt::format("a copy of {} x {} into a buffer of {} x {}", src.numel(), toString(src.dtype()),
                                  dst.numel(), toString(dst.dtype())));
}

DevicePeaks Device::measurePeaks() {
  throw DeviceError(fmt::format("{} has no kernels to measure its peak rates with", name()));
}

std::vector<Remark> Device::compilerRemarks(const LoweredKernel&) {
  return {};
}

void Device::copy(const DeviceBuffer& src, DeviceBuffer& dst) {
  copyIn(dst, copyOut(src));
}

std::unique_ptr<DeviceBuffer> HostMemoryDevice::allocate(DType dtype, int64_t numel) {
  return std::make_unique<HostBuffer>(dtype, numel);
}

void HostMemoryDevice::copyIn(DeviceBuffer& dst, const HostTensor& src) {
  checkFits(dst, src);
  HostTensor& held = host(dst).value;
  // Into the buffer's memory when it has that size: sharing the source's
  // bytes would make the source's next writer copy them all into fresh
  // pages (a copy between devices, every run of a schedule).
  if (held.dtype() == src.dtype() && held.numel() == src.numel()) {
    std::span<const std::byte> from = src.bytes();
    if (from.data() == held.bytes().data()) return; // its own bytes (a buffer's last value, uploaded again)
    std::copy(from.begin(), from.end(), held.mutableBytes().begin());
    return;
  }
  held = src.withShape(Shape{src.numel()}); // shares the bytes until a kernel writes them
}

HostTensor HostMemoryDevice::copyOut(const DeviceBuffer& src) {
  return host(src).value;
}

void HostMemoryDevice::copy(const DeviceBuffer& src, DeviceBuffer& dst) {
  copyIn(dst, host(src).value);
}

HostBuffer& HostMemoryDevice::host(DeviceBuffer& buffer) {
  auto* b = dynamic_cast<HostBuffer*>(&buffer);
  if (!b) throw DeviceError("a buffer of another device");
  return *b;
}

const HostBuffer& HostMemoryDevice::host(const DeviceBuffer& buffer) {
  return host(const_cast<DeviceBuffer&>(buffer));
}

} // namespace uops
