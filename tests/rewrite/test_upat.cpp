// The pattern language: each feature of UPat and of PatternMatcher dispatch.
#include "tests/support/test_registry.h"
#include "tests/rewrite/rewrite_test.h"

#include "core/rewrite/pattern_matcher.h"

#include <QTest>

#include <stdexcept>

using namespace uops;
using rwtest::qs;
using rwtest::show;
using rwtest::r0;
using rwtest::r1;
using rwtest::idx;
using rwtest::keepX;
using rwtest::i32;
using rwtest::f32;

Q_DECLARE_METATYPE(uops::UPat)

namespace {

// "no match", or the listed captures as "x=r0 c=3".
QString matchText(const UPat& pattern, const UOpPtr& node, const QString& names) {
  Match m(node, nullptr);
  if (!matchPattern(pattern, node, m)) return QStringLiteral("no match");
  QStringList parts;
  for (const QString& name : names.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    const UOpPtr* c = m.find(name.toStdString());
    parts << name + QLatin1Char('=') + (c ? qs(show(*c)) : QStringLiteral("?"));
  }
  return parts.isEmpty() ? QStringLiteral("match") : parts.join(QLatin1Char(' '));
}

} // namespace

class TestUPat : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void matching_data();
  void matching();
  void captureUndoneOnBacktrack();
  void matchGivesRootAndContext();
  void missingCaptureThrows();
  void patternText();
  void ruleNameAndLocation();
  void dispatchByRootOp();
  void compositionKeepsOrder();
  void nullptrMeansNoChange();
  void sameNodeMeansNoChange();
  void capturingLambdaRule();
};

void TestUPat::matching_data() {
  QTest::addColumn<UPat>("pattern");
  QTest::addColumn<UOpPtr>("node");
  QTest::addColumn<QString>("names");
  QTest::addColumn<QString>("expected");
  const UPat x = UPat::var("x");
  // Ops: one op or a set.
  QTest::newRow("op") << UPat::op(Op::Range) << r0() << ""
                      << "match";
  QTest::newRow("op differs") << UPat::op(Op::Range) << idx(3) << ""
                              << "no match";
  QTest::newRow("op set add") << UPat::ops({Op::Add, Op::Mul}) << r0() + 1 << ""
                              << "match";
  QTest::newRow("op set mul") << UPat::ops({Op::Add, Op::Mul}) << r0() * 2 << ""
                              << "match";
  QTest::newRow("op set idiv") << UPat::ops({Op::Add, Op::Mul}) << r0() / 2 << ""
                               << "no match";
  // Dtypes: a set (exact or scalar) or a class.
  QTest::newRow("dtype in set") << UPat::var("x", {dtypes::int32, dtypes::int64}) << i32(1) << "x"
                                << "x=1";
  QTest::newRow("dtype not in set") << UPat::var("x", {dtypes::int64}) << i32(1) << "x"
                                    << "no match";
  QTest::newRow("dtype scalar of vector")
      << UPat::var("x", {dtypes::float32})
      << UOp::make(Op::Stack, dtypes::float32.vec(2), {f32(1), f32(2)}) << ""
      << "match";
  QTest::newRow("dtype class float") << UPat::var("x").dtypeIf(isFloatDType) << f32(1) << ""
                                     << "match";
  QTest::newRow("dtype class float, int") << UPat::var("x").dtypeIf(isFloatDType) << i32(1) << ""
                                          << "no match";
  // Args: exact value or predicate.
  QTest::newRow("arg exact") << UPat::op(Op::Range).arg(RangeArg{1, AxisType::Loop}) << r1() << ""
                             << "match";
  QTest::newRow("arg exact differs")
      << UPat::op(Op::Range).arg(RangeArg{1, AxisType::Loop}) << r0() << ""
      << "no match";
  QTest::newRow("arg predicate") << UPat::op(Op::Range).argIf([](const Arg& a) {
    return std::get<RangeArg>(a).id > 0;
  }) << r1() << ""
                                 << "match";
  QTest::newRow("arg predicate fails")
      << UPat::op(Op::Range).argIf([](const Arg& a) { return std::get<RangeArg>(a).id > 0; })
      << r0() << ""
      << "no match";
  // Constant patterns compare numerically, across dtypes.
  QTest::newRow("const 1 int") << UPat(1) << i32(1) << ""
                               << "match";
  QTest::newRow("const 1 float") << UPat(1) << f32(1.0) << ""
                                 << "match";
  QTest::newRow("const 1 bool") << UPat(1) << constant(dtypes::bool_, true) << ""
                                << "match";
  QTest::newRow("const 1 vs 2") << UPat(1) << i32(2) << ""
                                << "no match";
  QTest::newRow("const 0.5") << UPat(0.5) << f32(0.5) << ""
                             << "match";
  QTest::newRow("cvar") << UPat::cvar("c") << i32(7) << "c"
                        << "c=7";
  QTest::newRow("cvar not const") << UPat::cvar("c") << r0() << "c"
                                  << "no match";
  // Commutative ops try both orders; others do not.
  QTest::newRow("x*1") << x * 1 << r0() * 1 << "x"
                       << "x=r0";
  QTest::newRow("1*x") << x * 1 << alu(Op::Mul, {idx(1), r0()}) << "x"
                       << "x=r0";
  QTest::newRow("x+c, c first") << x + UPat::cvar("c") << alu(Op::Add, {idx(3), r0()}) << "x c"
                                << "x=r0 c=3";
  QTest::newRow("x//2 in order") << x / 2 << r0() / 2 << "x"
                                 << "x=r0";
  QTest::newRow("x//2 not swapped") << x / 2 << alu(Op::Idiv, {idx(2), r0()}) << "x"
                                    << "no match";
  QTest::newRow("inOrder") << (x * 1).inOrder() << alu(Op::Mul, {idx(1), r0()}) << "x"
                           << "no match";
  QTest::newRow("srcAnyOrder") << UPat::op(Op::Idiv).srcAnyOrder({x, UPat(2)})
                               << alu(Op::Idiv, {idx(2), r0()}) << "x"
                               << "x=r0";
  // A name captured twice is the same node.
  QTest::newRow("x+x same") << x + x << r0() + r0() << "x"
                            << "x=r0";
  QTest::newRow("x+x differs") << x + x << r0() + r1() << "x"
                               << "no match";
  // Backtracking: the inner permutation that binds x = 3 is wrong for the outer x.
  QTest::newRow("x*c+x backtracks")
      << (x * UPat::cvar("c")) + x << alu(Op::Add, {alu(Op::Mul, {idx(5), idx(3)}), idx(3)})
      << "x c"
      << "x=3 c=5";
  // Source lists: fixed length, prefix, repeated pattern of any length.
  QTest::newRow("fixed length") << UPat::op(Op::Sink, {x}) << sink({r0(), r1()}) << ""
                                << "no match";
  QTest::newRow("prefix") << UPat::op(Op::Sink).srcPrefix({x}) << sink({r0(), r1()}) << "x"
                          << "x=r0";
  QTest::newRow("prefix too short") << UPat::op(Op::Sink).srcPrefix({x, x}) << sink({r0()}) << ""
                                    << "no match";
  QTest::newRow("repeat three") << UPat::op(Op::Sink).srcRepeat(UPat::op(Op::Const))
                                << sink({idx(1), idx(2), idx(3)}) << ""
                                << "match";
  QTest::newRow("repeat empty") << UPat::op(Op::Sink).srcRepeat(UPat::op(Op::Const)) << sink({})
                                << ""
                                << "match";
  QTest::newRow("repeat one fails")
      << UPat::op(Op::Sink).srcRepeat(UPat::op(Op::Const)) << sink({idx(1), r0()}) << ""
      << "no match";
  QTest::newRow("repeat capture same")
      << UPat::op(Op::Sink).srcRepeat(x) << sink({r0(), r0()}) << "x"
      << "x=r0";
  QTest::newRow("repeat capture differs")
      << UPat::op(Op::Sink).srcRepeat(x) << sink({r0(), r1()}) << "x"
      << "no match";
  // Node predicates.
  QTest::newRow("filter") << x.filter([](const UOp& u) { return u.op() == Op::Range; }) << r0()
                          << ""
                          << "match";
  QTest::newRow("filter fails") << x.filter([](const UOp& u) { return u.op() == Op::Range; })
                                << idx(1) << ""
                                << "no match";
  // Nested captures with names on inner op patterns.
  QTest::newRow("named inner") << UPat::op(Op::Idiv,
                                           {(x * UPat::cvar("c")).named("prod"), UPat::cvar("d")})
                               << (r0() * 4) / 2 << "x c d prod"
                               << "x=r0 c=4 d=2 prod=Mul(r0, 4)";
}

void TestUPat::matching() {
  QFETCH(UPat, pattern);
  QFETCH(UOpPtr, node);
  QFETCH(QString, names);
  QFETCH(QString, expected);
  QCOMPARE(matchText(pattern, node, names), expected);
}

// A failed first order must leave no capture behind for the second.
void TestUPat::captureUndoneOnBacktrack() {
  UPat p =
      UPat::var("a").filter([](const UOp& u) { return u.op() == Op::Range; }) + UPat::cvar("b");
  UOpPtr node = alu(Op::Add, {idx(2), r0()});
  Match m(node, nullptr);
  QVERIFY(matchPattern(p, node, m));
  QCOMPARE(m.size(), size_t(2));
  QCOMPARE(show(m["a"]), std::string("r0"));
  QCOMPARE(show(m["b"]), std::string("2"));
  // A failing match leaves the Match empty.
  Match none(node, nullptr);
  QVERIFY(!matchPattern(UPat::var("x") * 1, node, none));
  QCOMPARE(none.size(), size_t(0));
}

void TestUPat::matchGivesRootAndContext() {
  int context = 41;
  UOpPtr node = r0() + 0;
  PatternMatcher pm{rule("ctx", UPat::var("x") + 0, [](const Match& m) {
    ++m.ctx<int>();
    return m.root()->src(0); // the root is the matched Add
  })};
  QCOMPARE(show(pm.rewrite(node, &context)), std::string("r0"));
  QCOMPARE(context, 42);
}

void TestUPat::missingCaptureThrows() {
  UOpPtr node = r0();
  Match m(node, nullptr);
  UPat x = UPat::var("x"); // a Match refers to its pattern's names: the pattern outlives it
  QVERIFY(matchPattern(x, node, m));
  QVERIFY_THROWS_EXCEPTION(std::out_of_range, m["y"]);
  QVERIFY(m.find("y") == nullptr);
}

void TestUPat::patternText() {
  QCOMPARE(qs((UPat::var("x") * 1).toString()), QStringLiteral("Mul(x, 1)"));
  QCOMPARE(qs((UPat::var("x") + UPat::cvar("c")).toString()), QStringLiteral("Add(x, c:Const)"));
  QCOMPARE(qs(UPat::ops({Op::Add, Op::Mul}).toString()), QStringLiteral("{Add|Mul}"));
  QCOMPARE(qs(UPat::op(Op::Sink).srcRepeat(UPat::var("x")).toString()),
           QStringLiteral("Sink(x...)"));
  QCOMPARE(qs(UPat().toString()), QStringLiteral("_"));
}

void TestUPat::ruleNameAndLocation() {
  const int line = __LINE__ + 1;
  Rule named = rule("x*1", UPat::var("x") * 1, keepX);
  QCOMPARE(qs(named.name()), QStringLiteral("x*1"));
  QCOMPARE(int(named.location().line()), line);
  QVERIFY(std::string_view(named.location().file_name()).ends_with("test_upat.cpp"));
  QCOMPARE(qs(named.locationText()), QStringLiteral("test_upat.cpp:%1").arg(line));
  // Without a name, the rule is named after its pattern.
  Rule unnamed = rule(UPat::var("x") * 1, keepX);
  QCOMPARE(qs(unnamed.name()), QStringLiteral("Mul(x, 1)"));
}

void TestUPat::dispatchByRootOp() {
  PatternMatcher pm{
      rule("add", UPat::var("x") + 0, keepX),
      rule("mul", UPat::var("x") * 1, keepX),
      rule("any op", UPat::var("x").filter([](const UOp&) { return false; }), keepX),
      rule("add or mul", UPat::ops({Op::Add, Op::Mul}).named("x"), keepX),
  };
  auto names = [&](Op op) {
    QStringList out;
    for (const Rule* r : pm.candidates(op))
      out << qs(r->name());
    return out;
  };
  QCOMPARE(names(Op::Add), (QStringList{QStringLiteral("add"), QStringLiteral("any op"),
                                        QStringLiteral("add or mul")}));
  QCOMPARE(names(Op::Mul), (QStringList{QStringLiteral("mul"), QStringLiteral("any op"),
                                        QStringLiteral("add or mul")}));
  QCOMPARE(names(Op::Idiv), QStringList{QStringLiteral("any op")});
  // A copy dispatches through its own rules.
  PatternMatcher copy = pm;
  QCOMPARE(copy.candidates(Op::Add).size(), size_t(3));
  QVERIFY(copy.candidates(Op::Add)[0] != pm.candidates(Op::Add)[0]);
  QCOMPARE(show(copy.rewrite(r0() + 0)), std::string("r0"));
}

void TestUPat::compositionKeepsOrder() {
  PatternMatcher a{rule("a", UPat::var("x") + 0, [](const Match&) { return idx(100); })};
  PatternMatcher b{rule("b", UPat::var("x") + 0, [](const Match&) { return idx(200); }),
                   rule("b2", UPat::var("x") * 1, keepX)};
  PatternMatcher ab = a + b, ba = b + a;
  QCOMPARE(ab.rules().size(), size_t(3));
  QCOMPARE(show(ab.rewrite(r0() + 0)), std::string("100"));
  QCOMPARE(show(ba.rewrite(r0() + 0)), std::string("200"));
  QCOMPARE(show(ab.rewrite(r0() * 1)), std::string("r0"));
  const Rule* fired = nullptr;
  ab.rewrite(r0() * 1, nullptr, &fired);
  QVERIFY(fired);
  QCOMPARE(qs(fired->name()), QStringLiteral("b2"));
}

void TestUPat::nullptrMeansNoChange() {
  int calls = 0;
  PatternMatcher pm{
      rule("declines", UPat::var("x") + 0,
           [&calls](const Match&) -> UOpPtr {
             ++calls;
             return nullptr;
           }),
      rule("accepts", UPat::var("x") + 0, keepX),
  };
  // The first rule's nullptr lets the second one try.
  QCOMPARE(show(pm.rewrite(r0() + 0)), std::string("r0"));
  QCOMPARE(calls, 1);
  PatternMatcher onlyDeclines{
      rule("declines", UPat::var("x") + 0, [](const Match&) -> UOpPtr { return nullptr; })};
  QVERIFY(onlyDeclines.rewrite(r0() + 0) == nullptr);
}

void TestUPat::sameNodeMeansNoChange() {
  PatternMatcher pm{rule("identity", UPat::var("x"), [](const Match& m) { return m["x"]; })};
  QVERIFY(pm.rewrite(r0()) == nullptr);
}

void TestUPat::capturingLambdaRule() {
  UOpPtr target = idx(9);
  Rule r = rule("capturing", UPat::var("x") + 0, [target](const Match&) { return target; });
  PatternMatcher pm{r};
  QCOMPARE(show(pm.rewrite(r0() + 0)), std::string("9"));
}

UOPSCOPE_TEST(TestUPat);
#include "test_upat.moc"
