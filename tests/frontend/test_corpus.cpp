// Every tensor program in the shared corpus (conformance programs and
// benchmarks) parses, and runs its Python parts with a stand-in Tensor API;
// the outputs it selects match the count in the expected results.
#include "tests/support/test_registry.h"
#include "frontend/duck.h"

#include "core/frontend/interpreter.h"
#include "core/frontend/load_error.h"
#include "core/frontend/parser.h"

#include <QtTest>

using namespace uops::frontend;

namespace {

QString sharedDir() {
  return QStringLiteral(UOPSCOPE_SOURCE_DIR "/../shared");
}

QStringList programs() {
  QStringList out;
  // bench/compare.py is the benchmark driver, not a tensor program.
  for (const QString& sub : {QStringLiteral("conformance/programs"),
                             QStringLiteral("bench/compile"), QStringLiteral("bench/kernels")}) {
    QDirIterator it(sharedDir() + QLatin1Char('/') + sub, {QStringLiteral("*.py")}, QDir::Files);
    while (it.hasNext())
      out << it.next();
  }
  out.sort();
  return out;
}

std::string readFile(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return file.readAll().toStdString();
}

} // namespace

class TestCorpus : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    if (!QDir(sharedDir()).exists())
      QSKIP("the shared corpus (" UOPSCOPE_SOURCE_DIR
            "/../shared) is not present in this checkout");
    // The corpus is known to hold more than 50 conformance programs and the
    // benchmark programs; a glob that finds few means a broken path.
    QVERIFY(programs().size() >= 60);
  }

  void parses_data() {
    QTest::addColumn<QString>("path");
    for (const QString& p : programs())
      QTest::newRow(qPrintable(QDir(sharedDir()).relativeFilePath(p))) << p;
  }
  void parses() {
    QFETCH(QString, path);
    try {
      auto program = parseProgram(path.toStdString(), readFile(path));
      QVERIFY(!program->module.body.empty());
    } catch (const LoadError& e) {
      QFAIL(e.what());
    }
  }

  void runs_data() { parses_data(); }
  void runs() {
    QFETCH(QString, path);
    Interpreter interpreter;
    int iterations = 0;
    test::registerDucks(interpreter, &iterations);
    try {
      interpreter.load(path.toStdString(), readFile(path));
    } catch (const LoadError& e) {
      QFAIL(e.what());
    }
    // Every program ends by assigning its outputs to `out`.
    QVERIFY(interpreter.global("out").has_value());
    QVERIFY(interpreter.result().lastAssignment.has_value());
    auto isDuck = [](const Value& v) { return v.isObject() && v.object()->typeName() == "Tensor"; };
    std::vector<Value> outputs = selectOutputs(interpreter.result(), isDuck);
    QVERIFY(!outputs.empty());

    QString expectedPath = path;
    expectedPath.replace(QStringLiteral(".py"), QStringLiteral(".expected.json"));
    if (!QFile::exists(expectedPath) || iterations > 0)
      return; // benchmarks have no expected file; iterating a duck changes counts
    QJsonDocument expected =
        QJsonDocument::fromJson(QByteArray::fromStdString(readFile(expectedPath)));
    QCOMPARE(static_cast<qsizetype>(outputs.size()),
             expected.object().value(QStringLiteral("outputs")).toArray().size());
  }
};

UOPSCOPE_TEST(TestCorpus);
#include "test_corpus.moc"
