#include "core/export/chrome_trace.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace uops {
namespace {

// Devices in the order the explorer's timeline lists them: CPU, CPU:1, ..., CPU:10.
std::vector<std::string> traceDevices(const std::vector<TimelineEvent>& timeline) {
  std::vector<std::string> out;
  for (const TimelineEvent& e : timeline)
    if (std::find(out.begin(), out.end(), e.device) == out.end()) out.push_back(e.device);
  std::sort(out.begin(), out.end(), [](const std::string& a, const std::string& b) {
    return a.size() != b.size() ? a.size() < b.size() : a < b;
  });
  return out;
}

// Where each run starts, in ms: after the end of the run before it.
std::map<int, double> runOffsets(const std::vector<TimelineEvent>& timeline) {
  std::map<int, double> span;
  for (const TimelineEvent& e : timeline) span[e.run] = std::max(span[e.run], e.endMs);
  std::map<int, double> out;
  double at = 0;
  for (const auto& [run, ms] : span) {
    out[run] = at;
    at += ms;
  }
  return out;
}

// ms to whole nanoseconds in microseconds: the trace's unit, no float noise
double traceMicros(double ms) { return std::round(ms * 1e6) / 1e3; }

nlohmann::ordered_json metadataEvent(const char* name, int pid, nlohmann::ordered_json args) {
  return {{"name", name}, {"ph", "M"}, {"pid", pid}, {"tid", 1}, {"args", std::move(args)}};
}

nlohmann::ordered_json eventArgs(const TimelineEvent& e, const std::vector<KernelLaunch>& launches) {
  if (e.copy)
    return {{"bytes", e.bytes}, {"source", e.source}, {"destination", e.device}, {"run", e.run}};
  nlohmann::ordered_json args = {{"kernel", e.name}, {"launch", e.kernel}, {"run", e.run}, {"bytes", e.bytes}};
  if (e.kernel >= 0 && static_cast<size_t>(e.kernel) < launches.size()) {
    const KernelLaunch& k = launches[static_cast<size_t>(e.kernel)];
    args["global_size"] = k.global;
    args["local_size"] = k.local;
    args["opts"] = k.opts;
  }
  return args;
}

} // namespace

nlohmann::ordered_json chromeTrace(const std::vector<TimelineEvent>& timeline,
                                   const std::vector<KernelLaunch>& launches) {
  std::vector<std::string> devices = traceDevices(timeline);
  auto pidOf = [&devices](const std::string& device) {
    return static_cast<int>(std::find(devices.begin(), devices.end(), device) - devices.begin()) + 1;
  };
  nlohmann::ordered_json events = nlohmann::ordered_json::array();
  for (size_t i = 0; i < devices.size(); ++i) {
    int pid = static_cast<int>(i) + 1;
    events.push_back(metadataEvent("process_name", pid, {{"name", devices[i]}}));
    events.push_back(metadataEvent("process_sort_index", pid, {{"sort_index", i}}));
    events.push_back(metadataEvent("thread_name", pid, {{"name", devices[i] + " queue"}}));
  }
  std::vector<const TimelineEvent*> order;
  for (const TimelineEvent& e : timeline) order.push_back(&e);
  std::map<int, double> offsets = runOffsets(timeline);
  auto startOf = [&offsets](const TimelineEvent* e) { return offsets[e->run] + e->startMs; };
  std::stable_sort(order.begin(), order.end(),
                   [&](const TimelineEvent* a, const TimelineEvent* b) { return startOf(a) < startOf(b); });
  for (const TimelineEvent* e : order) {
    double ts = traceMicros(startOf(e));
    double end = traceMicros(offsets[e->run] + e->endMs);
    events.push_back({{"name", e->name},
                      {"cat", e->copy ? "copy" : "kernel"},
                      {"ph", "X"},
                      {"ts", ts},
                      {"dur", std::max(0.0, std::round((end - ts) * 1e3) / 1e3)},
                      {"pid", pidOf(e->device)},
                      {"tid", 1},
                      {"args", eventArgs(*e, launches)}});
  }
  return {{"traceEvents", std::move(events)}, {"displayTimeUnit", "ms"}};
}

} // namespace uops
