#include "backends/opencl/cl_device.h"

#include "backends/opencl/cl_buffer_state.h"
#include "backends/opencl/cl_build.h"
#include "backends/opencl/cl_check.h"
#include "backends/opencl/cl_device_state.h"
#include "backends/opencl/cl_discovery.h"
#include "backends/opencl/cl_registry.h"

#include <functional>
#include <map>
#include <mutex>

namespace uops {

static std::string deviceList(const std::vector<ClDeviceInfo>& devices) {
  if (devices.empty()) return "no OpenCL devices were found";
  std::string names;
  for (const ClDeviceInfo& device : devices)
    names += (names.empty() ? "" : ", ") + device.name;
  return "the devices are " + names;
}

// 2.0 replaced clCreateCommandQueue, but 1.x platforms only have the old call.
static OwnedQueue createQueue(const ClDeviceInfo& info, cl_context context, cl_device_id device) {
  cl_int status = CL_SUCCESS;
  if (info.versionMajor >= 2) {
    const cl_queue_properties properties[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    OwnedQueue queue(clCreateCommandQueueWithProperties(context, device, properties, &status));
    checkCl(status, "clCreateCommandQueueWithProperties", "opening " + info.name);
    return queue;
  }
  OwnedQueue queue(clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &status));
  checkCl(status, "clCreateCommandQueue", "opening " + info.name);
  return queue;
}

ClDevice::ClDevice(size_t index, ClDeviceConfig config)
    : m_impl(std::make_unique<Impl>(config.keepPrograms)) {
  m_impl->probes = config.probeLaunches && clProbesEnabled();
  const ClRegistry& registry = clRegistry();
  if (index >= registry.devices.size())
    throw ClError(ClError::Kind::Usage, "no OpenCL device CL:" + std::to_string(index) + ": " +
                                            deviceList(registry.devices));
  m_impl->info = registry.devices[index];
  m_impl->id = registry.ids[index];
  cl_int status = CL_SUCCESS;
  m_impl->context =
      OwnedContext(clCreateContext(nullptr, 1, &m_impl->id, nullptr, nullptr, &status));
  checkCl(status, "clCreateContext", "opening " + m_impl->info.name);
  m_impl->queue = createQueue(m_impl->info, m_impl->context.get(), m_impl->id);
}

ClDevice ClDevice::open(std::string_view name, ClDeviceConfig config) {
  const std::optional<size_t> index = parseClDeviceName(name);
  if (!index)
    throw ClError(ClError::Kind::Usage,
                  "'" + std::string(name) +
                      "' is not an OpenCL device name (CL:<n>): " + deviceList(clDevices()));
  return ClDevice(*index, config);
}

ClDevice::~ClDevice() = default;
ClDevice::ClDevice(ClDevice&&) noexcept = default;
ClDevice& ClDevice::operator=(ClDevice&&) noexcept = default;

const ClDeviceInfo& ClDevice::info() const {
  return m_impl->info;
}

ClBuffer ClDevice::alloc(size_t bytes) {
  auto state = std::make_shared<ClBuffer::State>();
  cl_int status = CL_SUCCESS;
  state->mem =
      OwnedMem(clCreateBuffer(m_impl->context.get(), CL_MEM_READ_WRITE, bytes, nullptr, &status));
  checkCl(status, "clCreateBuffer",
          "allocating " + std::to_string(bytes) + " bytes on " + m_impl->info.name);
  checkCl(clRetainCommandQueue(m_impl->queue.get()), "clRetainCommandQueue");
  state->queue = OwnedQueue(m_impl->queue.get());
  state->context = m_impl->context.get();
  state->size = bytes;
  state->deviceName = m_impl->info.name;
  ++m_impl->allocations;
  return ClBuffer(std::move(state));
}

ClProgram ClDevice::build(const std::string& source, const std::string& options) {
  const std::string key = programKey(m_impl->info.name, options, source);
  if (ClProgram cached = m_impl->cache.find(key)) {
    ++m_impl->cacheHits;
    return cached;
  }
  // Built outside the cache's lock: builds take long, and other sources may
  // build meanwhile. Two threads with the same source both build; the first
  // stored wins and both get it.
  auto state = buildProgram(m_impl->context.get(), m_impl->id, m_impl->info.name, source, options);
  state->hash = std::hash<std::string>{}(key);
  const ClProgram built(std::move(state));
  ++m_impl->builds;
  return m_impl->cache.insert(key, built);
}

void ClDevice::finish() {
  checkCl(clFinish(m_impl->queue.get()), "clFinish", "waiting for " + m_impl->info.name);
}

ClBuildStats ClDevice::stats() const {
  return {.builds = m_impl->builds,
          .cacheHits = m_impl->cacheHits,
          .cachedPrograms = m_impl->cache.size(),
          .allocations = m_impl->allocations};
}

void ClDevice::clearCache() {
  m_impl->cache.clear();
}

ClDevice& clDevice(size_t index) {
  static std::mutex mutex;
  static auto* devices = new std::map<size_t, ClDevice*>; // never freed: see the header
  std::lock_guard lock(mutex);
  auto [it, added] = devices->try_emplace(index, nullptr);
  if (added) {
    try {
      it->second = new ClDevice(index);
    } catch (...) {
      devices->erase(it);
      throw;
    }
  }
  return *it->second;
}

} // namespace uops
