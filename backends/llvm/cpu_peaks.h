// The CPU's peaks (core/runtime/device_peaks.h), measured on every hardware
// thread at once with the kernels of peak_kernels.h compiled by `jit`:
// - arithmetic: fma_peak on the widest float vectors (`vectorBits`), its rate
//   per thread taken over the thread's own CPU time (a core the scheduler
//   lends to another process for a moment does not lower the peak), summed;
// - bandwidth: the best of a copy by memcpy, a copy by copy_peak (its stores
//   non-temporal, as the kernels' into large outputs are) and read_peak over buffers of 64 MiB (what a large last-level
//   cache holds, as kernels' buffers do) and of 256 MiB (less where memory is short), over wall
//   time (threads share the memory: a thread's own time would count one that ran alone as if all
//   had), the best of eight runs.
// The arithmetic rate is the best of three runs of about a fifth of a second.
#pragma once

#include "core/runtime/device_peaks.h"

namespace uops {

class LlvmJit;

DevicePeaks measureCpuPeaks(LlvmJit& jit, int vectorBits);

} // namespace uops
