// Shared by the tests/cpu tests: kernels compiled for the CPU device and run on
// host tensors, checked element for element against the reference evaluator on
// the equivalent tensor graph.
#pragma once

#include "tests/support/kernel_ast.h"
#include "tests/support/backend_devices.h"

#include "backends/llvm/cpu_device.h"
#include "core/runtime/reference_evaluator.h"

#include <QString>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include <fmt/format.h>

namespace cputest {

using namespace uops;

inline std::vector<double> floatValues() {
  const double inf = std::numeric_limits<double>::infinity();
  return {0.0,   -0.0, 1.0,     -1.0,   0.5,   -0.5,  1.5,   2.5,   -2.5,        3.0,  7.0,
          -7.25, 0.1,  1.0 / 3, 100.0,  -1e3,  65504, 65520, 70000, 6e-8,        1e-7, -3e-5,
          1e-30, 1e30, -1e30,   3.4e38, 1e-45, 1e300, inf,   -inf,  std::nan("")};
}

inline std::vector<int64_t> intValues() {
  return {0,
          1,
          -1,
          2,
          -2,
          3,
          -3,
          5,
          7,
          -8,
          31,
          32,
          63,
          64,
          100,
          -100,
          127,
          -128,
          255,
          32767,
          -32768,
          65535,
          2147483647,
          -2147483648LL,
          4294967295LL,
          std::numeric_limits<int64_t>::max(),
          std::numeric_limits<int64_t>::min(),
          0x123456789abcdefLL,
          -0x0fedcba987654321LL};
}

// n values of dtype d: the list for its kind, repeated or cut to n.
inline HostTensor values(DType d, int64_t n, int64_t stride = 1, int64_t offset = 0) {
  if (d.isBool()) {
    std::vector<int64_t> v(n);
    for (int64_t i = 0; i < n; ++i)
      v[i] = ((i / stride + offset) % 2);
    return HostTensor::fromInts(d, {n}, v);
  }
  if (d.isFloat()) {
    auto list = floatValues();
    std::vector<double> v(n);
    for (int64_t i = 0; i < n; ++i)
      v[i] = list[(i / stride + offset) % list.size()];
    return HostTensor::fromDoubles(d, {n}, v);
  }
  auto list = intValues();
  std::vector<int64_t> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = list[(i / stride + offset) % list.size()];
  return HostTensor::fromInts(d, {n}, v);
}

inline size_t listSize(DType d) {
  return d.isBool() ? 2 : d.isFloat() ? floatValues().size() : intValues().size();
}

inline std::string describe(const HostTensor& t, int64_t i) {
  if (t.dtype().isFloat()) return fmt::format("{}", t.getDouble(i));
  if (t.dtype().isUnsigned()) return fmt::format("{}", t.getUInt(i));
  return fmt::format("{}", t.getInt(i));
}

// Equal element for element: floats bit for bit, except that any NaN equals any NaN.
// Empty when equal, else the first difference with the inputs that made it.
inline QString difference(const HostTensor& got, const HostTensor& want,
                          const std::vector<HostTensor>& inputs) {
  if (got.dtype() != want.dtype() || got.numel() != want.numel())
    return QStringLiteral("dtype or size differs");
  int size = got.itemSize();
  for (int64_t i = 0; i < got.numel(); ++i) {
    const std::byte* a = got.bytes().data() + i * size;
    const std::byte* b = want.bytes().data() + i * size;
    if (std::memcmp(a, b, size) == 0) continue;
    if (got.dtype().isFloat() && std::isnan(got.getDouble(i)) && std::isnan(want.getDouble(i)))
      continue;
    std::string in;
    for (const HostTensor& t : inputs)
      in += (in.empty() ? "" : ", ") + describe(t, i);
    return QString::fromStdString(fmt::format("element {} of ({}): got {}, want {}", i, in,
                                              describe(got, i), describe(want, i)));
  }
  return {};
}

// Runs `kernel` (output in slot 0, inputs in slots 1...) on the inputs and compares
// with the evaluator's value of `graph` (inputs as Params 1...).
inline QString runAndCompare(CpuDevice& device, const UOpPtr& kernel, const UOpPtr& graph,
                             const std::vector<HostTensor>& inputs) {
  ReferenceEvaluator ev;
  for (size_t k = 0; k < inputs.size(); ++k)
    ev.setParam(static_cast<int64_t>(k + 1), inputs[k]);
  HostTensor want = ev.evaluate(graph);
  want = want.withShape({want.numel()});
  CpuProgram program = device.compile(kernel);
  std::vector<HostTensor> bufs{HostTensor(want.dtype(), {want.numel()})};
  bufs.insert(bufs.end(), inputs.begin(), inputs.end());
  device.run(program, bufs);
  return difference(bufs[0], want, inputs);
}

} // namespace cputest
