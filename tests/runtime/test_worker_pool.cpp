// parallelFor (core/runtime/worker_pool.h): every index runs exactly once,
// on more than one thread where there are cores; calls from several threads
// at once and from inside a job finish; a job's exception reaches the caller
// after the other jobs ran; the pool's threads are reused, not made per call.
#include "tests/support/test_registry.h"
#include "core/runtime/worker_pool.h"

#include <QTest>

#include <atomic>
#include <mutex>
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
