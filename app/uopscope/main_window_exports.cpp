// File > Export Trace and File > Export HTML Report: the last run's timeline
// for ui.perfetto.dev, and the session as one HTML file, written by core's
// exporters (core/export) as uopc writes them. The report's graph is
// rendered by Graphviz under the lock the graph view's layouts hold too.
#include "app/uopscope/main_window.h"

#include "core/export/chrome_trace.h"
#include "core/export/graph_dot.h"
#include "core/export/html_report.h"
#include "core/export/report_kernels.h"
#include "core/engine/device_registry.h"
#include "backends/graphviz/dot_svg.h"
#include "views/kernel_text/device_run.h"
#include "views/run/peaks_cache.h"

#include <QFileInfo>
#include <QString>
#include <QSaveFile>
#include <QStatusBar>

#include <memory>

namespace uops::views {
namespace {

QString writeExport(const QString& path, const std::string& text) {
  QSaveFile f(path);
  QByteArray bytes = QByteArray::fromStdString(text);
  if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
    return QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
  return {};
}

// The device's peaks as the Roofline view measured them, or why there are none.
void exportPeaks(const QString& device, ReportInput& in) {
  for (const DeviceChoice& d : availableDevices()) {
    if (d.name != device) continue;
    if (std::optional<CachedPeaks> peaks = cachedPeaks(d.description)) {
      in.peaks = peaks->peaks;
      return;
    }
  }
  in.peaksNote = QStringLiteral("no roofline: %1's peaks were not measured (the Run view's Roofline tab measures them)")
                     .arg(device)
                     .toStdString();
}

// The selected stage's graph when it is the whole program's, else Rangeify's.
void exportGraph(const Session& session, ReportInput& in) {
  const StageRecord* record = nullptr;
  if (session.selectedStage() >= 0) {
    const StageRecord& selected = session.stageRecord(session.selectedStage());
    if (selected.kernel.empty() && selected.result) record = &selected;
  }
  if (!record) record = reportStage(*session.run(), "Rangeify");
  if (!record) return;
  in.graphStage = record->stage;
  in.graphDot = graphDot(record->result);
}

// The graph's DOT laid out by Graphviz (under its lock), on the report's worker.
void renderGraph(ReportInput& in) {
  if (in.graphDot.empty()) return;
  try {
    in.graphSvg = graphviz::dotToSvg(in.graphDot);
  } catch (const graphviz::DotError&) {
    // the report shows the DOT text instead
  }
}

} // namespace

QString MainWindow::exportTrace(const QString& path) {
  const std::optional<DeviceRunResult>& run = m_session.lastRun();
  if (!run || !run->error.isEmpty() || run->timeline.empty())
    return QStringLiteral("run the program first (Run > Run on the target device): the trace is a run's timeline");
  if (QString error = writeExport(path, chromeTrace(run->timeline, run->launches).dump(1) + "\n"); !error.isEmpty())
    return error;
  statusBar()->showMessage(QStringLiteral("wrote the trace of the run on %1 to %2 (open it in ui.perfetto.dev)")
                               .arg(run->device, path));
  return {};
}

QString MainWindow::exportHtmlReport(const QString& path) {
  const PipelineRun* lowered = m_session.run();
  if (!lowered || lowered->failed() || lowered->kernels.empty())
    return QStringLiteral("open a program that lowers first: the report shows its kernels");
  auto in = std::make_shared<ReportInput>();
  in->title = m_session.name().toStdString();
  in->program = m_session.source().toStdString();
  in->device = m_session.device().toStdString();
  std::vector<KernelTimes> times;
  const std::optional<DeviceRunResult>& last = m_session.lastRun();
  if (last && last->device == m_session.device() && last->error.isEmpty()) {
    times = last->kernels;
    in->repeat = times.empty() ? 0 : static_cast<int>(times.front().ms.size());
  }
  exportGraph(m_session, *in);
  if (in->repeat > 0) exportPeaks(m_session.device(), *in);
  else in->peaksNote = "no roofline: the program was not run on " + in->device;
  // the worker's own copy: the Session may lower another program meanwhile
  auto run = std::make_shared<const PipelineRun>(*lowered);
  statusBar()->showMessage(QStringLiteral("writing the HTML report to %1...").arg(path));
  m_reportJob.start(
      [in, run, times, path](const std::atomic<bool>&) -> QString {
        try {
          in->kernels = reportKernels(openDevice(in->device), *run, times);
        } catch (const std::exception& e) {
          return QStringLiteral("cannot report on %1: %2").arg(QString::fromStdString(in->device), QString::fromUtf8(e.what()));
        }
        renderGraph(*in);
        return writeExport(path, htmlReport(*in));
      },
      [this, path](QString error) {
        statusBar()->showMessage(error.isEmpty() ? QStringLiteral("wrote the HTML report to %1").arg(path) : error);
      });
  return {};
}

void MainWindow::exportAs(const QString& what) {
  bool trace = what == QLatin1String("trace");
  QString path = m_prompts.savePath(trace ? QStringLiteral("Export the run's trace") : QStringLiteral("Export an HTML report"),
                                    trace ? QStringLiteral("Trace JSON (*.json)") : QStringLiteral("HTML (*.html)"), QString());
  if (path.isEmpty()) return;
  QString suffix = trace ? QStringLiteral("json") : QStringLiteral("html");
  if (QFileInfo(path).suffix().isEmpty()) path += QLatin1Char('.') + suffix;
  QString error = trace ? exportTrace(path) : exportHtmlReport(path);
  if (!error.isEmpty()) statusBar()->showMessage(error);
}

} // namespace uops::views
