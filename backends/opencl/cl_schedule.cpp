#include "backends/opencl/cl_schedule.h"

#include "backends/opencl/cl_error.h"
#include "backends/opencl/cl_schedule_programs.h"
#include "core/runtime/reference_evaluator.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

namespace uops {
namespace {

struct DeviceBuffers {
  ClDevice& device;
  std::map<int64_t, ClBuffer> byId;

  // The device memory of a schedule Buffer, allocated on first use.
  const ClBuffer& of(const UOp& buffer) {
    const BufferArg& arg = buffer.argAs<BufferArg>();
    auto it = byId.find(arg.id);
    if (it == byId.end()) {
      auto bytes = static_cast<size_t>(std::max<int64_t>(arg.size, 1) * buffer.dtype().base().itemSize());
      it = byId.emplace(arg.id, device.alloc(bytes)).first;
    }
    return it->second;
  }
};

void upload(const ClBuffer& dst, const HostTensor& value) {
  if (!value.bytes().empty()) dst.copyIn(value.bytes().data(), value.bytes().size());
}

// Store(Buffer, Load(data)): literal data evaluated on the host, or another buffer.
void runCopy(const UOp& store, DeviceBuffers& buffers) {
  const UOpPtr& source = store.src(1)->src(0);
  const ClBuffer& dst = buffers.of(*store.src(0));
  if (source->op() == Op::Buffer) return copyBuffer(buffers.of(*source), dst);
  upload(dst, ReferenceEvaluator().evaluate(source));
}

HostTensor download(const UOp& result, DeviceBuffers& buffers) {
  const UOp& buffer = *result.src(0);
  HostTensor out(buffer.dtype().base(), Shape{buffer.argAs<BufferArg>().size});
  if (!out.bytes().empty()) buffers.of(buffer).copyOut(out.mutableBytes().data(), out.bytes().size());
  return out.withShape(result.shape());
}

// Sizes per dimension as a launch range; `none` when there are no sizes.
ClRange rangeOf(const std::vector<int64_t>& sizes, ClRange none) {
  auto s = [&](size_t i) { return static_cast<size_t>(sizes[i]); };
  switch (sizes.size()) {
  case 0: return none;
  case 1: return ClRange(s(0));
  case 2: return ClRange(s(0), s(1));
  default: return ClRange(s(0), s(1), s(2));
  }
}

bool hasExtension(const ClDeviceInfo& info, const std::string& name) {
  return std::find(info.extensions.begin(), info.extensions.end(), name) != info.extensions.end();
}

} // namespace

void checkBuildable(ClDevice& device, const LoweredKernel& k) {
  if (k.opencl.source.empty())
    throw ClError(ClError::Kind::Usage, fmt::format("kernel {} was not rendered as OpenCL C", k.name.text));
  if (k.opencl.needsFp64 && !hasExtension(device.info(), "cl_khr_fp64"))
    throw ClError(ClError::Kind::Usage, fmt::format("kernel {} uses float64, and {} ({}) has no cl_khr_fp64",
                                                    k.name.text, device.name(), device.info().deviceName));
}

ClProgram buildKernel(ClDevice& device, const LoweredKernel& k) {
  checkBuildable(device, k);
  return device.build(k.opencl.source, kOpenClBuildOptions);
}

double launchKernel(ClDevice& device, const ClProgram& program, const LoweredKernel& k,
                    const std::vector<ClArg>& args) {
  return device.launch(program, k.opencl.function, args, rangeOf(k.opencl.grid, ClRange(1)),
                       rangeOf(k.opencl.local, ClRange()));
}

ClProbeLaunch kernelProbe(const ClProgram& program, const LoweredKernel& k,
                          std::vector<ClProbeArg> args) {
  return {program, k.opencl.function, std::move(args), rangeOf(k.opencl.grid, ClRange(1)),
          rangeOf(k.opencl.local, ClRange())};
}

ClScheduleRun runScheduleOnCl(const PipelineRun& run, ClDevice& device, const BufferValues& inputs,
                              int repeat) {
  if (run.failed()) {
    const StageRecord& last = run.stages.back();
    throw ClError(ClError::Kind::Usage, fmt::format("{}{}{} failed: {}", last.stage,
                                                    last.kernel.empty() ? "" : " of ", last.kernel, last.error));
  }
  if (run.kernels.size() != run.schedule.kernels.size())
    throw ClError(ClError::Kind::Usage, "the program was not lowered for a device (no codegen stages ran)");
  std::vector<ClProgram> programs = buildSchedulePrograms(device, run.kernels);
  ClScheduleRun result;
  for (const LoweredKernel& k : run.kernels) result.kernels.push_back({k.name.text, {}});
  // one set of device buffers for every repeat: fresh ones would put the
  // driver's first-touch page faults into the kernels' times (25x on PoCL)
  DeviceBuffers buffers{device, {}};
  for (const auto& [id, value] : inputs)
    buffers.byId.emplace(id, device.alloc(std::max<size_t>(value.bytes().size(), 1)));
  // each kernel's arguments, the same for every repeat; all its launches are
  // probed in one request before the first
  std::vector<std::vector<ClArg>> args;
  std::vector<ClProbeLaunch> probes;
  for (const UOpPtr& item : run.schedule.linear->src()) {
    if (item->op() != Op::Call) continue;
    const LoweredKernel& k = run.kernels.at(args.size());
    // a kernel's Params are its first slots; extra launch buffers are unused
    std::vector<ClArg>& kernelArgs = args.emplace_back();
    for (size_t i = 1; i < item->src().size() && i <= k.params.size(); ++i)
      kernelArgs.emplace_back(buffers.of(*item->src(i)));
    probes.push_back(kernelProbe(programs[probes.size()], k, probeArgs(kernelArgs)));
  }
  device.probe(probes);
  for (int r = 0; r < std::max(repeat, 1); ++r) {
    for (const auto& [id, value] : inputs) upload(buffers.byId.at(id), value); // a run may assign to its inputs
    size_t kernel = 0;
    for (const UOpPtr& item : run.schedule.linear->src()) {
      if (item->op() == Op::Store) {
        runCopy(*item, buffers);
      } else if (item->op() == Op::Call) {
        result.kernels[kernel].ms.push_back(
            launchKernel(device, programs[kernel], run.kernels.at(kernel), args[kernel]));
        ++kernel;
      } else if (item->op() == Op::Tuple) {
        result.outputs.clear();
        for (const UOpPtr& out : item->src()) result.outputs.push_back(download(*out, buffers));
      }
    }
  }
  return result;
}

} // namespace uops
