// Each CUDA:<n> as a core Device (core/engine/device.h): kernels lowered for
// the NVPTX target of the card's compute capability (cuda_arch.h), compiled
// to PTX by LLVM, loaded by the driver's JIT (cuda_module.h), launched over
// their grid (cuda_launch_shape.h) and timed by CUDA events; buffers in device
// memory. Machine code is the PTX, and SASS where the toolkit's disassembler
// is on PATH (cuda_sass.h). Schedules and BEAM run through core's
// device_schedule.h and device_beam.h over this Device, as on every device.
#pragma once

#include "backends/cuda/cuda_driver.h"
#include "core/engine/device_registry.h"

#include <functional>
#include <memory>

namespace uops {

// Device `ordinal` of `driver`; throws CudaError when the driver cannot open
// it, JitError when LLVM knows no processor for it.
std::unique_ptr<Device> makeCudaDevice(std::shared_ptr<const cu::CudaDriver> driver, int ordinal);

// The "CUDA" kind for the registry: CUDA:0, CUDA:1, ... as `driver` counts
// them; none where it did not load. `driver` is asked on first use.
DeviceKind cudaDeviceKind(std::function<const CudaDriverLoad&()> driver);

} // namespace uops
