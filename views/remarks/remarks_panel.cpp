#include "views/remarks/remarks_panel.h"

#include "core/pipeline/kernel_remarks.h"
#include "core/opt/kernel_ranges.h"
#include "views/session/session.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace uops::views {
namespace {

QColor remarkColour(RemarkKind kind) {
  switch (kind) {
  case RemarkKind::Passed: return QColor(0x1b, 0x7a, 0x2e);
  case RemarkKind::Missed: return QColor(0xb0, 0x2a, 0x1e);
  case RemarkKind::Analysis: return QColor(0x55, 0x5f, 0x6b);
  }
  return {};
}

QString remarkLineText(int32_t line) {
  return line > 0 ? QString::number(line) : QString();
}

} // namespace

RemarksPanel::RemarksPanel(Session& session, QWidget* parent)
    : QWidget(parent), m_session(session), m_heading(new QLabel(this)), m_kinds(new QComboBox(this)),
      m_remarks(new QTreeWidget(this)) {
  setObjectName(QStringLiteral("remarksPanel"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* top = new QHBoxLayout;
  m_heading->setWordWrap(true);
  top->addWidget(m_heading, 1);
  m_kinds->addItems({QStringLiteral("all"), QStringLiteral("missed"), QStringLiteral("passed"),
                     QStringLiteral("analysis")});
  m_kinds->setToolTip(QStringLiteral("Which remarks to list"));
  top->addWidget(m_kinds);
  layout->addLayout(top);
  m_remarks->setHeaderLabels({QStringLiteral("kind"), QStringLiteral("origin"), QStringLiteral("line"),
                              QStringLiteral("IR"), QStringLiteral("remark")});
  m_remarks->setRootIsDecorated(false);
  m_remarks->setWordWrap(true);
  m_remarks->header()->setStretchLastSection(true);
  layout->addWidget(m_remarks);
  connect(m_kinds, &QComboBox::currentIndexChanged, this, &RemarksPanel::refresh);
  connect(&m_session, &Session::programLowered, this, &RemarksPanel::refresh);
  connect(&m_session, &Session::stageSelected, this, &RemarksPanel::refresh);
  connect(&m_session, &Session::compilerRemarksReady, this, [this](int kernel) {
    if (kernel == m_kernel) refresh();
  });
  connect(m_remarks, &QTreeWidget::currentItemChanged, this,
          [this](QTreeWidgetItem* item) { choose(item ? m_remarks->indexOfTopLevelItem(item) : -1); });
  refresh();
}

void RemarksPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (m_kernel >= 0) m_session.requestCompilerRemarks(static_cast<size_t>(m_kernel));
}

void RemarksPanel::refresh() {
  m_remarks->clear();
  const PipelineRun* run = m_session.run();
  const LoweredKernel* k = m_session.selectedKernel();
  m_kernel = run && k ? k - run->kernels.data() : -1;
  if (!run) {
    m_heading->setText(QStringLiteral("Open a program: why its kernels were fused, optimized and compiled as they were."));
    return;
  }
  std::vector<Remark> remarks = m_kernel >= 0 ? m_session.remarksOf(static_cast<size_t>(m_kernel)) : run->remarks;
  const QString wanted = m_kinds->currentText();
  int missed = 0;
  for (const Remark& r : remarks) {
    if (r.kind == RemarkKind::Missed) ++missed;
    const QString kind = QString::fromUtf8(remarkKindName(r.kind).data());
    if (wanted != QStringLiteral("all") && wanted != kind) continue;
    auto* item = new QTreeWidgetItem(m_remarks, {kind, QString::fromStdString(r.origin), remarkLineText(r.programLine),
                                                 remarkLineText(r.irLine), QString::fromStdString(r.message)});
    item->setForeground(kKind, remarkColour(r.kind));
    item->setToolTip(kMessage, QString::fromStdString(r.name + ": " + r.message));
    item->setData(kKind, Qt::UserRole, r.programLine);
    item->setData(kIrLine, Qt::UserRole, r.irLine);
  }
  for (int c = kKind; c < kMessage; ++c) m_remarks->resizeColumnToContents(c);
  if (m_kernel < 0) {
    m_heading->setText(QStringLiteral("Rangeify's fusion remarks for the whole program: %1 (%2 missed). Select a "
                                      "kernel's stage for its own.")
                           .arg(remarks.size())
                           .arg(missed));
    return;
  }
  const size_t index = static_cast<size_t>(m_kernel);
  const bool compiled = m_session.hasCompilerRemarks(index);
  m_heading->setText(QStringLiteral("%1: %2 remarks (%3 missed)%4")
                         .arg(QString::fromStdString(kernelLabel(index, run->kernelName(index))))
                         .arg(remarks.size())
                         .arg(missed)
                         .arg(compiled ? QString() : QStringLiteral("; compiling for the compiler's remarks...")));
  if (!compiled && isVisible()) m_session.requestCompilerRemarks(index);
}

void RemarksPanel::choose(int row) {
  QTreeWidgetItem* item = row >= 0 ? m_remarks->topLevelItem(row) : nullptr;
  if (!item) return;
  const int line = item->data(kKind, Qt::UserRole).toInt();
  if (line > 0) m_session.selectProgramLine(line);
  // in the Render stage the source shown is the kernel's: its line's node
  const int irLine = item->data(kIrLine, Qt::UserRole).toInt();
  const LoweredKernel* k = m_session.renderedKernel();
  if (!k || irLine <= 0) return;
  const std::vector<const UOp*>& nodes = renderedLineNodes(*k);
  if (static_cast<size_t>(irLine) <= nodes.size() && nodes[static_cast<size_t>(irLine) - 1])
    m_session.selectNode(nodes[static_cast<size_t>(irLine) - 1]);
}

} // namespace uops::views
