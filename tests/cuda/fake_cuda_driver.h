// A CUDA driver in host memory for tests without a card: one device (an
// "NVIDIA H200", compute capability 9.0, 132 SMs), allocations that are host
// memory (so copies work), modules that keep their PTX and find an entry by
// its `.entry NAME(` line, launches that run nothing but are recorded with
// their grid, block and argument values (as many 64-bit values as the
// entry's PTX declares .params), and events whose elapsed time is
// `elapsedMs`. A test sets `loadResult` and `jitLog` to make the JIT fail.
#pragma once

#include "backends/cuda/cuda_api.h"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cudatest {

using namespace uops::cu;

struct FakeLaunch {
  std::string entry;
  std::array<unsigned, 3> grid{}, block{};
  std::vector<unsigned long long> args;
};

struct FakeFunction {
  std::string entry;
  size_t params = 0;
};

struct FakeCuda {
  std::map<CUdeviceptr, std::vector<char>> memory;
  std::vector<CUdeviceptr> allocations; // in order
  std::vector<std::string> loadedPtx;
  std::vector<std::unique_ptr<FakeFunction>> functions;
  std::vector<FakeLaunch> launches;
  CUresult loadResult = CUDA_SUCCESS;
  std::string jitLog;
  float elapsedMs = 0.125f;
  int linked = 0;
};

inline FakeCuda& fakeCuda() {
  static FakeCuda state;
  return state;
}

inline void resetFakeCuda() {
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

inline std::shared_ptr<const CudaDriver> fakeCudaDriver() {
  auto d = std::make_shared<CudaDriver>();
  d->cuInit = [](unsigned) { return CUDA_SUCCESS; };
  d->cuGetErrorName = [](CUresult r, const char** name) {
    *name = r == CUDA_ERROR_INVALID_PTX ? "CUDA_ERROR_INVALID_PTX" : r == CUDA_ERROR_NOT_FOUND ? "CUDA_ERROR_NOT_FOUND"
                                                                                               : "CUDA_ERROR_UNKNOWN";
    return CUDA_SUCCESS;
  };
  d->cuGetErrorString = [](CUresult r, const char** text) {
    *text = r == CUDA_ERROR_INVALID_PTX ? "a PTX JIT compilation failed" : "unknown error";
    return CUDA_SUCCESS;
  };
  d->cuDriverGetVersion = [](int* v) { *v = 13000; return CUDA_SUCCESS; };
  d->cuDeviceGetCount = [](int* n) { *n = 1; return CUDA_SUCCESS; };
  d->cuDeviceGet = [](CUdevice* dev, int ordinal) { *dev = ordinal; return ordinal == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE; };
  d->cuDeviceGetName = [](char* name, int length, CUdevice) {
    std::strncpy(name, "NVIDIA H200", static_cast<size_t>(length));
    return CUDA_SUCCESS;
  };
  d->cuDeviceGetAttribute = [](int* v, CUdevice_attribute a, CUdevice) {
    *v = a == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9 : a == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR ? 0 : 132;
    return CUDA_SUCCESS;
  };
  d->cuDeviceTotalMem_v2 = [](size_t* bytes, CUdevice) { *bytes = size_t{141} << 30; return CUDA_SUCCESS; };
  d->cuDevicePrimaryCtxRetain = [](CUcontext* c, CUdevice) {
    *c = reinterpret_cast<CUcontext>(&fakeCuda());
    return CUDA_SUCCESS;
  };
  d->cuCtxSetCurrent = [](CUcontext) { return CUDA_SUCCESS; };
  d->cuModuleLoadDataEx = [](CUmodule* m, const void* image, unsigned n, CUjit_option* options, void** values) {
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
    FakeCuda& f = fakeCuda();
    const std::string& ptx = f.loadedPtx.at(reinterpret_cast<size_t>(m) - 1);
    if (ptx.find(".entry " + std::string(name) + "(") == std::string::npos) return CUDA_ERROR_NOT_FOUND;
    f.functions.push_back(std::make_unique<FakeFunction>(FakeFunction{name, fakeParamCount(ptx, name)}));
    *fn = reinterpret_cast<CUfunction>(f.functions.back().get());
    return CUDA_SUCCESS;
  };
  d->cuModuleUnload = [](CUmodule) { return CUDA_SUCCESS; };
  d->cuLaunchKernel = [](CUfunction fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                         unsigned, CUstream, void** params, void**) {
    const auto* function = reinterpret_cast<const FakeFunction*>(fn);
    FakeLaunch launch{function->entry, {gx, gy, gz}, {bx, by, bz}, {}};
    for (size_t i = 0; i < function->params; ++i)
      launch.args.push_back(*static_cast<unsigned long long*>(params[i]));
    fakeCuda().launches.push_back(std::move(launch));
    return CUDA_SUCCESS;
  };
  d->cuMemAlloc_v2 = [](CUdeviceptr* p, size_t bytes) {
    FakeCuda& f = fakeCuda();
    std::vector<char> block(bytes, '\0');
    *p = reinterpret_cast<CUdeviceptr>(block.data());
    f.memory.emplace(*p, std::move(block));
    f.allocations.push_back(*p);
    return CUDA_SUCCESS;
  };
  d->cuMemFree_v2 = [](CUdeviceptr p) { return fakeCuda().memory.erase(p) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE; };
  d->cuMemcpyHtoD_v2 = [](CUdeviceptr dst, const void* src, size_t bytes) {
    std::memcpy(reinterpret_cast<void*>(dst), src, bytes);
    return CUDA_SUCCESS;
  };
  d->cuMemcpyDtoH_v2 = [](void* dst, CUdeviceptr src, size_t bytes) {
    std::memcpy(dst, reinterpret_cast<const void*>(src), bytes);
    return CUDA_SUCCESS;
  };
  d->cuMemcpyDtoD_v2 = [](CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
    std::memcpy(reinterpret_cast<void*>(dst), reinterpret_cast<const void*>(src), bytes);
    return CUDA_SUCCESS;
  };
  d->cuEventCreate = [](CUevent* e, unsigned) {
    static int events = 0;
    *e = reinterpret_cast<CUevent>(static_cast<uintptr_t>(++events));
    return CUDA_SUCCESS;
  };
  d->cuEventRecord = [](CUevent, CUstream) { return CUDA_SUCCESS; };
  d->cuEventSynchronize = [](CUevent) { return CUDA_SUCCESS; };
  d->cuEventElapsedTime = [](float* ms, CUevent, CUevent) { *ms = fakeCuda().elapsedMs; return CUDA_SUCCESS; };
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
    ++fakeCuda().linked;
    *cubin = const_cast<char*>(image);
    *bytes = sizeof image;
    return CUDA_SUCCESS;
  };
  d->cuLinkDestroy = [](CUlinkState) { return CUDA_SUCCESS; };
  return d;
}

} // namespace cudatest
