// One item of a run on a device's queue: a kernel launch or a copy, when it
// started and ended. Single-device and multi-device runs record the same
// events (device_schedule.h, multi_schedule.h); the explorer's timeline and
// the trace export (core/export/chrome_trace.h) read them.
#pragma once

#include <cstdint>
#include <string>

namespace uops {

struct TimelineEvent {
  std::string device; // the queue it ran on
  std::string name;   // kernel name, or "copy CPU -> CPU:1"
  bool copy = false;
  double startMs = 0, endMs = 0; // from the start of its run
  int run = 0;                   // which of the `repeat` runs
  int64_t kernel = -1;           // a kernel's launch index (the run's KernelLaunch list); -1 for a copy
  int64_t bytes = 0;             // a copy's bytes moved; a kernel's: of the buffers it binds
  std::string source;            // a copy's source device, "host" for literal data; empty for a kernel
};

} // namespace uops
