// SmallPagesScope (core/runtime/small_pages.h): huge pages are off for the
// process while any scope lives, on any thread, and on again after the last.
#include "tests/support/test_registry.h"
#include "core/runtime/small_pages.h"

#include <QTest>

#include <optional>
#include <thread>

#include <sys/prctl.h>

using namespace uops;

namespace {
bool hugePagesOff() { return prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0) == 1; }
} // namespace

class TestSmallPages : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void offWhileAScopeLives() {
    QVERIFY(!hugePagesOff());
    {
      SmallPagesScope outer;
      QVERIFY(hugePagesOff());
      {
        SmallPagesScope inner;
        QVERIFY(hugePagesOff());
      }
      QVERIFY(hugePagesOff()); // the outer scope still lives
    }
    QVERIFY(!hugePagesOff());
  }

  void scopesOnOtherThreadsCount() {
    std::optional<SmallPagesScope> mine;
    mine.emplace();
    std::thread other([] { SmallPagesScope theirs; });
    other.join();
    QVERIFY(hugePagesOff()); // the other thread's scope ended, this one did not
    mine.reset();
    QVERIFY(!hugePagesOff());
  }
};

UOPSCOPE_TEST(TestSmallPages);
#include "test_small_pages.moc"
