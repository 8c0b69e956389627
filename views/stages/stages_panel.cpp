#include "views/stages/stages_panel.h"

#include <algorithm>
#include <string>
#include <vector>

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

void StagesPanel::setByKernel(bool byKernel) {
  m_updating = true;
  m_model->setByKernel(byKernel);
  expandAll();
  m_updating = false;
  follow(m_session.selectedStage());
}

void StagesPanel::follow(int record) {
  const QModelIndex at = m_model->indexOfRecord(record);
  if (!at.isValid()) return;
  m_updating = true;
  setCurrentIndex(at);
  m_updating = false;
}

void StagesPanel::step(int delta) {
  int selected = m_session.selectedStage();
  if (selected < 0) return;
  // the stages in the order they ran, each name once: Callify, Rangeify, Optimize, ..., Render
  std::vector<std::string> order;
  for (int i = 0; i < m_session.stageCount(); ++i) {
    const std::string& name = m_session.stageRecord(i).stage;
    if (std::find(order.begin(), order.end(), name) == order.end()) order.push_back(name);
  }
  const StageRecord& now = m_session.stageRecord(selected);
  if (!now.kernel.empty()) m_kernel = static_cast<int>(now.kernelIndex);
  auto at = static_cast<int>(std::find(order.begin(), order.end(), now.stage) - order.begin());
  for (int s = at + delta; s >= 0 && s < static_cast<int>(order.size()); s += delta) {
    // a whole-program stage, or this kernel's record of a kernel stage
    QString name = QString::fromStdString(order[static_cast<size_t>(s)]);
    int next = m_session.findStage(name, -1);
    if (next < 0) next = m_session.findStage(name, m_kernel);
    if (next >= 0) {
      m_session.selectStage(next);
      return;
    }
  }
}

void StagesPanel::stepKernel(int delta) {
  int selected = m_session.selectedStage();
  if (selected < 0) return;
  const StageRecord& now = m_session.stageRecord(selected);
  if (now.kernel.empty()) return; // a whole-program stage has no kernel to step
  int next = m_session.findStage(QString::fromStdString(now.stage), static_cast<int>(now.kernelIndex) + delta);
  if (next >= 0) m_session.selectStage(next);
}

} // namespace uops::views
