#include "views/toolbar/schedule_combo.h"

#include "views/session/session.h"

namespace uops::views {

ScheduleCombo::ScheduleCombo(Session& session, QWidget* parent) : QComboBox(parent), m_session(session) {
  setObjectName(QStringLiteral("scheduleCombo"));
  setToolTip(QStringLiteral("the realization points of the program (realize(), item(), tolist(), step(), "
                            "TinyJit calls): lower one schedule alone, or the whole program as one graph"));
  setSizeAdjustPolicy(QComboBox::AdjustToContents);
  refill();
  connect(this, &QComboBox::activated, this, [this](int index) { m_session.setSchedule(itemData(index).toInt()); });
  connect(&m_session, &Session::programLowered, this, &ScheduleCombo::refill);
}

void ScheduleCombo::refill() {
  const QStringList& labels = m_session.lowered().schedules;
  blockSignals(true);
  clear();
  addItem(QStringLiteral("Whole program"), 0);
  for (qsizetype k = 0; k < labels.size(); ++k) addItem(labels[k], static_cast<int>(k + 1));
  setCurrentIndex(findData(m_session.lowered().schedule));
  setEnabled(!labels.isEmpty());
  blockSignals(false);
}

} // namespace uops::views
