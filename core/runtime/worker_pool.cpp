#include "core/runtime/worker_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

namespace uops {
namespace {

struct Batch {
  size_t count = 0;
  const std::function<void(size_t)>* job = nullptr;
  std::atomic<size_t> next{0};
  size_t helpers = 0; // pool threads working on it (under the pool's mutex)
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

  void run(size_t count, const std::function<void(size_t)>& job) {
    Batch batch;
    batch.count = count;
    batch.job = &job;
    {
      std::lock_guard lock(m_mutex);
      m_batches.push_back(&batch);
    }
    m_wake.notify_all();
    work(batch);
    std::unique_lock lock(m_mutex);
    std::erase(m_batches, &batch);
    batch.finished.wait(lock, [&] { return batch.helpers == 0; });
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

  void serve() {
    std::unique_lock lock(m_mutex);
    for (;;) {
      m_wake.wait(lock, [&] { return !m_batches.empty(); });
      Batch* batch = m_batches.front();
      if (batch->drained()) { // its caller removes it once its own last job is done
        std::erase(m_batches, batch);
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

} // namespace uops
