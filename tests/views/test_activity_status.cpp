// The status bar's report of work in flight: the first report shows at once,
// a burst of later ones shows only its latest, within kIntervalMs (a lowering
// reports every stage of every kernel, and each shown report repainted the
// status bar at once).
#include "tests/support/test_registry.h"
#include "app/uopscope/activity_status.h"

#include <QProgressBar>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>

using uops::views::ActivityStatus;

class TestActivityStatus : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void aBurstShowsItsFirstAndLatestReport() {
    QStatusBar bar;
    ActivityStatus status(&bar);
    QSignalSpy values(status.progress(), &QProgressBar::valueChanged);
    QSignalSpy messages(&bar, &QStatusBar::messageChanged);
    for (int done = 1; done <= 100; ++done)
      status.report(QStringLiteral("Lowering: step %1").arg(done), done, 100);
    QCOMPARE(values.count(), 1);
    QCOMPARE(bar.currentMessage(), QStringLiteral("Lowering: step 1"));
    QVERIFY(!status.progress()->isHidden());
    QTRY_COMPARE(status.progress()->value(), 100);
    QCOMPARE(bar.currentMessage(), QStringLiteral("Lowering: step 100"));
    QCOMPARE(values.count(), 2);
    QCOMPARE(messages.count(), 2);
  }

  // A report without a message keeps the bar's message; finish() hides the
  // bar and drops a report not yet shown.
  void finishDropsWhatIsPending() {
    QStatusBar bar;
    ActivityStatus status(&bar);
    status.report(QStringLiteral("Laying out"), 10, 100);
    status.report({}, 50, 100);
    status.finish();
    QVERIFY(status.progress()->isHidden());
    QTest::qWait(2 * ActivityStatus::kIntervalMs);
    QCOMPARE(status.progress()->value(), 10);
    QVERIFY(status.progress()->isHidden());
    status.report({}, 70, 100);
    QCOMPARE(status.progress()->value(), 70);
    QCOMPARE(bar.currentMessage(), QStringLiteral("Laying out"));
  }
};

UOPSCOPE_TEST(TestActivityStatus);
#include "test_activity_status.moc"
