// runOnDevice: REF through the reference evaluator, INTERP through the
// schedule runner, the device registry (names, one instance per name, clear
// errors for devices that are not there, a kind registered from outside
// core), host buffers through the Device interface; the readable value text
// of `uopc run` without --json.
#include "tests/support/test_registry.h"
#include "core/program/device_run.h"
#include "core/program/host_text.h"
#include "core/engine/device_registry.h"
#include "program_test.h"
#include "tests/support/device_round_trip.h"

#include <QtTest>

using namespace programtest;
using uops::DeviceError;
using uops::program::runOnDevice;

namespace {

// A kind of two host-memory devices, TOY:0 and TOY:1, that compile nothing.
class ToyDevice final : public uops::HostMemoryDevice {
public:
  explicit ToyDevice(std::string name) : m_description{std::move(name), "a toy", false, false} { ++opened; }
  const uops::DeviceDescription& description() const override { return m_description; }
  const uops::CodegenTarget* target() const override { return nullptr; }
  std::shared_ptr<uops::DeviceProgram> compile(const uops::LoweredKernel&) override {
    throw DeviceError("toys compile nothing");
  }
  std::vector<std::shared_ptr<uops::DeviceProgram>> compileAll(const std::vector<uops::LoweredKernel>&) override {
    throw DeviceError("toys compile nothing");
  }
  static inline int opened = 0;

private:
  uops::DeviceDescription m_description;
};

} // namespace

class TestDevice : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void reference() {
    uops::program::LoadedProgram p =
        load(program("out = [Tensor([1, 2]) * 3, Tensor([0.5]).exp2()]"));
    uops::DeviceRun r = runOnDevice(p.outputTensors(), "REF");
    QCOMPARE(r.kernels, int64_t{0});
    QCOMPARE(r.outputs.size(), size_t{2});
    QCOMPARE(qs(flat(r.outputs[0])), QStringLiteral("int32 (2,) [3, 6]"));
    QCOMPARE(qs(flat(r.outputs[1])), QStringLiteral("float32 (1,) [1.4142135]"));
  }

  // INTERP lowers to the schedule and interprets every kernel.
  void interpDevice() {
    uops::program::LoadedProgram p =
        load(program("out = [Tensor([1, 2]) * 3, Tensor([[0.5, 1.0]]).exp2().sum(1)]"));
    uops::RunSettings settings;
    settings.repeat = 3;
    settings.heuristics = false;
    uops::DeviceRun r = runOnDevice(p.outputTensors(), "interp", settings);
    QCOMPARE(r.outputs.size(), size_t{2});
    QCOMPARE(qs(flat(r.outputs[0])), QStringLiteral("int32 (2,) [3, 6]"));
    QCOMPARE(qs(flat(r.outputs[1])), QStringLiteral("float32 (1,) [3.4142137]"));
    QCOMPARE(r.kernels, int64_t{2});
    QCOMPARE(r.times.size(), size_t{2});
    QCOMPARE(r.times[0].ms.size(), size_t{3});
  }

  // Without the backends registered, CPU and CL are names of no kind; the
  // error lists the forms there are.
  void unknownDevices() {
    runOnDevice({}, "REF"); // INTERP is registered by the first run
    for (const char* name : {"GPU", "CPU", "CL:0"}) {
      try {
        runOnDevice({}, name);
        QFAIL("no error");
      } catch (const DeviceError& e) {
        QCOMPARE(qs(e.what()), QStringLiteral("unknown device '%1': expected REF or INTERP (uopc devices lists the "
                                              "devices of this machine)")
                                   .arg(QString::fromLatin1(name)));
      }
    }
  }

  // A kind registered from outside core: its names are canonical, each
  // device is opened once, and one the machine lacks is a clear error.
  void registeredKind() {
    uops::registerDeviceKind({.prefix = "TOY",
                              .indexed = true,
                              .bareZero = false,
                              .list =
                                  [] {
                                    return std::vector<uops::DeviceDescription>{{"TOY:0", "a toy", false, false},
                                                                                {"TOY:1", "a toy", false, false}};
                                  },
                              .open = [](const std::string& name) -> std::unique_ptr<uops::Device> {
                                return std::make_unique<ToyDevice>(name);
                              },
                              .exists = {}});
    QCOMPARE(qs(uops::canonicalDeviceName("toy")), QStringLiteral("TOY:0"));
    QCOMPARE(qs(uops::canonicalDeviceName("Toy:01")), QStringLiteral("TOY:1"));
    uops::Device& first = uops::openDevice("toy:1");
    QCOMPARE(&uops::openDevice("TOY:1"), &first);
    QCOMPARE(ToyDevice::opened, 1);
    QCOMPARE(qs(first.name()), QStringLiteral("TOY:1"));
    try {
      uops::openDevice("TOY:5");
      QFAIL("no error");
    } catch (const DeviceError& e) {
      QCOMPARE(qs(e.what()),
               QStringLiteral("this machine has no device TOY:5: the devices here are REF, INTERP, TOY:0, TOY:1"));
    }
    QCOMPARE(ToyDevice::opened, 1);
    // described from the kind's listing, an unopened device stays closed (a
    // CPU's opening starts LLVM's JIT); an open one describes itself
    QCOMPARE(qs(uops::describeDevice("toy").description), QStringLiteral("a toy"));
    QCOMPARE(qs(uops::describeDevice("toy:1").name), QStringLiteral("TOY:1"));
    QCOMPARE(ToyDevice::opened, 1);
    QVERIFY_THROWS_EXCEPTION(DeviceError, uops::describeDevice("TOY:5"));
    QCOMPARE(ToyDevice::opened, 1);
    // a program runs on any device of the kind that has no code generator the way INTERP would, so
    // the toy's refusal to compile comes through
    uops::program::LoadedProgram p = load(program("out = Tensor([4]) + 1"));
    try {
      runOnDevice(p.outputTensors(), "TOY:0");
      QFAIL("no error");
    } catch (const DeviceError& e) {
      QCOMPARE(qs(e.what()), QStringLiteral("toys compile nothing"));
    }
  }

  void hostBuffers() {
    for (const char* name : {"REF", "INTERP"}) {
      runOnDevice({}, "REF");
      std::string bad = uops::test::bufferRoundTrip(uops::openDevice(name));
      QVERIFY2(bad.empty(), bad.c_str());
    }
  }

  // REF runs no kernels: compiling on it says so.
  void refCompilesNothing() {
    try {
      uops::openDevice("REF").compileAll({});
      QFAIL("no error");
    } catch (const DeviceError& e) {
      QVERIFY(qs(e.what()).startsWith(QStringLiteral("REF compiles no kernels")));
    }
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

UOPSCOPE_TEST(TestDevice);
#include "test_device.moc"
