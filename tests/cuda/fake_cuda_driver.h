// A CUDA driver in host memory for tests without a card: `devices` cards
// (one unless a test says more), each an "NVIDIA H200" (compute capability
// 9.0, 132 SMs) with a primary context of its own that cuCtxSetCurrent makes
// current on the calling thread, as the real driver does. Allocations are
// host memory owned by the card whose context is current (so copies work,
// and each copy is recorded with the cards it went between); modules keep
// their PTX and find an entry by its `.entry NAME(` line; launches are
// recorded with their card, grid, block and argument values (as many 64-bit
// values as the entry's PTX declares .params; one in another card's memory
// faults with CUDA_ERROR_ILLEGAL_ADDRESS) and run by `execute` where a test
// sets it (else they compute nothing); events' elapsed time is
// `elapsedMs`. Every call holds one lock: the multi-device schedule calls
// from a thread per card.
//
// Faults a test injects: `loadResult` and `jitLog` make the JIT fail,
// `allocationsLeft` makes cuMemAlloc run out of memory once that many more
// have succeeded and `fullDevice` on one card, `launchResult` makes
// cuLaunchKernel refuse the launch, `syncResult` is a kernel that faulted
// (cuEventSynchronize reports it, as the real driver does).
#pragma once

#include "backends/cuda/cuda_api.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace cudatest {

using namespace uops::cu;

inline constexpr int kFakeHost = -1; // a copy's end in host memory

struct FakeLaunch {
  std::string entry;
  std::array<unsigned, 3> grid{}, block{};
  std::vector<unsigned long long> args;
  int device = 0; // the card whose context was current
};

struct FakeFunction {
  std::string entry;
  size_t params = 0;
  size_t module = 0; // index of its PTX in loadedPtx
};

// One cuMemcpy*: the cards it read and wrote (kFakeHost for host memory), the
// card whose context was current and the thread that asked.
struct FakeCopy {
  std::string call;
  int from = kFakeHost, to = kFakeHost;
  size_t bytes = 0;
  int current = 0;
  std::thread::id thread;
};

struct FakeCuda {
  int devices = 1;
  std::map<CUdeviceptr, std::vector<char>> memory;
  std::map<CUdeviceptr, int> owner;      // the card of each live allocation
  std::vector<CUdeviceptr> allocations; // in order
  std::vector<std::string> loadedPtx;
  std::vector<std::unique_ptr<FakeFunction>> functions;
  std::vector<FakeLaunch> launches;
  std::vector<FakeCopy> copies;
  CUresult loadResult = CUDA_SUCCESS;
  std::string jitLog;
  int allocationsLeft = -1; // -1: memory never runs out
  int fullDevice = -1;      // a card whose memory is full: every cuMemAlloc there fails
  CUresult launchResult = CUDA_SUCCESS;
  CUresult syncResult = CUDA_SUCCESS;
  // Runs a launch of an entry of `ptx` on the fake's memory; false fails the
  // launch (CUDA_ERROR_NOT_FOUND). Unset: launches compute nothing.
  std::function<bool(const std::string& ptx, const FakeLaunch& launch)> execute;
  float elapsedMs = 0.125f;
  int linked = 0;
};

inline FakeCuda& fakeCuda() {
  static FakeCuda state;
  return state;
}

inline std::recursive_mutex& fakeCudaMutex() {
  static std::recursive_mutex mutex;
  return mutex;
}

inline int& fakeCurrentDevice() {
  thread_local int device = 0;
  return device;
}

inline void resetFakeCuda() {
  std::lock_guard lock(fakeCudaMutex());
  fakeCuda() = FakeCuda{};
}

// The number of .param lines of `.entry entry(` in `ptx`.
inline size_t fakeParamCount(const std::string& ptx, const std::string& entry) {
  size_t at = ptx.find(".entry " + entry + "(");
  if (at == std::string::npos) return 0;
  size_t end = ptx.find(')', at), n = 0;
  for (size_t p = ptx.find(".param", at); p != std::string::npos && p < end; p = ptx.find(".param", p + 1)) ++n;
  return n;
}

// The card owning device memory at `p`, kFakeHost for any other address.
inline int fakeOwnerOf(CUdeviceptr p) {
  const auto& owner = fakeCuda().owner;
  auto it = owner.upper_bound(p);
  if (it == owner.begin()) return kFakeHost;
  --it;
  const auto& block = fakeCuda().memory.at(it->first);
  return p < it->first + std::max<size_t>(block.size(), 1) ? it->second : kFakeHost;
}

inline void fakeRecordCopy(const char* call, int from, int to, size_t bytes) {
  fakeCuda().copies.push_back({call, from, to, bytes, fakeCurrentDevice(), std::this_thread::get_id()});
}

// The driver's names and texts for the results the fake returns.
inline const char* fakeErrorName(CUresult r, bool text) {
  switch (r) {
  case CUDA_ERROR_INVALID_VALUE: return text ? "invalid argument" : "CUDA_ERROR_INVALID_VALUE";
  case CUDA_ERROR_OUT_OF_MEMORY: return text ? "out of memory" : "CUDA_ERROR_OUT_OF_MEMORY";
  case CUDA_ERROR_INVALID_PTX: return text ? "a PTX JIT compilation failed" : "CUDA_ERROR_INVALID_PTX";
  case CUDA_ERROR_NOT_FOUND: return text ? "named symbol not found" : "CUDA_ERROR_NOT_FOUND";
  case CUDA_ERROR_ILLEGAL_ADDRESS: return text ? "an illegal memory access was encountered" : "CUDA_ERROR_ILLEGAL_ADDRESS";
  case CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES:
    return text ? "too many resources requested for launch" : "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES";
  default: return text ? "unknown error" : "CUDA_ERROR_UNKNOWN";
  }
}

inline std::shared_ptr<const CudaDriver> fakeCudaDriver() {
  using Lock = std::lock_guard<std::recursive_mutex>;
  auto d = std::make_shared<CudaDriver>();
  d->cuInit = [](unsigned) { return CUDA_SUCCESS; };
  d->cuGetErrorName = [](CUresult r, const char** name) {
    *name = fakeErrorName(r, false);
    return CUDA_SUCCESS;
  };
  d->cuGetErrorString = [](CUresult r, const char** text) {
    *text = fakeErrorName(r, true);
    return CUDA_SUCCESS;
  };
  d->cuDriverGetVersion = [](int* v) { *v = 13000; return CUDA_SUCCESS; };
  d->cuDeviceGetCount = [](int* n) { Lock lock(fakeCudaMutex()); *n = fakeCuda().devices; return CUDA_SUCCESS; };
  d->cuDeviceGet = [](CUdevice* dev, int ordinal) {
    Lock lock(fakeCudaMutex());
    *dev = ordinal;
    return ordinal >= 0 && ordinal < fakeCuda().devices ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  };
  d->cuDeviceGetName = [](char* name, int length, CUdevice) {
    std::strncpy(name, "NVIDIA H200", static_cast<size_t>(length));
    return CUDA_SUCCESS;
  };
  d->cuDeviceGetAttribute = [](int* v, CUdevice_attribute a, CUdevice) {
    *v = a == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9 : a == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ? 0 : 132;
    return CUDA_SUCCESS;
  };
  d->cuDeviceTotalMem_v2 = [](size_t* bytes, CUdevice) { *bytes = size_t{141} << 30; return CUDA_SUCCESS; };
  // a context is its card's ordinal + 1
  d->cuDevicePrimaryCtxRetain = [](CUcontext* c, CUdevice device) {
    *c = reinterpret_cast<CUcontext>(static_cast<uintptr_t>(device) + 1);
    return CUDA_SUCCESS;
  };
  d->cuCtxSetCurrent = [](CUcontext c) {
    fakeCurrentDevice() = static_cast<int>(reinterpret_cast<uintptr_t>(c)) - 1;
    return CUDA_SUCCESS;
  };
  d->cuModuleLoadDataEx = [](CUmodule* m, const void* image, unsigned n, CUjit_option* options, void** values) {
    Lock lock(fakeCudaMutex());
    FakeCuda& f = fakeCuda();
    f.loadedPtx.emplace_back(static_cast<const char*>(image));
    if (f.loadResult != CUDA_SUCCESS) {
      for (unsigned i = 0; i < n; ++i)
        if (options[i] == CU_JIT_ERROR_LOG_BUFFER) std::strcpy(static_cast<char*>(values[i]), f.jitLog.c_str());
      return f.loadResult;
    }
    *m = reinterpret_cast<CUmodule>(f.loadedPtx.size()); // 1-based index of its PTX
    return CUDA_SUCCESS;
  };
  d->cuModuleGetFunction = [](CUfunction* fn, CUmodule m, const char* name) {
    Lock lock(fakeCudaMutex());
    FakeCuda& f = fakeCuda();
    const size_t module = reinterpret_cast<size_t>(m) - 1;
    const std::string& ptx = f.loadedPtx.at(module);
    if (ptx.find(".entry " + std::string(name) + "(") == std::string::npos) return CUDA_ERROR_NOT_FOUND;
    f.functions.push_back(std::make_unique<FakeFunction>(FakeFunction{name, fakeParamCount(ptx, name), module}));
    *fn = reinterpret_cast<CUfunction>(f.functions.back().get());
    return CUDA_SUCCESS;
  };
  d->cuModuleUnload = [](CUmodule) { return CUDA_SUCCESS; };
  d->cuLaunchKernel = [](CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                         unsigned, CUstream, void** params, void**) {
    Lock lock(fakeCudaMutex());
    FakeCuda& f = fakeCuda();
    if (f.launchResult != CUDA_SUCCESS) return f.launchResult;
    const auto* function = reinterpret_cast<const FakeFunction*>(fn);
    FakeLaunch launch{function->entry, {gx, gy, gz}, {bx, by, bz}, {}, fakeCurrentDevice()};
    for (size_t i = 0; i < function->params; ++i) {
      launch.args.push_back(*static_cast<unsigned long long*>(params[i]));
      // another card's memory: the kernel faults (no peer access)
      const int owner = fakeOwnerOf(launch.args.back());
      if (owner != kFakeHost && owner != launch.device) return CUDA_ERROR_ILLEGAL_ADDRESS;
    }
    f.launches.push_back(launch);
    if (f.execute && !f.execute(f.loadedPtx.at(function->module), launch)) return CUDA_ERROR_NOT_FOUND;
    return CUDA_SUCCESS;
  };
  d->cuMemAlloc_v2 = [](CUdeviceptr* p, size_t bytes) {
    Lock lock(fakeCudaMutex());
    FakeCuda& f = fakeCuda();
    if (f.allocationsLeft == 0 || f.fullDevice == fakeCurrentDevice()) return CUDA_ERROR_OUT_OF_MEMORY;
    if (f.allocationsLeft > 0) --f.allocationsLeft;
    std::vector<char> block(bytes, '\0');
    *p = reinterpret_cast<CUdeviceptr>(block.data());
    f.memory.emplace(*p, std::move(block));
    f.owner.emplace(*p, fakeCurrentDevice());
    f.allocations.push_back(*p);
    return CUDA_SUCCESS;
  };
  d->cuMemFree_v2 = [](CUdeviceptr p) {
    Lock lock(fakeCudaMutex());
    fakeCuda().owner.erase(p);
    return fakeCuda().memory.erase(p) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
  };
  d->cuMemcpyHtoD_v2 = [](CUdeviceptr dst, const void* src, size_t bytes) {
    Lock lock(fakeCudaMutex());
    fakeRecordCopy("cuMemcpyHtoD_v2", kFakeHost, fakeOwnerOf(dst), bytes);
    std::memcpy(reinterpret_cast<void*>(dst), src, bytes);
    return CUDA_SUCCESS;
  };
  d->cuMemcpyDtoH_v2 = [](void* dst, CUdeviceptr src, size_t bytes) {
    Lock lock(fakeCudaMutex());
    fakeRecordCopy("cuMemcpyDtoH_v2", fakeOwnerOf(src), kFakeHost, bytes);
    std::memcpy(dst, reinterpret_cast<const void*>(src), bytes);
    return CUDA_SUCCESS;
  };
  d->cuMemcpyDtoD_v2 = [](CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
    Lock lock(fakeCudaMutex());
    fakeRecordCopy("cuMemcpyDtoD_v2", fakeOwnerOf(src), fakeOwnerOf(dst), bytes);
    std::memcpy(reinterpret_cast<void*>(dst), reinterpret_cast<const void*>(src), bytes);
    return CUDA_SUCCESS;
  };
  d->cuEventCreate = [](CUevent* e, unsigned) {
    static std::atomic<int> events = 0;
    *e = reinterpret_cast<CUevent>(static_cast<uintptr_t>(++events));
    return CUDA_SUCCESS;
  };
  d->cuEventRecord = [](CUevent, CUstream) { return CUDA_SUCCESS; };
  d->cuEventSynchronize = [](CUevent) { Lock lock(fakeCudaMutex()); return fakeCuda().syncResult; };
  d->cuEventElapsedTime = [](float* ms, CUevent, CUevent) {
    Lock lock(fakeCudaMutex());
    *ms = fakeCuda().elapsedMs;
    return CUDA_SUCCESS;
  };
  d->cuEventDestroy_v2 = [](CUevent) { return CUDA_SUCCESS; };
  d->cuLinkCreate_v2 = [](unsigned, CUjit_option*, void**, CUlinkState* s) {
    *s = reinterpret_cast<CUlinkState>(&fakeCuda());
    return CUDA_SUCCESS;
  };
  d->cuLinkAddData_v2 = [](CUlinkState, CUjitInputType, void*, size_t, const char*, unsigned, CUjit_option*, void**) {
    return CUDA_SUCCESS;
  };
  d->cuLinkComplete = [](CUlinkState, void** cubin, size_t* bytes) {
    static const char image[] = "\x7f" "ELF fake cubin";
    Lock lock(fakeCudaMutex());
    ++fakeCuda().linked;
    *cubin = const_cast<char*>(image);
    *bytes = sizeof image;
    return CUDA_SUCCESS;
  };
  d->cuLinkDestroy = [](CUlinkState) { return CUDA_SUCCESS; };
  return d;
}

} // namespace cudatest
