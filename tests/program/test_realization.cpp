// Realization points as tinygrad has them (core/program/realization.h): what a
// tensor reads after realize(), assign() and an optimizer's step(). Expected
// values were printed by tinygrad a9069c1 running the same programs.
#include "tests/support/test_registry.h"
#include "program_test.h"

#include <QRegularExpression>
#include <QtTest>

#include <atomic>
#include <cmath>

using namespace programtest;

class TestRealization : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void assignIntoConstantIsSeenByItsReadersOnly() {
    // o1 and o2 are equal graphs; l reads o1 and sees o1's new value, whatever
    // order the two are realized in; a lazy computation (w) assigned over is
    // not seen by its earlier readers.
    QString got = run(program(R"(
Tensor.manual_seed(0)
w = Tensor.uniform(3, low=0.0, high=1.0)
o = Tensor.ones(3)
l1 = (w * 1).sum()
l2 = (o * 1).sum()
w.assign(w + 10)
o.assign(o + 10)
Tensor.realize(w, o)
o1 = Tensor.zeros(3)
o2 = Tensor.zeros(3)
l = (o1 * 1).sum()
o1.assign(o1 + 1)
o2.assign(o2 + 5)
Tensor.realize(o2, o1)
print(w)
print(l1)
print(l2)
print(l)
)"));
    QVERIFY2(sameOutputs(got, QStringLiteral("float32 (3,) [10.828073, 10.62285, 10.55729] | "
                                             "float32 () [2.0082135] | float32 () [33.0] | "
                                             "float32 () [3.0]")),
             qPrintable(got));
  }

  void randomDrawRealizedLateReadsTheMovedCounter() {
    // w is drawn before x, but x is realized alone first: tinygrad's counter
    // buffer then holds x's update, and w reads it when it is computed.
    QString late = run(program(R"(
Tensor.manual_seed(1)
w = Tensor.rand(4)
x = Tensor.rand(2)
x.realize()
print(w)
print(x)
)"));
    QVERIFY2(sameOutputs(late, QStringLiteral("float32 (4,) [0.034995794, 0.156034, 0.46494818, "
                                              "0.065568805] | float32 (2,) [0.690341, 0.9766078]")),
             qPrintable(late));
    QString together = run(program(R"(
Tensor.manual_seed(1)
w = Tensor.rand(4)
x = Tensor.rand(2)
print(w)
print(x)
)"));
    QVERIFY2(sameOutputs(together, QStringLiteral("float32 (4,) [0.39635944, 0.30383444, "
                                                  "0.22018158, 0.37908912] | float32 (2,) "
                                                  "[0.690341, 0.9766078]")),
             qPrintable(together));
  }

  void lossAfterStepKeepsLazyWeights() {
    // The loss is computed after step(): the lazy initial weights it read keep
    // their values (tinygrad prints the pre-step loss here).
    QString got = run(program(R"(
from tinygrad import nn, Context
Tensor.manual_seed(11)
fc = nn.Linear(4, 3)
opt = nn.optim.SGD([fc.weight, fc.bias], lr=0.5)
x = Tensor.rand(3, 4)
with Context(TRAINING=1):
  opt.zero_grad()
  loss = fc(x).sum().backward()
  opt.step()
print(loss)
)"));
    QVERIFY2(sameOutputs(got, QStringLiteral("float32 () [0.91658115]")), qPrintable(got));
  }

  void itemReadsACopyAndLeavesTheTensorLazy() {
    // item() realizes a copy (tinygrad's t.contiguous()): the loss read again after step()
    // is computed again, from the updated weights and the moved random counter. It printed
    // the first value twice when item() made the loss itself a buffer.
    const uops::program::LoadedProgram p = load(program(R"(
from tinygrad import nn, Context
Tensor.manual_seed(0)
wq, wo = Tensor.scaled_uniform(8, 8), Tensor.scaled_uniform(8, 5)
bq = Tensor.zeros(8)
x = Tensor.randint(3, 4, high=8).one_hot(8).float()
y = Tensor.randint(3, 4, high=5)
opt = nn.optim.SGD([wq, bq, wo], lr=0.01)
with Context(TRAINING=1):
  opt.zero_grad()
  h = x + x.linear(wq, bq).relu().dropout(0.1)
  loss = h.layernorm().dot(wo).sparse_categorical_crossentropy(y)
  loss.backward()
  print(loss.item())
  opt.step()
  print(loss.item())
out = loss
)"));
    // tinygrad a9069c1 prints 1.6361140012741089 and 1.6360492706298828
    const QStringList printed = qs(p.printed).split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(printed.size(), 2);
    QVERIFY2(std::fabs(printed[0].toDouble() - 1.6361140012741089) < 1e-6, qPrintable(printed[0]));
    QVERIFY2(std::fabs(printed[1].toDouble() - 1.6360492706298828) < 1e-6, qPrintable(printed[1]));
  }

  void batchNormStepUpdatesItsOwnParameters() {
    QString got = run(program(R"(
from tinygrad import nn, Context
Tensor.manual_seed(2)
bn = nn.BatchNorm(2)
x = Tensor.rand(3, 2, 4, 4)
opt = nn.optim.SGD(nn.state.get_parameters(bn), lr=0.5)
with Context(TRAINING=1):
  opt.zero_grad()
  loss = (bn(x) * Tensor.rand(3, 2, 4, 4)).sum().backward()
  opt.step()
print(loss)
print(bn.weight)
print(bn.bias)
)"));
    QVERIFY2(sameOutputs(got, QStringLiteral("float32 () [-587.2984] | float32 (2,) [2.2671463, "
                                             "0.85953438] | float32 (2,) [-11.897731, -12.22052]")),
             qPrintable(got));
  }

  void inPlaceOperatorAssignsThroughEveryReference() {
    QCOMPARE(run(program("a = Tensor([1.0, 2.0])\nb = a\na += 1\nprint(b)\n")),
             QStringLiteral("float32 (2,) [2.0, 3.0]"));
  }

  void optimizerOutsideTrainingIsALoadError() {
    QString got = run(program(R"(
from tinygrad import nn
w = Tensor([1.0, 2.0])
opt = nn.optim.SGD([w], lr=0.1)
w.sum().backward()
opt.step()
)"));
    // tinygrad a9069c1's error (nn/optim.py, schedule_step), word for word
    QVERIFY2(got.contains(QStringLiteral(
                 "RuntimeError: TRAINING=0, TRAINING must be enabled to use the optimizer.\n"
                 "                - help: Consider using Context(TRAINING=1) before calling Optimizer.step().")),
             qPrintable(got));
    // a RuntimeError the program can catch, as in tinygrad
    QString caught = run(program(R"(
from tinygrad import nn
w = Tensor([1.0, 2.0])
opt = nn.optim.SGD([w], lr=0.1)
w.sum().backward()
try:
  opt.step()
except RuntimeError as e:
  print(Tensor([str(e).startswith("TRAINING=0, TRAINING must be enabled")]))
)"));
    QCOMPARE(caught, QStringLiteral("bool (1,) [True]"));
  }

  void contextRestoresTrainingAndRejectsOtherVariables() {
    QCOMPARE(run(program(R"(
from tinygrad import Context
from tinygrad.helpers import TRAINING
with Context(TRAINING=1):
  inside = bool(TRAINING)
print(Tensor([inside, bool(TRAINING)]))
)")),
             QStringLiteral("bool (2,) [True, False]"));
    QVERIFY(run(program("from tinygrad import Context\nwith Context(BEAM=2):\n  pass\n"))
                .contains(QStringLiteral("context variable 'BEAM' is not supported")));
  }

  // tinygrad a9069c1 has no Tensor.training: setting it makes a plain class
  // attribute that turns nothing on. Dropout, BatchNorm's batch statistics
  // and the optimizer read TRAINING (Context(TRAINING=1), TRAINING.value).
  // The printed text is tinygrad's, running the same program.
  void tensorTrainingIsAPlainAttribute() {
    uops::program::LoadedProgram p = load(program(R"(
from tinygrad import nn, Context
from tinygrad.helpers import TRAINING
try:
  print(Tensor.training)
except AttributeError as e:
  print("AttributeError", e)
w = Tensor([1.0, -2.0, 3.0])
opt = nn.optim.SGD([w], lr=0.1)
bn = nn.BatchNorm(2)
x = Tensor([[1.0, 2.0], [3.0, 5.0]])
Tensor.training = True
print(Tensor.training, TRAINING.value, bool(TRAINING))
print(Tensor.ones(4).dropout(0.5).tolist())
print([round(v, 4) for v in bn(x).flatten().tolist()])
(w * w).sum().backward()
try:
  opt.step()
except RuntimeError as e:
  print(str(e))
print(w.tolist())
with Context(TRAINING=1):
  print(TRAINING.value, TRAINING == 1, TRAINING > 0)
  opt.step()
print(TRAINING.value, [round(v, 4) for v in w.tolist()])
out = w
)"));
    QCOMPARE(qs(p.printed),
             QStringLiteral("AttributeError type object 'Tensor' has no attribute 'training'\n"
                            "True 0 False\n"
                            "[1.0, 1.0, 1.0, 1.0]\n"
                            "[1.0, 2.0, 3.0, 5.0]\n"
                            "TRAINING=0, TRAINING must be enabled to use the optimizer.\n"
                            "                - help: Consider using Context(TRAINING=1) before calling Optimizer.step().\n"
                            "[1.0, -2.0, 3.0]\n"
                            "1 True True\n"
                            "0 [0.8, -1.6, 2.4]\n"));
  }

  // TRAINING=1 in the environment turns it on for the whole program, as
  // tinygrad reads it when it is imported.
  void trainingFromTheEnvironment() {
    std::string source = program(R"(
from tinygrad import nn
from tinygrad.helpers import TRAINING
w = Tensor([1.0, -2.0, 3.0])
opt = nn.optim.SGD([w], lr=0.1)
(w * w).sum().backward()
opt.step()
print(TRAINING.value, [round(v, 4) for v in w.tolist()])
out = w
)");
    qputenv("TRAINING", "1");
    QString printed;
    try {
      printed = qs(load(source).printed);
    } catch (const std::exception& e) {
      printed = QString::fromUtf8(e.what());
    }
    qunsetenv("TRAINING");
    QCOMPARE(printed, QStringLiteral("1 [0.8, -1.6, 2.4]\n"));
    QVERIFY(run(source).contains(QStringLiteral("TRAINING=0, TRAINING must be enabled")));
  }

  void strStripTakesCharacters() {
    QCOMPARE(run(program("print(Tensor([len('..a.b..'.strip('.')), len('xxa'.lstrip('x')), "
                         "len('ayy'.rstrip('y'))]))\n")),
             QStringLiteral("int32 (3,) [3, 1, 1]"));
  }

  // On a device that runs kernels (INTERP here; the CPU in tests/cpu) each
  // realization point runs when the program reaches it, its buffers' values
  // kept for later ones: .item() and .tolist() read them, and the reference
  // evaluator is never asked. The values are REF's.
  void realizationPointsRunOnTheLoadDevice() {
    std::string source = program(R"(
from tinygrad import nn, Context
Tensor.manual_seed(5)
fc = nn.Linear(3, 2)
opt = nn.optim.SGD([fc.weight, fc.bias], lr=0.1, momentum=0.9)
x, y = Tensor.rand(4, 3), Tensor([0, 1, 1, 0])
with Context(TRAINING=1):
  for i in range(3):
    opt.zero_grad()
    loss = fc(x).sparse_categorical_crossentropy(y).backward()
    opt.step()
    print(loss.item(), fc.bias.tolist())
out = fc.weight
)");
    uops::program::LoadedProgram interp =
        uops::program::loadProgram("test.py", source, uops::program::LoadOptions::on("INTERP"));
    uops::program::LoadedProgram ref = uops::program::loadProgram("test.py", source, uops::program::LoadOptions::on("REF"));
    QCOMPARE(interp.loadReferenceEvaluations, int64_t{0});
    QVERIFY(interp.loadKernels > 0);
    QVERIFY(ref.loadReferenceEvaluations > 0);
    QCOMPARE(ref.loadKernels, int64_t{0});
    QCOMPARE(interp.schedules.size(), ref.schedules.size());
    QStringList got = qs(interp.printed).split(QRegularExpression(QStringLiteral("[\\s,\\[\\]]+")), Qt::SkipEmptyParts);
    QStringList want = qs(ref.printed).split(QRegularExpression(QStringLiteral("[\\s,\\[\\]]+")), Qt::SkipEmptyParts);
    QCOMPARE(got.size(), 9);
    QCOMPARE(got.size(), want.size());
    for (int i = 0; i < got.size(); ++i)
      QVERIFY2(std::fabs(got[i].toDouble() - want[i].toDouble()) <= 1e-5 * (1 + std::fabs(want[i].toDouble())),
               qPrintable(qs(interp.printed + " | " + ref.printed)));
  }

  // On REF the versions of one realization point are computed together when
  // Python first needs one of them: a jitted training step's parameters all
  // read its one backward pass, which is then evaluated once per step, not
  // once per parameter and optimizer state. One evaluation per .item()
  // (what Python reads) and one per step whose versions it reads, at most.
  void jittedStepsEvaluateEachScheduleOnceOnReference() {
    std::string source = program(R"(
from tinygrad import nn, TinyJit, Context
Tensor.manual_seed(5)
fc1, fc2 = nn.Linear(3, 4), nn.Linear(4, 2)
opt = nn.optim.Adam([fc1.weight, fc1.bias, fc2.weight, fc2.bias], lr=0.1)
x, y = Tensor.rand(4, 3), Tensor([0, 1, 1, 0])
@TinyJit
@Context(TRAINING=1)
def step():
  opt.zero_grad()
  loss = fc2(fc1(x).relu()).sparse_categorical_crossentropy(y).backward()
  return loss.realize(*opt.schedule_step())
for i in range(4):
  print(step().item())
)");
    uops::program::LoadedProgram ref = uops::program::loadProgram("test.py", source, uops::program::LoadOptions::on("REF"));
    // tinygrad's printed losses (the third differs in its last bit: sums in another order)
    const double want[] = {0.749620795249939, 0.7064544558525085, 0.6938320398330688, 0.6963974237442017};
    QStringList got = qs(ref.printed).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(got.size(), 4);
    for (int i = 0; i < 4; ++i)
      QVERIFY2(std::fabs(got[i].toDouble() - want[i]) <= 1e-6 * want[i], qPrintable(qs(ref.printed)));
    QVERIFY2(ref.loadReferenceEvaluations <= static_cast<int64_t>(ref.schedules.size()) + 4,
             qPrintable(QString::number(ref.loadReferenceEvaluations)));
  }

  // Progress names each realization point by the steps of the program's own
  // loops around it (a library's loops are not steps), and carries the
  // graphs it computes; the graph of a reached point is what the explorer
  // shows while later steps run.
  void progressNamesTheProgramsSteps() {
    std::string source = program(R"(
x = Tensor([1.0, 2.0]).contiguous()
x.realize()
for epoch in range(2):
  for b in [0, 1, 2]:
    x = x + 1
    print(x.sum().item())
for k in "ab":  # a string's length is not known before it is walked
  x.assign(x * 2).realize()
)");
    std::vector<uops::program::RealizationReport> reports;
    uops::program::LoadOptions options = uops::program::LoadOptions::on("INTERP");
    options.realizing = [&reports](const uops::program::RealizationReport& r) { reports.push_back(r); };
    uops::program::LoadedProgram p = uops::program::loadProgram("test.py", source, options);
    QCOMPARE(reports.size(), size_t{9});
    QCOMPARE(qs(reports[0].label()), QStringLiteral("realization point 1: realize() at line 4"));
    QCOMPARE(qs(reports[1].label()), QStringLiteral("step 1 of 2, 1 of 3: item() at line 8 (realization point 2)"));
    QCOMPARE(qs(reports[6].label()), QStringLiteral("step 2 of 2, 3 of 3: item() at line 8 (realization point 7)"));
    QCOMPARE(qs(reports[8].label()), QStringLiteral("step 2: realize() at line 10 (realization point 9)"));
    for (size_t i = 0; i < reports.size(); ++i) {
      QCOMPARE(reports[i].point, i + 1);
      QCOMPARE(reports[i].graphs.size(), p.schedules[i].graphs.size());
      QCOMPARE(reports[i].graphs[0].get(), p.schedules[i].graphs[0].get());
    }
    QCOMPARE(p.printed, std::string("5.0\n7.0\n9.0\n11.0\n13.0\n15.0\n"));
  }

  // Stopping a load (the explorer's Esc) stops it at the next kernel of the
  // realization point running, not after the point's whole schedule.
  void cancelStopsAtTheNextKernel() {
    std::string source = program(R"(
x = Tensor.ones(64, 64).contiguous()
y = ((x @ x).relu() @ x).exp().sum()
print(y.item())
)");
    std::atomic<bool> cancel{false};
    uops::program::LoadOptions options = uops::program::LoadOptions::on("INTERP");
    options.cancel = &cancel;
    options.realizing = [&cancel](const uops::program::RealizationReport&) { cancel = true; };
    int64_t kernels = -1;
    try {
      kernels = uops::program::loadProgram("test.py", source, options).loadKernels;
    } catch (const std::exception&) {
      kernels = -2;
    }
    QCOMPARE(kernels, int64_t{-2});
  }
};

UOPSCOPE_TEST(TestRealization);
#include "test_realization.moc"
