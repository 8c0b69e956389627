#include "views/rewrites/rewrites_panel.h"

#include "views/rewrites/rewrites_model.h"
#include "views/session/session.h"

#include <QHeaderView>

namespace uops::views {

RewritesPanel::RewritesPanel(Session& session, QWidget* parent)
    : QTreeView(parent), m_session(session), m_model(new RewritesModel(this)) {
  setObjectName(QStringLiteral("rewritesPanel"));
  setModel(m_model);
  setUniformRowHeights(true); // rows are laid out on demand, however many rewrites
  header()->setSectionResizeMode(RewritesModel::Rule, QHeaderView::Stretch);
  connect(&m_session, &Session::stageSelected, this, &RewritesPanel::rebuild);
  connect(selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
    auto [step, k] = m_model->stepAndRewrite(current);
    if (step >= 0) m_session.showRewrite(step, k);
  });
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

} // namespace uops::views
