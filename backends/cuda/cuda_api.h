// The few types and functions of NVIDIA's CUDA driver API this backend uses,
// declared with the ABI of the driver's own cuda.h (no CUDA toolkit or header
// at build time): opaque handles are pointers, CUdevice an int, CUdeviceptr
// 64 bits, CUresult an int-sized enum. The functions are a table of pointers
// (CudaDriver), filled from libcuda.so.1 by cuda_driver.h or, in tests, by a
// fake driver.
//
// The exported names are the ones cuda.h maps its API to: the "_v2" entry
// points where the original took 32-bit sizes or pointers (cuMemAlloc_v2,
// cuMemcpyHtoD_v2, cuLinkCreate_v2, ...), the plain names elsewhere.
#pragma once

#include <cstddef>

namespace uops::cu {

using CUresult = int; // an enum in cuda.h: int-sized
using CUdevice = int;
using CUdeviceptr = unsigned long long; // CUdeviceptr_v2
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUevent_st;
struct CUstream_st;
struct CUlinkState_st;
using CUcontext = CUctx_st*;
using CUmodule = CUmod_st*;
using CUfunction = CUfunc_st*;
using CUevent = CUevent_st*;
using CUstream = CUstream_st*; // null: the context's default stream
using CUlinkState = CUlinkState_st*;
using CUjit_option = int;   // enum CUjit_option_enum
using CUjitInputType = int; // enum CUjitInputType_enum
using CUdevice_attribute = int;

inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
inline constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
inline constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
inline constexpr CUresult CUDA_ERROR_INVALID_PTX = 218;
inline constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
inline constexpr CUresult CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701; // the launch refused
// A kernel faulted on the card: 700 and 714..719 (from a hardware stack error
// to an unspecified launch failure) leave the context unusable until the
// process ends (cudaContextLost, cuda_error.h).
inline constexpr CUresult CUDA_ERROR_ILLEGAL_ADDRESS = 700;
inline constexpr CUresult CUDA_ERROR_HARDWARE_STACK_ERROR = 714;
inline constexpr CUresult CUDA_ERROR_LAUNCH_FAILED = 719;

inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
inline constexpr CUdevice_attribute CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;

// cuModuleLoadDataEx / cuLinkCreate options; each value is passed as a void*
inline constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER = 3;
inline constexpr CUjit_option CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
inline constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER = 5;
inline constexpr CUjit_option CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;

inline constexpr CUjitInputType CU_JIT_INPUT_PTX = 1;

inline constexpr unsigned CU_EVENT_DEFAULT = 0;

// The driver's entry points, as function pointers. Every call returns a
// CUresult; names are the symbols libcuda.so.1 exports.
struct CudaDriver {
  CUresult (*cuInit)(unsigned flags);
  CUresult (*cuGetErrorName)(CUresult error, const char** name);
  CUresult (*cuGetErrorString)(CUresult error, const char** text);
  CUresult (*cuDriverGetVersion)(int* version);
  CUresult (*cuDeviceGetCount)(int* count);
  CUresult (*cuDeviceGet)(CUdevice* device, int ordinal);
  CUresult (*cuDeviceGetName)(char* name, int length, CUdevice device);
  CUresult (*cuDeviceGetAttribute)(int* value, CUdevice_attribute attribute, CUdevice device);
  CUresult (*cuDeviceTotalMem_v2)(size_t* bytes, CUdevice device);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext* context, CUdevice device);
  CUresult (*cuCtxSetCurrent)(CUcontext context);
  CUresult (*cuModuleLoadDataEx)(CUmodule* module, const void* image, unsigned options, CUjit_option* option,
                                 void** values);
  CUresult (*cuModuleGetFunction)(CUfunction* function, CUmodule module, const char* name);
  CUresult (*cuModuleUnload)(CUmodule module);
  CUresult (*cuLaunchKernel)(CUfunction function, unsigned gridX, unsigned gridY, unsigned gridZ, unsigned blockX,
                             unsigned blockY, unsigned blockZ, unsigned sharedBytes, CUstream stream, void** params,
                             void** extra);
  CUresult (*cuMemAlloc_v2)(CUdeviceptr* pointer, size_t bytes);
  CUresult (*cuMemFree_v2)(CUdeviceptr pointer);
  CUresult (*cuMemcpyHtoD_v2)(CUdeviceptr dst, const void* src, size_t bytes);
  CUresult (*cuMemcpyDtoH_v2)(void* dst, CUdeviceptr src, size_t bytes);
  CUresult (*cuMemcpyDtoD_v2)(CUdeviceptr dst, CUdeviceptr src, size_t bytes);
  CUresult (*cuEventCreate)(CUevent* event, unsigned flags);
  CUresult (*cuEventRecord)(CUevent event, CUstream stream);
  CUresult (*cuEventSynchronize)(CUevent event);
  CUresult (*cuEventElapsedTime)(float* ms, CUevent start, CUevent end);
  CUresult (*cuEventDestroy_v2)(CUevent event);
  CUresult (*cuLinkCreate_v2)(unsigned options, CUjit_option* option, void** values, CUlinkState* state);
  CUresult (*cuLinkAddData_v2)(CUlinkState state, CUjitInputType type, void* data, size_t bytes, const char* name,
                               unsigned options, CUjit_option* option, void** values);
  CUresult (*cuLinkComplete)(CUlinkState state, void** cubin, size_t* bytes);
  CUresult (*cuLinkDestroy)(CUlinkState state);
};

} // namespace uops::cu
