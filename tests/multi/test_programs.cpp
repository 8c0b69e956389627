// Multi-device tensor programs as users write them: a data-parallel training
// step on 2 and 4 virtual CPU devices against the same step on one device,
// the placement tinygrad gives (Tensor.device, the shard axis), tinygrad's
// refusals at the line that asks for them, realized sharded tensors, and the
// registry's virtual CPU devices.
#include "tests/support/test_registry.h"
#include "core/program/device_run.h"
#include "core/engine/device_registry.h"
#include "tests/program/program_test.h"
#include "tests/support/backend_devices.h"

#include <QtTest>

using namespace programtest;

namespace {

// A two-layer MLP step: forward, backward, SGD by hand, loss after the
// update; sharded on `devices` (batch on axis 0, parameters replicated)
// when given.
std::string mlpStep(const std::string& devices) {
  std::string place = devices.empty() ? "" : ".shard(D, axis=0)";
  std::string rep = devices.empty() ? "" : ".shard(D)";
  return programtest::program("D = " + (devices.empty() ? std::string("None") : devices) + R"(
X = Tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5], [-1.0, 1.0, 1.0], [0.0, 2.0, -2.0],
            [1.0, 1.0, 0.5], [-0.5, 0.25, 1.0], [2.0, -1.0, 0.0], [0.5, 0.5, -1.5]]))" + place + R"(
Y = Tensor([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [-1.0, 1.0], [0.0, 0.0], [1.0, 1.0], [2.0, -1.0], [0.5, 0.0]]))" +
                 place + R"(
w1 = Tensor([[0.1, -0.2, 0.3, 0.4], [0.5, 0.1, -0.3, 0.2], [-0.4, 0.3, 0.2, -0.1]]))" + rep + R"(
b1 = Tensor([0.01, -0.02, 0.03, 0.0]))" + rep + R"(
w2 = Tensor([[0.2, -0.3], [0.4, 0.1], [-0.5, 0.6], [0.3, -0.2]]))" + rep + R"(
def forward(w1, b1, w2):
  return (X @ w1 + b1).relu() @ w2
loss = ((forward(w1, b1, w2) - Y) ** 2).mean()
loss.backward()
n1, nb1, n2 = w1 - 0.1 * w1.grad, b1 - 0.1 * b1.grad, w2 - 0.1 * w2.grad
after = ((forward(n1, nb1, n2) - Y) ** 2).mean()
out = [loss, w1.grad, b1.grad, w2.grad, after]
)");
}

std::string placement(const uops::Tensor& t) {
  std::vector<std::string> d = t.devices();
  std::string devices = d.empty() ? "None" : d.size() == 1 ? d[0] : fmt::format("{}", fmt::join(d, ","));
  return fmt::format("{} axis {}", devices, t.shardAxis() ? std::to_string(*t.shardAxis()) : "None");
}

} // namespace

class TestMultiPrograms : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void dataParallelStepMatchesOneDevice_data() {
    QTest::addColumn<QString>("devices");
    QTest::addColumn<QString>("runDevice");
    QTest::newRow("2 virtual CPUs") << QStringLiteral("('CPU:0', 'CPU:1')") << QStringLiteral("CPU");
    QTest::newRow("4 virtual CPUs") << QStringLiteral("('CPU:0', 'CPU:1', 'CPU:2', 'CPU:3')") << QStringLiteral("CPU");
    QTest::newRow("4 on INTERP") << QStringLiteral("('CPU:0', 'CPU:1', 'CPU:2', 'CPU:3')") << QStringLiteral("INTERP");
  }

  void dataParallelStepMatchesOneDevice() {
    QFETCH(QString, devices);
    QFETCH(QString, runDevice);
    QString single = runOn(mlpStep(""), "CPU");
    QString multi = runOn(mlpStep(devices.toStdString()), runDevice.toStdString());
    QVERIFY2(sameOutputs(multi, single), qPrintable(multi + QStringLiteral("\nvs\n") + single));
    QVERIFY2(sameOutputs(run(mlpStep(devices.toStdString())), single), "the reference evaluator agrees");
  }

  // Gradients of replicated parameters from a sharded batch are allreduced:
  // replicated like the parameters.
  void placements() {
    uops::program::LoadedProgram p = load(mlpStep("('CPU:0', 'CPU:1')"));
    std::vector<uops::Tensor> out = p.outputTensors();
    QCOMPARE(qs(placement(out[0])), QStringLiteral("CPU,CPU:1 axis None"));
    QCOMPARE(qs(placement(out[1])), QStringLiteral("CPU,CPU:1 axis None"));
    uops::program::LoadedProgram q = load(programtest::program(R"(
D = ('CPU:0', 'CPU:1')
x = Tensor.arange(24).float().clone().reshape(4, 6)
a = x.shard(D, axis=1)
out = [Tensor.arange(4), x, a, a.reshape(4, 2, 3).permute(2, 0, 1), a.sum(axis=1), x.shard(D, axis=0).to('CPU:1')]
)"));
    std::vector<std::string> want{"None axis None", "CPU axis None", "CPU,CPU:1 axis 1", "CPU,CPU:1 axis 2",
                                  "CPU,CPU:1 axis None", "CPU:1 axis None"};
    for (size_t i = 0; i < want.size(); ++i) QCOMPARE(qs(placement(q.outputTensors()[i])), qs(want[i]));
    QCOMPARE(run(programtest::program("x = Tensor([1.0, 2.0]).shard(('CPU', 'CPU:1'))\n"
                         "out = Tensor([x.device == ('CPU', 'CPU:1'), Tensor.arange(2).device is None])")),
             QStringLiteral("bool (2,) [True, True]"));
  }

  // tinygrad's refusals, at the line that asks (tinygrad reports them when it realizes).
  void refusals_data() {
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("error");
    QTest::newRow("uneven shards") << QStringLiteral("y = Tensor([1.0, 2.0, 3.0]).shard(D, axis=0)")
                                   << QStringLiteral("3:29: multi axis uneven: self.shape[axis]=3 axis=0 dcount=2");
    QTest::newRow("shrink inside a shard")
        << QStringLiteral("y = x.shrink(((1, 3), None))")
        << QStringLiteral("3:7: shrinking not supported inside the shard axis 0: only all of it or exactly one "
                          "device's shard of 2");
    QTest::newRow("pad along the shard axis") << QStringLiteral("y = x.pad(((1, 0), None))")
                                              << QStringLiteral("3:7: padding not supported along the shard axis 0");
    QTest::newRow("flip the shard axis") << QStringLiteral("y = x.flip(0)")
                                         << QStringLiteral("3:7: flipping not supported on sharded axis 0");
    QTest::newRow("sharded with single-device")
        << QStringLiteral("y = x + Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]])")
        << QStringLiteral("3:7: all buffers must be on the same device: [('CPU', 'CPU:1'), 'CPU']");
    QTest::newRow("reshape across shards") << QStringLiteral("y = x.permute(1, 0).reshape(8)")
                                           << QStringLiteral("3:21: reshape (2, 4) -> (8,) moved items between shards");
    QTest::newRow("shard twice") << QStringLiteral("y = x.shard(D, axis=1)")
                                 << QStringLiteral("3:7: can't shard a multi-device tensor");
  }

  void refusals() {
    QFETCH(QString, line);
    QFETCH(QString, error);
    std::string body = "D = ('CPU:0', 'CPU:1')\nx = Tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]).shard(D, axis=0)\n" +
                       line.toStdString() + "\nout = y\n";
    QCOMPARE(run("from tinygrad import Tensor\n" + body.substr(0)), error.replace(QStringLiteral("3:"), QStringLiteral("4:")));
  }

  // A sharded tensor realized (a buffer on the tuple holding the shards one
  // after another) reads back as the whole value, and later graphs read it.
  void realizedShardedTensor() {
    std::string source = programtest::program(R"(
D = ('CPU:0', 'CPU:1')
x = Tensor([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]).shard(D, axis=1).contiguous()
r = Tensor([1.0, -1.0]).shard(D).contiguous()
x.realize()
r.realize()
first = x.tolist()
y = (x * 2).sum(axis=1) + r
out = [Tensor(first), y, x]
)");
    QString want = QStringLiteral("float32 (2, 4) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0] | float32 (2,) [21.0, 51.0] | "
                                  "float32 (2, 4) [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]");
    QCOMPARE(run(source), want);
    QCOMPARE(runOn(source, "CPU"), want);
  }

  // A @function called on sharded and replicated tensors, its result
  // realized, runs as its body would: it was refused ("Function of shape ():
  // not supported on a device tuple"). tinygrad's numbers.
  void functionOnShardedTensors() {
    std::string source = programtest::program(R"(
D = ('CPU:0', 'CPU:1')
@function
def block(x, w, b):
  return (x @ w + b).relu()
w = Tensor([[0.5, -1.0, 0.25], [1.5, 0.75, -0.5]]).shard(D)
b = Tensor([0.1, -0.2, 0.3]).shard(D)
x1 = Tensor([[1.0, 2.0], [-1.0, 0.5]]).shard(D, axis=0)
x2 = Tensor([[0.0, 1.0], [3.0, -2.0], [1.0, 1.0], [2.0, 2.0]]).shard(D, axis=0)
y1 = block(x1, w, b).realize()
y2 = block(x2, w, b)
out = [y1, y2, y1.sum() + y2.sum()]
)");
    QString want = QStringLiteral("float32 (2, 3) [3.6, 0.3, 0.0, 0.35, 1.175, 0.0] | float32 (4, 3) [1.6, 0.55, "
                                  "0.0, 0.0, 0.0, 2.05, 2.1, 0.0, 0.050000012, 4.1, 0.0, 0.0] | float32 () [15.875]");
    QCOMPARE(run(source), want);
    QCOMPARE(runOn(source, "CPU"), want);
  }

  // A scalar loss on one device, summed from a sharded path and a replicated
  // one, sends its gradient back to the tuple placed as each source was: it
  // was scattered along axis 0, which a scalar has not ("reshape (1, 3) ->
  // (3,) moved items between shards"). tinygrad's numbers.
  void scalarLossGradientThroughShardedAndReplicated() {
    std::string source = programtest::program(R"(
D = ('CPU:0', 'CPU:1')
x = Tensor([[0.5, -1.0, 2.0, 1.0], [1.5, 0.0, -0.5, 2.0], [-1.0, 1.0, 1.0, 0.0], [0.0, 2.0, -2.0, 1.0]]).shard(D, axis=0)
w = Tensor([[0.1, -0.2, 0.3], [0.5, 0.1, -0.3], [-0.4, 0.3, 0.2], [0.2, 0.2, -0.1]]).shard(D)
b = Tensor([0.1, -0.2, 0.3]).shard(D)
loss = (x @ w + b).relu().sum().to("CPU:0") + (w * w).sum().to("CPU:0")
loss.backward()
out = [loss, w.grad, b.grad]
)");
    QString want = QStringLiteral("float32 () [6.2200003] | float32 (4, 3) [0.7, -0.9, 2.6, 4.0, 0.2, -1.6, -2.3, "
                                  "3.6, 1.9, 3.4, 1.4, 2.8] | float32 (3,) [3.0, 2.0, 2.0]");
    QCOMPARE(run(source), want);
    QCOMPARE(runOn(source, "CPU"), want);
  }

  // CPU:k are virtual devices of their own on the host, one JIT for all.
  void virtualCpuDevices() {
    QCOMPARE(qs(uops::canonicalDeviceName("cpu:0")), QStringLiteral("CPU"));
    QCOMPARE(qs(uops::canonicalDeviceName("CPU:03")), QStringLiteral("CPU:3"));
    uops::Device& three = uops::openDevice("CPU:3");
    QCOMPARE(qs(three.name()), QStringLiteral("CPU:3"));
    QVERIFY(&three != &uops::openDevice("CPU"));
    QVERIFY(&three == &uops::openDevice("cpu:3"));
    QVERIFY(three.target() != nullptr);
    QCOMPARE(qs(uops::deviceAfter("CPU", 2)), QStringLiteral("CPU:2"));
    QCOMPARE(qs(uops::deviceAfter("CL:1", 1)), QStringLiteral("CL:2"));
    QCOMPARE(qs(uops::deviceAfter("INTERP", 3)), QStringLiteral("INTERP"));
    try {
      uops::openDevice("CPU:64");
      QFAIL("CPU:64 opened");
    } catch (const uops::DeviceError& e) {
      QVERIFY(QString::fromUtf8(e.what()).startsWith(QStringLiteral("this machine has no device CPU:64")));
    }
  }

  // A program's CPU:k map onto the run device's kind: CL:0 has no CL:1 here.
  void missingMappedDeviceIsRefused() {
    uops::program::LoadedProgram p = load(programtest::program("out = Tensor([1.0, 2.0]).shard(('CPU:0', 'CPU:5'), axis=0) * 2"));
    try {
      uops::program::runOnDevice(p.outputTensors(), "INTERP");
      uops::program::runOnDevice(p.outputTensors(), "CL:0");
      QFAIL("ran CPU:5 on CL:5");
    } catch (const uops::DeviceError& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("no device CL:5")), e.what());
    }
  }
};

UOPSCOPE_TEST(TestMultiPrograms);
#include "test_programs.moc"
