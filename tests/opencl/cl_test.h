// Shared by the opencl backend tests: OpenCL C kernels as a renderer would
// print them, and small helpers. Every test runs on CL:0, which the project's
// scripts provide everywhere (PoCL's CPU device at least): a missing CL:0
// fails the test rather than skipping it.
#pragma once

#include "backends/opencl/cl_device.h"
#include "tests/support/backend_devices.h"
#include "backends/opencl/cl_discovery.h"
#include "backends/opencl/cl_error.h"
#include "core/engine/device_schedule.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/engine/schedule_executor.h"
#include "core/engine/device_registry.h"
#include "core/runtime/reference_evaluator.h"

#include <fmt/format.h>

#include <cmath>

#include <QString>

#include <functional>
#include <string>

namespace cltest {

inline QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// Whether CL:0 exists; the message for QVERIFY2 when it does not.
inline bool haveCl0() {
  return !uops::clDevices().empty();
}
inline const char* noCl0() {
  return "no OpenCL device CL:0: install an ICD (scripts install pocl-opencl-icd)";
}

inline bool isPocl(const uops::ClDeviceInfo& info) {
  return info.platformName == "Portable Computing Language";
}

// out[i] = a[i] + b[i]
inline const std::string& addKernel() {
  static const std::string source = R"(__kernel void add(__global float* out,
                  __global const float* a,
                  __global const float* b) {
  const size_t i = get_global_id(0);
  out[i] = a[i] + b[i];
}
)";
  return source;
}

// A work-group sum through __local memory: each group of 64 items adds its
// 64 inputs by halving, with a barrier between the steps; item 0 writes it.
inline const std::string& groupSumKernel() {
  static const std::string source = R"(#define GROUP 64
__kernel void group_sum(__global int* sums, __global const int* in) {
  __local int partial[GROUP];
  const size_t lid = get_local_id(0);
  partial[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t step = GROUP / 2; step > 0; step /= 2) {
    if (lid < step) partial[lid] += partial[lid + step];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) sums[get_group_id(0)] = partial[0];
}
)";
  return source;
}

// The three scalar kinds (int, long, float): out[i] = i * k + offset + scale.
inline const std::string& scalarsKernel() {
  static const std::string source = R"(__kernel void scalars(__global float* out, int k,
                      long offset, float scale) {
  const int i = get_global_id(0);
  out[i] = (float)(i * k) + (float)(offset) + scale;
}
)";
  return source;
}

// Each item of a 3-D range writes its linear index at its linear position.
inline const std::string& idsKernel() {
  static const std::string source = R"(__kernel void ids(__global int* out) {
  const size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  const size_t i = (z * get_global_size(1) + y) * get_global_size(0) + x;
  out[i] = (int)i;
}
)";
  return source;
}

// Runs f, returning the ClError it throws (kind Usage, "no error" if none).
inline uops::ClError errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const uops::ClError& e) {
    return e;
  }
  return uops::ClError(uops::ClError::Kind::Usage, "no error");
}

// The first element where a lowered program run on CL:0 (zero-filled inputs)
// differs from the reference evaluator, or "".
inline std::string differenceOnCl0(const std::vector<uops::UOpPtr>& roots, const uops::PipelineRun& run) {
  using namespace uops;
  if (run.failed()) return run.stages.back().stage + " failed: " + run.stages.back().error;
  ScheduleRun got = runSchedule(openDevice("CL:0"), run, zeroFilledInputs(roots), 1);
  std::vector<HostTensor> want = ReferenceEvaluator().evaluate(roots);
  for (size_t i = 0; i < want.size(); ++i)
    for (int64_t e = 0; e < want[i].numel(); ++e) {
      double g = got.outputs[i].getDouble(e), w = want[i].getDouble(e);
      if (std::fabs(g - w) > 1e-5 * (1 + std::fabs(w)))
        return fmt::format("output {} element {}: got {}, expected {}", i, e, g, w);
    }
  return {};
}

} // namespace cltest
