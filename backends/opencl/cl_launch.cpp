// ClDevice::launch: one kernel run on the device's queue, timed by its
// profiling event.
#include "backends/opencl/cl_device.h"

#include "backends/opencl/cl_buffer_state.h"
#include "backends/opencl/cl_check.h"
#include "backends/opencl/cl_device_state.h"
#include "backends/opencl/cl_program_state.h"

#include <type_traits>
#include <variant>

namespace uops {

static std::string launchContext(const std::string& kernel, const std::string& device,
                                 const ClRange& global, const ClRange& local) {
  return "launching '" + kernel + "' on " + device + " (global " + global.toString() + ", local " +
         local.toString() + ")";
}

static void checkRanges(const std::string& doing, const ClRange& global, const ClRange& local) {
  if (global.dims < 1 || global.dims > 3)
    throw ClError(ClError::Kind::Usage, doing + ": the global size needs 1 to 3 dimensions");
  if (local.dims != 0 && local.dims != global.dims)
    throw ClError(ClError::Kind::Usage,
                  doing + ": the local size has " + std::to_string(local.dims) +
                      " dimensions, the global size " + std::to_string(global.dims));
}

// The kernel object for name, made on first use (state.kernelsMutex held).
static cl_kernel kernelFor(const ClProgram::State& state, const std::string& name,
                           const std::string& doing) {
  auto it = state.kernels.find(name);
  if (it != state.kernels.end()) return it->second.get();
  cl_int status = CL_SUCCESS;
  OwnedKernel kernel(clCreateKernel(state.program.get(), name.c_str(), &status));
  if (status != CL_SUCCESS) {
    std::string names;
    for (const std::string& known : state.kernelNames)
      names += (names.empty() ? "" : ", ") + known;
    throw clCallError(status, "clCreateKernel", doing + " (the program's kernels: " + names + ")");
  }
  return state.kernels.emplace(name, std::move(kernel)).first->second.get();
}

// Buffers pass their cl_mem (mems[i]), scalars their bytes: OpenCL checks
// each size against the kernel's parameter type.
static void setArgs(cl_kernel kernel, const std::vector<ClArg>& args,
                    const std::vector<cl_mem>& mems, const std::string& doing) {
  for (size_t i = 0; i < args.size(); ++i) {
    const cl_int status = std::visit(
        [&](const auto& value) {
          if constexpr (std::is_same_v<std::decay_t<decltype(value)>, const ClBuffer*>)
            return clSetKernelArg(kernel, cl_uint(i), sizeof(cl_mem), &mems[i]);
          else
            return clSetKernelArg(kernel, cl_uint(i), sizeof value, &value);
        },
        args[i].value());
    if (status != CL_SUCCESS)
      throw clCallError(status, "clSetKernelArg",
                        doing + ", argument " + std::to_string(i) + " (" + args[i].typeName() +
                            ")");
  }
}

static double elapsedMs(cl_event event, const std::string& doing) {
  cl_ulong start = 0, end = 0;
  checkCl(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr),
          "clGetEventProfilingInfo", doing);
  checkCl(clGetEventProfilingInfo(event, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr),
          "clGetEventProfilingInfo", doing);
  return end > start ? double(end - start) * 1e-6 : 0.0;
}

// A kernel that fails while running (an out-of-bounds access on a GPU)
// reports through its event's status, not through the enqueue call.
static void waitFor(cl_event event, const std::string& doing) {
  const cl_int waited = clWaitForEvents(1, &event);
  cl_int status = CL_SUCCESS;
  checkCl(clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr),
          "clGetEventInfo", doing);
  if (status < 0) throw clCallError(status, "clWaitForEvents", doing + ": the kernel failed");
  checkCl(waited, "clWaitForEvents", doing);
}

// Each buffer argument's cl_mem (null for scalars), checked to belong to
// this device's context: OpenCL would only say CL_INVALID_CONTEXT at enqueue.
std::vector<cl_mem> ClDevice::Impl::buffersOf(const std::vector<ClArg>& args,
                                              const std::string& doing) const {
  std::vector<cl_mem> mems(args.size(), nullptr);
  for (size_t i = 0; i < args.size(); ++i) {
    const auto* buffer = std::get_if<const ClBuffer*>(&args[i].value());
    if (!buffer) continue;
    const ClBuffer::State& b = bufferState(**buffer);
    if (b.context != context.get())
      throw ClError(ClError::Kind::Usage, doing + ": argument " + std::to_string(i) +
                                              " is a buffer of another ClDevice (" + b.deviceName +
                                              ")");
    mems[i] = b.mem.get();
  }
  return mems;
}

double ClDevice::launch(const ClProgram& program, const std::string& kernelName,
                        const std::vector<ClArg>& args, const ClRange& global,
                        const ClRange& local) {
  const std::string doing = launchContext(kernelName, m_impl->info.name, global, local);
  const ClProgram::State& state = programState(program);
  if (state.context != m_impl->context.get())
    throw ClError(ClError::Kind::Usage,
                  doing + ": the program was built by another ClDevice (" + state.deviceName + ")");
  checkRanges(doing, global, local);
  if (m_impl->probes && !clLaunchProbed(state.deviceName, state.hash, kernelName, global, local))
    probe({{program, kernelName, probeArgs(args), global, local}});

  OwnedEvent event;
  {
    std::lock_guard lock(state.kernelsMutex); // arguments are the kernel object's state
    const cl_kernel kernel = kernelFor(state, kernelName, doing);
    cl_uint expected = 0;
    checkCl(clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof expected, &expected, nullptr),
            "clGetKernelInfo", doing);
    if (args.size() != expected)
      throw ClError(ClError::Kind::Usage, doing + ": the kernel takes " + std::to_string(expected) +
                                              " arguments, " + std::to_string(args.size()) +
                                              " given");
    setArgs(kernel, args, m_impl->buffersOf(args, doing), doing);
    const cl_int status = clEnqueueNDRangeKernel(
        m_impl->queue.get(), kernel, cl_uint(global.dims), nullptr, global.sizes.data(),
        local.dims == 0 ? nullptr : local.sizes.data(), 0, nullptr, event.out());
    checkCl(status, "clEnqueueNDRangeKernel", doing);
  }
  waitFor(event.get(), doing);
  return elapsedMs(event.get(), doing);
}

} // namespace uops
