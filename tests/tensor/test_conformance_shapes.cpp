// The corpus programs transcribed to C++: every output has tinygrad's dtype and
// shape, and every graph obeys the spec.
#include "tests/support/test_registry.h"
#include "tests/tensor/conformance_expected.h"
#include "tests/tensor/conformance_programs.h"
#include "tests/tensor/tensor_test.h"

#include <QTest>

using namespace uops;
using tensortest::qs;

class TestConformanceShapes : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void program_data();
  void program();
};

void TestConformanceShapes::program_data() {
  QTest::addColumn<QString>("name");
  for (const auto& [name, fn] : tensortest::conformancePrograms())
    QTest::newRow(name.c_str()) << qs(name);
}

void TestConformanceShapes::program() {
  QFETCH(QString, name);
  const auto& expected = tensortest::conformanceExpected().at(name.toStdString());
  std::vector<Tensor> outs = tensortest::conformancePrograms().at(name.toStdString())();
  QCOMPARE(outs.size(), expected.size());
  for (size_t i = 0; i < outs.size(); ++i) {
    const auto& want = expected[i];
    Shape shape(want.shape.begin(), want.shape.end());
    QString where = QStringLiteral("output %1").arg(i);
    QVERIFY2(outs[i].shape() == shape,
             qPrintable(where + QStringLiteral(": shape ") + qs(tensortest::shapeText(outs[i])) +
                        QStringLiteral(" != ") + qs(toString(shape))));
    QVERIFY2(tensortest::dtypeText(outs[i]) == want.dtype,
             qPrintable(where + QStringLiteral(": dtype ") + qs(tensortest::dtypeText(outs[i]))));
    std::string errors = tensortest::verifyText(outs[i]);
    QVERIFY2(errors.empty(), qPrintable(where + QStringLiteral(": ") + qs(errors)));
  }
}

UOPSCOPE_TEST(TestConformanceShapes);
#include "test_conformance_shapes.moc"
