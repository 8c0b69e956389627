// numpy in tensor programs: each program of numpy_cases.h prints exactly what
// numpy 1.24 printed for it (arrays' text, promotion, reductions, indexing,
// and the seeded generators' numbers); what numpy here leaves out is a load
// error that names it, at its line.
#include "tests/support/test_registry.h"
#include "numpy_cases.h"

#include "core/frontend/interpreter.h"
#include "core/frontend/load_error.h"
#include "core/numpy/numpy_module.h"

#include <QtTest>

using namespace uops;

namespace {

// What the program printed, then "error: <line>:<col>: <message>" if it failed.
QString runNumpy(const std::string& body) {
  frontend::Interpreter interpreter;
  numpy::installNumpy(interpreter);
  std::string out;
  interpreter.setPrintSink([&](std::string_view text) { out += text; });
  try {
    interpreter.load("n.py", "import numpy as np\n" + body);
  } catch (const frontend::LoadError& e) {
    out += "error: " + std::to_string(e.line()) + ":" + std::to_string(e.col()) + ": " + e.message();
  }
  return QString::fromStdString(out);
}

} // namespace

class TestNumpy : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void matchesNumpy_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    for (const numpycases::Case& c : numpycases::kCases)
      QTest::newRow(c.name) << QString::fromUtf8(c.source) << QString::fromUtf8(c.expected);
  }
  void matchesNumpy() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QString got = runNumpy(source.toStdString());
    if (got != expected) qWarning().noquote() << "got:\n" << got << "\nexpected:\n" << expected;
    QCOMPARE(got, expected);
  }

  void whereTheLineIs_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    QTest::newRow("a submodule left out")
        << QStringLiteral("x = np.arange(4)\ny = np.fft.fft(x)")
        << QStringLiteral("error: 3:12: numpy.fft.fft is not supported: numpy.fft is not part of numpy here");
    QTest::newRow("linalg") << QStringLiteral("n = np.linalg.norm([3, 4])")
                            << QStringLiteral("error: 2:15: numpy.linalg.norm is not supported: numpy.linalg is "
                                              "not part of numpy here");
    QTest::newRow("an unknown function")
        << QStringLiteral("y = np.cumsum([1, 2])")
        << QStringLiteral("error: 2:8: module 'numpy' has no attribute 'cumsum'");
    QTest::newRow("ziggurat")
        << QStringLiteral("g = np.random.default_rng(0)\nz = g.standard_normal(3)")
        << QStringLiteral("error: 3:7: Generator.standard_normal (numpy's ziggurat sampler) is not "
                          "supported; np.random.seed with np.random.randn or np.random.normal gives "
                          "numpy's numbers");
    QTest::newRow("broadcast")
        << QStringLiteral("z = np.ones(2) + np.ones(3)")
        << QStringLiteral("error: 2:16: operands could not be broadcast together with shapes (2,) (3,)");
    QTest::newRow("reshape")
        << QStringLiteral("z = np.arange(6).reshape(4, -1)")
        << QStringLiteral("error: 2:18: cannot reshape array of size 6 into shape (4,newaxis)");
    QTest::newRow("index") << QStringLiteral("z = np.arange(3)[3]")
                           << QStringLiteral("error: 2:17: index 3 is out of bounds for axis 0 with size 3");
    QTest::newRow("dtype") << QStringLiteral("z = np.zeros(2, dtype='float16')")
                           << QStringLiteral("error: 2:8: data type 'float16' not understood (numpy here has "
                                             "bool, uint8, int32, int64, float32, float64)");
    QTest::newRow("ambiguous truth")
        << QStringLiteral("if np.arange(3) > 1:\n  pass")
        << QStringLiteral("error: 2:4: The truth value of an array with more than one element is ambiguous. "
                          "Use a.any() or a.all()");
  }
  // numpy seeds an unseeded generator from the OS; here it starts as
  // np.random.seed(0) would, so a load gives the same numbers every time.
  void unseededIsSeedZero() {
    QCOMPARE(runNumpy("a = np.random.rand(2).tolist()\nnp.random.seed(0)\nprint(a == np.random.rand(2).tolist(), a)"),
             QStringLiteral("True [0.5488135039273248, 0.7151893663724195]\n"));
  }

  void whereTheLineIs() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(runNumpy(source.toStdString()), expected);
  }
};

UOPSCOPE_TEST(TestNumpy);
#include "test_numpy.moc"
