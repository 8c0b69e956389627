// runOnDevice: REF through the reference evaluator, the extension point for
// compiled devices, and the errors for devices that are not there; the
// readable value text of `uopc run` without --json.
#include "core/program/device_run.h"
#include "core/program/host_text.h"
#include "program_test.h"

#include <QtTest>

using namespace programtest;
using uops::program::DeviceError;
using uops::program::runOnDevice;

class TestDevice : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void reference() {
    uops::program::LoadedProgram p =
        load(program("out = [Tensor([1, 2]) * 3, Tensor([0.5]).exp2()]"));
    uops::program::DeviceRun r = runOnDevice(p.outputTensors(), "REF");
    QCOMPARE(r.kernels, int64_t{0});
    QCOMPARE(r.outputs.size(), size_t{2});
    QCOMPARE(qs(flat(r.outputs[0])), QStringLiteral("int32 (2,) [3, 6]"));
    QCOMPARE(qs(flat(r.outputs[1])), QStringLiteral("float32 (1,) [1.4142135]"));
  }

  // INTERP lowers to the schedule and interprets every kernel.
  void interpDevice() {
    uops::program::LoadedProgram p =
        load(program("out = [Tensor([1, 2]) * 3, Tensor([[0.5, 1.0]]).exp2().sum(1)]"));
    uops::program::DeviceRun r = runOnDevice(p.outputTensors(), "INTERP", {.repeat = 3, .device = "INTERP", .heuristics = false, .opts = {}, .beam = 0, .beamBudgetSeconds = 0});
    QCOMPARE(r.outputs.size(), size_t{2});
    QCOMPARE(qs(flat(r.outputs[0])), QStringLiteral("int32 (2,) [3, 6]"));
    QCOMPARE(qs(flat(r.outputs[1])), QStringLiteral("float32 (1,) [3.4142137]"));
    QCOMPARE(r.kernels, int64_t{2});
    QCOMPARE(r.times.size(), size_t{2});
    QCOMPARE(r.times[0].ms.size(), size_t{3});
  }

  void devicesNotBuiltYet() {
    try {
      runOnDevice({}, "CPU");
      QFAIL("no error");
    } catch (const DeviceError& e) {
      QCOMPARE(qs(e.what()), QStringLiteral("device CPU is not available yet"));
    }
    try {
      runOnDevice({}, "GPU");
      QFAIL("no error");
    } catch (const DeviceError& e) {
      QCOMPARE(qs(e.what()),
               QStringLiteral("unknown device 'GPU' (expected REF, CPU, INTERP or CL:<n>)"));
    }
  }

  // A registered runner serves every device of its kind ("CL" for "CL:1").
  void registeredDevice() {
    int calls = 0;
    uops::program::registerDevice("CL", [&calls](const std::vector<uops::Tensor>& outputs,
                                                  const uops::program::RunSettings&) {
      ++calls;
      uops::program::DeviceRun r = runOnDevice(outputs, "REF");
      r.kernels = 7;
      return r;
    });
    uops::program::LoadedProgram p = load(program("out = Tensor([4]) + 1"));
    uops::program::DeviceRun r = runOnDevice(p.outputTensors(), "CL:1");
    QCOMPARE(calls, 1);
    QCOMPARE(r.kernels, int64_t{7});
    QCOMPARE(qs(flat(r.outputs[0])), QStringLiteral("int32 (1,) [5]"));
  }

  void readableText() {
    uops::HostTensor m =
        uops::HostTensor::fromDoubles(uops::dtypes::float32, {2, 3}, {1, 2.5, -3, 0, 1e-5, 7});
    QCOMPARE(qs(uops::program::describe(m)),
             QStringLiteral("float32 (2, 3)\n[[1.0, 2.5, -3.0],\n [0.0, 1e-05, 7.0]]"));
    uops::HostTensor b = uops::HostTensor::fromInts(uops::dtypes::bool_, {2}, {1, 0});
    QCOMPARE(qs(uops::program::formatValues(b)), QStringLiteral("[True, False]"));
    std::vector<int64_t> many(2000);
    for (size_t i = 0; i < many.size(); ++i)
      many[i] = static_cast<int64_t>(i);
    uops::HostTensor big = uops::HostTensor::fromInts(uops::dtypes::int32, {2, 1000}, many);
    QCOMPARE(qs(uops::program::formatValues(big)),
             QStringLiteral(
                 "[[0, 1, 2, ..., 997, 998, 999],\n [1000, 1001, 1002, ..., 1997, 1998, 1999]]"));
    uops::HostTensor scalar = uops::HostTensor::fromInts(uops::dtypes::int64, {}, {42});
    QCOMPARE(qs(uops::program::formatValues(scalar)), QStringLiteral("42"));
  }
};

QTEST_APPLESS_MAIN(TestDevice)
#include "test_device.moc"
