// Each CL:<n> as a core Device (core/engine/device.h): kernels lowered for
// openClTarget(), built by the driver on the process's shared ClDevice (a
// schedule's kernels in as few programs as their names allow), every new
// launch probed in a child process first so a driver that aborts does not
// take the process down, buffers in device memory, times from profiling
// events. Machine code is the driver's binary: ELF images go through
// `disassemble` (the LLVM backend's, handed in so this library need not link
// LLVM), text binaries (PTX) are shown as they are.
#pragma once

#include "core/engine/device_registry.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>

namespace uops {

// An ELF image for the host's machine (e_machine `machine`) as text; throws
// std::exception when it cannot.
using ElfDisassembler = std::function<std::string(std::span<const uint8_t> elf, uint16_t machine)>;

// The "CL" kind for the registry: CL:0, CL:1, ... as discovery found them.
DeviceKind openClDeviceKind(ElfDisassembler disassemble);

} // namespace uops
