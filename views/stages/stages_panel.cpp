#include "views/stages/stages_panel.h"

#include "views/session/session.h"
#include "views/stages/stages_model.h"

#include <QHeaderView>

namespace uops::views {

StagesPanel::StagesPanel(Session& session, QWidget* parent)
    : QTreeView(parent), m_session(session), m_model(new StagesModel(this)) {
  setObjectName(QStringLiteral("stagesPanel"));
  setModel(m_model);
  header()->setSectionResizeMode(StagesModel::Stage, QHeaderView::Stretch);
  connect(&m_session, &Session::programLowered, this, &StagesPanel::rebuild);
  connect(&m_session, &Session::stageSelected, this, &StagesPanel::follow);
  connect(selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
    if (m_updating || !current.isValid()) return;
    const int record = current.data(StagesModel::kRecordRole).toInt();
    if (record >= 0) m_session.selectStage(record);
  });
}

void StagesPanel::rebuild() {
  m_updating = true;
  m_model->setRun(m_session.lowered().run);
  expandAll();
  m_updating = false;
}

void StagesPanel::follow(int record) {
  const QModelIndex at = m_model->indexOfRecord(record);
  if (!at.isValid()) return;
  m_updating = true;
  setCurrentIndex(at);
  m_updating = false;
}

void StagesPanel::step(int delta) {
  int next = m_session.selectedStage() + delta;
  if (next >= 0 && next < m_session.stageCount()) m_session.selectStage(next);
}

} // namespace uops::views
