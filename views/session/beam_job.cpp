#include "views/session/beam_job.h"

#include "views/common/time_text.h"
#include "core/opt/heuristics.h"
#include "core/engine/device_beam.h"
#include "core/pipeline/optimize.h"
#include "core/engine/device_registry.h"
#include "views/jobs/work_pool.h"

#include <memory>
#include <mutex>

namespace uops::views {

QString beamSummary(const BeamResult& r) {
  if (r.cancelled && r.tried == 0 && !r.skipped.empty())
    return QStringLiteral("BEAM failed: %1").arg(QString::fromStdString(r.skipped.front()));
  if (r.cancelled) return QStringLiteral("BEAM cancelled after %1 candidates").arg(r.tried);
  return QStringLiteral("BEAM: %1 -> %2 (%3 tried%4)")
      .arg(r.opts.empty() ? QStringLiteral("no OptOps") : QString::fromStdString(formatOpts(r.opts)))
      .arg(timeText(r.ms))
      .arg(r.tried)
      .arg(r.fromCache ? QStringLiteral(", from the cache") : QString());
}

BeamJob::BeamJob(QObject* parent) : QObject(parent) {
  connect(&m_watcher, &QFutureWatcher<BeamResult>::finished, this, [this] {
    m_result = m_watcher.result();
    Q_EMIT finished(beamSummary(m_result));
  });
}

BeamJob::~BeamJob() {
  m_cancel = true;
  m_watcher.waitForFinished();
}

bool BeamJob::start(size_t kernel, UOpPtr ast, const CodegenTarget& target, int width) {
  if (running()) return false;
  m_cancel = false;
  m_kernel = kernel;
  m_device = QString::fromStdString(target.device);
  auto task = [this, ast = std::move(ast), target, width] {
    static std::mutex mutex; // a device runs one search at a time
    std::lock_guard lock(mutex);
    BeamSettings settings;
    settings.width = width;
    settings.cancel = &m_cancel;
    settings.device = target.device;
    settings.seeds = heuristicSeeds(optimize(ast, target), optTargetOf(target));
    settings.progress = [this](const BeamProgress& p) {
      QMetaObject::invokeMethod(this, [this, p] { Q_EMIT progress(p.tried, p.bestMs, p.candidateMs); },
                                Qt::QueuedConnection);
    };
    std::unique_ptr<BeamCache> cache;
    try {
      cache = std::make_unique<BeamCache>();
    } catch (const BeamCacheError&) {
      // no writable cache: search without one
    }
    settings.cache = cache.get();
    try {
      return beamSearchOn(openDevice(target.device), ast, target, settings);
    } catch (const std::exception& e) {
      BeamResult failed; // nothing found: the device refused, the summary says why
      failed.cancelled = true;
      failed.skipped = {e.what()};
      return failed;
    }
  };
  m_watcher.setFuture(runOnWorkPool(std::move(task)));
  return true;
}

} // namespace uops::views
