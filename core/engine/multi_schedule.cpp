#include "core/engine/multi_schedule.h"

#include "core/runtime/reference_evaluator.h"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include <fmt/format.h>

namespace uops {
namespace {

struct Item {
  const UOp* node = nullptr;
  bool copy = false;
  Device* device = nullptr; // the queue
  size_t kernel = 0;        // launch index of a kernel
  std::vector<const UOp*> reads, writes;
  std::vector<size_t> deps;
  std::string name;
  int64_t bytes = 0;  // a copy's bytes, a kernel's buffers' bytes
  std::string source; // a copy's
};

int64_t multiBufferBytes(const UOp& buffer) {
  return buffer.argAs<BufferArg>().size * buffer.dtype().base().itemSize();
}

const std::string& deviceName(const UOp& buffer) { return buffer.argAs<BufferArg>().device.names.at(0); }
int64_t idOf(const UOp* buffer) { return buffer->argAs<BufferArg>().id; }

struct Plan {
  std::vector<Item> items;
  const UOp* outputs = nullptr; // the final Tuple
  std::map<int64_t, const UOp*> buffers;
};

Plan planItems(const PipelineRun& run, const std::vector<LoweredKernel>& kernels, const DeviceMap& deviceOf) {
  Plan plan;
  size_t kernel = 0;
  for (const UOpPtr& node : run.schedule.linear->src()) {
    Item item;
    item.node = node.get();
    if (node->op() == Op::Store) {
      const UOp* dst = node->src(0).get();
      const UOpPtr& source = node->src(1)->src(0);
      item.copy = true;
      item.writes.push_back(dst);
      if (source->op() == Op::Buffer) item.reads.push_back(source.get());
      item.device = &deviceOf(deviceName(*dst));
      item.source = source->op() == Op::Buffer ? deviceName(*source) : "host";
      item.name = fmt::format("copy {} -> {}", item.source, deviceName(*dst));
      item.bytes = multiBufferBytes(*dst);
    } else if (node->op() == Op::Call) {
      const LoweredKernel& k = kernels.at(kernel);
      for (size_t i = 1; i < node->src().size(); ++i) {
        bool writes = i - 1 < k.params.size() && k.params[i - 1].written;
        (writes ? item.writes : item.reads).push_back(node->src(i).get());
      }
      const UOp* home = item.writes.empty() ? node->src(1).get() : item.writes[0];
      item.device = &deviceOf(deviceName(*home));
      item.kernel = kernel++;
      item.name = k.name.text;
      for (const UOp* b : item.reads) item.bytes += multiBufferBytes(*b);
      for (const UOp* b : item.writes) item.bytes += multiBufferBytes(*b);
    } else if (node->op() == Op::Tuple) {
      plan.outputs = node.get();
      for (const UOpPtr& out : node->src()) plan.buffers.emplace(idOf(out->src(0).get()), out->src(0).get());
      continue;
    } else {
      throw KernelError(fmt::format("schedule: unexpected item {}", opName(node->op())));
    }
    for (const UOp* b : item.reads) plan.buffers.emplace(idOf(b), b);
    for (const UOp* b : item.writes) plan.buffers.emplace(idOf(b), b);
    plan.items.push_back(std::move(item));
  }
  return plan;
}

// Dependencies, and the check that nothing is read before it is written.
void linkItems(Plan& plan, const BufferValues& inputs) {
  std::map<int64_t, size_t> lastWriter;
  std::map<int64_t, std::vector<size_t>> readersSince;
  std::set<int64_t> written;
  for (const auto& [id, value] : inputs) written.insert(id);
  for (size_t j = 0; j < plan.items.size(); ++j) {
    Item& item = plan.items[j];
    std::set<size_t> deps;
    for (const UOp* b : item.reads) {
      int64_t id = idOf(b);
      if (b->argAs<BufferArg>().size != 0 && !written.contains(id))
        throw KernelError(fmt::format("buffer {} is read before anything wrote it", id));
      if (auto w = lastWriter.find(id); w != lastWriter.end()) deps.insert(w->second);
    }
    for (const UOp* b : item.writes) {
      int64_t id = idOf(b);
      if (auto w = lastWriter.find(id); w != lastWriter.end()) deps.insert(w->second);
      for (size_t r : readersSince[id]) deps.insert(r);
    }
    for (const UOp* b : item.reads) readersSince[idOf(b)].push_back(j);
    for (const UOp* b : item.writes) {
      lastWriter[idOf(b)] = j;
      readersSince[idOf(b)].clear();
      written.insert(idOf(b));
    }
    deps.erase(j);
    item.deps.assign(deps.begin(), deps.end());
  }
  if (plan.outputs)
    for (const UOpPtr& out : plan.outputs->src())
      if (!written.contains(idOf(out->src(0).get())))
        throw KernelError(fmt::format("buffer {} is read before anything wrote it", idOf(out->src(0).get())));
}

struct Memory {
  std::map<int64_t, std::pair<Device*, std::unique_ptr<DeviceBuffer>>> byId;
  DeviceBuffer& at(const UOp* b) { return *byId.at(idOf(b)).second; }
  Device& deviceOf(const UOp* b) { return *byId.at(idOf(b)).first; }
};

// Runs every item once, each device's items on a thread of its own.
class Runner {
public:
  Runner(Plan& plan, Memory& memory, std::vector<std::shared_ptr<DeviceProgram>>& programs,
         std::map<const UOp*, HostTensor>& hostData, MultiScheduleRun& result, int run)
      : m_plan(plan), m_memory(memory), m_programs(programs), m_hostData(hostData), m_result(result), m_run(run),
        m_done(plan.items.size(), false) {}

  void runAll() {
    std::map<Device*, std::vector<size_t>> lanes;
    for (size_t j = 0; j < m_plan.items.size(); ++j) lanes[m_plan.items[j].device].push_back(j);
    m_start = std::chrono::steady_clock::now();
    std::vector<std::thread> threads;
    for (auto& [device, items] : lanes)
      threads.emplace_back([this, &items = items] { lane(items); });
    for (std::thread& t : threads) t.join();
    if (m_error) std::rethrow_exception(m_error);
  }

private:
  void lane(const std::vector<size_t>& items) {
    for (size_t j : items) {
      {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_error || ready(j); });
        if (m_error) return;
      }
      try {
        double start = msSinceStart();
        execute(m_plan.items[j]);
        double end = msSinceStart();
        std::lock_guard lock(m_mutex);
        const Item& item = m_plan.items[j];
        m_result.timeline.push_back({.device = item.device->name(),
                                     .name = item.name,
                                     .copy = item.copy,
                                     .startMs = start,
                                     .endMs = end,
                                     .run = m_run,
                                     .kernel = item.copy ? -1 : static_cast<int64_t>(item.kernel),
                                     .bytes = item.bytes,
                                     .source = item.source});
        m_done[j] = true;
      } catch (...) {
        std::lock_guard lock(m_mutex);
        if (!m_error) m_error = std::current_exception();
      }
      m_changed.notify_all();
    }
  }

  bool ready(size_t j) const {
    for (size_t d : m_plan.items[j].deps)
      if (!m_done[d]) return false;
    return true;
  }

  double msSinceStart() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_start).count();
  }

  void execute(const Item& item) {
    if (item.copy) {
      const UOp* dst = item.writes[0];
      if (item.reads.empty()) {
        const HostTensor& value = m_hostData.at(item.node);
        item.device->copyIn(m_memory.at(dst), value.withShape(Shape{value.numel()}));
      } else if (&m_memory.deviceOf(item.reads[0]) == item.device) {
        item.device->copy(m_memory.at(item.reads[0]), m_memory.at(dst));
      } else {
        HostTensor staged = m_memory.deviceOf(item.reads[0]).copyOut(m_memory.at(item.reads[0]));
        item.device->copyIn(m_memory.at(dst), staged);
      }
      return;
    }
    const UOp& call = *item.node;
    std::vector<DeviceBuffer*> bound;
    for (size_t i = 1; i < call.src().size(); ++i) bound.push_back(&m_memory.at(call.src(i).get()));
    double ms = m_programs.at(item.kernel)->run(bound);
    std::lock_guard lock(m_mutex);
    m_result.kernels[item.kernel].ms.push_back(ms);
  }

  Plan& m_plan;
  Memory& m_memory;
  std::vector<std::shared_ptr<DeviceProgram>>& m_programs;
  std::map<const UOp*, HostTensor>& m_hostData;
  MultiScheduleRun& m_result;
  int m_run;
  std::vector<bool> m_done;
  std::mutex m_mutex;
  std::condition_variable m_changed;
  std::exception_ptr m_error;
  std::chrono::steady_clock::time_point m_start;
};

// Each kernel compiled by the device that runs it, all of one device's at once.
std::vector<std::shared_ptr<DeviceProgram>> compileOnDevices(const Plan& plan, const PipelineRun& run) {
  std::map<Device*, std::vector<size_t>> byDevice;
  for (const Item& item : plan.items)
    if (!item.copy) byDevice[item.device].push_back(item.kernel);
  std::vector<std::shared_ptr<DeviceProgram>> programs(run.schedule.kernels.size());
  for (auto& [device, indices] : byDevice) {
    std::vector<LoweredKernel> all = kernelsFor(*device, run, false), mine;
    for (size_t i : indices) {
      checkLoweredFor(*device, all.at(i));
      mine.push_back(all.at(i));
    }
    std::vector<std::shared_ptr<DeviceProgram>> made = device->compileAll(mine);
    for (size_t k = 0; k < indices.size(); ++k) programs[indices[k]] = made.at(k);
  }
  return programs;
}

} // namespace

MultiScheduleRun runMultiSchedule(const Device& primary, const DeviceMap& deviceOf, const PipelineRun& run,
                                  const BufferValues& inputs, int repeat) {
  std::vector<LoweredKernel> kernels = kernelsFor(primary, run, false); // each device checks its own
  Plan plan = planItems(run, kernels, deviceOf);
  linkItems(plan, inputs);
  MultiScheduleRun result;
  std::vector<std::shared_ptr<DeviceProgram>> programs = compileOnDevices(plan, run);
  for (const LoweredKernel& k : kernels) result.kernels.push_back({k.name.text, {}});
  result.launches = launchesOf(kernels);
  std::set<Device*> used;
  Memory memory;
  for (const auto& [id, buffer] : plan.buffers) {
    Device& d = deviceOf(deviceName(*buffer));
    used.insert(&d);
    memory.byId.emplace(id, std::make_pair(&d, d.allocate(buffer->dtype().base(), buffer->argAs<BufferArg>().size)));
  }
  std::map<const UOp*, HostTensor> hostData; // literal data, evaluated on the host once
  for (const Item& item : plan.items) {
    if (!item.copy) continue;
    ++result.copies;
    if (item.reads.empty()) hostData.emplace(item.node, ReferenceEvaluator().evaluate(item.node->src(1)->src(0)));
  }
  for (int r = 0; r < std::max(repeat, 1); ++r) {
    for (const auto& [id, value] : inputs)
      if (auto it = memory.byId.find(id); it != memory.byId.end())
        it->second.first->copyIn(*it->second.second, value.withShape(Shape{value.numel()}));
    Runner(plan, memory, programs, hostData, result, r).runAll();
  }
  if (plan.outputs)
    for (const UOpPtr& out : plan.outputs->src())
      result.outputs.push_back(memory.deviceOf(out->src(0).get()).copyOut(memory.at(out->src(0).get())).withShape(out->shape()));
  result.devicesUsed = used.size();
  return result;
}

} // namespace uops
