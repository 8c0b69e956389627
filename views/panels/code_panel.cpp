#include "views/panels/code_panel.h"

#include "core/ir/text.h"
#include "views/session/session.h"

#include <QHBoxLayout>
#include <QPlainTextEdit>
#include <QSplitter>

namespace uops::views {
namespace {

QPlainTextEdit* codeBox(const QString& name, QWidget* parent) {
  auto* box = new QPlainTextEdit(parent);
  box->setObjectName(name);
  box->setReadOnly(true);
  box->setLineWrapMode(QPlainTextEdit::NoWrap);
  QFont mono(QStringLiteral("monospace"));
  mono.setStyleHint(QFont::Monospace);
  mono.setPointSize(8);
  box->setFont(mono);
  return box;
}

} // namespace

CodePanel::CodePanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_source(codeBox(QStringLiteral("sourceView"), this)),
      m_isa(codeBox(QStringLiteral("isaView"), this)) {
  setObjectName(QStringLiteral("codePanel"));
  auto* split = new QSplitter(this);
  split->addWidget(m_source);
  split->addWidget(m_isa);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(split);
  connect(&m_session, &Session::stageSelected, this, &CodePanel::show);
  connect(&m_session, &Session::machineCodeReady, m_isa, &QPlainTextEdit::setPlainText);
}

void CodePanel::show(int) {
  const LoweredKernel* k = m_session.selectedKernel();
  if (!k || k->llvm.source.empty()) {
    UOpPtr g = m_session.selectedGraph();
    m_source->setPlainText(g ? QString::fromStdString(printGraph(g)) : QString());
    m_isa->setPlainText(k ? QStringLiteral("the kernel is rendered in the Render stage")
                          : QStringLiteral("choose a kernel's stage for its source and machine code"));
    return;
  }
  m_source->setPlainText(QString::fromStdString(k->llvm.source));
  m_isa->setPlainText(QStringLiteral("compiling..."));
}

} // namespace uops::views
