#include "core/runtime/worker_pool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
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

struct Batch {
  size_t count = 0;
  const std::function<void(size_t)>* job = nullptr;
  std::atomic<size_t> next{0};
  std::atomic<size_t> helpers{0}; // pool threads working on it (changed under the pool's mutex)
  std::condition_variable finished;
  std::exception_ptr error; // the first (under the pool's mutex)

  bool drained() const { return next.load() >= count; }
};

class Pool {
public:
  static Pool& instance() {
    static auto* pool = new Pool; // never destroyed: its threads may outlive static destruction
    return *pool;
  }

  size_t threads() const { return m_threads; }

  size_t sleeps() const { return m_sleeps.load(); }

  void run(size_t count, const std::function<void(size_t)>& job) {
    Batch batch;
    batch.count = count;
    batch.job = &job;
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
    for (size_t t = 0; t < m_threads; ++t) std::thread([this] { serve(); }).detach();
  }

  void work(Batch& batch) {
    for (size_t j = batch.next++; j < batch.count; j = batch.next++) {
      try {
        (*batch.job)(j);
      } catch (...) {
        std::lock_guard lock(m_mutex);
        if (!batch.error) batch.error = std::current_exception();
      }
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

void parallelFor(size_t count, const std::function<void(size_t)>& job) {
  if (count == 0) return;
  Pool& pool = Pool::instance();
  if (count == 1 || pool.threads() == 0) {
    for (size_t j = 0; j < count; ++j) job(j);
    return;
  }
  pool.run(count, job);
}

size_t workerPoolSleeps() {
  return Pool::instance().sleeps();
}

} // namespace uops
