// parallelFor (core/runtime/worker_pool.h): every index runs exactly once,
// on more than one thread where there are cores; calls from several threads
// at once and from inside a job finish; a job's exception reaches the caller
// after the other jobs ran; the pool's threads are reused, not made per call,
// and stay awake between calls in quick succession. parallelForInSpans: the
// same, and each thread works through a consecutive span of its own from its
// start, taking others' jobs only from their ends.
#include "tests/support/test_registry.h"
#include "core/runtime/worker_pool.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace uops;

class TestWorkerPool : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void everyIndexOnce() {
    for (size_t count : {size_t{0}, size_t{1}, size_t{2}, size_t{7}, size_t{1000}}) {
      std::vector<std::atomic<int>> runs(count);
      parallelFor(count, [&](size_t j) { ++runs[j]; });
      for (size_t j = 0; j < count; ++j) QCOMPARE(runs[j].load(), 1);
    }
  }

  void usesTheCoresAndKeepsItsThreads() {
    if (std::thread::hardware_concurrency() < 2) QSKIP("one core: the caller runs every job");
    std::mutex mutex;
    std::set<std::thread::id> first, second;
    auto collect = [&](std::set<std::thread::id>& ids) {
      // jobs long enough that an idle pool thread takes some
      parallelFor(64, [&](size_t) {
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        std::lock_guard lock(mutex);
        ids.insert(std::this_thread::get_id());
      });
    };
    collect(first);
    collect(second);
    QVERIFY(first.size() >= 2);
    // the same pool threads (and this one) ran the second call
    for (const std::thread::id& id : second) QVERIFY(first.contains(id) || id == std::this_thread::get_id());
  }

  // Kernels launched one after another with a little host work between them
  // (a schedule's next kernel): the pool's threads poll for the next call
  // before they sleep, so a launch need not wait for a thread's wake-up. Each
  // call's two jobs wait for each other, so a pool thread takes part in every
  // call; sleeping as soon as the queue was empty, it slept exactly once per
  // call. (On a busy machine a polling thread descheduled past its window
  // still sleeps: fewer, not none.)
  void callsInQuickSuccessionFindTheThreadsAwake() {
    if (std::thread::hardware_concurrency() < 2) QSKIP("one core: there is no pool thread");
    auto bothJobsAtOnce = [] {
      std::atomic<int> started{0};
      parallelFor(2, [&](size_t) {
        ++started;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
        while (started.load() < 2 && std::chrono::steady_clock::now() < until) {
        }
      });
    };
    bothJobsAtOnce();
    const size_t before = workerPoolSleeps();
    constexpr size_t kCalls = 200;
    for (size_t c = 0; c < kCalls; ++c) {
      bothJobsAtOnce();
      const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(20);
      while (std::chrono::steady_clock::now() < until) {
      }
    }
    const size_t sleeps = workerPoolSleeps() - before;
    QVERIFY2(sleeps < kCalls, qPrintable(QStringLiteral("%1 sleeps in %2 calls").arg(sleeps).arg(kCalls)));
  }

  void concurrentAndNestedCalls() {
    std::atomic<size_t> total{0};
    std::vector<std::thread> callers;
    for (int c = 0; c < 4; ++c)
      callers.emplace_back([&] {
        parallelFor(8, [&](size_t) { parallelFor(16, [&](size_t) { ++total; }); });
      });
    for (std::thread& t : callers) t.join();
    QCOMPARE(total.load(), size_t{4 * 8 * 16});
  }

  void everyIndexOnceInSpans() {
    for (size_t count : {size_t{0}, size_t{1}, size_t{2}, size_t{3}, size_t{7}, size_t{1000}}) {
      std::vector<std::atomic<int>> runs(count);
      parallelForInSpans(count, [&](size_t j) { ++runs[j]; });
      for (size_t j = 0; j < count; ++j)
        QCOMPARE(runs[j].load(), 1);
    }
    std::atomic<size_t> total{0};
    parallelForInSpans(8, [&](size_t) { parallelForInSpans(16, [&](size_t) { ++total; }); });
    QCOMPARE(total.load(), size_t{8 * 16});
  }

  // A kernel's THREAD chunks of one stream: the first two threads to join
  // start at the first two spans' starts (16 jobs on 2 cores: jobs 0 and 8),
  // not at neighbouring jobs. Jobs 0 and the second span's first wait (up to
  // 5 s) until both have started: taken in order, job 8 would wait for job 0
  // to end. Within one span, a thread's jobs run in order from the front
  // (its own span) or backwards from the end (another's).
  void eachThreadStartsItsOwnSpan() {
    if (std::thread::hardware_concurrency() < 2) QSKIP("one core: the caller runs every job");
    constexpr size_t kJobs = 16;
    const size_t spans = std::min<size_t>(kJobs, std::thread::hardware_concurrency());
    auto spanStart = [&](size_t s) { return s * kJobs / spans; }; // as parallelForInSpans cuts them
    auto spanOf = [&](size_t j) {
      size_t s = 0;
      while (spanStart(s + 1) <= j)
        ++s;
      return s;
    };
    std::mutex mutex;
    std::map<std::thread::id, std::vector<size_t>> ran;
    std::vector<size_t> firstJobs; // each thread's first job, in the order the threads started
    std::atomic<int> fronts{0};
    std::atomic<bool> together{false};
    parallelForInSpans(kJobs, [&](size_t j) {
      {
        std::lock_guard lock(mutex);
        std::vector<size_t>& mine = ran[std::this_thread::get_id()];
        if (mine.empty()) firstJobs.push_back(j);
        mine.push_back(j);
      }
      if (j != 0 && j != spanStart(1)) return;
      ++fronts;
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
      while (fronts.load() < 2 && std::chrono::steady_clock::now() < until)
        std::this_thread::yield();
      if (fronts.load() == 2) together = true;
    });
    QVERIFY2(together.load(),
             "the second span's first job did not start while the first span's ran");
    QVERIFY(firstJobs.size() >= 2);
    QCOMPARE((std::set<size_t>{firstJobs[0], firstJobs[1]}), (std::set<size_t>{0, spanStart(1)}));
    for (const auto& [id, jobs] : ran) {
      std::map<size_t, std::vector<size_t>> bySpan;
      for (size_t j : jobs)
        bySpan[spanOf(j)].push_back(j);
      for (const auto& [span, taken] : bySpan) {
        bool forwards = true, backwards = true;
        for (size_t i = 1; i < taken.size(); ++i) {
          forwards = forwards && taken[i] == taken[i - 1] + 1;
          backwards = backwards && taken[i] < taken[i - 1];
        }
        QVERIFY2(forwards || backwards,
                 qPrintable(QStringLiteral("a thread's jobs in span %1 neither in order from "
                                           "its front nor backwards from its end")
                                .arg(span)));
      }
    }
  }

  void exceptionsReachTheCaller() {
    std::atomic<int> ran{0};
    bool caught = false;
    try {
      parallelFor(50, [&](size_t j) {
        ++ran;
        if (j == 17) throw std::runtime_error("job 17 failed");
      });
    } catch (const std::runtime_error& e) {
      caught = std::string(e.what()) == "job 17 failed";
    }
    QVERIFY(caught);
    QCOMPARE(ran.load(), 50);
  }
};

UOPSCOPE_TEST(TestWorkerPool);
#include "test_worker_pool.moc"
