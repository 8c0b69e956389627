// The bundled examples parse, verify, and are the graphs they say they are.
#include "tests/support/test_registry.h"
#include "tests/ir/ir_test.h"

#include "core/ir/shape.h"
#include "core/ir/text.h"
#include "core/ir/verify.h"

#include <QFile>
#include <QTest>

using namespace uops;
using irtest::qs;

namespace {

std::string readExample(const char* name) {
  QFile file(QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples/") + QString::fromUtf8(name));
  if (!file.open(QIODevice::ReadOnly)) return {};
  return file.readAll().toStdString();
}

// The spec's gemm for 4x4 @ 4x4: (A.reshape(4,4,1) * B.reshape(1,4,4)).sum(1).
UOpPtr matmul() {
  UOpPtr a = buffer(1, dtypes::float32, 16, irtest::cpu());
  UOpPtr b = buffer(2, dtypes::float32, 16, irtest::cpu());
  UOpPtr prod = expand(reshape(a, {4, 4, 1}), {4, 4, 4}) * expand(reshape(b, {1, 4, 4}), {4, 4, 4});
  return reshape(reduce(prod, Op::Add, {1}), {4, 4});
}

} // namespace

class TestExamples : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void matmul();
};

void TestExamples::matmul() {
  std::string text = readExample("matmul.uop");
  QVERIFY(!text.empty());
  UOpPtr root = parseGraph(text);
  UOpPtr expected = ::matmul();
  QCOMPARE(root.get(), expected.get());
  QCOMPARE(qs(formatErrors(verify(root))), QString());
  QCOMPARE(qs(toString(root->shape())), QStringLiteral("(4, 4)"));
  QCOMPARE(qs(toString(*root->device())), QStringLiteral("CPU"));
  // Apart from its header comment, the file is exactly what printGraph writes.
  QVERIFY(text.ends_with(printGraph(expected)));
}

UOPSCOPE_TEST(TestExamples);
#include "test_examples.moc"
