// "Why not": the first constraint of a pattern a node fails, in words and at
// its place in the pattern; the rules of a pass listed for a node by its op,
// each with that verdict; the rules every traced step tried.
#include "tests/support/test_registry.h"
#include "tests/rewrite/rewrite_test.h"

#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/pattern_matcher.h"
#include "core/rewrite/trace.h"
#include "core/rewrite/why_not.h"

#include <QTest>

using namespace uops;
using namespace rwtest;

namespace {

QString why(const UPat& pattern, const UOpPtr& node) {
  return QString::fromStdString(patternMismatch(pattern, node).value_or("(matches)"));
}

const PatternMatcher& pmLaws() {
  static const PatternMatcher pm{
      rule("x*1", UPat::var("x") * 1, keepX),
      rule("x+0", UPat::var("x") + 0, keepX),
      rule("x*0", UPat::var("x") * 0, [](const Match& m) { return m["x"]; }),
  };
  return pm;
}

} // namespace

class TestWhyNot : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void saysTheFirstFailedConstraint() {
    UOpPtr mul = alu(Op::Mul, {r0(), idx(2)});
    QCOMPARE(why(UPat::var("x") * 2, mul), QStringLiteral("(matches)"));
    QCOMPARE(why(UPat::op(Op::Add), mul), QStringLiteral("op is Mul, not Add"));
    QCOMPARE(why(UPat::op(Op::Mul, {UPat::any()}), mul), QStringLiteral("2 sources, the pattern has 1"));
    // the constant: right op, wrong value; in both orders of a commutative pattern
    QString c = why(UPat::var("x") * 1, mul);
    QVERIFY2(c.startsWith(QStringLiteral("in no order; in this one, src 1 (")) && c.endsWith(QStringLiteral("arg 2 is not the pattern's")),
             qPrintable(c));
    // a fixed order: src 0 is a Range, not a Const
    QString fixed = why(UPat::op(Op::Mul, {UPat::cvar("c"), UPat::any()}).inOrder(), mul);
    QVERIFY2(fixed.startsWith(QStringLiteral("src 0 (")) && fixed.endsWith(QStringLiteral("op is Range, not Const")),
             qPrintable(fixed));
    // one name captured for two different nodes
    QCOMPARE(why(UPat::op(Op::Add, {UPat::var("x"), UPat::var("x")}), alu(Op::Add, {r0(), r1()})),
             QStringLiteral("a name the pattern captures twice is bound to different nodes"));
    // a dtype the pattern does not allow
    QVERIFY(why(UPat::var("x", {dtypes::float32}), r0()).startsWith(QStringLiteral("dtype ")));
  }

  // the rules that could match the node's op, in order, each with its verdict
  void listsTheCandidateRules() {
    UOpPtr mul = alu(Op::Mul, {r0(), idx(0)});
    std::vector<RuleVerdict> v = whyNot(pmLaws().rules(), mul);
    QCOMPARE(v.size(), size_t{2}); // x+0 cannot match a Mul
    QCOMPARE(QString::fromStdString(v[0].rule.name()), QStringLiteral("x*1"));
    QVERIFY(!v[0].matches);
    QVERIFY(QString::fromStdString(v[0].why).endsWith(QStringLiteral("arg 0 is not the pattern's")));
    QCOMPARE(QString::fromStdString(v[1].rule.name()), QStringLiteral("x*0"));
    QVERIFY(v[1].matches);
    QCOMPARE(QString::fromStdString(v[1].why), QStringLiteral("pattern matches"));
    // a rule two passes list is judged once
    std::vector<Rule> twice = pmLaws().rules();
    twice.insert(twice.end(), pmLaws().rules().begin(), pmLaws().rules().end());
    QCOMPARE(whyNot(twice, mul).size(), size_t{2});
  }

  // a traced step keeps the rules it tried; a snapshot has none
  void tracedStepsKeepTheirRules() {
    TraceRecorder rec;
    graphRewrite(alu(Op::Add, {r0(), idx(0)}), pmLaws(), {.name = "laws"});
    traceSnapshot("look", r0());
    QCOMPARE(rec.steps().size(), size_t{2});
    QCOMPARE(rec.steps()[0].rules.size(), size_t{3});
    QCOMPARE(QString::fromStdString(rec.steps()[0].rules[1].name()), QStringLiteral("x+0"));
    QVERIFY(rec.steps()[1].rules.empty());
  }
};

UOPSCOPE_TEST(TestWhyNot);
#include "test_why_not.moc"
