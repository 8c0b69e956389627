#include "views/program/program_panel.h"

#include "views/program/program_editor.h"
#include "views/session/session.h"

#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>

namespace uops::views {

ProgramPanel::ProgramPanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_editor(new ProgramEditor(this)), m_status(new QLabel(this)),
      m_relower(new QTimer(this)) {
  setObjectName(QStringLiteral("programPanel"));
  m_status->setObjectName(QStringLiteral("programStatus"));
  m_status->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(m_editor);
  layout->addWidget(m_status);
  m_relower->setSingleShot(true);
  m_relower->setInterval(500);
  connect(m_editor, &ProgramEditor::textEdited, m_relower, qOverload<>(&QTimer::start));
  // under the program's own name: an edit neither renames the program nor detaches it from its file
  connect(m_relower, &QTimer::timeout, this, [this] { m_session.editSource(m_editor->text()); });
  connect(m_editor, &ProgramEditor::textEdited, this, &ProgramPanel::checkModified);
  connect(&m_session, &Session::programFileChanged, this, &ProgramPanel::checkModified);
  connect(&m_session, &Session::programLowered, this, &ProgramPanel::showLowered);
  connect(&m_session, &Session::sourceChanged, this, &ProgramPanel::showSource);
  connect(&m_session, &Session::loweringProgress, m_status,
          [this](const QString& stage, const QString& kernel, int done, int total) {
            m_status->setText(total == 0 ? loweringMessage(stage, kernel)
                                         : QStringLiteral("%1 (%2 of %3 steps)").arg(loweringMessage(stage, kernel)).arg(done).arg(total));
          });
  connect(&m_session, &Session::workCancelled, m_status, [this] {
    if (m_session.source() != m_session.lowered().source)
      m_status->setText(QStringLiteral("lowering cancelled: the stages shown are of the program as last lowered"));
  });
  connect(m_editor, &ProgramEditor::cursorLineChanged, this, [this](int line) { m_session.selectProgramLine(line); });
  connect(&m_session, &Session::nodeSelected, this, [this](const UOp* node) {
    m_originLine = node ? node->line() : 0;
    showMarks();
  });
}

QString ProgramPanel::text() const { return m_editor->text(); }

void ProgramPanel::checkModified() {
  bool modified = m_editor->text() != m_session.savedSource();
  if (modified == m_modified) return;
  m_modified = modified;
  Q_EMIT modifiedChanged(modified);
}

void ProgramPanel::showSource() {
  if (m_editor->text() != m_session.source()) {
    m_editor->setText(m_session.source());
    m_relower->stop(); // the replaced text's edit is not to be lowered after it
  }
  m_status->setText(QStringLiteral("lowering..."));
  checkModified();
}

// The editor already shows the text (showSource), or newer text the user typed
// since: a lowering that ends never overwrites it.
void ProgramPanel::showLowered() {
  m_runningLine = 0;
  m_originLine = 0;
  const Lowered& l = m_session.lowered();
  if (!l.error.isEmpty()) {
    // its lines as they are: the quoted line, the caret and the traceback line up
    m_status->setText(
        QStringLiteral(
            "<span style='color:#C62828; white-space:pre-wrap; font-family:monospace'>%1</span>")
            .arg(l.error.toHtmlEscaped()));
  } else if (const PipelineRun* run = m_session.run()) {
    QString failed = run->failed() ? QStringLiteral(" — %1 failed: %2")
                                         .arg(QString::fromStdString(run->stages.back().stage),
                                              QString::fromStdString(run->stages.back().error).toHtmlEscaped())
                                   : QString();
    m_status->setText(QStringLiteral("%1: %2 kernels%3").arg(l.name).arg(run->schedule.kernels.size()).arg(failed));
  } else {
    m_status->setText(QStringLiteral("%1: loading...").arg(l.name));
  }
  showMarks();
}

void ProgramPanel::markRunningLine(int line) {
  m_runningLine = line;
  showMarks();
  if (line > 0) m_editor->setCursorLine(line);
}

void ProgramPanel::showMarks() {
  const Lowered& l = m_session.lowered();
  m_editor->setMarks(l.error.isEmpty() ? 0 : l.errorLine, l.error, m_originLine, m_runningLine);
}

} // namespace uops::views
