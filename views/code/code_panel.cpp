#include "views/code/code_panel.h"

#include "views/code/code_editor.h"
#include "views/code/isa_columns.h"
#include "views/kernel_text/rendered_source.h"
#include "views/session/session.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QSplitter>
#include <QVBoxLayout>

namespace uops::views {

CodePanel::CodePanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_source(new CodeEditor(QStringLiteral("sourceView"), CodeLanguage::LlvmIr, this)),
      m_isa(new CodeEditor(QStringLiteral("isaView"), CodeLanguage::Assembly, this)),
      m_addresses(new QCheckBox(QStringLiteral("addresses and bytes"), this)) {
  setObjectName(QStringLiteral("codePanel"));
  m_addresses->setObjectName(QStringLiteral("isaAddresses"));
  m_addresses->setToolTip(QStringLiteral("Show each instruction's address and encoding before its mnemonic"));
  auto* machine = new QWidget(this);
  auto* machineLayout = new QVBoxLayout(machine);
  machineLayout->setContentsMargins(0, 0, 0, 0);
  machineLayout->setSpacing(2);
  machineLayout->addWidget(m_addresses);
  machineLayout->addWidget(m_isa, 1);
  auto* split = new QSplitter(this);
  split->addWidget(m_source);
  split->addWidget(machine);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(split);
  connect(m_source, &CodeEditor::lineClicked, this, &CodePanel::chooseLine);
  connect(&m_session, &Session::stageSelected, this, &CodePanel::show);
  connect(&m_session, &Session::programLowered, this, [this] {
    if (m_session.selectedStage() < 0) show(-1); // nothing selected: no code of an earlier stage stays
  });
  connect(&m_session, &Session::nodeSelected, this, &CodePanel::markNode);
  connect(&m_session, &Session::programLineSelected, this, &CodePanel::markProgramLine);
  connect(&m_session, &Session::compilerRemarksReady, this, &CodePanel::markRemarks);
  connect(&m_session, &Session::machineCodeReady, this, [this](const QString& code) {
    m_machineCode = code;
    showMachineCode();
  });
  connect(m_addresses, &QCheckBox::toggled, this, &CodePanel::showMachineCode);
  connect(&m_session, &Session::listingReady, m_source, &CodeEditor::setText);
}

void CodePanel::show(int) {
  m_lineNodes.clear();
  m_lineOrigins.clear();
  m_marked.clear();
  m_source->setMarks(CodeEditor::Mark::Node, {});
  m_source->setMarks(CodeEditor::Mark::ProgramLine, {});
  m_source->setMarks(CodeEditor::Mark::Remark, {});
  const LoweredKernel* k = m_session.renderedKernel();
  if (!k) {
    m_source->setLanguage(CodeLanguage::LlvmIr);
    m_source->clear(); // the listing follows (Session::listingReady)
    m_machineCode = m_session.selectedKernel() ? QStringLiteral("the kernel is rendered in the Render stage")
                                               : QStringLiteral("choose a kernel's stage for its source and machine code");
    showMachineCode();
    return;
  }
  RenderedSource rendered = renderedSource(*k);
  m_source->setLanguage(rendered.language);
  m_lineNodes = rendered.lineNodes;
  for (const UOp* node : m_lineNodes) m_lineOrigins.push_back(node ? node->line() : 0); // read while the kernel lives
  m_source->setText(QString::fromStdString(rendered.text));
  m_machineCode = QStringLiteral("compiling...");
  showMachineCode();
  markProgramLine(m_session.programLine());
  markNode(m_session.selectedNode());
  markRemarks();
}

void CodePanel::markRemarks() {
  const LoweredKernel* k = m_session.renderedKernel();
  std::vector<int> lines;
  if (k)
    for (const Remark& r : m_session.remarksOf(static_cast<size_t>(k - m_session.run()->kernels.data())))
      if (r.irLine > 0 && r.irLine <= static_cast<int32_t>(m_lineNodes.size())) lines.push_back(r.irLine - 1);
  m_source->setMarks(CodeEditor::Mark::Remark, lines);
}

std::vector<int> CodePanel::remarkLines() const {
  return m_source->markedLines(CodeEditor::Mark::Remark);
}

void CodePanel::showMachineCode() {
  m_isa->setText(m_addresses->isChecked() ? m_machineCode : withoutAddressesAndBytes(m_machineCode));
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
