#include "views/jobs/work_pool.h"

#include <QThread>
#include <QThreadPool>

#include <algorithm>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace uops::views {

QThreadPool* workPool() {
  static QThreadPool* pool = [] {
    auto* p = new QThreadPool;
    // as many as the cores, and at least two: a long lowering must not hold up a layout
    p->setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
    p->setObjectName(QStringLiteral("uopscope work"));
    return p;
  }();
  return pool;
}

void releaseOnWorkPool(std::shared_ptr<void> held) {
  workPool()->start([held = std::move(held)]() mutable {
    yieldToTheWindow();
    held.reset();
  });
}

void yieldToTheWindow() {
  thread_local bool lowered = false;
  if (lowered) return;
  lowered = true;
#ifdef __linux__
  // on Linux a thread's nice value is its own (setpriority on its thread id)
  const auto self = static_cast<id_t>(syscall(SYS_gettid));
  setpriority(PRIO_PROCESS, self, std::min(19, getpriority(PRIO_PROCESS, self) + 10));
#endif
}

} // namespace uops::views
