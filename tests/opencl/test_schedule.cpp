// Programs lowered for an OpenCL target (output ranges as the launch grid,
// OpenCL C from the Render stage) and run on CL:0 through core's schedule runner (device_schedule.h):
// the rendered source of a small kernel, and results of tensor graphs
// against the reference evaluator, exact where the evaluator's laws are
// exact (integer wrap, division by zero, saturating casts, NaN in max).
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"
#include "tests/support/golden_text.h"
#include "tests/opencl/cl_test.h"
#include "tests/support/device_round_trip.h"

#include "backends/opencl/cl_kernel.h"
#include "backends/opencl/cl_schedule_program.h"
#include "core/engine/device_schedule.h"
#include "core/engine/device_registry.h"
#include "core/pipeline/codegen.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include <fmt/format.h>

using namespace uops;
using namespace cltest;

namespace {

// The first element where the device's output differs from the evaluator's, or "".
std::string compareWithReference(const std::vector<Tensor>& outs) {
  std::vector<UOpPtr> roots;
  for (const Tensor& t : outs) roots.push_back(t.uop());
  PipelineRun run = runPipeline(roots, {.trace = false, .target = openClTarget("CL:0")});
  ScheduleRun got = runSchedule(openDevice("CL:0"), run, zeroFilledInputs(roots), 2);
  std::vector<HostTensor> want = ReferenceEvaluator().evaluate(roots);
  for (const KernelTimes& k : got.kernels)
    if (k.ms.size() != 2 || k.minMs() <= 0) return "kernel " + k.name + " has no positive event times";
  for (size_t i = 0; i < want.size(); ++i) {
    if (got.outputs[i].shape() != want[i].shape() || got.outputs[i].dtype() != want[i].dtype())
      return "output " + std::to_string(i) + " has another shape or dtype";
    for (int64_t k = 0; k < want[i].numel(); ++k) {
      double g = got.outputs[i].getDouble(k), w = want[i].getDouble(k);
      bool same = std::isnan(w) ? std::isnan(g) : (g == w && std::signbit(g) == std::signbit(w));
      if (!same) return fmt::format("output {} element {}: got {}, expected {}", i, k, g, w);
    }
  }
  return {};
}

Tensor floats(std::vector<double> v) {
  std::vector<Scalar> s(v.begin(), v.end());
  return Tensor::fromFlat(s, {static_cast<int64_t>(v.size())}, dtypes::float32);
}

Tensor ints(std::vector<int64_t> v, DType d = dtypes::int32) {
  std::vector<Scalar> s(v.begin(), v.end());
  return Tensor::fromFlat(s, {static_cast<int64_t>(v.size())}, d);
}

const char* const kAddSource = R"(// kernel E_16: rendered by UOpScope for OpenCL
__kernel void E_16(__global float* restrict data0, __global const float* restrict data1, __global const float* restrict data2) {
  long idx0 = get_global_id(0);
  float v0 = data1[idx0];
  float v1 = data2[idx0];
  float v2 = (v0 + v1);
  data0[idx0] = v2;
}
)";

} // namespace

class TestClSchedule : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }

  // CL:0 through the Device interface alone: buffers round trip in device
  // memory, a kernel runs with its event time, its machine code is the
  // driver's (PoCL's ELF after a launch, disassembled).
  void throughTheDeviceInterface() {
    Device& cl = openDevice("cl");
    QCOMPARE(&openDevice("CL:0"), &cl);
    QCOMPARE(qs(cl.target()->device), QStringLiteral("CL:0"));
    std::string bad = test::bufferRoundTrip(cl);
    QVERIFY2(bad.empty(), bad.c_str());
    LoweredKernel k = lowerKernel(kernelast::elementwise(Op::Mul, dtypes::float32, 32), *cl.target());
    std::shared_ptr<DeviceProgram> program = cl.compile(k);
    std::vector<std::unique_ptr<DeviceBuffer>> buffers;
    for (int i = 0; i < 3; ++i) buffers.push_back(cl.allocate(dtypes::float32, 32));
    std::vector<double> x(32);
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<double>(i) - 4;
    cl.copyIn(*buffers[1], HostTensor::fromDoubles(dtypes::float32, {32}, x));
    cl.copyIn(*buffers[2], HostTensor::fromDoubles(dtypes::float32, {32}, x));
    std::vector<DeviceBuffer*> bound{buffers[0].get(), buffers[1].get(), buffers[2].get()};
    QVERIFY(program->run(bound) > 0);
    HostTensor product = cl.copyOut(*buffers[0]);
    for (int64_t e = 0; e < 32; ++e) QCOMPARE(product.getDouble(e), x[e] * x[e]);
    QVERIFY2(program->machineCode().find("; ") == 0, program->machineCode().c_str());
  }

  // A schedule's kernels share one program: one function per distinct body (a
  // name another body took gets "n1"), each helper once; each function then
  // runs as its own program would.
  void kernelsShareOneProgram() {
    LoweredKernel add = lowerKernel(kernelast::elementwise(Op::Add, dtypes::float32, 16), openClTarget("CL:0"));
    LoweredKernel mul = lowerKernel(kernelast::elementwise(Op::Mul, dtypes::float32, 16), openClTarget("CL:0"));
    LoweredKernel half = lowerKernel(kernelast::elementwise(Op::Add, dtypes::float16, 32), openClTarget("CL:0"));
    QCOMPARE(mul.rendered.function, add.rendered.function); // same name, another body
    QVERIFY(!half.rendered.helpers.empty());
    const ScheduleProgram one = scheduleProgram({add, mul, half, add});
    std::vector<std::string> functions;
    for (const ProgramEntry& e : one.entry) functions.push_back(e.function);
    QCOMPARE(functions, (std::vector<std::string>{"E_16", "E_16n1", half.rendered.function, "E_16"}));
    for (const std::string& helper : half.rendered.helpers) {
      const size_t at = one.source.find(helper);
      QVERIFY(at != std::string::npos && one.source.find(helper, at + 1) == std::string::npos);
    }
    ClDevice device(0);
    const ClProgram program = device.build(one.source, kOpenClBuildOptions);
    QCOMPARE(program.kernelNames().size(), size_t(3));
    QCOMPARE(device.stats().builds, uint64_t(1));
    // 16 floats a + b and a * b, 32 halves
    ClBuffer out = device.alloc(16 * sizeof(float)), in = device.alloc(16 * sizeof(float));
    std::vector<float> x(16);
    for (size_t i = 0; i < x.size(); ++i) x[i] = float(i) + 0.5f;
    in.copyIn(x);
    device.launch(program, one.entry[0].function, {out, in, in}, ClRange(16));
    QCOMPARE(out.read<float>()[3], 7.0f);
    device.launch(program, one.entry[1].function, {out, in, in}, ClRange(16));
    QCOMPARE(out.read<float>()[3], 12.25f);
    ClBuffer h = device.alloc(32 * 2);
    device.launch(program, one.entry[2].function, {h, h, h}, ClRange(32));
  }

  // Small kernels behind dispatchers: plain functions called by a __kernel per
  // dispatcher that switches on its first argument; equal bodies share a case.
  // Each launched through its dispatcher computes what it computes alone.
  void smallKernelsBehindDispatchers() {
    const CodegenTarget pocl = openClTarget("CL:0", true);
    LoweredKernel add = lowerKernel(kernelast::elementwise(Op::Add, dtypes::float32, 16), pocl);
    LoweredKernel mul = lowerKernel(kernelast::elementwise(Op::Mul, dtypes::float32, 16), pocl);
    LoweredKernel neg = lowerKernel(kernelast::elementwise(Op::Max, dtypes::float32, 16), pocl);
    QVERIFY(add.rendered.quickBuild && mul.rendered.quickBuild);
    const ScheduleProgram plan = scheduleProgram({add, mul, neg, add}, 2);
    QCOMPARE(plan.entry.size(), size_t(4));
    QCOMPARE(plan.entry[0].function, std::string("small_kernels_0"));
    QCOMPARE(plan.entry[1].function, std::string("small_kernels_1"));
    QCOMPARE(plan.entry[2].function, std::string("small_kernels_0"));
    QCOMPARE(plan.entry[0].dispatchCase, 0);
    QCOMPARE(plan.entry[1].dispatchCase, 0);
    QCOMPARE(plan.entry[2].dispatchCase, 1);
    QCOMPARE(plan.entry[3].dispatchCase, 0); // the same body as the first
    QCOMPARE(plan.entry[0].dispatchBuffers, 3);
    QVERIFY2(plan.source.find("\nvoid E_16(") != std::string::npos, plan.source.c_str());
    ClDevice device(0);
    const ClProgram program = device.build(plan.source, openClBuildOptions(true));
    std::vector<std::string> kernels = program.kernelNames();
    std::sort(kernels.begin(), kernels.end());
    QCOMPARE(kernels, (std::vector<std::string>{"small_kernels_0", "small_kernels_1"}));
    ClBuffer out = device.alloc(16 * sizeof(float)), a = device.alloc(16 * sizeof(float)),
             b = device.alloc(16 * sizeof(float));
    std::vector<float> x(16), y(16);
    for (size_t i = 0; i < x.size(); ++i) {
      x[i] = float(i) - 3.5f;
      y[i] = 2.0f - float(i) * 0.25f;
    }
    a.copyIn(x);
    b.copyIn(y);
    const LoweredKernel* kernel[] = {&add, &mul, &neg};
    for (size_t k = 0; k < 3; ++k) {
      launchKernel(device, program, *kernel[k], plan.entry[k], {out, a, b});
      std::vector<float> got = out.read<float>();
      for (size_t i = 0; i < got.size(); ++i) {
        float want = k == 0 ? x[i] + y[i] : k == 1 ? x[i] * y[i] : std::max(x[i], y[i]);
        QCOMPARE(got[i], want);
      }
    }
  }

  // Kernels of one name with different bodies run through the device as one
  // schedule: each computes its own result.
  void collidingNamesRunThroughTheDevice() {
    Device& cl = openDevice("CL:0");
    LoweredKernel add = lowerKernel(kernelast::elementwise(Op::Add, dtypes::float32, 16), *cl.target());
    LoweredKernel mul = lowerKernel(kernelast::elementwise(Op::Mul, dtypes::float32, 16), *cl.target());
    const std::vector<std::shared_ptr<DeviceProgram>> programs = cl.compileAll({add, mul, add});
    QCOMPARE(programs.size(), size_t(3));
    std::vector<std::unique_ptr<DeviceBuffer>> buffers;
    for (int i = 0; i < 2; ++i) buffers.push_back(cl.allocate(dtypes::float32, 16));
    std::vector<double> x(16);
    for (size_t i = 0; i < x.size(); ++i) x[i] = double(i) + 0.5;
    cl.copyIn(*buffers[1], HostTensor::fromDoubles(dtypes::float32, {16}, x));
    std::vector<DeviceBuffer*> bound{buffers[0].get(), buffers[1].get(), buffers[1].get()};
    for (size_t k = 0; k < programs.size(); ++k) {
      programs[k]->run(bound);
      HostTensor got = cl.copyOut(*buffers[0]);
      QCOMPARE(got.getDouble(3), k == 1 ? 3.5 * 3.5 : 7.0);
    }
  }

  void renderedSource() {
    LoweredKernel k = lowerKernel(kernelast::elementwise(Op::Add, dtypes::float32, 16), openClTarget("CL:0"));
    QString diff = golden::difference(k.rendered.text, kAddSource);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QCOMPARE(k.rendered.global, std::vector<int64_t>{16});
    QCOMPARE(k.rendered.language, RenderLanguage::OpenClC);
    QCOMPARE(k.rendered.entry, k.rendered.function);
  }

  void programs_data() {
    QTest::addColumn<int>("which");
    int i = 0;
    for (const char* name : {"matmul relu", "softmax and reductions", "pad and flip", "int wrap and division by zero",
                             "saturating casts", "max with NaN and signed zeros", "where and compare",
                             "int64 and float64", "float16 and bfloat16"})
      QTest::newRow(name) << i++;
  }

  void programs() {
    QFETCH(int, which);
    Tensor a = Tensor::arange(int64_t{12}).cast(dtypes::float32).reshape({3, 4}) * 0.25 - 1.0;
    Tensor b = Tensor::arange(int64_t{8}).cast(dtypes::float32).reshape({4, 2}) * 0.5;
    std::vector<Tensor> outs;
    switch (which) {
    case 0: outs = {a.matmul(b).relu()}; break;
    case 1: outs = {a.softmax(), a.sum(1).exp2(), a.max(0)}; break;
    case 2: outs = {a.pad({std::pair<int64_t, int64_t>{1, 0}, std::pair<int64_t, int64_t>{2, 1}}).flip({1})}; break;
    case 3: {
      Tensor x = ints({2147483647, -2147483647 - 1, 7, -7, 5, 0});
      Tensor y = ints({1, -1, 0, 2, -3, 0});
      outs = {x + x, x * 3, x.idiv(y), x.mod(y)};
      break;
    }
    case 4: {
      Tensor f = floats({1e10, -1e10, std::nan(""), 3.9, -3.9, 255.5, -0.5});
      outs = {f.cast(dtypes::int32), f.cast(dtypes::uint8), f.cast(dtypes::int8), f.cast(dtypes::bool_)};
      break;
    }
    case 5: {
      Tensor x = floats({std::nan(""), 1, -0.0, 0.0, -2});
      Tensor y = floats({1, std::nan(""), 0.0, -0.0, -3});
      outs = {x.maximum(y)};
      break;
    }
    case 6: outs = {a.lt(0.0).where(a * 2.0, a.sqrt()), a.ne(0.5).cast(dtypes::int32)}; break;
    case 7: {
      Tensor x = ints({3000000000LL, -5, 7}, dtypes::int64);
      outs = {x * x, x.cast(dtypes::float64) / 3.0};
      break;
    }
    default: {
      // every op rounds to the narrow format; casts and bitcasts keep their bits
      Tensor h = a.cast(dtypes::float16), b16 = a.cast(dtypes::bfloat16);
      outs = {h * h + 0.1, (b16 * b16).exp2(), h.bitcast(dtypes::int16), b16.cast(dtypes::float32) / 3.0,
              (a * 1000.0).cast(dtypes::float64).cast(dtypes::float16)};
      break;
    }
    }
    std::string bad = compareWithReference(outs);
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // repeats run on the buffers of the first run: no allocation per repeat
  void repeatsReuseBuffers() {
    Tensor a = Tensor::arange(int64_t{12}).cast(dtypes::float32).reshape({3, 4}) * 0.25 - 1.0;
    Tensor b = Tensor::arange(int64_t{8}).cast(dtypes::float32).reshape({4, 2}) * 0.5;
    std::vector<UOpPtr> roots{a.matmul(b).relu().uop(), a.softmax().uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = openClTarget("CL:0")});
    QVERIFY(!run.failed());
    size_t perRun[2] = {};
    for (int repeat : {1, 4}) {
      ScheduleRun got = runSchedule(openDevice("CL:0"), run, zeroFilledInputs(roots), repeat);
      perRun[repeat == 4] = got.buffersMade;
      for (const KernelTimes& k : got.kernels) QCOMPARE(k.ms.size(), static_cast<size_t>(repeat));
      std::vector<HostTensor> want = ReferenceEvaluator().evaluate(roots);
      for (size_t i = 0; i < want.size(); ++i)
        for (int64_t e = 0; e < want[i].numel(); ++e)
          QVERIFY(std::fabs(got.outputs[i].getDouble(e) - want[i].getDouble(e)) <= 1e-6);
    }
    QVERIFY(perRun[0] > 0);
    QCOMPARE(perRun[1], perRun[0]);
  }

  // On a GPU target Exp2, Log2 and Sin call OpenCL's builtins, within the
  // OpenCL spec's bounds (3, 3 and 4 ulp) of the evaluator's correctly rounded
  // results
  void transcendentalBuiltins() { checkTranscendentals(openClTarget("CL:0"), true); }

  // CL:0 on the host's CPU (PoCL) lowers them to the decomposed polynomials,
  // which PoCL vectorizes across work-items (its exp2 is a scalar call), within
  // the same bounds
  void cpuDeviceDecomposesTranscendentals() {
    Device& cl = openDevice("CL:0");
    if (cl.description().accelerator) QSKIP("CL:0 is not the host's CPU");
    QVERIFY(cl.target()->transcendentals == TranscendentalMode::Decompose);
    checkTranscendentals(*cl.target(), false);
  }

private:
  static void checkTranscendentals(const CodegenTarget& target, bool builtins) {
    Tensor x = Tensor::linspace(-100.0, 100.0, 20001, dtypes::float32);
    Tensor pos = Tensor::linspace(1e-6, 1e6, 20001, dtypes::float32);
    std::vector<Tensor> outs{x.exp2(), pos.log2(), x.sin()};
    const int bounds[] = {3, 3, 4};
    std::vector<UOpPtr> roots;
    for (const Tensor& t : outs) roots.push_back(t.uop());
    PipelineRun run = runPipeline(roots, {.trace = false, .target = target});
    QVERIFY(!run.failed());
    std::string source;
    for (const LoweredKernel& k : run.kernels) source += k.rendered.text;
    for (const char* call : {"exp2(", "log2(", "sin("})
      QVERIFY2((source.find(call) != std::string::npos) == builtins, call);
    ScheduleRun got = runSchedule(openDevice("CL:0"), run, zeroFilledInputs(roots), 1);
    std::vector<HostTensor> want = ReferenceEvaluator().evaluate(roots);
    auto ordered = [](float f) { // float bits as integers in the order of the floats
      int32_t i;
      std::memcpy(&i, &f, sizeof i);
      return i < 0 ? int64_t{INT32_MIN} - i : int64_t{i};
    };
    for (size_t o = 0; o < outs.size(); ++o)
      for (int64_t e = 0; e < want[o].numel(); ++e) {
        float g = static_cast<float>(got.outputs[o].getDouble(e)), w = static_cast<float>(want[o].getDouble(e));
        QVERIFY2(std::llabs(ordered(g) - ordered(w)) <= bounds[o],
                 fmt::format("output {} element {}: got {}, expected {}", o, e, g, w).c_str());
      }
  }
};

UOPSCOPE_TEST(TestClSchedule);
#include "test_schedule.moc"
