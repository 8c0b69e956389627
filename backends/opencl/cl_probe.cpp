// ClDevice::probe: launches tried in the probe executable first, remembered
// once they got through.
#include "backends/opencl/cl_probe.h"

#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_device_state.h"
#include "backends/opencl/cl_error.h"
#include "backends/opencl/cl_probe_executable.h"
#include "backends/opencl/cl_probe_request.h"
#include "backends/opencl/cl_program_state.h"
#include "backends/opencl/probe_process.h"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <map>
#include <mutex>
#include <memory>
#include <sstream>
#include <string_view>
#include <thread>
#include <type_traits>
#include <unordered_set>

namespace uops {
namespace {

// The launches that got through a probe in this process, by probeKey.
class ProbedLaunches {
public:
  bool contains(const std::string& key) {
    std::lock_guard lock(m_mutex);
    return m_keys.contains(key);
  }
  void add(const std::string& key) {
    std::lock_guard lock(m_mutex);
    m_keys.insert(key);
  }

private:
  std::mutex m_mutex;
  std::unordered_set<std::string> m_keys;
};

ProbedLaunches& probedLaunches() {
  static auto* launches = new ProbedLaunches; // never freed: devices may launch during exit
  return *launches;
}

// How many probe servers a device gets: a request of several launches is
// shared among them, since a driver compiles one kernel at a time per
// process (PoCL: its compiler lock) and a cold schedule's compiles are most
// of its first run.
size_t probeServers() {
  return std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 4);
}

// Probe server `index` for a device name, started on its first request.
ProbeProcess& probeProcess(const std::string& device, size_t index) {
  static std::mutex mutex;
  static auto* processes = new std::map<std::pair<std::string, size_t>, std::unique_ptr<ProbeProcess>>; // never freed
  std::lock_guard lock(mutex);
  std::unique_ptr<ProbeProcess>& process = (*processes)[{device, index}];
  if (!process) process = std::make_unique<ProbeProcess>(clProbeExecutable());
  return *process;
}

// Launches i, i + parts, i + 2 parts, ... of `request` with the programs they use.
ClProbeRequest share(const ClProbeRequest& request, size_t i, size_t parts, std::vector<size_t>& launchIndex) {
  ClProbeRequest part{.device = request.device, .programs = {}, .launches = {}, .injectFault = request.injectFault};
  std::map<size_t, size_t> programs;
  for (size_t l = i; l < request.launches.size(); l += parts) {
    ClProbeRequest::Launch launch = request.launches[l];
    const auto [it, added] = programs.try_emplace(launch.program, part.programs.size());
    if (added) part.programs.push_back(request.programs[launch.program]);
    launch.program = it->second;
    part.launches.push_back(std::move(launch));
    launchIndex.push_back(l);
  }
  return part;
}

// The program's cache key hash stands for device, options and source.
std::string probeKey(const ClProgram::State& program, const std::string& kernel,
                     const ClRange& global, const ClRange& local) {
  return program.deviceName + '\0' + std::to_string(program.hash) + '\0' + kernel + '\0' +
         global.toString() + '\0' + local.toString();
}

// The launch indices of the child's "ok <i>" and "refused <i>" lines; other
// lines are the driver's (PoCL prints a kernel compiler's complaints there).
void readAnswers(const std::vector<std::string>& lines, std::vector<bool>& answered,
                 std::vector<bool>& ok) {
  for (const std::string& line : lines) {
    std::istringstream words(line);
    std::string word, rest;
    size_t index = 0;
    if (!(words >> word >> index) || (words >> rest) || index >= answered.size()) continue;
    if (word != "ok" && word != "refused") continue;
    answered[index] = true;
    ok[index] = word == "ok";
  }
}

// The end of a long output: PoCL's message comes last.
std::string tail(const std::string& text) {
  constexpr size_t keep = 8000;
  std::string_view kept(text);
  while (!kept.empty() && (kept.back() == '\n' || kept.back() == ' ')) kept.remove_suffix(1);
  if (kept.size() <= keep) return std::string(kept);
  return "...\n" + std::string(kept.substr(kept.size() - keep));
}

ClError compilerFailure(const ClProbeRequest::Launch& launch, const std::string& device,
                        const ProbeReply& reply) {
  const std::string how = reply.signal != 0 ? signalName(reply.signal)
                                            : "exit status " + std::to_string(reply.exitStatus);
  const std::string output = tail(reply.err);
  return ClError(ClError::Kind::Compiler,
                 "kernel '" + launch.kernel + "' on " + device + " (global " +
                     launch.global.toString() + ", local " + launch.local.toString() +
                     "): the OpenCL compiler failed (" + how +
                     ") on its first launch, tried in a probe process; its output:\n" +
                     (output.empty() ? "(none)" : output));
}

} // namespace

ClProbeArg probeArg(const ClArg& arg) {
  return std::visit(
      [](const auto& value) -> ClProbeArg {
        if constexpr (std::is_same_v<std::decay_t<decltype(value)>, const ClBuffer*>)
          return ClProbeBuffer{value->size()};
        else
          return value;
      },
      arg.value());
}

std::vector<ClProbeArg> probeArgs(const std::vector<ClArg>& args) {
  std::vector<ClProbeArg> converted;
  converted.reserve(args.size());
  for (const ClArg& arg : args) converted.push_back(probeArg(arg));
  return converted;
}

bool clProbesEnabled() {
  static const bool enabled = [] {
    const char* value = std::getenv("UOPSCOPE_CL_PROBE");
    return !value || std::string_view(value) != "0";
  }();
  return enabled;
}

void ClDevice::probe(const std::vector<ClProbeLaunch>& launches) {
  if (!m_impl->probes) return;
  ProbedLaunches& probed = probedLaunches();
  ClProbeRequest request{.device = name(), .programs = {}, .launches = {}, .injectFault = {}};
  std::vector<std::string> keys; // of request.launches
  std::map<const ClProgram::State*, size_t> programs;
  for (const ClProbeLaunch& launch : launches) {
    const ClProgram::State& program = programState(launch.program);
    std::string key = probeKey(program, launch.kernel, launch.global, launch.local);
    if (probed.contains(key) || std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
    const auto [it, added] = programs.try_emplace(&program, request.programs.size());
    if (added) request.programs.push_back({program.source, program.options});
    request.launches.push_back({it->second, launch.kernel, launch.args, launch.global, launch.local});
    keys.push_back(std::move(key));
  }
  if (request.launches.empty()) return;
  // the children live on between requests: they take the fault to inject from each one
  if (const char* fault = std::getenv("UOPSCOPE_INJECT_FAULT")) request.injectFault = fault;

  const size_t parts = std::min(probeServers(), request.launches.size());
  std::vector<ClProbeRequest> requests(parts);
  std::vector<std::vector<size_t>> launchIndex(parts); // of each part's launches in `request`
  std::vector<ProbeReply> replies(parts);
  std::vector<std::exception_ptr> errors(parts);
  auto ask = [&](size_t p) {
    try {
      requests[p] = share(request, p, parts, launchIndex[p]);
      replies[p] = probeProcess(name(), p).ask(toJson(requests[p]));
    } catch (...) {
      errors[p] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (size_t p = 1; p < parts; ++p) threads.emplace_back(ask, p);
  ask(0);
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  for (size_t p = 0; p < parts; ++p) {
    std::vector<bool> answered(requests[p].launches.size(), false), ok(answered.size(), false);
    readAnswers(replies[p].lines, answered, ok);
    for (size_t i = 0; i < ok.size(); ++i)
      if (ok[i]) probed.add(keys[launchIndex[p][i]]);
    const auto missing = std::find(answered.begin(), answered.end(), false);
    if (missing != answered.end())
      throw compilerFailure(requests[p].launches[size_t(missing - answered.begin())], name(), replies[p]);
  }
}

} // namespace uops
