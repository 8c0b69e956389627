// Cast chains through half, bfloat16 and int on CPU, REF and CL:0, printed as
// tinygrad prints them (DEV=CPU, a9069c1): a float32 cast to half and back
// inside a kernel is not rounded (core/pipeline/half_round_trip.h), nor through
// float64 (one cast), nor summed in the same kernel; bfloat16 rounds, int
// truncates, and a half that is stored (contiguous, realize) or widened to
// float64 is rounded; so is a half output that another output casts back (it
// reads the half's buffer, never recomputes the pair).
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"

#include "core/program/device_run.h"
#include "core/program/program.h"
#include "core/engine/device.h"
#include "core/engine/device_registry.h"

#include <QtTest>

#include <limits>

namespace {

constexpr const char* kCastChains = R"(from tinygrad import Tensor, dtypes
x = Tensor([0.99732566, 1.0001, -3.14159265, 65519.0, 70000.0, 1e-6, 2.7])
print(x.cast(dtypes.half).float().tolist())
print((x * 2).cast(dtypes.half).cast(dtypes.float).tolist())
print(x.cast(dtypes.float64).cast(dtypes.half).cast(dtypes.float64).float().tolist())
print(x.cast(dtypes.half).float().sum().reshape(1).tolist())
print(x.cast(dtypes.bfloat16).float().tolist())
print(x.cast(dtypes.int32).float().tolist())
print(x.cast(dtypes.half).contiguous().float().tolist())
print(x.cast(dtypes.half).realize().float().tolist())
print(x.cast(dtypes.half).cast(dtypes.float64).tolist())
)";

// A half result that another result of the same realization casts back:
// tinygrad reads the half's buffer, so the values are rounded.
constexpr const char* kRealizedHalf = R"(from tinygrad import Tensor, dtypes
x = Tensor([0.99732566, 1.0001, -3.14159265, 65519.0, 70000.0, 1e-6, 2.7])
h = x.cast(dtypes.half)
y = h.float()
Tensor.realize(h, y)
print(y.tolist())
)";

// The same through the run of a program's outputs (`uopc run`): the second
// output reads the first one's buffer.
constexpr const char* kHalfOutputs = R"(from tinygrad import Tensor, dtypes
x = Tensor([0.99732566, 1.0001, -3.14159265, 65519.0, 70000.0, 1e-6, 2.7])
h = x.cast(dtypes.half)
out = [h, h.float()]
)";

constexpr const char* kTinygradPrinted =
    "[0.9973256587982178, 1.000100016593933, -3.1415927410125732, 65519.0, 70000.0, 9.999999974752427e-07, 2.700000047683716]\n"
    "[1.9946513175964355, 2.000200033187866, -6.2831854820251465, 131038.0, 140000.0, 1.9999999949504854e-06, 5.400000095367432]\n"
    "[0.9973256587982178, 1.000100016593933, -3.1415927410125732, 65519.0, 70000.0, 9.999999974752427e-07, 2.700000047683716]\n"
    "[135520.5625]\n"
    "[0.99609375, 1.0, -3.140625, 65536.0, 70144.0, 9.98377799987793e-07, 2.703125]\n"
    "[0.0, 1.0, -3.0, 65519.0, 70000.0, 0.0, 2.0]\n"
    "[0.99755859375, 1.0, -3.140625, 65504.0, inf, 1.0132789611816406e-06, 2.69921875]\n"
    "[0.99755859375, 1.0, -3.140625, 65504.0, inf, 1.0132789611816406e-06, 2.69921875]\n"
    "[0.99755859375, 1.0, -3.140625, 65504.0, inf, 1.0132789611816406e-06, 2.69921875]\n";

} // namespace

class TestCastChains : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void printedAsTinygrad_data() {
    QTest::addColumn<QString>("device");
    for (const char* device : {"CPU", "REF", "CL:0"})
      QTest::newRow(device) << QString::fromLatin1(device);
  }

  void printedAsTinygrad() {
    QFETCH(QString, device);
    if (!uops::test::deviceOpens(device.toLatin1().constData())) QSKIP("no such device on this machine");
    uops::program::LoadedProgram p =
        uops::program::loadProgram("cast_chains.py", kCastChains, uops::program::LoadOptions::on(device.toStdString()));
    QCOMPARE(QString::fromStdString(p.printed), QString::fromLatin1(kTinygradPrinted));
  }

  void realizedHalfIsReadRounded_data() { printedAsTinygrad_data(); }

  void realizedHalfIsReadRounded() {
    QFETCH(QString, device);
    if (!uops::test::deviceOpens(device.toLatin1().constData())) QSKIP("no such device on this machine");
    uops::program::LoadedProgram p =
        uops::program::loadProgram("realized_half.py", kRealizedHalf, uops::program::LoadOptions::on(device.toStdString()));
    QCOMPARE(QString::fromStdString(p.printed),
             QStringLiteral("[0.99755859375, 1.0, -3.140625, 65504.0, inf, 1.0132789611816406e-06, 2.69921875]\n"));
  }

  void halfOutputIsReadRounded_data() { printedAsTinygrad_data(); }

  void halfOutputIsReadRounded() {
    QFETCH(QString, device);
    if (!uops::test::deviceOpens(device.toLatin1().constData())) QSKIP("no such device on this machine");
    uops::program::LoadedProgram p = uops::program::loadProgram("half_outputs.py", kHalfOutputs, {});
    uops::DeviceRun run = uops::program::runOnDevice(p.outputTensors(), device.toStdString());
    QCOMPARE(run.outputs.size(), size_t{2});
    const uops::HostTensor& y = run.outputs[1];
    const std::vector<double> rounded = {0.99755859375, 1.0, -3.140625, 65504.0, std::numeric_limits<double>::infinity(), 1.0132789611816406e-06,
                                         2.69921875};
    QCOMPARE(y.numel(), int64_t(rounded.size()));
    for (int64_t i = 0; i < y.numel(); ++i) QCOMPARE(y.getDouble(i), rounded[size_t(i)]);
  }
};

UOPSCOPE_TEST(TestCastChains);
#include "test_cast_chains.moc"
