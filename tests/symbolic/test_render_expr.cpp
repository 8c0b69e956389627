// renderExpr: infix text for index math, parentheses only where needed.
#include "tests/support/test_registry.h"
#include "tests/symbolic/symbolic_test.h"

#include <QTest>

using namespace uops;
using namespace symtest;

class TestRenderExpr : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void render_data();
  void render();
  void defaultNames();
  void deepChainIsTruncated();
  void sharedGraphIsBounded();
};

void TestRenderExpr::render_data() {
  QTest::addColumn<UOpPtr>("input");
  QTest::addColumn<QString>("expected");
  auto row = [](const char* name, const UOpPtr& in, const char* out) {
    QTest::newRow(name) << in << QString::fromUtf8(out);
  };
  row("sum", x() + y(), "x+y");
  row("left chain", (x() + y()) + z(), "x+y+z");
  row("right nested", alu(Op::Add, {x(), y() + z()}), "x+(y+z)");
  row("mul binds tighter", x() * 4 + y(), "x*4+y");
  row("sum in product", (x() + y()) * 4, "(x+y)*4");
  row("the classic", (x() * 4 + y()) / 4, "(x*4+y)//4");
  row("mod", (x() * 4 + y()) % 4, "(x*4+y)%4");
  row("mod then div", x() % 4 / 2, "x%4//2");
  row("div of div on the right", alu(Op::Idiv, {x(), y() / 2}), "x//(y//2)");
  row("negative const", x() * -1, "x*-1");
  row("sub builds add of neg", x() - y(), "x+y*-1");
  row("lt", lt(x() + 1, 16), "x+1<16");
  row("ne of lt", ne(lt(x(), 4), boolean(true)), "(x<4)!=True");
  row("bitwise", (i() & i32(3)) | (i() ^ i32(1)), "i&3|i^1");
  row("shifts", alu(Op::Shl, {i() + i32(1), i32(2)}), "i+1<<2"); // Python: + binds tighter than <<
  row("max", maximum(x(), y() + 1), "max(x, y+1)");
  row("where", where(lt(x(), 8), x(), y()), "where(x<8, x, y)");
  row("cast", cast(x() + 1, dtypes::int32), "cast(x+1, int)");
  row("float consts", f() * f32(2) + f32(0.5), "f*2.0+0.5");
  row("bool consts", where(b(), boolean(true), boolean(false)), "where(b, True, False)");
  row("other ops by name", UOp::make(Op::Sqrt, dtypes::float32, {f()}), "Sqrt(f)");
  row("uint64 max", constant(dtypes::uint64, int64_t(-1)), "18446744073709551615");
}

void TestRenderExpr::render() {
  QFETCH(UOpPtr, input);
  QFETCH(QString, expected);
  QCOMPARE(qrender(input), expected);
}

void TestRenderExpr::defaultNames() {
  QCOMPARE(QString::fromStdString(renderExpr(x() * 4 + range(8, 7))), QStringLiteral("r0*4+r7"));
  QCOMPARE(QString::fromStdString(renderExpr(a() + 1)), QStringLiteral("p0+1"));
  UOpPtr special = UOp::make(Op::Special, dtypes::index, {idx(32)}, std::string("gidx0"));
  QCOMPARE(QString::fromStdString(renderExpr(special * 4)), QStringLiteral("gidx0*4"));
  QCOMPARE(QString::fromStdString(renderExpr(UOpPtr())), QStringLiteral("<null>"));
}

// 200000 nested adds render iteratively and stop at maxLength.
void TestRenderExpr::deepChainIsTruncated() {
  UOpPtr g = x();
  for (int n = 0; n < 200000; ++n)
    g = alu(Op::Add, {idx(1), g});
  RenderOptions opts;
  opts.maxLength = 100;
  std::string s = renderExpr(g, opts);
  QCOMPARE(s.size(), size_t(103));
  QVERIFY(s.ends_with("..."));
  QVERIFY(s.starts_with("1+(1+(1+("));
}

// n_{k+1} = n_k * n_k: the tree is 2^40 leaves, the text stops at maxLength.
void TestRenderExpr::sharedGraphIsBounded() {
  UOpPtr g = x();
  for (int n = 0; n < 40; ++n)
    g = g * g;
  std::string s = symtest::render(g);
  QCOMPARE(s.size(), RenderOptions{}.maxLength + 3);
  QVERIFY(s.starts_with("x*x*(x*x)*(x*x*(x*x))"));
}

UOPSCOPE_TEST(TestRenderExpr);
#include "test_render_expr.moc"
