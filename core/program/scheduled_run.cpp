#include "core/program/scheduled_run.h"

#include "core/grad/constants_only.h"
#include "core/ir/graph_walk.h"
#include "core/program/host_eval.h"
#include "core/program/version_data.h"

#include <algorithm>

#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

namespace uops::program {
namespace {

std::vector<Tensor> graphsOf(const RealizedSchedule& schedule) {
  std::vector<Tensor> out;
  for (size_t i = 0; i < schedule.graphs.size(); ++i)
    out.emplace_back(schedule.graphs[i], schedule.devices[i]);
  return out;
}

struct VersionSlot {
  size_t schedule = 0;
  size_t index = 0;
};

using Slots = std::unordered_map<const UOp*, VersionSlot>;

Slots versionSlots(const LoadedProgram& program) {
  Slots slots;
  for (size_t s = 0; s < program.schedules.size(); ++s)
    for (size_t i = 0; i < program.schedules[s].versions.size(); ++i)
      slots.emplace(program.schedules[s].versions[i].get(), VersionSlot{s, i});
  return slots;
}

// The versions a graph reads.
std::vector<const UOp*> versionsRead(const Tensor& graph,
                                     const Slots& slots) {
  std::vector<const UOp*> out;
  for (const UOp* u : toposortIn(*graph.uop(), WalkScope::OutsideCalls))
    if (slots.count(u)) out.push_back(u);
  return out;
}

// The graph with each version it reads replaced by its computed data.
Tensor withData(const Tensor& graph, const Slots& slots, const VersionValues& values) {
  return withVersionData(graph, [&](const UOp* u) -> const HostTensor* {
    if (!slots.count(u)) return nullptr;
    auto v = values.find(u);
    return v == values.end() ? nullptr : &v->second;
  });
}

} // namespace

namespace {

// Runs, on `device`, the schedules before `last` whose versions `targets`
// need (directly or through other versions) and that loading did not
// compute; their values by version, those loading computed included.
VersionValues computeNeeded(const LoadedProgram& program, const Slots& slots,
                                                         const std::vector<Tensor>& targets, size_t last,
                                                         const std::string& device, const RunSettings& settings,
                                                         DeviceRun& total) {
  std::unordered_set<const UOp*> needed;
  VersionValues values;
  std::vector<const UOp*> stack;
  for (const Tensor& t : targets)
    for (const UOp* v : versionsRead(t, slots))
      stack.push_back(v);
  while (!stack.empty()) {
    const UOp* v = stack.back();
    stack.pop_back();
    if (!needed.insert(v).second) continue;
    if (auto known = program.versionValues->find(v); known != program.versionValues->end()) {
      values.emplace(v, known->second); // computed while loading: what it reads is not needed
      continue;
    }
    const VersionSlot& slot = slots.at(v);
    const RealizedSchedule& from = program.schedules[slot.schedule];
    for (const UOp* w : versionsRead(Tensor(from.graphs[slot.index], from.devices[slot.index]), slots))
      stack.push_back(w);
  }
  RunSettings once = settings;
  once.repeat = 1;
  for (size_t s = 0; s < last; ++s) {
    const RealizedSchedule& schedule = program.schedules[s];
    std::vector<Tensor> roots;
    std::vector<const UOp*> computed;
    for (size_t i = 0; i < schedule.versions.size(); ++i)
      if (needed.count(schedule.versions[i].get()) && !values.count(schedule.versions[i].get())) {
        roots.push_back(withData(Tensor(schedule.graphs[i], schedule.devices[i]), slots, values));
        computed.push_back(schedule.versions[i].get());
      }
    if (roots.empty()) continue;
    once.variables = schedule.variables; // the values it ran with while loading
    DeviceRun run = runOnDevice(roots, device, once);
    for (size_t i = 0; i < computed.size(); ++i)
      values.emplace(computed[i], run.outputs[i]);
    total.kernels += run.kernels;
    total.copies += run.copies;
    total.devices = std::max(total.devices, run.devices);
  }
  return values;
}

void checkSchedule(const LoadedProgram& program, size_t k) {
  if (k < 1 || k > program.schedules.size() + 1)
    throw DeviceError(fmt::format("schedule {} does not exist: the program has {} (and {} for "
                                  "its outputs)",
                                  k, program.schedules.size(), program.schedules.size() + 1));
}

} // namespace

DeviceRun runScheduled(const LoadedProgram& program, const std::string& device,
                       const RunSettings& settings, std::optional<size_t> upTo) {
  if (upTo) checkSchedule(program, *upTo);
  size_t last = upTo ? *upTo - 1 : program.schedules.size();
  std::vector<Tensor> targets = scheduleGraphs(program, last + 1);
  DeviceRun total;
  Slots slots = versionSlots(program);
  auto values = computeNeeded(program, slots, targets, last, device, settings, total);
  std::vector<Tensor> roots;
  for (const Tensor& t : targets)
    roots.push_back(withData(t, slots, values));
  RunSettings outputsRun = settings;
  outputsRun.variables = scheduleVariables(program, last + 1);
  DeviceRun final = runOnDevice(roots, device, outputsRun);
  total.outputs = std::move(final.outputs);
  total.kernels += final.kernels;
  total.copies += final.copies;
  total.devices = std::max(total.devices, final.devices);
  total.times = std::move(final.times);
  total.launches = std::move(final.launches);
  total.timeline = std::move(final.timeline); // the outputs' schedule, the one --time times
  return total;
}

std::vector<Tensor> boundScheduleGraphs(const LoadedProgram& program, size_t k, const std::string& device) {
  std::vector<Tensor> targets = scheduleGraphs(program, k);
  DeviceRun ignored;
  Slots slots = versionSlots(program);
  auto values = computeNeeded(program, slots, targets, k - 1, device, {}, ignored);
  std::vector<Tensor> out;
  for (const Tensor& t : targets)
    out.push_back(withData(t, slots, values));
  return out;
}

std::string scheduleLabel(const LoadedProgram& program, size_t k) {
  checkSchedule(program, k);
  size_t n = program.schedules.size() + 1;
  if (k == n) return fmt::format("{} of {}: the outputs", k, n);
  const RealizedSchedule& s = program.schedules[k - 1];
  return fmt::format("{} of {}: {}{}", k, n, s.why, s.line ? fmt::format(" at line {}", s.line->line) : "");
}

VariableValues scheduleVariables(const LoadedProgram& program, size_t k) {
  checkSchedule(program, k);
  return k <= program.schedules.size() ? program.schedules[k - 1].variables : VariableValues{};
}

std::vector<Tensor> scheduleGraphs(const LoadedProgram& program, size_t k) {
  checkSchedule(program, k);
  return k <= program.schedules.size() ? graphsOf(program.schedules[k - 1]) : program.finalGraphs;
}

} // namespace uops::program
