// The bundled examples (resources/examples/*.py) load, and their outputs
// equal tinygrad's (example_values.h, made by make_example_values.py) under
// the conformance corpus's tolerances.
#include "tests/support/test_registry.h"
#include "example_values.h"
#include "core/autobatch/module.h"
#include "program_test.h"

#include <QDir>
#include <QtTest>

#include <cmath>

using namespace programtest;

namespace {

bool close(double got, double want, std::string_view dtype) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  if (dtype != "float32" && dtype != "float64") return got == want;
  return std::fabs(got - want) <= 1e-5 + 1e-4 * std::fabs(want);
}

// The first difference between an output and tinygrad's, or "".
std::string mismatch(const uops::HostTensor& got, const ExpectedOutput& want) {
  std::string dtype(uops::scalarNumpyName(got.dtype().scalar));
  if (dtype != want.dtype) return fmt::format("dtype {}, expected {}", dtype, want.dtype);
  if (got.shape() != want.shape)
    return fmt::format("shape {}, expected {}", uops::toString(got.shape()),
                       uops::toString(want.shape));
  for (size_t i = 0; i < want.data.size(); ++i) {
    double g = got.getDouble(static_cast<int64_t>(i));
    if (!close(g, want.data[i], dtype))
      return fmt::format("[{}]: {}, expected {}", i, g, want.data[i]);
  }
  return "";
}

} // namespace

class TestExamples : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { uops::autobatch::installAutobatchModule(); } // autobatch_fib.py imports it

  void matchTinygrad_data() {
    QTest::addColumn<QString>("name");
    for (const auto& [name, outputs] : exampleValues())
      QTest::newRow(name.c_str()) << qs(name);
  }

  void matchTinygrad() {
    QFETCH(QString, name);
    std::string path = (examplesDir() + QLatin1Char('/') + name).toStdString();
    uops::program::LoadedProgram program = uops::program::loadProgramFile(path);
    const std::vector<ExpectedOutput>& want = exampleValues().at(name.toStdString());
    QCOMPARE(program.outputs.size(), want.size());
    std::vector<uops::HostTensor> got = uops::program::evaluateOnHost(program.outputTensors());
    for (size_t i = 0; i < want.size(); ++i) {
      std::string diff = mismatch(got[i], want[i]);
      QVERIFY2(diff.empty(), fmt::format("output {}: {}", i, diff).c_str());
    }
  }

  // Every example has recorded values, so a new example cannot go untested.
  void everyExampleIsChecked() {
    const QStringList files = QDir(examplesDir()).entryList({QStringLiteral("*.py")}, QDir::Files);
    QVERIFY(!files.isEmpty());
    for (const QString& file : files)
      QVERIFY2(exampleValues().count(file.toStdString()) == 1, qPrintable(file));
  }
};

UOPSCOPE_TEST(TestExamples);
#include "test_examples.moc"
