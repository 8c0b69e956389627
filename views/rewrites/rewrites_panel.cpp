#include "views/rewrites/rewrites_panel.h"

#include "views/session/session.h"

#include <QFileInfo>
#include <QHeaderView>

namespace uops::views {

RewritesPanel::RewritesPanel(Session& session, QWidget* parent) : QTreeWidget(parent), m_session(session) {
  setObjectName(QStringLiteral("rewritesPanel"));
  setColumnCount(3);
  setHeaderLabels({QStringLiteral("pass / rule"), QStringLiteral("rewrite"), QStringLiteral("where")});
  header()->setSectionResizeMode(0, QHeaderView::Stretch);
  connect(&m_session, &Session::stageSelected, this, &RewritesPanel::rebuild);
  connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (!item || !item->parent()) return;
    m_session.showRewrite(item->data(0, Qt::UserRole).toInt(), item->data(1, Qt::UserRole).toInt());
  });
}

bool RewritesPanel::choose(int n) {
  for (int i = 0; i < topLevelItemCount(); ++i) {
    QTreeWidgetItem* pass = topLevelItem(i);
    if (n < pass->childCount()) {
      pass->setExpanded(true);
      setCurrentItem(pass->child(n));
      scrollToItem(pass->child(n));
      return true;
    }
    n -= pass->childCount();
  }
  return false;
}

bool RewritesPanel::step(int delta) {
  int n = 0;
  for (int i = 0; i < topLevelItemCount(); ++i) {
    QTreeWidgetItem* pass = topLevelItem(i);
    int at = pass->indexOfChild(currentItem());
    if (at >= 0) return n + at + delta >= 0 && choose(n + at + delta);
    n += pass->childCount();
  }
  return choose(0);
}

void RewritesPanel::rebuild() {
  clear();
  if (m_session.selectedStage() < 0) return;
  const StageRecord& r = m_session.stageRecord(m_session.selectedStage());
  for (size_t s = 0; s < r.steps.size(); ++s) {
    const TraceStep& step = r.steps[s];
    if (step.snapshot) continue;
    auto* pass = new QTreeWidgetItem(this, {QStringLiteral("%1%2").arg(QString(2 * step.depth, QLatin1Char(' ')),
                                                                         QString::fromStdString(step.name)),
                                            QStringLiteral("%1 rewrites").arg(step.rewrites.size()), QString()});
    for (size_t k = 0; k < step.rewrites.size(); ++k) {
      const TraceRewrite& w = step.rewrites[k];
      QString where = QStringLiteral("%1:%2")
                          .arg(QFileInfo(QString::fromUtf8(w.rule.location().file_name())).fileName())
                          .arg(w.rule.location().line());
      QString change = QStringLiteral("%1 -> %2")
                           .arg(QString::fromUtf8(opName(w.matched->op()).data()),
                                w.replacement ? QString::fromUtf8(opName(w.replacement->op()).data())
                                              : QStringLiteral("error"));
      auto* item = new QTreeWidgetItem(pass, {QString::fromStdString(w.rule.name()), change, where});
      item->setData(0, Qt::UserRole, static_cast<int>(s));
      item->setData(1, Qt::UserRole, static_cast<int>(k));
    }
  }
}

} // namespace uops::views
