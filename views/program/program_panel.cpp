#include "views/program/program_panel.h"

#include "views/session/session.h"

#include <QHelpEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextBlock>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

namespace uops::views {
namespace {

class PythonHighlighter : public QSyntaxHighlighter {
public:
  explicit PythonHighlighter(QTextDocument* doc) : QSyntaxHighlighter(doc) {
    QTextCharFormat keyword, number, string, comment;
    keyword.setForeground(QColor(0x1565C0));
    keyword.setFontWeight(QFont::Bold);
    number.setForeground(QColor(0xC62828));
    string.setForeground(QColor(0x2E7D32));
    comment.setForeground(QColor(0x757575));
    comment.setFontItalic(true);
    m_rules = {
        {QRegularExpression(QStringLiteral(
             "\\b(from|import|def|return|for|in|if|else|elif|while|and|or|not|None|True|False|lambda|print)\\b")),
         keyword},
        {QRegularExpression(QStringLiteral("\\b[0-9]+(\\.[0-9]*)?([eE][-+]?[0-9]+)?\\b")), number},
        {QRegularExpression(QStringLiteral("\"[^\"]*\"|'[^']*'")), string},
        {QRegularExpression(QStringLiteral("#[^\n]*")), comment},
    };
  }

protected:
  void highlightBlock(const QString& text) override {
    for (const auto& [re, format] : m_rules)
      for (auto it = re.globalMatch(text); it.hasNext();) {
        QRegularExpressionMatch m = it.next();
        setFormat(static_cast<int>(m.capturedStart()), static_cast<int>(m.capturedLength()), format);
      }
  }

private:
  std::vector<std::pair<QRegularExpression, QTextCharFormat>> m_rules;
};

// A whole-line background on line `line` (1-based).
QTextEdit::ExtraSelection lineMark(QPlainTextEdit* editor, int line, QColor color) {
  QTextEdit::ExtraSelection mark;
  mark.format.setBackground(color);
  mark.format.setProperty(QTextFormat::FullWidthSelection, true);
  mark.cursor = QTextCursor(editor->document()->findBlockByNumber(line - 1));
  return mark;
}

} // namespace

ProgramPanel::ProgramPanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_editor(new QPlainTextEdit(this)), m_status(new QLabel(this)),
      m_relower(new QTimer(this)) {
  setObjectName(QStringLiteral("programPanel"));
  m_editor->setObjectName(QStringLiteral("programEditor"));
  m_status->setObjectName(QStringLiteral("programStatus"));
  QFont mono(QStringLiteral("monospace"));
  mono.setStyleHint(QFont::Monospace);
  m_editor->setFont(mono);
  m_status->setWordWrap(true);
  new PythonHighlighter(m_editor->document());
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(m_editor);
  layout->addWidget(m_status);
  m_relower->setSingleShot(true);
  m_relower->setInterval(500);
  connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
    if (!m_updating) m_relower->start();
  });
  connect(m_relower, &QTimer::timeout, this, [this] {
    m_session.setSource(m_editor->toPlainText(), m_session.lowered().name.isEmpty() ? QStringLiteral("program.py")
                                                                                    : m_session.lowered().name);
  });
  connect(&m_session, &Session::programLowered, this, &ProgramPanel::showLowered);
  connect(&m_session, &Session::sourceChanged, this, &ProgramPanel::showSource);
  connect(&m_session, &Session::loweringProgress, m_status,
          [this](const QString& stage, const QString& kernel, int done, int total) {
            m_status->setText(kernel.isEmpty() ? QStringLiteral("lowering: %1 (%2 of %3 steps)").arg(stage).arg(done).arg(total)
                                               : QStringLiteral("lowering: %1 of %2 (%3 of %4 steps)")
                                                     .arg(stage, kernel)
                                                     .arg(done)
                                                     .arg(total));
          });
  connect(&m_session, &Session::workCancelled, m_status, [this] {
    if (m_session.source() != m_session.lowered().source)
      m_status->setText(QStringLiteral("lowering cancelled: the stages shown are of the program as last lowered"));
  });
  m_editor->viewport()->installEventFilter(this);
  connect(m_editor, &QPlainTextEdit::cursorPositionChanged, this,
          [this] {
            m_session.selectProgramLine(m_editor->textCursor().blockNumber() + 1);
            showMarks();
          });
  connect(&m_session, &Session::nodeSelected, this, [this](const UOp* node) {
    m_originLine = node ? node->line() : 0;
    showMarks();
  });
}

bool ProgramPanel::eventFilter(QObject* watched, QEvent* event) {
  if (watched != m_editor->viewport() || event->type() != QEvent::ToolTip) return QWidget::eventFilter(watched, event);
  auto* help = static_cast<QHelpEvent*>(event);
  const Lowered& l = m_session.lowered();
  if (l.errorLine > 0 && m_editor->cursorForPosition(help->pos()).blockNumber() == l.errorLine - 1)
    QToolTip::showText(help->globalPos(), l.error, m_editor->viewport());
  else
    QToolTip::hideText();
  return true;
}

void ProgramPanel::showSource() {
  if (m_editor->toPlainText() != m_session.source()) {
    m_updating = true;
    m_editor->setPlainText(m_session.source());
    m_updating = false;
  }
  m_status->setText(QStringLiteral("lowering..."));
}

// The editor already shows the text (showSource), or newer text the user typed
// since: a lowering that ends never overwrites it.
void ProgramPanel::showLowered() {
  m_runningLine = 0;
  m_originLine = 0;
  const Lowered& l = m_session.lowered();
  if (!l.error.isEmpty()) {
    m_status->setText(QStringLiteral("<span style='color:#C62828'>%1</span>").arg(l.error.toHtmlEscaped()));
  } else if (const PipelineRun* run = m_session.run()) {
    QString failed = run->failed() ? QStringLiteral(" — %1 failed: %2")
                                         .arg(QString::fromStdString(run->stages.back().stage),
                                              QString::fromStdString(run->stages.back().error).toHtmlEscaped())
                                   : QString();
    m_status->setText(QStringLiteral("%1: %2 kernels%3").arg(l.name).arg(run->schedule.kernels.size()).arg(failed));
  }
  showMarks();
}

void ProgramPanel::markRunningLine(int line) {
  m_runningLine = line;
  showMarks();
  if (line > 0) {
    QTextCursor at(m_editor->document()->findBlockByNumber(line - 1));
    m_editor->setTextCursor(at);
    m_editor->ensureCursorVisible();
  }
}

void ProgramPanel::showMarks() {
  QList<QTextEdit::ExtraSelection> marks;
  const Lowered& l = m_session.lowered();
  if (!l.error.isEmpty()) {
    if (l.errorLine > 0) {
      QTextEdit::ExtraSelection mark = lineMark(m_editor, l.errorLine, QColor(0xFFCDD2));
      marks.append(mark);
      // the line's text underlined; eventFilter shows the message where the mouse rests on it
      QTextEdit::ExtraSelection underline;
      underline.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
      underline.format.setUnderlineColor(QColor(0xC62828));
      underline.cursor = mark.cursor;
      underline.cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
      marks.append(underline);
    }
  }
  // under the others: the cursor's line (what the Graph and Code views mark)
  marks.prepend(lineMark(m_editor, m_editor->textCursor().blockNumber() + 1, QColor(0xD7DEE3)));
  if (m_originLine > 0) marks.append(lineMark(m_editor, m_originLine, QColor(0xBBDEFB)));
  if (m_runningLine > 0) marks.append(lineMark(m_editor, m_runningLine, QColor(0xFFF59D)));
  m_editor->setExtraSelections(marks);
}

} // namespace uops::views
