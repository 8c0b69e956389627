// Running a schedule whose buffers live on several devices (after the
// multi-device split, device_split.h): every buffer is allocated on its own
// device, every kernel compiled and launched on the device of the buffers it
// writes, every copy pulled by its destination device (through host memory
// between two devices, on the device itself within one). Each device is a
// queue of its own, a thread: an item starts once the items it depends on
// (the last writer of what it reads or writes, the readers of what it
// overwrites) are done, so devices compute concurrently and copies overlap
// other devices' kernels. The timeline records when each item ran where.
#pragma once

#include "core/engine/device_schedule.h"
#include "core/engine/kernel_launch.h"
#include "core/engine/timeline_event.h"

#include <functional>
#include <string>
#include <vector>

namespace uops {

struct MultiScheduleRun {
  std::vector<HostTensor> outputs;  // of the last run
  std::vector<KernelTimes> kernels; // by launch order
  std::vector<TimelineEvent> timeline;
  std::vector<KernelLaunch> launches; // by launch order
  size_t copies = 0;      // copy items per run
  size_t devicesUsed = 0; // queues
};

// The device a buffer's device name runs on (a run's mapping of a program's
// virtual devices onto real ones).
using DeviceMap = std::function<Device&(const std::string& name)>;

// `primary` is the device the run was lowered for. Throws what runSchedule throws.
MultiScheduleRun runMultiSchedule(const Device& primary, const DeviceMap& deviceOf, const PipelineRun& run,
                                  const BufferValues& inputs, int repeat = 1);

} // namespace uops
