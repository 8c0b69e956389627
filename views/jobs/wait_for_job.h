// Tests and screenshots wait for a view's background job: the event loop
// turns until the job is done, then once more so its finished() signal (a
// queued delivery) has been handled.
#pragma once

#include "views/jobs/latest_job.h"

class QFutureWatcherBase;

namespace uops::views {

void waitForJob(const QFutureWatcherBase& job);
// Until no request of `job`, newest or superseded, is left on a worker.
void waitForJobs(const std::function<int()>& running);
template <class T> void waitForJob(const LatestJob<T>& job) {
  waitForJobs([&job] { return job.running(); });
}

} // namespace uops::views
