#include "views/stages/stages_panel.h"

#include "views/session/session.h"
#include "core/opt/kernel_ranges.h"

#include <QHeaderView>
#include <map>

namespace uops::views {

StagesPanel::StagesPanel(Session& session, QWidget* parent) : QTreeWidget(parent), m_session(session) {
  setObjectName(QStringLiteral("stagesPanel"));
  setColumnCount(2);
  setHeaderLabels({QStringLiteral("stage / kernel"), QStringLiteral("rewrites")});
  header()->setSectionResizeMode(0, QHeaderView::Stretch);
  connect(&m_session, &Session::programLowered, this, &StagesPanel::rebuild);
  connect(&m_session, &Session::stageSelected, this, &StagesPanel::follow);
  connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (m_updating || !item) return;
    int record = item->data(0, Qt::UserRole).toInt();
    if (record >= 0) m_session.selectStage(record);
  });
}

void StagesPanel::rebuild() {
  m_updating = true;
  clear();
  std::map<std::string, QTreeWidgetItem*> groups;
  for (int i = 0; i < m_session.stageCount(); ++i) {
    const StageRecord& r = m_session.stageRecord(i);
    size_t rewrites = 0;
    for (const TraceStep& s : r.steps) rewrites += s.rewrites.size();
    QString name = QString::fromStdString(r.stage);
    QStringList cells{r.kernel.empty() ? name : QString::fromStdString(kernelLabel(r.kernelIndex, r.kernel)),
                      QString::number(rewrites)};
    QTreeWidgetItem* item;
    if (r.kernel.empty()) {
      item = new QTreeWidgetItem(this, cells);
    } else {
      QTreeWidgetItem*& group = groups[r.stage];
      if (!group) {
        group = new QTreeWidgetItem(this, {name, QString()});
        group->setData(0, Qt::UserRole, -1);
        group->setExpanded(true);
      }
      item = new QTreeWidgetItem(group, cells);
    }
    item->setData(0, Qt::UserRole, i);
    if (r.failed()) item->setForeground(0, QColor(0xC62828));
  }
  m_updating = false;
}

void StagesPanel::follow(int record) {
  for (QTreeWidgetItemIterator it(this); *it; ++it)
    if ((*it)->data(0, Qt::UserRole).toInt() == record) {
      m_updating = true;
      setCurrentItem(*it);
      m_updating = false;
      return;
    }
}

void StagesPanel::step(int delta) {
  int next = m_session.selectedStage() + delta;
  if (next >= 0 && next < m_session.stageCount()) m_session.selectStage(next);
}

} // namespace uops::views
