// A Device's buffers checked through the interface alone: allocate, copy in,
// copy between two buffers, copy out, and the refusal of a copy that does not
// fit. "" when all holds, else what did not.
#pragma once

#include "core/engine/device.h"

#include <fmt/format.h>

#include <string>

namespace uops::test {

inline std::string bufferRoundTrip(Device& device) {
  HostTensor values = HostTensor::fromDoubles(dtypes::float32, {5}, {1.5, -2, 0.25, 1e6, -0.0});
  std::unique_ptr<DeviceBuffer> a = device.allocate(dtypes::float32, 5), b = device.allocate(dtypes::float32, 5);
  if (a->numel() != 5 || a->dtype() != dtypes::float32 || a->bytes() != 20) return "allocate: wrong size or dtype";
  device.copyIn(*a, values);
  device.copy(*a, *b);
  values.setDouble(0, 99); // the device keeps its own copy
  HostTensor back = device.copyOut(*b);
  if (back.numel() != 5 || back.dtype() != dtypes::float32) return "copyOut: wrong size or dtype";
  const double want[] = {1.5, -2, 0.25, 1e6, -0.0};
  for (int64_t i = 0; i < 5; ++i)
    if (back.getDouble(i) != want[i]) return fmt::format("element {}: {} after the round trip", i, back.getDouble(i));
  try {
    device.copyIn(*a, HostTensor(dtypes::int32, {5}));
    return "an int32 copy into a float32 buffer was accepted";
  } catch (const DeviceError&) {
  }
  std::unique_ptr<DeviceBuffer> empty = device.allocate(dtypes::float32, 0);
  device.copyIn(*empty, HostTensor(dtypes::float32, {0}));
  if (device.copyOut(*empty).numel() != 0) return "an empty buffer came back with elements";
  return {};
}

} // namespace uops::test
