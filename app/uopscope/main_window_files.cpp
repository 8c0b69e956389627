// The window's files: the program saved (Save, Save As, and the question
// before edits would be dropped), a session saved and reopened (.uopscope,
// views/session/saved_session.h: the Session gives and takes the program,
// device and kernels' OptOps; the window adds what it shows, the middle tab,
// the graph's options, its docks) and a kernel report exported.
#include "app/uopscope/main_window.h"

#include "views/session/kernel_report.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
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

// `path`, with `.suffix` added when its file name has none ("report" -> "report.md").
QString withDefaultSuffix(const QString& path, const QString& suffix) {
  return QFileInfo(path).suffix().isEmpty() ? path + QLatin1Char('.') + suffix : path;
}

} // namespace

MainWindow::Prompts MainWindow::dialogPrompts() {
  Prompts p;
  p.savePath = [this](const QString& caption, const QString& filter, const QString& start) {
    return QFileDialog::getSaveFileName(this, caption, start, filter);
  };
  p.unsavedEdits = [this](const QString& question) {
    switch (QMessageBox::question(this, QStringLiteral("UOpScope"), question,
                                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save)) {
    case QMessageBox::Save: return EditsAnswer::Save;
    case QMessageBox::Discard: return EditsAnswer::Discard;
    default: return EditsAnswer::Cancel; // Esc, or the box closed
    }
  };
  return p;
}

void MainWindow::showTitle(const QString& file) {
  setWindowTitle(file.isEmpty() ? QStringLiteral("UOpScope[*]") : QStringLiteral("UOpScope — %1[*]").arg(file));
}

QString MainWindow::saveProgram(const QString& path) {
  const QString text = m_program->text();
  if (QString error = writeWhole(path, text.toUtf8()); !error.isEmpty()) return error;
  m_session.programSaved(path, text);
  m_recent->add(path);
  showTitle(path);
  statusBar()->showMessage(QStringLiteral("saved %1").arg(path));
  return {};
}

bool MainWindow::save() {
  if (m_session.path().isEmpty()) return saveAs();
  QString error = saveProgram(m_session.path());
  if (!error.isEmpty()) statusBar()->showMessage(error);
  return error.isEmpty();
}

bool MainWindow::saveAs() {
  QString path = m_prompts.savePath(QStringLiteral("Save the program"), QStringLiteral("Tensor programs (*.py)"),
                                    m_session.path().isEmpty() ? m_session.name() : m_session.path());
  if (path.isEmpty()) return false;
  QString error = saveProgram(withDefaultSuffix(path, QStringLiteral("py")));
  if (!error.isEmpty()) statusBar()->showMessage(error);
  return error.isEmpty();
}

bool MainWindow::settleEdits() {
  if (!m_program->modified()) return true;
  const QString program = m_session.name().isEmpty() ? QStringLiteral("The program") : m_session.name();
  switch (m_prompts.unsavedEdits(QStringLiteral("%1 has edits that are not saved. Save them first?").arg(program))) {
  case EditsAnswer::Save: return save();
  case EditsAnswer::Discard: return true;
  case EditsAnswer::Cancel: return false;
  }
  return false;
}

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
  showTitle(path);
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

void MainWindow::exportKernelReportAs() {
  QString path = m_prompts.savePath(QStringLiteral("Export the selected kernel's report"),
                                    QStringLiteral("Markdown (*.md)"), QString());
  if (path.isEmpty()) return;
  QString error = exportKernelReport(withDefaultSuffix(path, QStringLiteral("md")));
  if (!error.isEmpty()) statusBar()->showMessage(error);
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
