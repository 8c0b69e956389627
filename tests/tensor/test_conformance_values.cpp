// The corpus programs transcribed to C++, evaluated by the reference evaluator:
// the values tinygrad recorded, within the corpus's tolerances.
#include "tests/support/test_registry.h"
#include "tests/tensor/conformance_expected.h"
#include "tests/tensor/conformance_programs.h"
#include "tests/tensor/tensor_test.h"
#include "tests/tensor/value_check.h"

#include <QTest>

using namespace uops;
using tensortest::qs;

class TestConformanceValues : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void program_data();
  void program();
};

void TestConformanceValues::program_data() {
  QTest::addColumn<QString>("name");
  for (const auto& [name, fn] : tensortest::conformancePrograms())
    QTest::newRow(name.c_str()) << qs(name);
}

void TestConformanceValues::program() {
  QFETCH(QString, name);
  const auto& expected = tensortest::conformanceExpected().at(name.toStdString());
  std::vector<Tensor> outs = tensortest::conformancePrograms().at(name.toStdString())();
  QCOMPARE(outs.size(), expected.size());
  std::vector<UOpPtr> roots;
  for (const Tensor& t : outs)
    roots.push_back(t.uop());
  std::vector<HostTensor> values;
  try {
    values = ReferenceEvaluator().evaluate(roots);
  } catch (const std::exception& e) {
    QFAIL(e.what());
  }
  QStringList failures;
  for (size_t i = 0; i < outs.size(); ++i)
    if (auto why = tensortest::firstMismatch(values[i], expected[i].data))
      failures << QStringLiteral("output %1: %2").arg(i).arg(qs(*why));
  QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QStringLiteral("; "))));
}

UOPSCOPE_TEST(TestConformanceValues);
#include "test_conformance_values.moc"
