// pmSymbolic, law by law: input built with the builders over variables with
// known ranges (x in [0,15], y in [0,3], z in [0,7]; a any index, i any int32,
// f any float, b any bool), output compared as rendered text.
#include "tests/support/test_registry.h"
#include "tests/symbolic/symbolic_test.h"

#include "core/rewrite/trace.h"
#include "core/symbolic/symbolic.h"

#include <QTest>

#include <cmath>

using namespace uops;
using namespace symtest;

class TestSimplify : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void identities_data();
  void identities();
  void simplifiedIsFixedPoint_data() { identities_data(); }
  void simplifiedIsFixedPoint();
  void tensorShapesKept();
  void canonicalOrderIgnoresBuildOrder();
  void rulesNamedInTrace();
};

void TestSimplify::identities_data() {
  QTest::addColumn<UOpPtr>("input");
  QTest::addColumn<QString>("expected");
  auto row = [](const char* name, const UOpPtr& in, const char* out) {
    QTest::newRow(name) << in << QString::fromUtf8(out);
  };
  // Constant folding, exact per dtype.
  row("add consts", idx(3) + idx(4), "7");
  row("int32 wraps", i32(2147483647) + i32(1), "-2147483648");
  row("uint8 wraps", constant(dtypes::uint8, int64_t(250)) + constant(dtypes::uint8, int64_t(10)),
      "4");
  row("int8 mul wraps", constant(dtypes::int8, int64_t(100)) * constant(dtypes::int8, int64_t(3)),
      "44");
  row("idiv truncates", idx(-7) / idx(2), "-3");
  row("mod sign of dividend", idx(-7) % idx(2), "-1");
  row("mod positive", idx(7) % idx(-2), "1");
  row("div by zero stays", idx(7) / idx(0), "7//0");
  row("shl", alu(Op::Shl, {i32(1), i32(31)}), "-2147483648");
  row("shr arithmetic", alu(Op::Shr, {i32(-8), i32(1)}), "-4");
  row("shift too far stays", alu(Op::Shl, {i32(1), i32(32)}), "1<<32");
  row("and or xor", (i32(12) & i32(10)) + (i32(12) | i32(10)) + (i32(12) ^ i32(10)), "28");
  row("max consts", maximum(idx(3), idx(-5)), "3");
  row("cmplt consts", lt(idx(3), idx(4)), "True");
  row("cmpne consts", ne(idx(3), idx(3)), "False");
  row("float add rounds to float32", f32(0.1) + f32(0.2), "0.30000001192092896");
  row("half rounds", constant(dtypes::float16, 1.0) + constant(dtypes::float16, 0.0001), "1.0");
  row("half overflows to inf",
      constant(dtypes::float16, 60000.0) + constant(dtypes::float16, 10000.0), "inf");
  row("bfloat16 ties to even",
      constant(dtypes::bfloat16, 1.0) + constant(dtypes::bfloat16, 1.0 / 256), "1.0");
  row("bfloat16 rounds up", constant(dtypes::bfloat16, 1.0) + constant(dtypes::bfloat16, 3.0 / 512),
      "1.0078125");
  row("float NaN != NaN", ne(f32(NAN), f32(NAN)), "True");
  row("float max with NaN stays", maximum(f32(NAN), f32(1)), "max(1.0, nan)");
  row("recip", alu(Op::Recip, {f32(4)}), "0.25");
  row("cast float to int truncates", cast(f32(-2.7), dtypes::int32), "-2");
  row("cast int to uint8 wraps", cast(i32(300), dtypes::uint8), "44");
  row("cast int to bool", cast(i32(5), dtypes::bool_), "True");
  row("where const cond", where(boolean(false), idx(1), idx(2)), "2");
  // Identities.
  row("x+0", x() + 0, "x");
  row("0+x", 0 + x(), "x");
  row("x*1", x() * 1, "x");
  row("x*0", a() * 0, "0");
  row("f*1", f() * f32(1), "f");
  row("f*0 stays", f() * f32(0), "f*0.0");
  row("x//1", a() / 1, "a");
  row("x%1", a() % 1, "0");
  row("x&x", i() & i(), "i");
  row("x|x", i() | i(), "i");
  row("x^x", i() ^ i(), "0");
  row("x|0", i() | i32(0), "i");
  row("x^0", i() ^ i32(0), "i");
  row("x&0", i() & i32(0), "0");
  row("b&True", b() & boolean(true), "b");
  row("b|True", b() | boolean(true), "True");
  row("where(c,a,a)", where(b(), a(), a()), "a");
  row("where(c,True,False)", where(b(), boolean(true), boolean(false)), "b");
  row("where(c,where(c,a,b),d)", where(b(), where(b(), a(), idx(1)), idx(2)), "where(b, a, 2)");
  row("where(c,a,where(c,b,d))", where(b(), a(), where(b(), idx(1), idx(2))), "where(b, a, 2)");
  row("max(x,x)", maximum(a(), a()), "a");
  row("not not", ne(ne(b(), boolean(true)), boolean(true)), "b");
  row("cast to own dtype", cast(a(), dtypes::index), "a");
  row("cast back from wider", cast(cast(i(), dtypes::int64), dtypes::int32), "i");
  row("cast back from narrower stays", cast(cast(a(), dtypes::int32), dtypes::index),
      "cast(cast(a, int), index)");
  row("cast back from wider float", cast(cast(f(), dtypes::float64), dtypes::float32), "f");
  row("cast through wider", cast(cast(f(), dtypes::float64), dtypes::float16), "cast(f, half)");
  row("cast through narrower stays", cast(cast(f(), dtypes::float16), dtypes::float32),
      "cast(cast(f, half), float)");
  row("cast through bfloat16 stays", cast(cast(f(), dtypes::bfloat16), dtypes::float64),
      "cast(cast(f, bfloat16), double)");
  row("cast through int stays", cast(cast(f(), dtypes::int32), dtypes::float32), "cast(cast(f, int), float)");
  // Reassociation, like terms, canonical sums.
  row("(x+c1)+c2", (a() + 3) + 4, "a+7");
  row("(x*c1)*c2", (a() * 3) * 4, "a*12");
  row("x+x", a() + a(), "a*2");
  row("(f*2)*c: x*2 exact", (f() * f32(2)) * f32(-1.5), "f*-3.0");
  row("(f*c)*-1: negation", (f() * f32(0.3)) * f32(-1), "f*-0.30000001192092896");
  row("(f*-1)*c: negation", (f() * f32(-1)) * f32(0.3), "f*-0.30000001192092896");
  row("(f*2)*c stays for |c| < 1", (f() * f32(2)) * f32(0.75), "f*2.0*0.75");
  row("(f*0.5)*c stays", (f() * f32(0.5)) * f32(3), "f*0.5*3.0");
  row("(f*c)*2 stays", (f() * f32(3)) * f32(2), "f*3.0*2.0");
  row("(f*2)*c stays if c*2 overflows", (f() * f32(2)) * f32(3e38), "f*2.0*3e+38");
  row("f+f", f() + f(), "f*2.0");
  row("x*c1+x*c2", a() * 3 + a() * 5, "a*8");
  row("x*c+x", a() * 3 + a(), "a*4");
  row("x-x", a() - a(), "0");
  row("constants outward", (x() + 3) + y(), "x+y+3");
  row("sorted terms", (z() + y()) + x(), "x+y+z");
  row("like terms across a sum", ((x() * 2 + y()) + x() * 3) + 1, "x*5+y+1");
  row("distribute const mul in sum", (x() + 1) * 4 + y(), "x*4+y+4");
  row("const first in product", 3 * a(), "a*3");
  row("product constants outward", (x() * 2) * y(), "x*y*2");
  // Division and modulo by constants and known ranges.
  row("(x*4+y)//4", (x() * 4 + y()) / 4, "x");
  row("(x*4+y)%4", (x() * 4 + y()) % 4, "y");
  row("(y+x*4)//4", (y() + x() * 4) / 4, "x");
  row("x//c small", y() / 4, "0");
  row("x%c small", y() % 4, "y");
  row("x%c large stays", x() % 4, "x%4");
  row("(x*c)%c", (x() * 6) % 6, "0");
  row("(x*c)//c", (x() * 6) / 6, "x");
  row("(x*c)%c may wrap stays", (a() * 6) % 6, "a*6%6");
  row("(x*c)//c int32 may wrap", (i() * 6) / 6, "i*6//6");
  row("(x//a)//b", (a() / 3) / 5, "a//15");
  row("(x%a)%b", (a() % 12) % 4, "a%4");
  row("(x%a)%b not dividing stays", (a() % 12) % 5, "a%12%5");
  row("split remainder", (x() * 4 + z()) / 4, "x+z//4");
  row("split remainder mod", (x() * 4 + z()) % 4, "z%4");
  row("fold bucket", (x() * 8 + y() + 4) / 8, "x");
  row("fold bucket mod", (x() * 8 + y() + 4) % 8, "y+4");
  // a flat index unflattened and flattened again is the flat index
  row("recombine mod and div", a() % 8 + (a() / 8) * 8, "a");
  row("recombine digits", a() % 4 + ((a() / 4) % 8) * 4, "a%32");
  row("recombine scaled digits", (a() % 4) * 3 + ((a() / 4) % 8) * 12 + x(), "x+a%32*3");
  row("recombine needs matching scale", a() % 4 + ((a() / 4) % 8) * 5, "a%4+a//4%8*5");
  row("exact multiple any sign", ((x() - 8) * 4 + (x() - 8) * 8) / 4, "x*3+-24");
  row("exact multiple any sign mod", ((x() - 8) * 12 + y() * 4) % 4, "0");
  row("common factor div", (x() * 4 + y()) / 8, "x//2");
  row("common factor mod", (x() * 4 + y()) % 8, "y+x%2*4");
  row("negative dividend stays", (a() * 4 + y()) / 4, "(a*4+y)//4");
  row("x//x", (x() + 1) / (x() + 1), "1");
  row("x%x", (x() + 1) % (x() + 1), "0");
  row("x//x may be zero stays", x() / x(), "x//x");
  row("nested index math", ((x() * 4 + y()) % 16) / 4, "x%4");
  // Comparisons by intervals.
  row("x<16 always", lt(x(), 16), "True");
  row("x<0 never", lt(x(), 0), "False");
  row("x!=20", ne(x(), 20), "True");
  row("x<x", lt(a(), a()), "False");
  row("x!=x", ne(a(), a()), "False");
  row("x+c<k", lt(x() + 3, 10), "x<7");
  row("x*c<k", lt(x() * 4, 10), "x<3");
  row("x*4+y<8", lt(x() * 4 + y(), 8), "x<2");
  row("where decided", where(lt(x(), 16), y(), z()), "y");
  row("max decided", maximum(x() + 16, y()), "x+16");
  row("max undecided stays", maximum(x(), z()), "max(x, z)");
  row("range-decided mod", (x() + 16) % 16, "x");
  row("single value fold", (y() + 4) / 8, "0");
}

void TestSimplify::identities() {
  QFETCH(UOpPtr, input);
  QFETCH(QString, expected);
  QCOMPARE(qrender(simplify(input)), expected);
}

void TestSimplify::simplifiedIsFixedPoint() {
  QFETCH(UOpPtr, input);
  UOpPtr once = simplify(input);
  QVERIFY(simplify(once) == once);
  QVERIFY(graphRewrite(input, pmSymbolic(), {.topDown = true}) == once ||
          simplify(graphRewrite(input, pmSymbolic(), {.topDown = true})) == once);
}

// A rule never turns a tensor into a scalar.
void TestSimplify::tensorShapesKept() {
  UOpPtr t = param(5, dtypes::int32, {3, 4});
  UOpPtr out = simplify(t * i32(0));
  QCOMPARE(out->shape(), (Shape{3, 4}));
  QVERIFY(simplify(t * i32(1)) == t);
  QVERIFY(simplify(where(param(6, dtypes::bool_, {3, 4}), i32(1), i32(1)))->shape() ==
          (Shape{3, 4}));
}

void TestSimplify::canonicalOrderIgnoresBuildOrder() {
  UOpPtr one = simplify(((x() * 4 + y()) + z() * 2) + 1);
  UOpPtr two = simplify(((1 + z() * 2) + y()) + 4 * x());
  QVERIFY(one == two);
  QCOMPARE(qrender(one), QStringLiteral("x*4+y+z*2+1"));
  QVERIFY(simplify(maximum(z(), x())) == simplify(maximum(x(), z())));
  QVERIFY(simplify(i() * alu(Op::Mul, {i(), i32(3)})) ==
          simplify(alu(Op::Mul, {i(), i32(3)}) * i()));
}

void TestSimplify::rulesNamedInTrace() {
  TraceRecorder rec;
  UOpPtr out = simplify((x() * 4 + y()) / 4);
  QCOMPARE(qrender(out), QStringLiteral("x"));
  const TraceStep& s = rec.steps().at(0);
  QCOMPARE(QString::fromStdString(s.name), QStringLiteral("simplify"));
  QVERIFY(!s.rewrites.empty());
  QCOMPARE(QString::fromStdString(s.rewrites.back().rule.name()),
           QStringLiteral("divide linear sum"));
  QVERIFY(std::string_view(s.rewrites.back().rule.location().file_name())
              .ends_with("symbolic_divmod.cpp"));
  QVERIFY(s.rootAfter(s.rewrites.size()) == out);
}

UOPSCOPE_TEST(TestSimplify);
#include "test_simplify.moc"
