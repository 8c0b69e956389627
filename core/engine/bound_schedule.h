// A schedule compiled once and replayed many times with every buffer resolved
// once: its inputs read from buffers the caller binds (and fills before each
// run), its own intermediate and output buffers made on the first run, each
// launch's buffer list built then and reused. The auto-batching VM runs each
// block's kernels this way, once per block execution, where a lookup per
// buffer per launch would cost more than the kernel.
#pragma once

#include "core/pipeline/pipeline_runner.h"
#include "core/engine/device.h"

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace uops {

class BoundSchedule {
public:
  // Compiles every kernel of `run` for `device`; throws as kernelsFor
  // (device_schedule.h) and the device's compiler do.
  BoundSchedule(Device& device, const PipelineRun& run);
  ~BoundSchedule();
  BoundSchedule(const BoundSchedule&) = delete;
  BoundSchedule& operator=(const BoundSchedule&) = delete;

  // Input Buffer `id` is read from `buffer` (the caller's, of the Buffer's
  // dtype and size) in every run from now on; bind before the first run.
  void bind(int64_t id, DeviceBuffer& buffer);
  // Runs every copy and kernel in order; the final Tuple's buffers, flat, in
  // its order, valid until the next run. The first run resolves the buffers
  // (KernelError for one read before anything wrote it and not bound).
  const std::vector<DeviceBuffer*>& run();

  const std::vector<LoweredKernel>& kernels() const { return m_kernels; }

private:
  struct Step {
    DeviceProgram* program = nullptr;   // a kernel launch, or
    DeviceBuffer* copyFrom = nullptr;   // a copy between buffers, or
    std::optional<HostTensor> literal;  // literal data uploaded
    std::vector<DeviceBuffer*> buffers; // the kernel's by Param slot; a copy's destination first
  };
  void resolve();
  DeviceBuffer& buffer(const UOp& node, bool written);

  Device& m_device;
  UOpPtr m_linear;
  std::vector<LoweredKernel> m_kernels;
  std::vector<std::shared_ptr<DeviceProgram>> m_programs;
  std::map<int64_t, DeviceBuffer*> m_bound;
  std::map<int64_t, std::unique_ptr<DeviceBuffer>> m_own;
  std::map<int64_t, bool> m_written;
  std::vector<Step> m_steps;
  std::vector<DeviceBuffer*> m_outputs;
  bool m_resolved = false;
};

} // namespace uops
