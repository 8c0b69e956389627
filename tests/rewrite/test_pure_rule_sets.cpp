// Pure rule sets (PatternMatcher::pure): a node none of whose rules matched
// keeps that fact, so a later rewrite does not try them again; what it keeps
// is never stale: a filter's veto, a rule that reads the context, a graph
// freed and built again.
#include "tests/support/test_registry.h"
#include "tests/rewrite/rewrite_test.h"

#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/rewrite_filter.h"

#include <QTest>

#include <string>

using namespace uops;
using rwtest::keepX;
using rwtest::r0;
using rwtest::r1;
using rwtest::show;

namespace {

int gMulTries = 0; // calls of the rule "count x*y" below

// x+0 -> x, and a rule on every Mul that only counts its calls
const PatternMatcher& pmPureRules() {
  static const PatternMatcher pm = PatternMatcher::pure({
      rule("x+0", UPat::var("x") + 0, keepX),
      rule("count x*y", UPat::op(Op::Mul),
           [](const Match&) -> UOpPtr {
             ++gMulTries;
             return nullptr;
           }),
  });
  return pm;
}

// x*2 -> x+x where the context says so: not pure, its answer changes
UOpPtr doubleToSum(const Match& m) {
  if (!m.context() || !*static_cast<bool*>(m.context())) return nullptr;
  return m["x"] + m["x"];
}
const PatternMatcher& pmContextRules() {
  static const PatternMatcher pm{rule("x*2 -> x+x", UPat::var("x") * 2, doubleToSum)};
  return pm;
}

class RefuseAll final : public RewriteFilter {
public:
  bool allow(const Rule&, const UOpPtr&) override { return false; }
};

} // namespace

class TestPureRuleSets : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void unmatchedRulesAreNotTriedAgain() {
    UOpPtr g = (r0() * r1()) * 3 + r1();
    gMulTries = 0;
    QCOMPARE(show(graphRewrite(g, pmPureRules())), show(g));
    QCOMPARE(gMulTries, 2);
    QCOMPARE(show(graphRewrite(g, pmPureRules())), show(g));
    QCOMPARE(gMulTries, 2);
    // composed with other rules, the pure part still knows the nodes
    QCOMPARE(show(graphRewrite(g, pmPureRules() + pmContextRules())), show(g));
    QCOMPARE(gMulTries, 2);
    // a new Mul is tried
    QCOMPARE(show(graphRewrite(g * 5, pmPureRules())), show(g * 5));
    QCOMPARE(gMulTries, 3);
  }

  // a refused application is no fact about the node: without the filter the rule applies
  void refusedRuleAppliesLater() {
    UOpPtr g = (r0() + 0) * r1();
    {
      RefuseAll filter;
      ScopedRewriteFilter scope(&filter);
      QCOMPARE(show(graphRewrite(g, pmPureRules())), std::string("Mul(Add(r0, 0), r1)"));
    }
    QCOMPARE(show(graphRewrite(g, pmPureRules())), std::string("Mul(r0, r1)"));
  }

  // rules outside a pure set are asked every time, also on nodes the pure set knows
  void rulesThatReadTheContextAreAskedAgain() {
    UOpPtr g = r0() * 2;
    bool apply = false;
    QCOMPARE(show(graphRewrite(g, pmPureRules() + pmContextRules(), {.context = &apply})), std::string("Mul(r0, 2)"));
    apply = true;
    QCOMPARE(show(graphRewrite(g, pmPureRules() + pmContextRules(), {.context = &apply})), std::string("Add(r0, r0)"));
  }

  // a graph freed and built again is new nodes: the same rewrite gives the same result
  void rebuiltGraphRewritesAlike() {
    auto build = [] { return ((r0() + 0) * r1() + 0) * 7; };
    std::string first = show(graphRewrite(build(), pmPureRules()));
    QCOMPARE(first, std::string("Mul(Mul(r0, r1), 7)"));
    QCOMPARE(show(graphRewrite(build(), pmPureRules())), first);
  }

  // every pure set has a bit of its own: one set's facts say nothing of another's rules
  void pureSetsAreApart() {
    static const PatternMatcher other = PatternMatcher::pure({rule("x*1", UPat::var("x") * 1, keepX)});
    UOpPtr g = r0() * 1;
    QCOMPARE(show(graphRewrite(g, pmPureRules())), std::string("Mul(r0, 1)"));
    QCOMPARE(show(graphRewrite(g, other)), std::string("r0"));
  }
};

UOPSCOPE_TEST(TestPureRuleSets);
#include "test_pure_rule_sets.moc"
