// A Wmma's tile in its arg: "MxNxK" round-trips, any other text is refused,
// and the verifier says so on the node.
#include "tests/support/test_registry.h"
#include "core/ir/build.h"
#include "core/ir/verify.h"
#include "core/ir/wmma_tile.h"

#include <QTest>

using namespace uops;

class TestWmmaTile : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void roundTrip() {
    for (WmmaTile t : {WmmaTile{8, 8, 4}, WmmaTile{1, 16, 2}, WmmaTile{32, 1, 1}, WmmaTile{16, 8, 16, WarpLayout::Nvidia},
                       WmmaTile{16, 16, 16, WarpLayout::Amd}})
      QCOMPARE(parseWmmaTile(formatWmmaTile(t)), std::optional<WmmaTile>(t));
    QCOMPARE(QString::fromStdString(formatWmmaTile({8, 8, 4})), QStringLiteral("8x8x4"));
    QCOMPARE(QString::fromStdString(formatWmmaTile({16, 8, 16, WarpLayout::Nvidia})), QStringLiteral("16x8x16 nvidia"));
  }

  void refused() {
    for (const char* text : {"", "8x8", "8x8x", "8x8x4x", "8x8x4 ", "0x8x4", "8x-1x4", "8*8*4", "x8x8x4", "8x8x4 intel", "8x8x4  amd",
                             "8x8x4amd"})
      QVERIFY2(!parseWmmaTile(text), text);
  }

  void verifierChecksTheArg() {
    UOpPtr a = constant(dtypes::float32, 1.0);
    UOpPtr good = UOp::make(Op::Wmma, dtypes::float32, {a, a, a}, std::string("8x8x4"));
    QVERIFY(verify(good).empty());
    UOpPtr bad = UOp::make(Op::Wmma, dtypes::float32, {a, a, a}, std::string("8x8"));
    QVERIFY(!verify(bad).empty());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, wmmaTileOf(*bad));
    QCOMPARE(wmmaTileOf(*good), (WmmaTile{8, 8, 4}));
  }
};

UOPSCOPE_TEST(TestWmmaTile);
#include "test_wmma_tile.moc"
