#include "views/bisect/bisect_runner.h"

#include "core/engine/lowering_bisect.h"
#include "core/engine/device_registry.h"
#include "views/session/session.h"

#include <QProgressDialog>

#include <fmt/format.h>

namespace uops::views {
namespace {

BisectFound bisectRoots(const std::vector<UOpPtr>& roots, const std::string& device, const std::atomic<bool>& cancel,
                        const std::function<void(int, QString)>& progress) {
  BisectFound out;
  try {
    LoweringBisectOptions options;
    options.cancel = &cancel;
    options.progress = [&](size_t probes, size_t limit, const Probe& p) {
      const char* verdict = p.verdict == ProbeVerdict::Good ? "good" : p.verdict == ProbeVerdict::Bad ? "bad" : "cannot lower";
      progress(static_cast<int>(probes), QString::fromStdString(fmt::format("first {} rewrites: {}", limit, verdict)));
    };
    LoweringBisect b = bisectLowering(openDevice(device), roots, options);
    if (!b.search.found) {
      out.summary = QString::fromStdString("nothing found: " + b.search.message);
      return out;
    }
    const StageRecord& record = b.traced.stages[b.place.record];
    const TraceStep& step = record.steps[b.place.step];
    const TraceRewrite& rw = step.rewrites[b.place.rewrite];
    out.found = true;
    out.stage = QString::fromStdString(record.stage);
    out.kernel = record.kernel.empty() ? -1 : static_cast<int>(record.kernelIndex);
    out.step = static_cast<int>(b.place.step);
    out.rewrite = static_cast<int>(b.place.rewrite);
    out.summary = QString::fromStdString(fmt::format(
        "rewrite #{} of {}: rule '{}' ({}) in {}{}, pass '{}' ({} probes)", b.search.firstBad - 1, b.total,
        rw.rule.name(), rw.rule.locationText(), record.stage, record.kernel.empty() ? "" : " (" + record.kernel + ")",
        step.name, b.search.probes));
  } catch (const PipelineCancelled&) {
    out.summary = QStringLiteral("cancelled");
  } catch (const std::exception& e) {
    out.summary = QString::fromStdString(std::string("bisecting failed: ") + e.what());
  }
  return out;
}

// The rewrite's number in its stage as the Rewrites view counts them: over
// the passes shown (snapshots are not), in order.
int rewriteNumber(const StageRecord& record, int step, int rewrite) {
  int n = 0;
  for (int s = 0; s < step && s < static_cast<int>(record.steps.size()); ++s)
    if (!record.steps[static_cast<size_t>(s)].snapshot) n += static_cast<int>(record.steps[static_cast<size_t>(s)].rewrites.size());
  return n + rewrite;
}

} // namespace

BisectRunner::BisectRunner(Session& session, QWidget* window, std::function<void(int)> open)
    : QObject(window), m_session(session), m_window(window), m_open(std::move(open)) {}

void BisectRunner::start() {
  if (m_session.lowered().roots.empty()) {
    m_last = {.found = false, .summary = QStringLiteral("no program to bisect"), .stage = {}, .kernel = -1, .step = -1, .rewrite = -1};
    Q_EMIT finished(m_last.summary);
    return;
  }
  if (!m_dialog) {
    m_dialog = new QProgressDialog(m_window);
    m_dialog->setObjectName(QStringLiteral("bisectProgress"));
    m_dialog->setWindowTitle(QStringLiteral("Bisect"));
    m_dialog->setRange(0, 0); // the number of probes is known only at the end
    m_dialog->setMinimumDuration(0);
    connect(m_dialog, &QProgressDialog::canceled, this, [this] {
      m_job.cancel();
      m_dialog->hide();
    });
  }
  m_dialog->setLabelText(QStringLiteral("Bisecting the rewrites of %1 on %2...").arg(m_session.name(), m_session.device()));
  m_dialog->show();
  auto progress = m_job.reporter(std::function<void(int, QString)>([this](int probes, QString line) {
    m_dialog->setLabelText(QStringLiteral("Probe %1: %2").arg(probes).arg(line));
    Q_EMIT probed(probes, line);
  }));
  m_job.start([roots = m_session.lowered().roots, device = m_session.device().toStdString(),
               progress](const std::atomic<bool>& cancel) { return bisectRoots(roots, device, cancel, progress); },
              [this](BisectFound found) { take(std::move(found)); });
}

void BisectRunner::take(BisectFound found) {
  m_last = std::move(found);
  m_dialog->hide();
  if (m_last.found) {
    const int record = m_session.findStage(m_last.stage, m_last.kernel);
    if (record >= 0) {
      m_session.selectStage(record);
      m_open(rewriteNumber(m_session.stageRecord(record), m_last.step, m_last.rewrite));
    }
  }
  Q_EMIT finished(m_last.summary);
}

} // namespace uops::views
