// Class-based models: programs whose layers are classes load, and their
// outputs are the tensors the classes compute.
#include "tests/support/test_registry.h"
#include "class_model_programs.h"
#include "program_test.h"

#include <QtTest>

using namespace programtest;

class TestClasses : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void mlp() {
    // [[1, -2, 3], [0.5, 0, -1]] through (x @ w1 + 0.5).relu() @ w2 + 0.5,
    // times 0.5 (w[i][j] = (i * n + j) % 5 - 2), computed by hand.
    QCOMPARE(run(classmodels::kMlp), QStringLiteral("float32 (2, 2) [4.0, 12.5, -0.25, 0.0]"));
    uops::program::LoadedProgram p = load(classmodels::kMlp);
    QCOMPARE(qs(p.printed),
             QStringLiteral("tiny: 2 layers, layers.0.weight (3, 4), layers.0.bias (4,), "
                            "layers.1.weight (4, 2), layers.1.bias (2,)\n"));
  }

  void typeOfATensorIsTensor() {
    // type(t) is the Tensor class itself; nn layers are classes like any other.
    QCOMPARE(run(program("from tinygrad import nn\nt = Tensor([1.0])\nl = nn.Linear(2, 2)\n"
                         "print(Tensor([type(t) is Tensor, type(t) == Tensor, isinstance(l, nn.Linear), "
                         "type(l) is nn.Linear, isinstance(l, Tensor)]))\n")),
             QStringLiteral("bool (5,) [True, True, True, True, False]"));
  }

  void boundMethods() {
    // w = [[-2, -1, 0], [1, 2, 3]]: relu(x @ w) + 1 for x = eye(2).
    QCOMPARE(run(classmodels::kBoundMethods),
             QStringLiteral("float32 (2, 3) [1.0, 1.0, 1.0, 2.0, 3.0, 4.0]"));
  }
};

UOPSCOPE_TEST(TestClasses);
#include "test_classes.moc"
