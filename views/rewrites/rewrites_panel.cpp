#include "views/rewrites/rewrites_panel.h"

#include "views/rewrites/rewrites_model.h"
#include "views/session/session.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QResizeEvent>
#include <QToolButton>

namespace uops::views {

RewritesPanel::RewritesPanel(Session& session, QWidget* parent)
    : QTreeView(parent), m_session(session), m_model(new RewritesModel(this)), m_filterBar(new QWidget(this)),
      m_filterText(new QLabel(m_filterBar)) {
  setObjectName(QStringLiteral("rewritesPanel"));
  setModel(m_model);
  setUniformRowHeights(true); // rows are laid out on demand, however many rewrites
  header()->setSectionResizeMode(RewritesModel::Rule, QHeaderView::Stretch);
  connect(&m_session, &Session::stageSelected, this, &RewritesPanel::rebuild);
  connect(selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
    auto [step, k] = m_model->stepAndRewrite(current);
    if (step >= 0) m_session.showRewrite(step, k);
  });
  setContextMenuPolicy(Qt::CustomContextMenu);
  connect(this, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
    QMenu* menu = contextMenuFor(indexAt(at));
    menu->exec(viewport()->mapToGlobal(at));
    menu->deleteLater();
  });
  m_filterBar->setObjectName(QStringLiteral("rewriteFilterBar"));
  m_filterBar->setAutoFillBackground(true);
  m_filterBar->setBackgroundRole(QPalette::ToolTipBase);
  m_filterText->setObjectName(QStringLiteral("rewriteFilterText"));
  m_filterText->setForegroundRole(QPalette::ToolTipText);
  auto* clear = new QToolButton(m_filterBar);
  clear->setObjectName(QStringLiteral("clearRewriteFilter"));
  clear->setText(QStringLiteral("Clear"));
  clear->setToolTip(QStringLiteral("apply every rewrite again and lower the program again"));
  connect(clear, &QToolButton::clicked, this, [this] { m_session.setRewriteFilter({}); });
  auto* bar = new QHBoxLayout(m_filterBar);
  bar->setContentsMargins(6, 2, 2, 2);
  bar->addWidget(m_filterText, 1);
  bar->addWidget(clear);
  connect(&m_session, &Session::rewriteFilterChanged, this, &RewritesPanel::showFilter);
  showFilter();
}

QMenu* RewritesPanel::contextMenuFor(const QModelIndex& index) {
  auto* menu = new QMenu(this);
  const int record = m_session.selectedStage();
  auto [step, k] = m_model->stepAndRewrite(index);
  const PipelineRun* run = m_session.run();
  if (step >= 0 && run && record >= 0 && applicationNumber(*run, record, step, k) != LoweringFilter::kNoLimit) {
    const Rule& rule = run->stages[record].steps[step].rewrites[k].rule;
    QAction* off = menu->addAction(QStringLiteral("Switch off rule '%1' (%2) and lower again")
                                       .arg(QString::fromStdString(rule.name()), QString::fromStdString(rule.locationText())));
    off->setObjectName(QStringLiteral("disableRule"));
    connect(off, &QAction::triggered, this, [this, record, step, k] { m_session.disableRuleOf(record, step, k); });
    QAction* skip = menu->addAction(QStringLiteral("Skip this rewrite and lower again"));
    skip->setObjectName(QStringLiteral("skipRewrite"));
    connect(skip, &QAction::triggered, this, [this, record, step, k] { m_session.skipRewrite(record, step, k); });
  }
  QAction* clear = menu->addAction(QStringLiteral("Clear the rewrite filter"));
  clear->setObjectName(QStringLiteral("clearRewriteFilterAction"));
  clear->setEnabled(m_session.rewriteFilter().active());
  connect(clear, &QAction::triggered, this, [this] { m_session.setRewriteFilter({}); });
  return menu;
}

bool RewritesPanel::choose(int n) {
  QModelIndex at = m_model->rewriteIndex(n);
  if (!at.isValid()) return false;
  expand(at.parent());
  setCurrentIndex(at);
  scrollTo(at);
  return true;
}

bool RewritesPanel::step(int delta) {
  const int n = m_model->rewriteNumber(currentIndex());
  if (n < 0) return choose(0);
  return n + delta >= 0 && choose(n + delta);
}

void RewritesPanel::rebuild() {
  m_model->setStage(m_session.lowered().run, m_session.selectedStage());
}

void RewritesPanel::showFilter() {
  const LoweringFilter& filter = m_session.rewriteFilter();
  m_filterText->setText(QStringLiteral("Rewrite filter: %1").arg(QString::fromStdString(filter.describe())));
  m_filterBar->setVisible(filter.active());
  const int height = filter.active() ? m_filterBar->sizeHint().height() : 0;
  setViewportMargins(0, 0, 0, height);
  m_filterBar->setGeometry(0, this->height() - height - frameWidth(), width(), height);
}

void RewritesPanel::resizeEvent(QResizeEvent* event) {
  QTreeView::resizeEvent(event);
  showFilter();
}

} // namespace uops::views
