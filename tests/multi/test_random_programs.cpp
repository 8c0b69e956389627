// Random multi-device programs nobody tuned for: tensors sharded on 2..4
// virtual devices along a random axis (or replicated), then a random chain of
// elementwise ops, reductions, matmuls, transposes, reshapes, wheres, cats
// and slices. Each runs split per device on the CPU and on INTERP and must
// equal the reference evaluator's value of the logical graph; a program the
// tensor layer refuses (a shrink inside a shard, a reshape across shards)
// is refused with a message naming the op at its line.
#include "tests/support/test_registry.h"
#include "core/program/device_run.h"
#include "tests/program/program_test.h"
#include "tests/support/backend_devices.h"

#include <QtTest>

#include <random>

using namespace programtest;

namespace {

std::string randomProgram(unsigned seed) {
  std::mt19937 rng(seed);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  int n = 2 + pick(3);
  int a = n * (1 + pick(3)), b = (2 + pick(3)) * (pick(2) ? n : 1), c = 2 + pick(3);
  std::string devices = "(";
  for (int i = 0; i < n; ++i) devices += fmt::format("'CPU:{}', ", i);
  devices += ")";
  auto axis = [&] { return b % n == 0 && pick(3) == 0 ? std::string("1") : pick(3) ? std::string("0") : std::string("None"); };
  std::string s = fmt::format(R"(D = {}
x = (Tensor.arange({}).reshape({}, {}).float() * 0.37).sin().clone()
y = (Tensor.arange({}).reshape({}, {}).float() * 0.23).cos().clone()
w = (Tensor.arange({}).reshape({}, {}).float() * 0.11).sin().clone()
xs = x.shard(D, axis={})
ys = y.shard(D, axis={})
ws = w.shard(D)
)",
                              devices, a * b, a, b, a * b, a, b, b * c, b, c, axis(), axis());
  std::vector<std::string> live{"xs", "ys"};
  int steps = 3 + pick(5);
  for (int k = 0; k < steps; ++k) {
    const std::string& p = live[static_cast<size_t>(pick(static_cast<int>(live.size())))];
    const std::string& q = live[static_cast<size_t>(pick(static_cast<int>(live.size())))];
    std::string e;
    switch (pick(12)) {
    case 0: e = p + " + " + q; break;
    case 1: e = p + " * " + q + " - 0.5"; break;
    case 2: e = "(" + p + " - 0.2).relu()"; break;
    case 3: e = "(" + p + " * 0.3).exp()"; break;
    case 4: e = p + ".sum(0, keepdim=True) + " + p; break;
    case 5: e = p + ".sum(1, keepdim=True) * " + p; break;
    case 6: e = p + ".max(1, keepdim=True) - " + p; break;
    case 7: e = "(" + p + " @ ws) @ ws.T"; break;
    case 8: e = p + ".T.T * 2"; break;
    case 9: e = "(" + p + " > 0.1).where(" + p + ", " + q + ")"; break;
    case 10: e = p + " - " + p + ".mean()"; break;
    default: e = p + "[:, 0:1] * " + q; break;
    }
    live.push_back(fmt::format("t{}", k));
    s += live.back() + " = " + e + "\n";
  }
  s += "out = [";
  for (size_t i = 2; i < live.size(); ++i) s += live[i] + ", ";
  return programtest::program(s + "(" + live.back() + " * " + live[live.size() - 2] + ").sum()]\n");
}

} // namespace

class TestRandomPrograms : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void matchTheReference_data() {
    QTest::addColumn<unsigned>("seed");
    for (unsigned seed = 1; seed <= 40; ++seed) QTest::newRow(fmt::format("seed {}", seed).c_str()) << seed;
  }

  void matchTheReference() {
    QFETCH(unsigned, seed);
    std::string source = randomProgram(seed);
    QString want = run(source);
    if (!want.contains(QStringLiteral("float32"))) { // refused by the tensor layer: at a line, saying why
      QVERIFY2(want.contains(QStringLiteral("shrinking not supported")) || want.contains(QStringLiteral("moved items")),
               qPrintable(want));
      return;
    }
    ++ran;
    for (const char* device : {"CPU", "INTERP"}) {
      QString got = runOn(source, device);
      QVERIFY2(sameOutputs(got, want), qPrintable(qs(source) + QStringLiteral("\n") + got + QStringLiteral("\nvs\n") + want));
    }
  }

  // the refusals are the exception: most programs run
  void mostRan() { QVERIFY2(ran >= 25, qPrintable(QString::number(ran))); }

private:
  int ran = 0;
};

UOPSCOPE_TEST(TestRandomPrograms);
#include "test_random_programs.moc"
