#include "views/code/code_panel.h"

#include "views/code/code_editor.h"
#include "views/code/rendered_source.h"
#include "views/session/session.h"

#include <QHBoxLayout>
#include <QSplitter>

namespace uops::views {

CodePanel::CodePanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_source(new CodeEditor(QStringLiteral("sourceView"), CodeLanguage::LlvmIr, this)),
      m_isa(new CodeEditor(QStringLiteral("isaView"), CodeLanguage::Assembly, this)) {
  setObjectName(QStringLiteral("codePanel"));
  auto* split = new QSplitter(this);
  split->addWidget(m_source);
  split->addWidget(m_isa);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(split);
  connect(m_source, &CodeEditor::lineClicked, this, &CodePanel::chooseLine);
  connect(&m_session, &Session::stageSelected, this, &CodePanel::show);
  connect(&m_session, &Session::nodeSelected, this, &CodePanel::markNode);
  connect(&m_session, &Session::programLineSelected, this, &CodePanel::markProgramLine);
  connect(&m_session, &Session::machineCodeReady, m_isa, &CodeEditor::setText);
  connect(&m_session, &Session::listingReady, m_source, &CodeEditor::setText);
}

void CodePanel::show(int) {
  m_lineNodes.clear();
  m_lineOrigins.clear();
  m_marked.clear();
  m_source->setMarks(CodeEditor::Mark::Node, {});
  m_source->setMarks(CodeEditor::Mark::ProgramLine, {});
  const LoweredKernel* k = m_session.renderedKernel();
  if (!k) {
    m_source->setLanguage(CodeLanguage::LlvmIr);
    m_source->clear(); // the listing follows (Session::listingReady)
    m_isa->setText(m_session.selectedKernel() ? QStringLiteral("the kernel is rendered in the Render stage")
                                              : QStringLiteral("choose a kernel's stage for its source and machine code"));
    return;
  }
  RenderedSource rendered = renderedSource(*k);
  m_source->setLanguage(rendered.language);
  m_lineNodes = rendered.lineNodes;
  for (const UOp* node : m_lineNodes) m_lineOrigins.push_back(node ? node->line() : 0); // read while the kernel lives
  m_source->setText(QString::fromStdString(rendered.text));
  m_isa->setText(QStringLiteral("compiling..."));
  markProgramLine(m_session.programLine());
  markNode(m_session.selectedNode());
}

void CodePanel::markProgramLine(int line) {
  std::vector<int> lines;
  for (size_t i = 0; line > 0 && i < m_lineOrigins.size(); ++i)
    if (m_lineOrigins[i] == line) lines.push_back(static_cast<int>(i));
  m_source->setMarks(CodeEditor::Mark::ProgramLine, lines);
}

std::vector<int> CodePanel::programLineMarks() const {
  return m_source->markedLines(CodeEditor::Mark::ProgramLine);
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
  for (size_t i = 0; node && i < m_lineNodes.size(); ++i)
    if (m_lineNodes[i] == node) m_marked.push_back(static_cast<int>(i));
  m_source->setMarks(CodeEditor::Mark::Node, m_marked);
  if (!m_marked.empty()) m_source->reveal(m_marked.front());
}

} // namespace uops::views
