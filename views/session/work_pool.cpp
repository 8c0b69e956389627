#include "views/session/work_pool.h"

#include <QThread>
#include <QThreadPool>

#include <algorithm>

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
  workPool()->start([held = std::move(held)]() mutable { held.reset(); });
}

} // namespace uops::views
