// RewriteFilter: a refused application is no match (the next rule is tried),
// the filter sees applications in the engine's order, scopes nest.
#include "tests/support/test_registry.h"
#include "tests/rewrite/rewrite_test.h"

#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/rewrite_filter.h"
#include "core/rewrite/trace.h"

#include <QTest>

#include <string>
#include <vector>

using namespace uops;
using rwtest::keepX;
using rwtest::r0;
using rwtest::r1;
using rwtest::show;

namespace {

// x+0 -> x, and a second rule for the same node that only fires when the first does not
const PatternMatcher& pmFilterRules() {
  static const PatternMatcher pm{
      rule("x+0", UPat::var("x") + 0, keepX),
      rule("x+0 doubled", UPat::var("x") + 0, [](const Match& m) { return m["x"] * 2; }),
      rule("x*1", UPat::var("x") * 1, keepX),
  };
  return pm;
}

// Refuses the rules named `refused` and the applications numbered in `skipped`;
// records every rule it is asked about, in order.
class ListFilter final : public RewriteFilter {
public:
  std::vector<std::string> refused;
  std::vector<size_t> skipped;
  std::vector<std::string> asked;
  bool allow(const Rule& rule, const UOpPtr&) override {
    size_t index = asked.size();
    asked.push_back(rule.name());
    for (size_t s : skipped)
      if (s == index) return false;
    for (const std::string& r : refused)
      if (r == rule.name()) return false;
    return true;
  }
};

} // namespace

class TestRewriteFilter : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void withoutFilterEveryRuleApplies() {
    UOpPtr g = (r0() + 0) * 1 + r1();
    QCOMPARE(show(graphRewrite(g, pmFilterRules())), std::string("Add(r0, r1)"));
    QVERIFY(currentRewriteFilter() == nullptr);
  }

  void refusedApplicationTriesTheNextRule() {
    ListFilter filter;
    filter.refused = {"x+0"};
    ScopedRewriteFilter scope(&filter);
    UOpPtr g = (r0() + 0) * 1;
    QCOMPARE(show(graphRewrite(g, pmFilterRules())), std::string("Mul(r0, 2)"));
    QCOMPARE(filter.asked, (std::vector<std::string>{"x+0", "x+0 doubled", "x*1"}));
  }

  // applications are numbered in the order the engine makes them: bottom-up, x+0 before x*1
  void singleApplicationSkipped() {
    ListFilter filter;
    filter.skipped = {2}; // the third application: x*1 on (r1 * 1)
    ScopedRewriteFilter scope(&filter);
    UOpPtr g = (r0() + 0) * 1 + r1() * 1;
    QCOMPARE(show(graphRewrite(g, pmFilterRules())), std::string("Add(r0, Mul(r1, 1))"));
    QCOMPARE(filter.asked, (std::vector<std::string>{"x+0", "x*1", "x*1"}));
  }

  // the trace records only the applications that happened
  void traceRecordsWhatTheFilterAllowed() {
    ListFilter filter;
    filter.refused = {"x*1"};
    ScopedRewriteFilter scope(&filter);
    TraceRecorder recorder;
    graphRewrite((r0() + 0) * 1, pmFilterRules(), {.name = "filtered"});
    QCOMPARE(recorder.steps().size(), size_t(1));
    const TraceStep& step = recorder.steps()[0];
    QCOMPARE(step.rewrites.size(), size_t(1));
    QCOMPARE(step.rewrites[0].rule.name(), std::string("x+0"));
    QCOMPARE(show(step.output), std::string("Mul(r0, 1)"));
  }

  void scopesNest() {
    ListFilter outer, inner;
    {
      ScopedRewriteFilter a(&outer);
      {
        ScopedRewriteFilter b(&inner);
        QVERIFY(currentRewriteFilter() == &inner);
      }
      QVERIFY(currentRewriteFilter() == &outer);
    }
    QVERIFY(currentRewriteFilter() == nullptr);
  }
};

UOPSCOPE_TEST(TestRewriteFilter);
#include "test_rewrite_filter.moc"
