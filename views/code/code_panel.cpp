#include "views/code/code_panel.h"

#include "views/code/code_box.h"

#include "views/code/code_highlighter.h"
#include "views/code/rendered_source.h"
#include "views/session/session.h"

#include <QHBoxLayout>
#include <QMouseEvent>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSplitter>
#include <QTextBlock>

namespace uops::views {
namespace {

// A whole line marked as the selected node's.
QTextEdit::ExtraSelection lineMark(QPlainTextEdit* box, int line) {
  QTextEdit::ExtraSelection mark;
  mark.cursor = QTextCursor(box->document()->findBlockByNumber(line));
  mark.format.setBackground(QColor(0xFF, 0xF1, 0x9C));
  mark.format.setProperty(QTextFormat::FullWidthSelection, true);
  return mark;
}

// Scrolls `line` into view (a third down the page) unless it is already shown.
void reveal(QPlainTextEdit* box, int line) {
  QScrollBar* bar = box->verticalScrollBar();
  int page = std::max(1, bar->pageStep());
  if (line >= bar->value() && line < bar->value() + page - 1) return;
  bar->setValue(std::max(0, line - page / 3));
}

} // namespace

CodePanel::CodePanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_source(codeBox(QStringLiteral("sourceView"), this)),
      m_isa(codeBox(QStringLiteral("isaView"), this)),
      m_sourceHighlighter(new CodeHighlighter(m_source->document(), CodeLanguage::LlvmIr)),
      m_isaHighlighter(new CodeHighlighter(m_isa->document(), CodeLanguage::Assembly)) {
  setObjectName(QStringLiteral("codePanel"));
  auto* split = new QSplitter(this);
  split->addWidget(m_source);
  split->addWidget(m_isa);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(split);
  m_source->viewport()->installEventFilter(this);
  m_source->viewport()->setCursor(Qt::PointingHandCursor);
  connect(&m_session, &Session::stageSelected, this, &CodePanel::show);
  connect(&m_session, &Session::nodeSelected, this, &CodePanel::markNode);
  connect(&m_session, &Session::programLineSelected, this, &CodePanel::markProgramLine);
  connect(&m_session, &Session::machineCodeReady, m_isa, &QPlainTextEdit::setPlainText);
  connect(&m_session, &Session::listingReady, m_source, &QPlainTextEdit::setPlainText);
}

void CodePanel::show(int) {
  m_lineNodes.clear();
  m_lineOrigins.clear();
  m_programMarks.clear();
  m_marked.clear();
  m_source->setExtraSelections({});
  const LoweredKernel* k = m_session.renderedKernel();
  if (!k) {
    m_sourceHighlighter->setLanguage(CodeLanguage::LlvmIr);
    m_source->clear(); // the listing follows (Session::listingReady)
    m_isa->setPlainText(m_session.selectedKernel() ? QStringLiteral("the kernel is rendered in the Render stage")
                          : QStringLiteral("choose a kernel's stage for its source and machine code"));
    return;
  }
  RenderedSource rendered = renderedSource(*k);
  m_sourceHighlighter->setLanguage(rendered.language);
  m_lineNodes = rendered.lineNodes;
  for (const UOp* node : m_lineNodes) m_lineOrigins.push_back(node ? node->line() : 0); // read while the kernel lives
  m_source->setPlainText(QString::fromStdString(rendered.text));
  m_isa->setPlainText(QStringLiteral("compiling..."));
  markProgramLine(m_session.programLine());
  markNode(m_session.selectedNode());
}

void CodePanel::markProgramLine(int line) {
  m_programMarks.clear();
  for (size_t i = 0; line > 0 && i < m_lineOrigins.size(); ++i) {
    if (m_lineOrigins[i] != line) continue;
    QTextEdit::ExtraSelection mark;
    mark.cursor = QTextCursor(m_source->document()->findBlockByNumber(static_cast<int>(i)));
    mark.format.setBackground(QColor(0xBB, 0xDE, 0xFB));
    mark.format.setProperty(QTextFormat::FullWidthSelection, true);
    m_programMarks.append(mark);
  }
  QList<QTextEdit::ExtraSelection> nodeMarks;
  for (int i : m_marked) nodeMarks.append(lineMark(m_source, i));
  showMarks(nodeMarks);
}

std::vector<int> CodePanel::programLineMarks() const {
  std::vector<int> lines;
  for (const QTextEdit::ExtraSelection& m : m_programMarks) lines.push_back(m.cursor.blockNumber());
  return lines;
}

void CodePanel::showMarks(const QList<QTextEdit::ExtraSelection>& nodeMarks) {
  m_source->setExtraSelections(m_programMarks + nodeMarks); // the node's own lines drawn over the program line's
}

const UOp* CodePanel::nodeOfLine(int line) const {
  return line >= 0 && line < static_cast<int>(m_lineNodes.size()) ? m_lineNodes[static_cast<size_t>(line)] : nullptr;
}

bool CodePanel::chooseLine(int line) {
  const UOp* node = nodeOfLine(line);
  if (!node) return false;
  m_session.selectNode(node);
  return true;
}

void CodePanel::markNode(const UOp* node) {
  m_marked.clear();
  QList<QTextEdit::ExtraSelection> marks;
  for (size_t i = 0; node && i < m_lineNodes.size(); ++i) {
    if (m_lineNodes[i] != node) continue;
    m_marked.push_back(static_cast<int>(i));
    marks.append(lineMark(m_source, static_cast<int>(i)));
  }
  showMarks(marks);
  if (!m_marked.empty()) reveal(m_source, m_marked.front());
}

bool CodePanel::eventFilter(QObject* watched, QEvent* event) {
  if (watched == m_source->viewport() && event->type() == QEvent::MouseButtonRelease) {
    auto* click = static_cast<QMouseEvent*>(event);
    if (click->button() == Qt::LeftButton)
      chooseLine(m_source->cursorForPosition(click->position().toPoint()).blockNumber());
  }
  return QWidget::eventFilter(watched, event);
}

} // namespace uops::views
