#include "views/jobs/wait_for_job.h"

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QThread>

namespace uops::views {

void waitForJob(const QFutureWatcherBase& job) {
  while (job.isRunning()) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QThread::msleep(5);
  }
  QCoreApplication::processEvents();
}

void waitForJobs(const std::function<int()>& running) {
  while (running() > 0) {
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    QThread::msleep(5);
  }
  QCoreApplication::processEvents();
}

} // namespace uops::views
