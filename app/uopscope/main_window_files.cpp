// The window's files: a session saved and reopened (.uopscope,
// views/session/saved_session.h: the Session gives and takes the program,
// device and kernels' OptOps; the window adds what it shows, the middle tab,
// the graph's options, its docks) and a kernel report exported.
#include "app/uopscope/main_window.h"

#include "views/session/kernel_report.h"

#include <QAction>
#include <QFile>
#include <QSaveFile>
#include <QStatusBar>
#include <QTabWidget>

namespace uops::views {
namespace {

// Writes `bytes` to `path` all at once (a failed write leaves the old file); an error message or "".
QString writeWhole(const QString& path, const QByteArray& bytes) {
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit())
    return QStringLiteral("cannot write %1: %2").arg(path, f.errorString());
  return {};
}

} // namespace

QString MainWindow::saveSession(const QString& path) {
  if (m_session.source().isEmpty()) return QStringLiteral("no program to save");
  SavedSession s = m_session.saved();
  s.centralView = centralViews().value(m_center->currentIndex(), centralViews().front());
  s.windowState = saveState();
  if (QString error = writeWhole(path, toJson(s)); !error.isEmpty()) return error;
  m_recent->add(path);
  statusBar()->showMessage(QStringLiteral("saved the session to %1").arg(path));
  return {};
}

QString MainWindow::openSession(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return QStringLiteral("cannot open %1: %2").arg(path, f.errorString());
  SavedSession s;
  try {
    s = parseSavedSession(f.readAll());
  } catch (const SessionFileError& e) {
    return QStringLiteral("%1: %2").arg(path, QString::fromUtf8(e.what()));
  }
  m_pendingView = s;
  QString warning = m_session.restore(s);
  setWindowTitle(QStringLiteral("UOpScope — %1").arg(path));
  m_recent->add(path);
  statusBar()->showMessage(warning.isEmpty() ? QStringLiteral("opened the session %1").arg(path) : warning);
  return {};
}

QString MainWindow::exportKernelReport(const QString& path) {
  const LoweredKernel* k = m_session.selectedKernel();
  if (!k) return QStringLiteral("select a kernel's stage first (the Stages view)");
  KernelReportInput in;
  in.program = m_session.lowered().name;
  in.device = m_session.device();
  in.kernel = k;
  in.index = static_cast<size_t>(k - m_session.run()->kernels.data());
  auto beam = m_session.beamSummaries().find(in.index);
  in.optsOrigin = beam != m_session.beamSummaries().end()           ? beam->second
                  : m_session.kernelOpts().count(in.index) ? QStringLiteral("chosen by hand")
                                                                     : QStringLiteral("the heuristics");
  in.machineCode = m_session.machineCodeOf(in.index);
  const std::optional<DeviceRunResult>& last = m_session.lastRun();
  // launches are in schedule order (two kernels may share a name)
  if (last && last->device == in.device && last->error.isEmpty() && in.index < last->kernels.size() &&
      last->kernels[in.index].name == k->name.text)
    in.times = &last->kernels[in.index];
  if (QString error = writeWhole(path, kernelReport(in).toUtf8()); !error.isEmpty()) return error;
  statusBar()->showMessage(QStringLiteral("wrote the report of %1 to %2").arg(QString::fromStdString(k->name.text), path));
  return {};
}

void MainWindow::setHiddenGroups(const QStringList& groups) {
  LayoutOptions options = m_session.layouts().layoutOptions();
  options.filter = filterHiding(groups);
  const char* actions[] = {"hideConstants", "hideIndexMath", "hideMovement", "collapseCalls"};
  const bool on[] = {options.filter.constants, options.filter.indexMath, options.filter.movement,
                     options.filter.collapseCalls};
  for (size_t i = 0; i < std::size(actions); ++i)
    if (auto* a = findChild<QAction*>(QLatin1String(actions[i]))) {
      QSignalBlocker quiet(a);
      a->setChecked(on[i]);
    }
  m_session.layouts().setLayoutOptions(options);
}

// After the restored program lowered (and the Session selected its first stage).
void MainWindow::restoreViewState(const SavedSession& s) {
  if (!s.windowState.isEmpty()) restoreState(s.windowState);
  showView(s.centralView);
  setHiddenGroups(s.hidden);
  setCompare(s.compare);
  if (!s.stage.isEmpty()) {
    int record = m_session.findStage(s.stage, s.kernel);
    if (record >= 0) m_session.selectStage(record);
  }
}

} // namespace uops::views
