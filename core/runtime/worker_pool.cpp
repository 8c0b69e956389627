#include "core/runtime/worker_pool.h"

#include "core/runtime/heap_populate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace uops {
namespace {

// How long a thread with nothing to do polls before it sleeps. A sleeping
// thread's wake-up (a futex, and on a virtual machine the halted core's
// interrupt) costs tens of microseconds: a kernel split over the cores waited
// that long for its second core at the start, and the caller as long at the
// end. Launches that follow within this window find the threads awake.
constexpr auto kSpin = std::chrono::microseconds(250);

void relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  std::this_thread::yield();
#endif
}

// Polls `ready` for up to kSpin; whether it became true.
template <class Ready>
bool spinUntil(Ready ready) {
  const auto until = std::chrono::steady_clock::now() + kSpin;
  for (int polls = 0; !ready(); ++polls) {
    relax();
    if (polls % 64 == 63 && std::chrono::steady_clock::now() >= until) return false;
  }
  return true;
}

// The jobs [begin, end) of one span, in one word: its owner taking the front
// and another thread taking the back never both take its last job.
class Span {
public:
  void assign(size_t begin, size_t end) { m_range.store(pack(begin, end)); }

  std::optional<size_t> takeFront() { return take(true); }
  std::optional<size_t> takeBack() { return take(false); }

  bool empty() const {
    const uint64_t r = m_range.load();
    return (r & kLow) >= (r >> 32);
  }

private:
  static constexpr uint64_t kLow = 0xffffffffu;

  static uint64_t pack(uint64_t begin, uint64_t end) { return begin | (end << 32); }

  std::optional<size_t> take(bool front) {
    uint64_t r = m_range.load();
    for (;;) {
      const uint64_t begin = r & kLow, end = r >> 32;
      if (begin >= end) return std::nullopt;
      const uint64_t taken = front ? pack(begin + 1, end) : pack(begin, end - 1);
      if (m_range.compare_exchange_weak(r, taken)) return front ? begin : end - 1;
    }
  }

  std::atomic<uint64_t> m_range{0};
};

struct Batch {
  size_t count = 0;
  const std::function<void(size_t)>* job = nullptr;
  std::atomic<size_t> next{0};   // the next job, without spans
  std::unique_ptr<Span[]> spans; // parallelForInSpans: one per core
  size_t spanCount = 0;
  std::atomic<size_t> joined{0};  // threads that started on it: the next one's span
  std::atomic<size_t> helpers{0}; // pool threads working on it (changed under the pool's mutex)
  std::condition_variable finished;
  std::exception_ptr error; // the first (under the pool's mutex)

  bool drained() const {
    if (spanCount == 0) return next.load() >= count;
    for (size_t s = 0; s < spanCount; ++s)
      if (!spans[s].empty()) return false;
    return true;
  }
};

class Pool {
public:
  static Pool& instance() {
    static auto* pool = new Pool; // never destroyed: its threads may outlive static destruction
    return *pool;
  }

  size_t threads() const { return m_threads; }

  size_t sleeps() const { return m_sleeps.load(); }

  void run(size_t count, const std::function<void(size_t)>& job, bool inSpans) {
    Batch batch;
    batch.count = count;
    batch.job = &job;
    if (inSpans) {
      batch.spanCount = std::min(count, m_threads + 1);
      batch.spans = std::make_unique<Span[]>(batch.spanCount);
      for (size_t s = 0; s < batch.spanCount; ++s)
        batch.spans[s].assign(s * count / batch.spanCount, (s + 1) * count / batch.spanCount);
    }
    {
      std::lock_guard lock(m_mutex);
      m_batches.push_back(&batch);
      m_queued.store(m_batches.size());
    }
    m_wake.notify_all();
    work(batch);
    {
      std::lock_guard lock(m_mutex);
      remove(&batch);
    }
    // no helper joins a batch that left the queue; the last to leave notifies under the mutex
    spinUntil([&] { return batch.helpers.load() == 0; });
    std::unique_lock lock(m_mutex);
    batch.finished.wait(lock, [&] { return batch.helpers.load() == 0; });
    if (batch.error) std::rethrow_exception(batch.error);
  }

private:
  Pool() : m_threads(std::max(1u, std::thread::hardware_concurrency()) - 1) {
    // workers lower kernels: their heaps grow by populated chunks (heap_populate.h),
    // from the arenas set up here, one each and the caller's, and two to spare
    populateFirstArenas(static_cast<unsigned>(m_threads) + 3);
    for (size_t t = 0; t < m_threads; ++t)
      std::thread([this] {
        populateThisThreadsHeap(); // where another thread took the arenas set up for workers
        serve();
      }).detach();
  }

  void work(Batch& batch) {
    if (batch.spanCount == 0) {
      for (size_t j = batch.next++; j < batch.count; j = batch.next++)
        runJob(batch, j);
      return;
    }
    const size_t own = batch.joined++;
    if (own < batch.spanCount)
      while (const std::optional<size_t> j = batch.spans[own].takeFront())
        runJob(batch, *j);
    for (size_t s = 1; s <= batch.spanCount; ++s) {
      Span& other = batch.spans[(own + s) % batch.spanCount];
      while (const std::optional<size_t> j = other.takeBack())
        runJob(batch, *j);
    }
  }

  void runJob(Batch& batch, size_t j) {
    try {
      (*batch.job)(j);
    } catch (...) {
      std::lock_guard lock(m_mutex);
      if (!batch.error) batch.error = std::current_exception();
    }
  }

  // under m_mutex
  void remove(Batch* batch) {
    std::erase(m_batches, batch);
    m_queued.store(m_batches.size());
  }

  void serve() {
    for (;;) {
      spinUntil([&] { return m_queued.load() > 0; });
      std::unique_lock lock(m_mutex);
      if (m_batches.empty()) ++m_sleeps;
      m_wake.wait(lock, [&] { return !m_batches.empty(); });
      Batch* batch = m_batches.front();
      if (batch->drained()) { // its caller removes it once its own last job is done
        remove(batch);
        continue;
      }
      ++batch->helpers;
      lock.unlock();
      work(*batch);
      lock.lock();
      if (--batch->helpers == 0) batch->finished.notify_all();
    }
  }

  const size_t m_threads;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::deque<Batch*> m_batches; // the calls waiting for help, oldest first
  std::atomic<size_t> m_queued{0}; // m_batches.size(), read without the mutex while polling
  std::atomic<size_t> m_sleeps{0};
};

} // namespace

namespace {

void spread(size_t count, const std::function<void(size_t)>& job, bool inSpans) {
  if (count == 0) return;
  Pool& pool = Pool::instance();
  if (count == 1 || pool.threads() == 0) {
    for (size_t j = 0; j < count; ++j) job(j);
    return;
  }
  pool.run(count, job, inSpans && count <= std::numeric_limits<uint32_t>::max());
}

} // namespace

void parallelFor(size_t count, const std::function<void(size_t)>& job) {
  spread(count, job, false);
}

void parallelForInSpans(size_t count, const std::function<void(size_t)>& job) {
  spread(count, job, true);
}

size_t workerPoolSleeps() {
  return Pool::instance().sleeps();
}

} // namespace uops
