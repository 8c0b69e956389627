// ClDevice::probe: launches tried in the probe executable first, remembered
// once they got through.
#include "backends/opencl/cl_probe.h"

#include "backends/opencl/cl_device.h"
#include "backends/opencl/cl_device_state.h"
#include "backends/opencl/cl_error.h"
#include "backends/opencl/cl_probe_executable.h"
#include "backends/opencl/cl_probe_request.h"
#include "backends/opencl/cl_program_cache.h"
#include "backends/opencl/probe_process.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
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

// Probe server `index` for a device name, started on its first request or by
// ClDevice::startProbes; it opens that device as it starts.
ProbeProcess& probeProcess(const std::string& device, size_t index) {
  static std::mutex mutex;
  static auto* processes = new std::map<std::pair<std::string, size_t>, std::unique_ptr<ProbeProcess>>; // never freed
  std::lock_guard lock(mutex);
  std::unique_ptr<ProbeProcess>& process = (*processes)[{device, index}];
  if (!process) process = std::make_unique<ProbeProcess>(clProbeExecutable(), std::vector<std::string>{device});
  return *process;
}

// Launch `l` of `request` alone, with its program.
ClProbeRequest single(const ClProbeRequest& request, size_t l) {
  ClProbeRequest::Launch launch = request.launches[l];
  ClProbeRequest one{.device = request.device, .programs = {request.programs[launch.program]}, .launches = {},
                     .injectFault = request.injectFault};
  launch.program = 0;
  one.launches.push_back(std::move(launch));
  return one;
}

// A launch's key: the hash of the program's cache key (device, options,
// source), as ClDevice::build stores it, so a launch probed before its
// program was built here is known once it is.
std::string probeKey(const std::string& device, size_t programHash, const std::string& kernel,
                     const ClRange& global, const ClRange& local) {
  return device + '\0' + std::to_string(programHash) + '\0' + kernel + '\0' + global.toString() + '\0' +
         local.toString();
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
                 "kernel '" + launch.shownName() + "' on " + device + " (global " +
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

bool clLaunchProbed(const std::string& device, size_t programHash, const std::string& kernel,
                    const ClRange& global, const ClRange& local) {
  return probedLaunches().contains(probeKey(device, programHash, kernel, global, local));
}

size_t clProbeServers() {
  return std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 4);
}

bool clProbesEnabled() {
  static const bool enabled = [] {
    const char* value = std::getenv("UOPSCOPE_CL_PROBE");
    return !value || std::string_view(value) != "0";
  }();
  return enabled;
}

void ClDevice::startProbes() {
  if (!m_impl->probes) return;
  for (size_t p = 0; p < clProbeServers(); ++p) probeProcess(name(), p).prestart();
}

void ClDevice::probe(const std::vector<ClProbeLaunch>& launches) {
  if (!m_impl->probes) return;
  ProbedLaunches& probed = probedLaunches();
  ClProbeRequest request{.device = name(), .programs = {}, .launches = {}, .injectFault = {}};
  std::vector<std::string> keys; // of request.launches
  std::map<size_t, size_t> programs; // by the hash of their cache key
  for (const ClProbeLaunch& launch : launches) {
    const size_t hash = std::hash<std::string>{}(programKey(name(), launch.program.options, launch.program.source));
    std::string key = probeKey(name(), hash, launch.kernel, launch.global, launch.local);
    if (probed.contains(key) || std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
    const auto [it, added] = programs.try_emplace(hash, request.programs.size());
    if (added) request.programs.push_back({launch.program.source, launch.program.options});
    request.launches.push_back({it->second, launch.kernel, launch.args, launch.global, launch.local, launch.name});
    keys.push_back(std::move(key));
  }
  if (request.launches.empty()) return;
  // the children live on between requests: they take the fault to inject from each one
  if (const char* fault = std::getenv("UOPSCOPE_INJECT_FAULT")) request.injectFault = fault;

  // Each child takes the next launch nobody took, one request each, so one
  // long compile does not leave a child idle while another has a queue. A
  // child that died takes no more: the launch it died on is the failure.
  const size_t workers = std::min(clProbeServers(), request.launches.size());
  std::atomic<size_t> next{0};
  std::vector<char> ok(request.launches.size(), 0); // each written by the worker that took it
  std::vector<std::optional<ClError>> failures(request.launches.size());
  std::vector<std::exception_ptr> errors(workers);
  auto work = [&](size_t w) {
    try {
      for (size_t l; (l = next.fetch_add(1)) < request.launches.size();) {
        const ClProbeRequest one = single(request, l);
        const ProbeReply reply = probeProcess(name(), w).ask(toJson(one));
        std::vector<bool> answered(1, false), got(1, false);
        readAnswers(reply.lines, answered, got);
        ok[l] = got[0];
        if (!answered[0]) {
          failures[l] = compilerFailure(one.launches[0], name(), reply);
          return;
        }
      }
    } catch (...) {
      errors[w] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (size_t w = 1; w < workers; ++w) threads.emplace_back(work, w);
  work(0);
  for (std::thread& t : threads) t.join();
  for (size_t l = 0; l < ok.size(); ++l)
    if (ok[l]) probed.add(keys[l]);
  for (const std::exception_ptr& e : errors)
    if (e) std::rethrow_exception(e);
  for (const std::optional<ClError>& failure : failures)
    if (failure) throw *failure;
}

} // namespace uops
