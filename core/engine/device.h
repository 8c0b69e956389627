// Device: one place kernels run, as every backend implements it. A device
// names itself, says what target the optimizer lowers kernels for, owns buffers
// (allocate, copy in, copy out, copy between two of its buffers) and compiles a
// lowered kernel into a program that runs, is timed and shows its machine code.
// Devices are opened by name through the registry (device_registry.h), one
// instance per name per process; schedules run on them through
// core/engine/device_schedule.h, whatever the backend.
#pragma once

#include "core/runtime/device_peaks.h"
#include "core/runtime/host_tensor.h"
#include "core/remarks/remark.h"

#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace uops {

struct CodegenTarget; // core/render/codegen_target.h
struct LoweredKernel; // core/render/lowered_kernel.h

// A failure a user causes on a device: an unknown device name, buffers that do
// not fit a kernel, a program not lowered for the device.
class DeviceError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Memory for one flat buffer on the device that allocated it; only that
// device reads or writes it.
class DeviceBuffer {
public:
  DeviceBuffer(DType dtype, int64_t numel) : m_dtype(dtype), m_numel(numel) {}
  virtual ~DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  DType dtype() const { return m_dtype; }
  int64_t numel() const { return m_numel; }
  size_t bytes() const { return static_cast<size_t>(m_numel) * static_cast<size_t>(m_dtype.itemSize()); }

private:
  DType m_dtype;
  int64_t m_numel;
};

// One kernel compiled for its device.
class DeviceProgram {
public:
  virtual ~DeviceProgram() = default;
  virtual const std::string& name() const = 0;
  // Runs the kernel once with buffers[k] bound to Param slot k (slots past the
  // kernel's Params are ignored) and waits for it; the kernel's time in ms as
  // the device measures it (wall time of the call on the host, profiling events
  // on OpenCL). `variables` are the values of the kernel's variables, in the
  // order of LoweredKernel::variables (its scalar arguments after the buffers).
  // Throws DeviceError for buffers that do not fit the Params.
  virtual double run(std::span<DeviceBuffer* const> buffers, std::span<const int64_t> variables = {}) = 0;
  // The machine code the device's compiler made, as text (a disassembly, or
  // what the driver gives, e.g. PTX); DeviceError where there is none.
  virtual std::string machineCode() const = 0;
};

struct DeviceDescription {
  std::string name;        // "CPU", "CL:0"
  std::string description; // "CPU (LLVM)", "CL:0 pthread-... (Portable Computing Language)"
  bool accelerator = false; // a GPU or other accelerator (preferred over the CPU when picking one)
  bool generatesCode = true; // has a target (Device::target()): its kernels have source and machine code
  bool compileOnly = false;  // a target with no device here (sm_90, gfx1100): kernels compile, nothing runs
};

class Device {
public:
  virtual ~Device() = default;
  Device() = default;
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  virtual const DeviceDescription& description() const = 0;
  const std::string& name() const { return description().name; }

  // The target kernels are lowered for (heuristics off; callers choose).
  // Null for a device without a code generator: INTERP runs Rangeify's
  // kernels as they are, REF runs no kernels.
  virtual const CodegenTarget* target() const = 0;
  // Whether programs run here as kernels; REF evaluates the graph instead.
  virtual bool runsKernels() const { return true; }

  // Uninitialized memory for `numel` elements of `dtype` (at least one byte).
  virtual std::unique_ptr<DeviceBuffer> allocate(DType dtype, int64_t numel) = 0;
  // `src` must have the buffer's dtype and element count (DeviceError otherwise).
  virtual void copyIn(DeviceBuffer& dst, const HostTensor& src) = 0;
  virtual HostTensor copyOut(const DeviceBuffer& src) = 0; // flat
  virtual void copy(const DeviceBuffer& src, DeviceBuffer& dst);

  // A kernel lowered for target() (or, without one, Rangeify's kernel as
  // startLowering left it). Throws what the compiler throws.
  virtual std::shared_ptr<DeviceProgram> compile(const LoweredKernel& kernel) = 0;
  // Every kernel of a schedule, in order, together where the device can (in
  // parallel, in few driver programs); a failure throws the error of the first
  // failing kernel in that order.
  virtual std::vector<std::shared_ptr<DeviceProgram>> compileAll(const std::vector<LoweredKernel>& kernels) = 0;

  // What the device's compiler says about how it optimized a kernel lowered
  // for target() (LLVM's remarks on the CPU), each with its line of the
  // kernel's rendered source (kernel_remarks.h places the rest). A compile of
  // its own, asked for by a reader of remarks; none where the compiler gives
  // none. Throws what the compiler throws.
  virtual std::vector<Remark> compilerRemarks(const LoweredKernel& kernel);

  // The hardware's peak float32 arithmetic rate and memory bandwidth, from
  // kernels the backend builds to reach them (independent multiply-add chains
  // on every core or compute unit; a streaming copy and read of a buffer far
  // larger than the caches). Takes a few seconds and keeps the device busy;
  // DeviceError where the backend cannot measure them.
  virtual DevicePeaks measurePeaks();

protected:
  // DeviceError unless `src` fits `dst`.
  static void checkFits(const DeviceBuffer& dst, const HostTensor& src);
};

// A device whose buffers are host memory (REF, INTERP, the LLVM CPU).
class HostBuffer : public DeviceBuffer {
public:
  HostBuffer(DType dtype, int64_t numel) : DeviceBuffer(dtype, numel), value(dtype, Shape{numel}) {}
  HostTensor value; // flat
};

// Host-memory buffers for devices that compute in host memory.
class HostMemoryDevice : public Device {
public:
  std::unique_ptr<DeviceBuffer> allocate(DType dtype, int64_t numel) override;
  void copyIn(DeviceBuffer& dst, const HostTensor& src) override;
  HostTensor copyOut(const DeviceBuffer& src) override;
  void copy(const DeviceBuffer& src, DeviceBuffer& dst) override;

  // The host buffer behind a buffer this device made.
  static HostBuffer& host(DeviceBuffer& buffer);
  static const HostBuffer& host(const DeviceBuffer& buffer);
};

} // namespace uops
