// The program loader: which tensors are outputs (PROGRAM_FORMAT.md), the
// named live tensors for the explorer, printed text, and the global state a
// load resets.
#include "tests/support/test_registry.h"
#include "program_test.h"

#include <QtTest>

#include <stdexcept>

using namespace programtest;

namespace {

// "line:flat | line:flat" for each output: where it came from and its value.
QString outputs(const std::string& body) {
  uops::program::LoadedProgram p = load(program(body));
  std::vector<uops::HostTensor> values = uops::program::evaluateOnHost(p.outputTensors());
  std::string out;
  for (size_t i = 0; i < values.size(); ++i)
    out += fmt::format("{}{}:{}", i ? " | " : "", p.outputs[i].loc.line, flat(values[i]));
  return qs(out);
}

} // namespace

class TestLoader : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void selection_data() {
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("expected");
    QTest::newRow("last assignment")
        << QStringLiteral("a = Tensor([1])\nb = a + 1") << QStringLiteral("3:int32 (1,) [2]");
    QTest::newRow("list of tensors") << QStringLiteral("a = Tensor([1])\nout = [a, a * 3]")
                                     << QStringLiteral("3:int32 (1,) [1] | 3:int32 (1,) [3]");
    QTest::newRow("tuple of tensors") << QStringLiteral("a = Tensor([1])\nout = a, a - 1")
                                      << QStringLiteral("3:int32 (1,) [1] | 3:int32 (1,) [0]");
    // the last operand of and/or is the result, its truth value never asked for
    QTest::newRow("and ends in a tensor")
        << QStringLiteral("a = Tensor([1])\nout = True and a * 2") << QStringLiteral("3:int32 (1,) [2]");
    QTest::newRow("or ends in a tensor")
        << QStringLiteral("a = Tensor([1])\nout = None or a") << QStringLiteral("3:int32 (1,) [1]");
    QTest::newRow("last assignment not a tensor")
        << QStringLiteral("a = Tensor([1])\nn = 3") << QString();
    QTest::newRow("mixed list is no output")
        << QStringLiteral("a = Tensor([1])\nout = [a, 2]") << QString();
    QTest::newRow("augmented assignment")
        << QStringLiteral("a = Tensor([1])\na += 4") << QStringLiteral("3:int32 (1,) [5]");
    QTest::newRow("inside a module-level loop")
        << QStringLiteral("a = Tensor([1])\nfor i in range(2):\n  a = a * 2\nk = 0 if True else 1")
        << QString();
    QTest::newRow("prints win, in order")
        << QStringLiteral("a = Tensor([1])\nprint(a * 2, 'text')\nprint(a.shape, a)\nout = a")
        << QStringLiteral("3:int32 (1,) [2] | 4:int32 (1,) [1]");
    QTest::newRow("printed text alone is no output")
        << QStringLiteral("a = Tensor([1])\nprint(f'a is {a.shape}')\nout = a * 2")
        << QStringLiteral("4:int32 (1,) [2]");
    QTest::newRow("numpy marker") << QStringLiteral("a = Tensor([1.5])\nprint(a.numpy())")
                                  << QStringLiteral("3:float32 (1,) [1.5]");
    QTest::newRow("tolist marker printed")
        << QStringLiteral("a = Tensor([1, 2])\nprint(a.tolist())")
        << QStringLiteral("3:int32 (2,) [1, 2]");
    QTest::newRow("tolist marker assigned")
        << QStringLiteral("a = Tensor([1, 2])\nout = (a * 2).tolist()")
        << QStringLiteral("3:int32 (2,) [2, 4]");
    QTest::newRow("realize marker")
        << QStringLiteral("out = Tensor([3]).realize()") << QStringLiteral("2:int32 (1,) [3]");
  }

  void selection() {
    QFETCH(QString, body);
    QFETCH(QString, expected);
    QCOMPARE(outputs(body.toStdString()), expected);
  }

  void namedTensors() {
    uops::program::LoadedProgram p = load(program(
        "b = Tensor([1])\na = b + 1\nouts = [b, 3, a]\nn = 4\ndef f(x):\n  t = x\n  return t\n"));
    QStringList names;
    for (const uops::program::NamedTensor& t : p.tensors)
      names << qs(t.name);
    QCOMPARE(names.join(QLatin1Char(',')), QStringLiteral("a,b,outs[0],outs[2]"));
    QVERIFY(p.tensors[2].tensor.isSame(p.tensors[1].tensor)); // outs[0] is b's handle
  }

  // Tensor.empty(*shape, device=None, dtype=None): each keyword where it belongs
  void emptyTakesDtypeAndDevice() {
    uops::program::LoadedProgram p = load(program(
        "a = Tensor.empty(2, 3, dtype=dtypes.float16)\nb = Tensor.empty((4,), device='CPU', dtype=dtypes.int32)\n"
        "out = [a, b]"));
    const std::vector<uops::Tensor> outs = p.outputTensors();
    QCOMPARE(outs.size(), size_t{2});
    QVERIFY(outs[0].dtype() == uops::dtypes::float16);
    QCOMPARE(outs[0].shape(), (uops::Shape{2, 3}));
    QVERIFY(outs[1].dtype() == uops::dtypes::int32);
  }

  void printedText() {
    uops::program::LoadedProgram p =
        load(program("print('shape', Tensor([[1, 2]]).shape)\nprint(dtypes.float32)"));
    QCOMPARE(qs(p.printed), QStringLiteral("shape (1, 2)\ndtypes.float\n"));
    QVERIFY(p.outputs.empty());
  }

  // Each load starts from seed 0, TRAINING 0 and no attributes set on the
  // Tensor class, whatever the last one did.
  void loadResetsGlobalState() {
    std::string randomBody = program("out = Tensor.rand(3)");
    QString first = run(randomBody);
    QCOMPARE(run(program("from tinygrad.helpers import TRAINING\nTensor.manual_seed(7)\nTRAINING.value = 1\n"
                         "Tensor.training = True\nout = Tensor.rand(3)"))
                 .isEmpty(),
             false);
    QCOMPARE(run(randomBody), first);
    QCOMPARE(run(program("out = Tensor([1.0, 2.0]).dropout(0.5)")),
             QStringLiteral("float32 (2,) [1.0, 2.0]"));
    QVERIFY(run(program("ok = Tensor.training\nout = Tensor.ones(1)"))
                .contains(QStringLiteral("type object 'Tensor' has no attribute 'training'")));
  }

  void trainingEnablesDropout() {
    QString dropped = run(program(
        "from tinygrad.helpers import TRAINING\nTRAINING.value = 1\nout = Tensor.ones(64).dropout(0.5)"));
    QVERIFY2(dropped.contains(QStringLiteral("0")) && dropped.contains(QStringLiteral("2")),
             qPrintable(dropped));
  }

  void requiresGradAndGrad() {
    QCOMPARE(
        run(program(
            "x = Tensor([1.0], requires_grad=True)\ny = Tensor([2.0])\ny.requires_grad = True\n"
            "flags = [x.requires_grad, y.requires_grad, Tensor([1.0]).requires_grad]\n"
            "x.grad = Tensor([5.0])\ng = x.grad\ny.grad = None\n"
            "out = [g, Tensor(flags), Tensor([y.grad is None])]")),
        QStringLiteral("float32 (1,) [5.0] | bool (3,) [True, True, False] | bool (1,) [True]"));
  }

  // prepareLibraries (bench-compile's, before its clock) builds what the first load
  // would; loads after it, of library modules and numpy too, are the same.
  void preparedLibrariesLoadAlike() {
    const std::string body =
        program("from tinygrad import nn\nimport numpy as np\nl = nn.Linear(2, 1, bias=False)\n"
                "l.weight = Tensor([[1.0, 2.0]])\nout = l(Tensor(np.array([[3.0, 4.0]], "
                "dtype=np.float32)))");
    const QString before = run(body);
    QCOMPARE(before, QStringLiteral("float32 (1, 1) [11.0]"));
    uops::program::prepareLibraries();
    uops::program::prepareLibraries();
    QCOMPARE(run(body), before);
    QVERIFY(run(program("ok = Tensor.training\nout = Tensor.ones(1)"))
                .contains(QStringLiteral("type object 'Tensor' has no attribute 'training'")));
  }

  void missingFile() {
    QVERIFY_THROWS_EXCEPTION(std::runtime_error,
                             uops::program::loadProgramFile("/nonexistent/prog.py"));
  }
};

UOPSCOPE_TEST(TestLoader);
#include "test_loader.moc"
