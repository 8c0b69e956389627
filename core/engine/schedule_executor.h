// Running a schedule (a Linear as Rangeify makes it) on host memory: copies
// are done here, each kernel launch is handed to the device's launcher with
// its buffers bound by Param slot, and the final Tuple's buffers come back
// shaped as the program's outputs. The INTERP and CPU devices share it.
#pragma once

#include "core/ir/uop.h"
#include "core/runtime/host_tensor.h"

#include <functional>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace uops {

// A schedule that cannot run: a buffer read before anything wrote it, a read
// outside a buffer, an item the executor does not know.
class KernelError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Host memory of a schedule's buffers, by Buffer id.
using BufferValues = std::map<int64_t, HostTensor>;

// Every input Buffer of the graphs under `roots`, zero-filled: Buffers no
// program wrote (Tensor.empty) read as zeros, as on the reference evaluator.
BufferValues zeroFilledInputs(const std::vector<UOpPtr>& roots);

// The wall times of one kernel over the runs of a schedule, in run order.
struct KernelTimes {
  std::string name;
  std::vector<double> ms;

  double minMs() const;
  double medianMs() const;
};

// Runs launch number `kernelIndex` (in schedule order) of `call`
// (Call(Sink(ast), buf0, ...)) with params[k] bound to Param slot k.
using KernelLauncher =
    std::function<void(size_t kernelIndex, const UOp& call, std::span<HostTensor*> params)>;

// Runs every item of `schedule` in order. `buffers` holds the contents of the
// input Buffers (flat, the Buffer's dtype and size); the buffers the schedule
// writes are added to it.
std::vector<HostTensor> executeSchedule(const UOpPtr& schedule, BufferValues& buffers,
                                        const KernelLauncher& launch);

} // namespace uops
