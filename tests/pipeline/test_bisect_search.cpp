// bisectLimits on probes given as functions: the first bad limit, limits
// that cannot be lowered stepped around, each limit probed once, and the
// same search over times (--slower) with an injected timing function.
#include "tests/support/test_registry.h"

#include "core/engine/bisect_search.h"

#include <QTest>

#include <map>
#include <string>

using namespace uops;

namespace {

// Bad from `firstBad` on; limits in [unlowerableFrom, unlowerableTo) cannot be lowered.
struct FakeLowering {
  explicit FakeLowering(size_t bad, size_t from = 0, size_t to = 0)
      : firstBad(bad), unlowerableFrom(from), unlowerableTo(to) {}
  size_t firstBad;
  size_t unlowerableFrom, unlowerableTo;
  std::map<size_t, int> probed;
  Probe operator()(size_t limit) {
    ++probed[limit];
    if (limit >= unlowerableFrom && limit < unlowerableTo) return {ProbeVerdict::CannotLower, "no"};
    return {limit >= firstBad ? ProbeVerdict::Bad : ProbeVerdict::Good, std::to_string(limit)};
  }
};

bool probedOnce(const FakeLowering& f) {
  for (const auto& [limit, n] : f.probed)
    if (n != 1) return false;
  return true;
}

} // namespace

class TestBisectSearch : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void findsFirstBadLimit() {
    for (size_t bad : {size_t(1), size_t(2), size_t(37), size_t(999), size_t(1000)}) {
      FakeLowering f(bad);
      BisectSearch s = bisectLimits(1000, [&](size_t n) { return f(n); });
      QVERIFY(s.found);
      QCOMPARE(s.firstBad, bad);
      QCOMPARE(s.lastGood, bad - 1);
      QCOMPARE(s.bad.why, std::to_string(bad));
      QVERIFY(s.probes <= 13); // 0, 1000 and log2(1000) halvings
      QVERIFY(probedOnce(f));
    }
  }

  void stepsAroundLimitsThatCannotBeLowered() {
    FakeLowering f(537, 400, 536);
    BisectSearch s = bisectLimits(1000, [&](size_t n) { return f(n); });
    QVERIFY(s.found);
    QCOMPARE(s.firstBad, size_t(537));
    QCOMPARE(s.lastGood, size_t(536));
    QVERIFY(!s.cannotLower.empty());
    for (size_t n : s.cannotLower)
      QVERIFY(n >= 400 && n < 536);
    QVERIFY(probedOnce(f));
  }

  // every limit between the last good and the first bad is unlowerable: a range
  void unlowerableGapLeavesARange() {
    FakeLowering f(60, 51, 60);
    BisectSearch s = bisectLimits(100, [&](size_t n) { return f(n); });
    QVERIFY(s.found);
    QCOMPARE(s.lastGood, size_t(50));
    QCOMPARE(s.firstBad, size_t(60));
  }

  // limit 0 cannot be lowered: the first lowerable limit is the good end
  void unlowerableStart() {
    FakeLowering f(30, 0, 5);
    BisectSearch s = bisectLimits(64, [&](size_t n) { return f(n); });
    QVERIFY(s.found);
    QCOMPARE(s.firstBad, size_t(30));
    QCOMPARE(s.lastGood, size_t(29));
  }

  void nothingToFind() {
    FakeLowering good(1000);
    BisectSearch s = bisectLimits(100, [&](size_t n) { return good(n); });
    QVERIFY(!s.found);
    QCOMPARE(s.message, std::string("the lowering with all 100 rewrites is not bad: 100"));
    FakeLowering always(0);
    s = bisectLimits(100, [&](size_t n) { return always(n); });
    QVERIFY(!s.found);
    QCOMPARE(s.message, std::string("already bad with the first 0 rewrites' simplifications: 0"));
  }

  // --slower's search: bad is slower than limit 0 by the percentage; an
  // injected timing function (no clock) makes the kernel 40% slower from
  // application 70 on, with noise of a few percent before it
  void slowerByPercent() {
    auto timeMs = [](size_t n) { return n >= 71 ? 1.4 : 1.0 + 0.03 * static_cast<double>(n % 3); };
    const double base = timeMs(0);
    BisectSearch s = bisectLimits(200, [&](size_t n) {
      double percent = (timeMs(n) / base - 1) * 100;
      return Probe{percent > 25 ? ProbeVerdict::Bad : ProbeVerdict::Good, std::to_string(percent)};
    });
    QVERIFY(s.found);
    QCOMPARE(s.firstBad, size_t(71));
  }
};

UOPSCOPE_TEST(TestBisectSearch);
#include "test_bisect_search.moc"
