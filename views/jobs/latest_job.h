// A background job of which only the latest request counts. start() runs the
// work on a worker thread and returns at once: a job still in flight is asked
// to stop (its cancel flag) and its result is dropped when it ends, never
// waited for on the GUI thread. The latest job's result is handed to `done`
// on the GUI thread. Each start has a generation number; results of older
// generations are dropped.
#pragma once

#include "views/jobs/work_pool.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <set>
#include <utility>

namespace uops::views {

template <class T> class LatestJob {
public:
  using Cancel = std::shared_ptr<std::atomic<bool>>;

  explicit LatestJob(QObject* context) : m_context(context) {}
  LatestJob(const LatestJob&) = delete;
  LatestJob& operator=(const LatestJob&) = delete;
  // The workers own what they use, except what `work` itself captures: the
  // owner's destructor waits for the jobs still running (cancelled first).
  ~LatestJob() {
    cancel();
    for (QFutureWatcher<T>* w : m_watchers) {
      QObject::disconnect(w, nullptr, m_context, nullptr);
      w->waitForFinished();
    }
  }

  // work(const std::atomic<bool>& cancelled) -> T, on a worker; done(T) on the
  // GUI thread, only for the newest generation.
  template <class Work> void start(Work work, std::function<void(T)> done) {
    if (m_cancel) *m_cancel = true; // superseded
    Cancel flag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = flag;
    const quint64 generation = ++m_generation;
    auto* watcher = new QFutureWatcher<T>(m_context);
    m_watchers.insert(watcher);
    QObject::connect(watcher, &QFutureWatcherBase::finished, m_context, [this, watcher, generation, done] {
      m_watchers.erase(watcher);
      watcher->deleteLater();
      if (generation == m_generation) {
        m_cancel.reset();
        done(watcher->result());
      }
      if (m_ended) m_ended();
    });
    watcher->setFuture(runOnWorkPool([flag, work = std::move(work)] { return work(*flag); }));
  }

  // Asks the job in flight to stop; its result, whenever it comes, is dropped.
  void cancel() {
    if (m_cancel) *m_cancel = true;
    m_cancel.reset();
    ++m_generation;
  }
  // Whether the newest request is still working (older ones may still be winding down).
  bool pending() const { return m_cancel != nullptr; }
  // Jobs of any generation still on a worker.
  int running() const { return static_cast<int>(m_watchers.size()); }
  // A function the next start()'s work may call from its worker: `report`
  // runs on the GUI thread, and only while that job is still the newest.
  template <class... Args> std::function<void(Args...)> reporter(std::function<void(Args...)> report) const {
    const quint64 generation = m_generation + 1;
    return [this, generation, report](Args... args) {
      QMetaObject::invokeMethod(
          m_context,
          [this, generation, report, args...] {
            if (generation == m_generation) report(args...);
          },
          Qt::QueuedConnection);
    };
  }
  // Called on the GUI thread whenever a job ends, delivered or dropped.
  void onEnded(std::function<void()> f) { m_ended = std::move(f); }

private:
  QObject* m_context;
  Cancel m_cancel;
  quint64 m_generation = 0;
  std::set<QFutureWatcher<T>*> m_watchers; // jobs on a worker, any generation
  std::function<void()> m_ended;
};

} // namespace uops::views
