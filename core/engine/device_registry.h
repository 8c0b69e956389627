// The process's devices, opened by name: one instance per name, made on first
// use and kept for the rest of the process, so every caller (uopc, the
// explorer's Run, Code and BEAM) shares one JIT and one OpenCL context per
// device. REF is built in; INTERP is registered by core/engine
// (interp_device.h), CPU and CL:<n> by the backends (backends/devices.h).
#pragma once

#include "core/engine/device.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace uops {

struct DeviceKind {
  std::string prefix;   // "CPU", "CL", "INTERP": what a name starts with
  bool indexed = false; // names are PREFIX:<n>; PREFIX alone is PREFIX:0
  bool bareZero = false; // index 0 is spelled PREFIX (tinygrad's "CPU" for CPU:0)
  // The devices of this kind on this machine (may be none).
  std::function<std::vector<DeviceDescription>()> list;
  // Opens one of them by its canonical name; throws DeviceError if it cannot.
  std::function<std::unique_ptr<Device>(const std::string& name)> open;
  // Whether a canonical name of this kind exists here, for kinds with more
  // devices than they list (virtual ones); unset: the listed ones exist.
  std::function<bool(const std::string& name)> exists;
};

// A kind of one device (REF, INTERP, CPU): named and listed by `description`,
// made by `make` when first opened.
DeviceKind singleDeviceKind(DeviceDescription description, std::function<std::unique_ptr<Device>()> make);

// Adds a kind, or replaces the one with the same prefix (devices of it
// already open stay open).
void registerDeviceKind(DeviceKind kind);

// A name as a user types it, spelled canonically: case-insensitive,
// "cl" is "CL:0", "cl:01" is "CL:1". Throws DeviceError for a name of no
// registered kind, listing the accepted forms.
std::string canonicalDeviceName(std::string_view typed);

// The device by name (any spelling canonicalDeviceName accepts), opened on
// first use. Throws DeviceError naming the devices there are when this
// machine has no such device.
Device& openDevice(std::string_view name);

// What openDevice(name) would open, described without opening it where its
// kind lists it (opening a CPU starts LLVM's JIT: milliseconds a program
// that realizes nothing while loading need not wait). Throws as openDevice.
DeviceDescription describeDevice(std::string_view name);

// Device `index` of `base`'s kind, counting from base's own index: "CPU", 2
// is "CPU:2"; "CL:1", 1 is "CL:2"; a kind of one device (INTERP) has only
// base. How a program's virtual devices CPU:k are mapped onto a run's device.
std::string deviceAfter(std::string_view base, int64_t index);

// Every device of every registered kind, in registration order.
std::vector<DeviceDescription> listDevices();

} // namespace uops
