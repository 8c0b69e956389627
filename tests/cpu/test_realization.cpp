// Realization points on the CPU (core/program/realization.h): a program that
// reads its loss with .item() every step runs each step's schedule on the
// CPU while it loads, never on the reference evaluator, gives the values the
// reference evaluator gives, and compiles a repeated step's kernels once.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"

#include "backends/llvm/llvm_cpu_device.h"
#include "core/autobatch/module.h"
#include "core/program/device_run.h"
#include "core/program/program.h"
#include "core/program/scheduled_run.h"

#include <QDir>
#include <QRegularExpression>
#include <QStringList>
#include <QTest>

#include <cmath>

#include <fmt/format.h>

using namespace uops;

namespace {

// An MLP (784 -> hidden -> 10) trained with Adam for `steps` steps, printing
// its loss each step, as tinygrad's README example does.
std::string trainingProgram(int hidden, int steps) {
  return fmt::format(R"(from tinygrad import Tensor, nn, Context
Tensor.manual_seed(3)
class Net:
  def __init__(self):
    self.l1 = Tensor.kaiming_uniform(784, {0})
    self.l2 = Tensor.kaiming_uniform({0}, 10)
  def __call__(self, x):
    return x.flatten(1).dot(self.l1).relu().dot(self.l2)
model = Net()
opt = nn.optim.Adam([model.l1, model.l2], lr=0.001)
x, y = Tensor.rand(4, 1, 28, 28), Tensor([2, 4, 3, 7])
with Context(TRAINING=1):
  for i in range({1}):
    opt.zero_grad()
    loss = model(x).sparse_categorical_crossentropy(y).backward()
    opt.step()
    print(i, loss.item())
out = model.l2
)",
                     hidden, steps);
}

// The numbers print() wrote, in order.
std::vector<double> printedNumbers(const std::string& printed) {
  std::vector<double> out;
  for (const QString& word : QString::fromStdString(printed).split(QRegularExpression(QStringLiteral("\\s+")),
                                                                   Qt::SkipEmptyParts))
    out.push_back(word.toDouble());
  return out;
}

} // namespace

class TestRealizationOnCpu : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    registerBackendDevices();
    autobatch::installAutobatchModule(); // autobatch_fib.py imports it
  }

  // The two ways uopc runs a loaded program give the same values: the
  // outputs from the buffers the load left (as tinygrad runs it), and the
  // whole program again as one graph (--one-graph).
  void oneGraphGivesTheScheduledValues_data() {
    QTest::addColumn<QString>("path");
    QDir dir(QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples"));
    for (const QString& name : dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(name)) << dir.filePath(name);
    QTest::newRow("training loop") << QString();
  }
  void oneGraphGivesTheScheduledValues() {
    QFETCH(QString, path);
    program::LoadedProgram p =
        path.isEmpty() ? program::loadProgram("train.py", trainingProgram(20, 3), program::LoadOptions::on("CPU"))
                       : program::loadProgramFile(path.toStdString(), program::LoadOptions::on("CPU"));
    DeviceRun scheduled = program::runScheduled(p, "CPU");
    DeviceRun oneGraph = program::runOnDevice(p.outputTensors(), "CPU");
    QCOMPARE(scheduled.outputs.size(), oneGraph.outputs.size());
    for (size_t i = 0; i < scheduled.outputs.size(); ++i) {
      const HostTensor &a = scheduled.outputs[i], &b = oneGraph.outputs[i];
      QCOMPARE(a.shape(), b.shape());
      for (int64_t e = 0; e < a.numel(); ++e) {
        double x = a.getDouble(e), y = b.getDouble(e);
        QVERIFY2((std::isnan(x) && std::isnan(y)) || std::fabs(x - y) <= 1e-4 * (1 + std::fabs(y)),
                 qPrintable(QStringLiteral("out[%1][%2]: %3 scheduled, %4 as one graph").arg(i).arg(e).arg(x).arg(y)));
      }
    }
  }

  // Every step's loss comes from kernels that ran on the CPU while the
  // program loaded: the reference evaluator computed nothing, and the losses
  // are the ones it computes on the same program.
  void itemRunsOnTheDevice() {
    std::string source = trainingProgram(32, 4);
    program::LoadedProgram cpu = program::loadProgram("train.py", source, uops::program::LoadOptions::on("CPU"));
    QCOMPARE(cpu.loadReferenceEvaluations, int64_t{0});
    QVERIFY(cpu.loadKernels > 0);
    program::LoadedProgram ref = program::loadProgram("train.py", source, uops::program::LoadOptions::on("REF"));
    QVERIFY(ref.loadReferenceEvaluations > 0);
    QCOMPARE(ref.loadKernels, int64_t{0});
    std::vector<double> got = printedNumbers(cpu.printed), want = printedNumbers(ref.printed);
    QCOMPARE(got.size(), size_t{8});
    QCOMPARE(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i)
      QVERIFY2(std::fabs(got[i] - want[i]) <= 1e-4 * (1 + std::fabs(want[i])),
               qPrintable(QStringLiteral("%1: CPU %2, REF %3").arg(i).arg(got[i]).arg(want[i])));
    // a schedule's inputs for the explorer are computed on the device, not by the reference evaluator
    std::vector<Tensor> second = program::boundScheduleGraphs(cpu, 2, "CPU");
    QVERIFY(!second.empty());
  }

  // A sort's indices after its values were realized: the indices' kernels compute the input again,
  // fused otherwise than the values' kernels (its sum rounding differently), and indices found by
  // matching the realized values bit for bit matched nothing (0). The SVD's left vectors gather
  // by such indices.
  void sortIndicesAfterItsValuesWereRealized() {
    const std::string source = R"(from tinygrad import Tensor
Tensor.manual_seed(1)
m = Tensor.randn(16, 8)
v, i = m.square().sum(0).sqrt().sort(-1, descending=True)
print(v.tolist())
print(i.tolist())
a = Tensor.randn(16, 8)
u, s, vh = a.svd()
print(s.tolist())
print(((u[:, :8] * s) @ vh - a).abs().max().item() < 1e-4)
)";
    program::LoadedProgram cpu = program::loadProgram("sort.py", source, program::LoadOptions::on("CPU"));
    program::LoadedProgram ref = program::loadProgram("sort.py", source, program::LoadOptions::on("REF"));
    const QString got = QString::fromStdString(cpu.printed), want = QString::fromStdString(ref.printed);
    QVERIFY2(want.contains(QStringLiteral("True")), qPrintable(want));
    const QStringList gotLines = got.split(u'\n'), wantLines = want.split(u'\n');
    QCOMPARE(gotLines.size(), wantLines.size());
    QCOMPARE(gotLines[1], wantLines[1]); // the indices, exactly
    QCOMPARE(gotLines[3], wantLines[3]);
    auto numbers = [](QString list) {
      return printedNumbers(list.remove(u'[').remove(u']').remove(u',').toStdString());
    };
    const std::vector<double> a = numbers(gotLines[2]), b = numbers(wantLines[2]);
    QCOMPARE(a.size(), size_t{8});
    QCOMPARE(a.size(), b.size());
    for (size_t k = 0; k < a.size(); ++k)
      QVERIFY2(std::fabs(a[k] - b[k]) <= 1e-5 * b[k], qPrintable(got));
  }

  // A training step's schedule repeats: the kernels of steps after the
  // second are the second's, so six steps compile as many kernels as three
  // and keep as many values.
  void repeatedStepsCompileOnce() {
    // kernels the JIT had to make (compiled, or linked from the disk cache)
    auto made = [] { return cpuJitStats().compiles + cpuJitStats().diskHits; };
    int64_t kept = 0; // bytes of the values the load kept
    auto compilesFor = [&](int hidden, int steps) {
      uint64_t before = made();
      program::LoadedProgram p =
          program::loadProgram("train.py", trainingProgram(hidden, steps), uops::program::LoadOptions::on("CPU"));
      kept = 0;
      for (const auto& [version, value] : *p.versionValues) kept += static_cast<int64_t>(value.bytes().size());
      return made() - before;
    };
    // sizes no other test uses, so nothing is in the cache before
    uint64_t three = compilesFor(40, 3);
    int64_t keptAfterThree = kept;
    uint64_t six = compilesFor(40 + 1, 6);
    QVERIFY(three > 0);
    QCOMPARE(six, three);
    // the values kept are what the buffers hold now, not the weights and
    // moments of every step: three more steps keep three more losses (a
    // float each, realized by .item()) and a hidden unit more of weights
    int64_t unit = (784 + 10) * 4 * 3; // one more hidden unit: weights and both moments, float32
    QVERIFY2(kept - keptAfterThree <= unit + 3 * 4,
             qPrintable(QStringLiteral("%1 bytes kept after 3 steps, %2 after 6").arg(keptAfterThree).arg(kept)));
  }

  // Running the outputs after such a load computes only what is left (here
  // nothing: the output is a realized weight, read back from its buffer),
  // and gives what the whole program as one graph gives.
  void outputsReadTheLoadedBuffers() {
    program::LoadedProgram p =
        program::loadProgram("train.py", trainingProgram(16, 2), uops::program::LoadOptions::on("CPU"));
    DeviceRun rest = program::runScheduled(p, "CPU");
    QCOMPARE(rest.kernels, int64_t{0});
    DeviceRun whole = program::runOnDevice(p.outputTensors(), "REF");
    QCOMPARE(rest.outputs.size(), size_t{1});
    QCOMPARE(rest.outputs[0].numel(), int64_t{160});
    for (int64_t e = 0; e < 160; ++e)
      QVERIFY(std::fabs(rest.outputs[0].getDouble(e) - whole.outputs[0].getDouble(e)) < 1e-5);
  }
};

UOPSCOPE_TEST(TestRealizationOnCpu);
#include "test_realization.moc"
