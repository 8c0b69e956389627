// CpuDevice: kernels lowered, compiled with the LLVM JIT and run on host
// tensors; results against the reference evaluator, timings, source and ISA,
// and the errors a user can cause.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"
#include "tests/support/device_round_trip.h"
#include "tests/support/kernel_ast.h"

#include "backends/llvm/cpu_device.h"
#include "core/pipeline/bounds_check.h"
#include "core/engine/device_registry.h"
#include "core/runtime/reference_evaluator.h"

#include <QTest>

#include <cmath>
#include <cstring>

using namespace uops;
using namespace kernelast;

namespace {

HostTensor iota(DType d, int64_t n, double scale = 1, double offset = 0) {
  std::vector<double> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = offset + scale * static_cast<double>(i);
  return HostTensor::fromDoubles(d, {n}, v);
}

bool sameBytes(const HostTensor& a, const HostTensor& b) {
  return a.bytes().size() == b.bytes().size() &&
         std::memcmp(a.bytes().data(), b.bytes().data(), a.bytes().size()) == 0;
}

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

} // namespace

class TestCpuDevice : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void elementwiseAdd();
  void sumRows();
  void maxRowsWithNegatives();
  void padWithGate();
  void twoOutputsOneLoop();
  void fullReduction();
  void nestedReductions();
  void matmul();
  void timingsSourceAndIsa();
  void refusesOutOfBounds();
  void refusesWrongBuffers();
  void throughTheDeviceInterface();
};

void TestCpuDevice::elementwiseAdd() {
  CpuDevice device;
  CpuProgram program = device.compile(elementwise(Op::Add, dtypes::float32, 16));
  std::vector<HostTensor> bufs{HostTensor(dtypes::float32, {16}), iota(dtypes::float32, 16, 0.5),
                               iota(dtypes::float32, 16, -2, 100)};
  device.run(program, bufs);
  ReferenceEvaluator ev;
  ev.setParam(1, bufs[1]);
  ev.setParam(2, bufs[2]);
  HostTensor expected =
      ev.evaluate(param(1, dtypes::float32, {16}) + param(2, dtypes::float32, {16}));
  QVERIFY(sameBytes(bufs[0], expected));
  QCOMPARE(bufs[0].getDouble(3), 1.5 + 94.0);
}

void TestCpuDevice::sumRows() {
  CpuDevice device;
  CpuProgram program = device.compile(reduceRows(Op::Add, dtypes::float32, 6, 10));
  QCOMPARE(qs(program.name()), QStringLiteral("r_6_10"));
  std::vector<HostTensor> bufs{HostTensor(dtypes::float32, {6}),
                               iota(dtypes::float32, 60, 0.25, -3)};
  device.run(program, bufs);
  ReferenceEvaluator ev;
  ev.setParam(1, bufs[1]);
  HostTensor expected =
      ev.evaluate(reduce(reshape(param(1, dtypes::float32, {60}), {6, 10}), Op::Add, {1}));
  QVERIFY(sameBytes(bufs[0], expected));
}

void TestCpuDevice::maxRowsWithNegatives() {
  CpuDevice device;
  CpuProgram program = device.compile(reduceRows(Op::Max, dtypes::int32, 3, 5));
  std::vector<HostTensor> bufs{HostTensor(dtypes::int32, {3}), iota(dtypes::int32, 15, -7, 3)};
  device.run(program, bufs);
  QCOMPARE(bufs[0].toInts(), (std::vector<int64_t>{3, -32, -67}));
}

void TestCpuDevice::padWithGate() {
  CpuDevice device;
  CpuProgram program = device.compile(padKernel(dtypes::float32, 4, 2, 3));
  std::vector<HostTensor> bufs{HostTensor(dtypes::float32, {9}), iota(dtypes::float32, 4, 1, 1)};
  device.run(program, bufs);
  ReferenceEvaluator ev;
  ev.setParam(1, bufs[1]);
  HostTensor expected = ev.evaluate(pad(param(1, dtypes::float32, {4}), {2}, {9}));
  QVERIFY(sameBytes(bufs[0], expected));
  QCOMPARE(bufs[0].toDoubles(), (std::vector<double>{0, 0, 1, 2, 3, 4, 0, 0, 0}));
}

// Two outputs over one range: Linearize merges their Ends into one loop.
void TestCpuDevice::twoOutputsOneLoop() {
  UOpPtr r = range(8, 0);
  UOpPtr x = load(buf(2, dtypes::int32, 8), r);
  UOpPtr k = sink({end(store(buf(0, dtypes::int32, 8), r, x * 2), {r}),
                   end(store(buf(1, dtypes::int32, 8), r, x + 1), {r})});
  CpuDevice device;
  CpuProgram program = device.compile(k);
  std::vector<HostTensor> bufs{HostTensor(dtypes::int32, {8}), HostTensor(dtypes::int32, {8}),
                               iota(dtypes::int32, 8, 3)};
  device.run(program, bufs);
  QCOMPARE(bufs[0].toInts(), (std::vector<int64_t>{0, 6, 12, 18, 24, 30, 36, 42}));
  QCOMPARE(bufs[1].toInts(), (std::vector<int64_t>{1, 4, 7, 10, 13, 16, 19, 22}));
}

// A reduction with no output range: the accumulator is initialized once, at kernel level.
void TestCpuDevice::fullReduction() {
  UOpPtr j = range(100, 0, AxisType::Reduce);
  UOpPtr k = sink({store(buf(0, dtypes::int8, 1), constIndex(0),
                         reduceOver(load(buf(1, dtypes::int8, 100), j), Op::Add, {j}))});
  CpuDevice device;
  CpuProgram program = device.compile(k);
  QCOMPARE(qs(program.name()), QStringLiteral("r_100"));
  std::vector<HostTensor> bufs{HostTensor(dtypes::int8, {1}), iota(dtypes::int8, 100, 3)};
  device.run(program, bufs);
  ReferenceEvaluator ev;
  ev.setParam(1, bufs[1]);
  HostTensor expected = ev.evaluate(reduce(param(1, dtypes::int8, {100}), Op::Add, {0}));
  QVERIFY(sameBytes(bufs[0], expected)); // int8 arithmetic wraps, as in the evaluator
}

// out = sum_j a[j] * max_k b[j, k]: one accumulator inside the other's loop.
void TestCpuDevice::nestedReductions() {
  UOpPtr j = range(4, 0, AxisType::Reduce), k = range(8, 1, AxisType::Reduce);
  UOpPtr inner = reduceOver(load(buf(2, dtypes::float16, 32), j * 8 + k), Op::Max, {k});
  UOpPtr outer = reduceOver(load(buf(1, dtypes::float16, 4), j) * inner, Op::Add, {j});
  UOpPtr kernel = sink({store(buf(0, dtypes::float16, 1), constIndex(0), outer)});
  CpuDevice device;
  CpuProgram program = device.compile(kernel);
  std::vector<HostTensor> bufs{HostTensor(dtypes::float16, {1}),
                               iota(dtypes::float16, 4, 0.3, -0.7),
                               iota(dtypes::float16, 32, -1.37, 20)};
  device.run(program, bufs);
  ReferenceEvaluator ev;
  ev.setParam(1, bufs[1]);
  ev.setParam(2, bufs[2]);
  UOpPtr b = reshape(param(2, dtypes::float16, {32}), {4, 8});
  UOpPtr prods = reshape(param(1, dtypes::float16, {4}), {4, 1}) * reduce(b, Op::Max, {1});
  HostTensor expected = ev.evaluate(reshape(reduce(prods, Op::Add, {0}), {1}));
  QVERIFY(sameBytes(bufs[0], expected));
}

// C[i, j] = sum_k A[i, k] * B[k, j], 64x48x32. The accumulator update acc + a * b
// may fuse into one FMA (LLVM's `contract`), so each sum is the evaluator's (two
// roundings a step) or the fused one (one rounding a step, in k order); on a host
// with FMA instructions it is the fused one, and the ISA shows them.
void TestCpuDevice::matmul() {
  const int64_t m = 64, n = 48, kk = 32;
  UOpPtr i = range(m, 0), j = range(n, 1), k = range(kk, 2, AxisType::Reduce);
  UOpPtr prod = load(buf(1, dtypes::float32, m * kk), i * kk + k) *
                load(buf(2, dtypes::float32, kk * n), k * n + j);
  UOpPtr kernel = sink({end(
      store(buf(0, dtypes::float32, m * n), i * n + j, reduceOver(prod, Op::Add, {k})), {i, j})});
  CpuDevice device;
  CpuProgram program = device.compile(kernel);
  QCOMPARE(qs(program.name()), QStringLiteral("r_64_48_32"));
  QVERIFY(program.source().find("fmul contract float") != std::string::npos);
  QVERIFY(program.source().find("fadd contract float") != std::string::npos);
  std::vector<HostTensor> bufs{HostTensor(dtypes::float32, {m * n}),
                               iota(dtypes::float32, m * kk, 0.01, -5),
                               iota(dtypes::float32, kk * n, -0.003, 2)};
  device.run(program, bufs);
  ReferenceEvaluator ev;
  ev.setParam(1, bufs[1]);
  ev.setParam(2, bufs[2]);
  UOpPtr a = reshape(param(1, dtypes::float32, {m * kk}), {m, kk, 1});
  UOpPtr b = reshape(param(2, dtypes::float32, {kk * n}), {1, kk, n});
  UOpPtr c = reduce(expand(a, {m, kk, n}) * expand(b, {m, kk, n}), Op::Add, {1});
  HostTensor unfused = ev.evaluate(c).withShape({m * n});
  HostTensor fused(dtypes::float32, {m * n});
  for (int64_t r = 0; r < m; ++r)
    for (int64_t col = 0; col < n; ++col) {
      float acc = 0;
      for (int64_t q = 0; q < kk; ++q)
        acc = std::fma(static_cast<float>(bufs[1].getDouble(r * kk + q)),
                       static_cast<float>(bufs[2].getDouble(q * n + col)), acc);
      fused.setDouble(r * n + col, acc);
    }
  QVERIFY(!sameBytes(fused, unfused)); // the inputs tell the two apart
  if (__builtin_cpu_supports("fma")) {
    QVERIFY(sameBytes(bufs[0], fused));
    QVERIFY(program.assembly().find("vfmadd") != std::string::npos);
    return;
  }
  for (int64_t e = 0; e < m * n; ++e) {
    double got = bufs[0].getDouble(e);
    QVERIFY(got == fused.getDouble(e) || got == unfused.getDouble(e));
  }
}

void TestCpuDevice::timingsSourceAndIsa() {
  CpuDevice device;
  CpuProgram program = device.compile(elementwise(Op::Mul, dtypes::float32, 1 << 16));
  std::vector<HostTensor> bufs{HostTensor(dtypes::float32, {1 << 16}),
                               iota(dtypes::float32, 1 << 16), iota(dtypes::float32, 1 << 16)};
  KernelTiming t = device.run(program, bufs);
  QCOMPARE(qs(t.kernel), QStringLiteral("E_65536"));
  QVERIFY(t.ms > 0);
  QVERIFY(program.source().find("define internal void @E_65536(ptr noalias %data0") !=
          std::string::npos);
  QVERIFY(program.source().find("fmul float") != std::string::npos);
  std::string isa = program.assembly();
  QVERIFY2(isa.find("mul") != std::string::npos, isa.c_str()); // mulss / vmulps
  QVERIFY(isa.find("ret") != std::string::npos);
  QVERIFY(!program.optimizedIr().empty());
}

void TestCpuDevice::refusesOutOfBounds() {
  // reads a[i + 1] for i < 16 from a 16-element buffer
  UOpPtr r = range(16, 0);
  UOpPtr k = sink(
      {end(store(buf(0, dtypes::float32, 16), r, load(buf(1, dtypes::float32, 16), r + 1)), {r})});
  CpuDevice device;
  try {
    device.compile(k);
    QFAIL("an out-of-bounds kernel compiled");
  } catch (const BoundsError& e) {
    QCOMPARE(qs(e.what()),
             QStringLiteral("kernel E_16: load from Param 1 may be out of bounds: "
                            "index r0+1 lies in [1, 16], the buffer has 16 elements"));
  }
}

void TestCpuDevice::refusesWrongBuffers() {
  CpuDevice device;
  CpuProgram program = device.compile(elementwise(Op::Add, dtypes::float32, 16));
  std::vector<HostTensor> bufs{HostTensor(dtypes::float32, {16}), HostTensor(dtypes::int32, {16}),
                               HostTensor(dtypes::float32, {16})};
  try {
    device.run(program, bufs);
    QFAIL("ran with an int32 buffer for a float Param");
  } catch (const DeviceError& e) {
    QCOMPARE(qs(e.what()), QStringLiteral("kernel E_16: Param 1 needs 16 elements of "
                                          "dtypes.float, got 16 of dtypes.int"));
  }
}

UOPSCOPE_TEST(TestCpuDevice);
// The registry's CPU: one instance for every spelling, buffers round trip, a
// kernel compiled and run through Device alone gives the kernel's sums, and
// its machine code is the JIT's.
void TestCpuDevice::throughTheDeviceInterface() {
  Device& cpu = openDevice("cpu");
  QCOMPARE(&openDevice("CPU"), &cpu);
  QVERIFY(cpu.target() != nullptr);
  QCOMPARE(qs(cpu.target()->device), QStringLiteral("CPU"));
  std::string bad = test::bufferRoundTrip(cpu);
  QVERIFY2(bad.empty(), bad.c_str());
  LoweredKernel k = lowerKernel(elementwise(Op::Add, dtypes::float32, 64), *cpu.target());
  std::shared_ptr<DeviceProgram> program = cpu.compile(k);
  QCOMPARE(qs(program->name()), QStringLiteral("E_64"));
  std::vector<std::unique_ptr<DeviceBuffer>> buffers;
  for (int i = 0; i < 3; ++i) buffers.push_back(cpu.allocate(dtypes::float32, 64));
  cpu.copyIn(*buffers[1], iota(dtypes::float32, 64));
  cpu.copyIn(*buffers[2], iota(dtypes::float32, 64));
  std::vector<DeviceBuffer*> bound{buffers[0].get(), buffers[1].get(), buffers[2].get()};
  QVERIFY(program->run(bound) >= 0);
  HostTensor sum = cpu.copyOut(*buffers[0]);
  for (int64_t e = 0; e < 64; ++e) QCOMPARE(sum.getDouble(e), 2.0 * static_cast<double>(e));
  QVERIFY(program->machineCode().find("ret") != std::string::npos);
  // a buffer too small for the kernel's Param is the device's error, not a crash
  std::unique_ptr<DeviceBuffer> small = cpu.allocate(dtypes::float32, 8);
  bound[1] = small.get();
  QVERIFY_THROWS_EXCEPTION(DeviceError, program->run(bound));
  HostTensor again = cpu.copyOut(*buffers[1]); // the buffers keep their memory after the refusal
  QCOMPARE(again.getDouble(63), 63.0);
}

#include "test_device.moc"
