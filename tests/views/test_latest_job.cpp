// LatestJob: only the newest request's result is delivered; a superseded or
// cancelled job is asked to stop (its flag) and its result dropped; start()
// never waits for the job in flight; the owner's destruction waits for the
// workers it started.
#include "tests/support/test_registry.h"
#include "views/jobs/latest_job.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

#include <atomic>

using uops::views::LatestJob;

namespace {

// Work that runs until told to stop (or `ms` pass), then returns `value`;
// `stopped` counts the runs that saw their flag.
auto slowWork(int value, int ms, std::atomic<int>& stopped) {
  return [value, ms, &stopped](const std::atomic<bool>& cancel) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
      if (cancel) {
        ++stopped;
        return -value;
      }
      QThread::msleep(1);
    }
    return value;
  };
}

void waitUntil(const std::function<bool()>& done) {
  for (int i = 0; i < 2000 && !done(); ++i) QTest::qWait(5);
}

} // namespace

class TestLatestJob : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void onlyTheNewestResultIsDelivered() {
    QObject owner;
    std::atomic<int> stopped{0};
    QList<int> delivered;
    {
      LatestJob<int> job(&owner);
      QElapsedTimer clock;
      clock.start();
      job.start(slowWork(1, 2000, stopped), [&](int v) { delivered << v; });
      job.start(slowWork(2, 50, stopped), [&](int v) { delivered << v; });
      QVERIFY(clock.elapsed() < 1000); // the first was not waited for
      QVERIFY(job.pending());
      waitUntil([&] { return job.running() == 0; });
      QCOMPARE(delivered, QList<int>{2});
      QCOMPARE(stopped.load(), 1); // the superseded one saw its flag
      QVERIFY(!job.pending());
    }
  }

  void cancelDropsTheResult() {
    QObject owner;
    std::atomic<int> stopped{0};
    int ended = 0;
    QList<int> delivered;
    LatestJob<int> job(&owner);
    job.onEnded([&] { ++ended; });
    job.start(slowWork(3, 2000, stopped), [&](int v) { delivered << v; });
    job.cancel();
    QVERIFY(!job.pending());
    waitUntil([&] { return job.running() == 0; });
    QVERIFY(delivered.isEmpty());
    QCOMPARE(stopped.load(), 1);
    QCOMPARE(ended, 1);
  }

  void destructionWaitsForItsWorkers() {
    std::atomic<int> stopped{0};
    std::atomic<bool> finished{false};
    {
      QObject owner;
      LatestJob<int> job(&owner);
      job.start(
          [&](const std::atomic<bool>& cancel) {
            while (!cancel) QThread::msleep(1);
            QThread::msleep(20);
            finished = true;
            return 0;
          },
          [](int) {});
    }
    QVERIFY(finished.load()); // the worker ended before its owner went
  }
};

UOPSCOPE_TEST(TestLatestJob);
#include "test_latest_job.moc"
