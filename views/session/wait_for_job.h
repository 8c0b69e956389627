// Tests and screenshots wait for a view's background job: the event loop
// turns until the job is done, then once more so its finished() signal (a
// queued delivery) has been handled.
#pragma once

class QFutureWatcherBase;

namespace uops::views {

void waitForJob(const QFutureWatcherBase& job);

} // namespace uops::views
