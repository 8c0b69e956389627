#include "backends/cuda/cuda_device_info.h"

#include "backends/cuda/cuda_error.h"

#include <array>

#include <fmt/format.h>

namespace uops {

std::string CudaDeviceInfo::arch() const {
  return fmt::format("sm_{}{}", major, minor);
}

CudaDeviceInfo queryCudaDevice(const cu::CudaDriver& d, int ordinal) {
  CudaDeviceInfo info;
  info.ordinal = ordinal;
  info.name = fmt::format("CUDA:{}", ordinal);
  const std::string doing = "reading the properties of " + info.name;
  cu::CUdevice device = 0;
  checkCuda(d, d.cuDeviceGet(&device, ordinal), "cuDeviceGet", doing);
  std::array<char, 256> model{};
  checkCuda(d, d.cuDeviceGetName(model.data(), static_cast<int>(model.size()) - 1, device), "cuDeviceGetName", doing);
  info.model = model.data();
  checkCuda(d, d.cuDeviceGetAttribute(&info.major, cu::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device),
            "cuDeviceGetAttribute", doing);
  checkCuda(d, d.cuDeviceGetAttribute(&info.minor, cu::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device),
            "cuDeviceGetAttribute", doing);
  checkCuda(d, d.cuDeviceGetAttribute(&info.multiprocessors, cu::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device),
            "cuDeviceGetAttribute", doing);
  size_t bytes = 0;
  checkCuda(d, d.cuDeviceTotalMem_v2(&bytes, device), "cuDeviceTotalMem_v2", doing);
  info.memoryBytes = bytes;
  return info;
}

std::vector<CudaDeviceInfo> cudaDevices(const CudaDriverLoad& load) {
  if (!load.driver) return {};
  int count = 0;
  cu::CUresult r = load.driver->cuDeviceGetCount(&count);
  if (r == cu::CUDA_ERROR_NO_DEVICE) return {};
  checkCuda(*load.driver, r, "cuDeviceGetCount", "counting CUDA devices");
  std::vector<CudaDeviceInfo> out;
  for (int i = 0; i < count; ++i) out.push_back(queryCudaDevice(*load.driver, i));
  return out;
}

std::string cudaDevicesListing(const CudaDriverLoad& load) {
  if (!load.driver) return load.failure + "\n";
  std::vector<CudaDeviceInfo> devices;
  try {
    devices = cudaDevices(load);
  } catch (const CudaError& e) {
    return std::string("CUDA: ") + e.what() + "\n";
  }
  if (devices.empty()) return fmt::format("CUDA: driver {}.{} counts no devices\n", load.version / 1000, load.version % 1000 / 10);
  std::string out;
  for (const CudaDeviceInfo& d : devices)
    out += fmt::format("{:<7} {}  [{}, {} SMs, {:.1f} GiB, driver CUDA {}.{}]\n", d.name, d.model, d.arch(),
                       d.multiprocessors, static_cast<double>(d.memoryBytes) / (1024.0 * 1024 * 1024),
                       load.version / 1000, load.version % 1000 / 10);
  return out;
}

} // namespace uops
