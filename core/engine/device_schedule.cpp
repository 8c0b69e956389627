#include "core/engine/device_schedule.h"

#include "core/runtime/reference_evaluator.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <set>

#include <fmt/format.h>

namespace uops {
namespace {

// The schedule's buffers in the device's memory, by Buffer id, each made on first use.
struct ScheduleBuffers {
  explicit ScheduleBuffers(Device& d) : device(d) {}
  Device& device;
  std::map<int64_t, std::unique_ptr<DeviceBuffer>> byId;
  std::set<int64_t> written; // ids something wrote (an input, a copy, a kernel)
  // the input value each buffer holds since it was copied in, until a copy or kernel writes it
  std::map<int64_t, HostTensor> held;
  size_t made = 0;
  size_t inputCopies = 0;

  // Whether buffer `id` holds `value` already: the same storage copied in
  // before (HostTensor copies on write, and `held` shares it, so its bytes
  // are unchanged) and written by nothing since.
  bool holds(int64_t id, const HostTensor& value) const {
    auto it = held.find(id);
    return it != held.end() && it->second.numel() > 0 && it->second.dtype() == value.dtype() &&
           it->second.numel() == value.numel() && it->second.bytes().data() == value.bytes().data();
  }

  DeviceBuffer& of(const UOp& buffer) {
    const BufferArg& arg = buffer.argAs<BufferArg>();
    auto it = byId.find(arg.id);
    if (it == byId.end()) {
      it = byId.emplace(arg.id, device.allocate(buffer.dtype().base(), arg.size)).first;
      ++made;
    }
    return *it->second;
  }

  DeviceBuffer& read(const UOp& buffer) {
    const BufferArg& arg = buffer.argAs<BufferArg>();
    if (arg.size != 0 && !written.contains(arg.id))
      throw KernelError(fmt::format("buffer {} is read before anything wrote it", arg.id));
    return of(buffer);
  }

  DeviceBuffer& write(const UOp& buffer) {
    written.insert(buffer.argAs<BufferArg>().id);
    held.erase(buffer.argAs<BufferArg>().id);
    return of(buffer);
  }
};

int64_t scheduleBufferBytes(const UOp& buffer) {
  return buffer.argAs<BufferArg>().size * buffer.dtype().base().itemSize();
}

// A copy's timeline event, without its times.
TimelineEvent copyEvent(const UOp& store, const std::string& device) {
  const UOpPtr& source = store.src(1)->src(0);
  std::string from = source->op() == Op::Buffer ? device : "host";
  return {.device = device,
          .name = fmt::format("copy {} -> {}", from, device),
          .copy = true,
          .startMs = 0,
          .endMs = 0,
          .run = 0,
          .kernel = -1,
          .bytes = scheduleBufferBytes(*store.src(0)),
          .source = from};
}

// A kernel launch's timeline event, without its times.
TimelineEvent kernelEvent(const UOp& call, const LoweredKernel& kernel, size_t index, const std::string& device) {
  int64_t bytes = 0;
  for (size_t i = 1; i < call.src().size(); ++i) bytes += scheduleBufferBytes(*call.src(i));
  return {.device = device,
          .name = kernel.name.text,
          .copy = false,
          .startMs = 0,
          .endMs = 0,
          .run = 0,
          .kernel = static_cast<int64_t>(index),
          .bytes = bytes,
          .source = {}};
}

// Store(Buffer, Load(data)): literal data evaluated on the host, or another buffer.
void runCopy(const UOp& store, ScheduleBuffers& buffers) {
  const UOpPtr& source = store.src(1)->src(0);
  if (source->op() == Op::Buffer) {
    DeviceBuffer& src = buffers.read(*source);
    buffers.device.copy(src, buffers.write(*store.src(0)));
    return;
  }
  HostTensor value = ReferenceEvaluator().evaluate(source);
  buffers.device.copyIn(buffers.write(*store.src(0)), value.withShape(Shape{value.numel()}));
}

// One launch's buffers by Param slot; those the kernel writes are marked written.
std::vector<DeviceBuffer*> launchBuffers(const UOp& call, const LoweredKernel& kernel, ScheduleBuffers& buffers) {
  std::vector<DeviceBuffer*> out;
  for (size_t i = 1; i < call.src().size(); ++i) {
    bool writes = i - 1 < kernel.params.size() && kernel.params[i - 1].written;
    out.push_back(writes ? &buffers.write(*call.src(i)) : &buffers.read(*call.src(i)));
  }
  return out;
}

std::string failure(const PipelineRun& run) {
  const StageRecord& last = run.stages.back();
  return fmt::format("{}{}{} failed: {}", last.stage, last.kernel.empty() ? "" : " of ", last.kernel, last.error);
}

} // namespace

void checkLoweredFor(const Device& device, const LoweredKernel& k) {
  // virtual devices (CPU:1, ...) run what was lowered for their kind's target
  if (device.target() && k.target.device != device.target()->device)
    throw DeviceError(fmt::format("kernel {} was lowered for {}, not for {}", k.name.text, k.target.device,
                                  device.name()));
}

std::vector<LoweredKernel> kernelsFor(const Device& device, const PipelineRun& run, bool checkTargets) {
  if (run.failed()) throw DeviceError(failure(run));
  if (!device.target()) {
    std::vector<LoweredKernel> out;
    for (const ScheduledKernel& k : run.schedule.kernels) {
      LoweredKernel& lowered = out.emplace_back();
      lowered.name.text = k.name;
      lowered.current = k.ast;
      lowered.params = kernelParams(k.ast);
      lowered.variables = variablesOf(std::span<const UOpPtr>(&k.ast, 1));
    }
    return out;
  }
  if (run.kernels.size() != run.schedule.kernels.size())
    throw DeviceError("the program was not lowered for a device (no codegen stages ran)");
  if (checkTargets)
    for (const LoweredKernel& k : run.kernels) checkLoweredFor(device, k);
  return run.kernels;
}

struct PreparedSchedule::Buffers : ScheduleBuffers {
  using ScheduleBuffers::ScheduleBuffers;
};

PreparedSchedule::PreparedSchedule(Device& device, const PipelineRun& run)
    : m_device(device), m_linear(run.schedule.linear), m_kernels(kernelsFor(device, run)),
      m_programs(device.compileAll(m_kernels)), m_buffers(std::make_unique<Buffers>(device)) {}

PreparedSchedule::~PreparedSchedule() = default;

size_t PreparedSchedule::buffersMade() const {
  return m_buffers->made;
}

size_t PreparedSchedule::inputCopies() const {
  return m_buffers->inputCopies;
}

std::vector<HostTensor> PreparedSchedule::run(const BufferValues& inputs, std::vector<KernelTimes>* times,
                                              const std::atomic<bool>* cancel, std::vector<TimelineEvent>* timeline,
                                              const VariableValues& variables) {
  const auto start = std::chrono::steady_clock::now();
  auto msSinceStart = [&start] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  // the event of an item that ran from `from` until now
  auto record = [&](TimelineEvent e, double from) {
    e.startMs = from;
    e.endMs = msSinceStart();
    timeline->push_back(std::move(e));
  };
  Buffers& buffers = *m_buffers;
  buffers.written.clear();
  for (const auto& [id, value] : inputs) {
    auto it = buffers.byId.find(id);
    if (it == buffers.byId.end()) {
      it = buffers.byId.emplace(id, m_device.allocate(value.dtype(), value.numel())).first;
      ++buffers.made;
    }
    // A repeat with the same inputs (--repeat, BEAM's timing) finds them in place: a copy
    // per run costs its time, and the dirty cache lines it leaves are written back while
    // the next kernel reads (a memory-bound first kernel shares the bus with them).
    if (!buffers.holds(id, value)) {
      m_device.copyIn(*it->second, value.withShape(Shape{value.numel()}));
      buffers.held.insert_or_assign(id, value);
      ++buffers.inputCopies;
    }
    buffers.written.insert(id);
  }
  std::vector<HostTensor> outputs;
  size_t kernel = 0;
  for (const UOpPtr& item : m_linear->src()) {
    if (item->op() == Op::Store) {
      double from = msSinceStart();
      runCopy(*item, buffers);
      if (timeline) record(copyEvent(*item, m_device.name()), from);
    } else if (item->op() == Op::Call) {
      if (cancel && cancel->load()) throw PipelineCancelled();
      std::vector<DeviceBuffer*> bound = launchBuffers(*item, m_kernels.at(kernel), buffers);
      double from = msSinceStart();
      std::vector<int64_t> values = variableArguments(m_kernels[kernel].variables, variables);
      double ms = m_programs.at(kernel)->run(bound, values);
      if (timeline) record(kernelEvent(*item, m_kernels[kernel], kernel, m_device.name()), from);
      if (times) times->push_back({m_kernels[kernel].name.text, {ms}});
      ++kernel;
    } else if (item->op() == Op::Tuple) {
      outputs.clear();
      for (const UOpPtr& out : item->src())
        outputs.push_back(m_device.copyOut(buffers.read(*out->src(0))).withShape(out->shape()));
    } else {
      throw KernelError(fmt::format("schedule: unexpected item {}", opName(item->op())));
    }
  }
  return outputs;
}

ScheduleRun runSchedule(Device& device, const PipelineRun& run, const BufferValues& inputs, int repeat,
                        const VariableValues& variables) {
  PreparedSchedule prepared(device, run);
  return runPrepared(prepared, inputs, repeat, nullptr, variables);
}

ScheduleRun runPrepared(PreparedSchedule& prepared, const BufferValues& inputs, int repeat,
                        const std::atomic<bool>* cancel, const VariableValues& variables) {
  ScheduleRun result;
  for (const LoweredKernel& k : prepared.kernels()) result.kernels.push_back({k.name.text, {}});
  result.launches = launchesOf(prepared.kernels());
  for (int r = 0; r < std::max(repeat, 1); ++r) {
    std::vector<KernelTimes> times;
    std::vector<TimelineEvent> timeline;
    // The last run's outputs share their bytes with the device's buffers: held
    // through the next run, each buffer a kernel writes would be copied first
    // (64 MB for a 4096 x 4096 output, into fresh pages, every repeat).
    result.outputs.clear();
    result.outputs = prepared.run(inputs, &times, cancel, &timeline, variables);
    for (size_t k = 0; k < times.size(); ++k) result.kernels[k].ms.push_back(times[k].ms.front());
    for (TimelineEvent& e : timeline) {
      e.run = r;
      result.timeline.push_back(std::move(e));
    }
  }
  result.buffersMade = prepared.buffersMade();
  result.inputCopies = prepared.inputCopies();
  return result;
}

} // namespace uops
