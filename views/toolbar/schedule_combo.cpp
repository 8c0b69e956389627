#include "views/toolbar/schedule_combo.h"

#include "views/session/session.h"

#include <algorithm>

namespace uops::views {

ScheduleCombo::ScheduleCombo(Session& session, QWidget* parent) : QComboBox(parent), m_session(session) {
  setObjectName(QStringLiteral("scheduleCombo"));
  setToolTip(QStringLiteral("the realization points of the program (realize(), item(), tolist(), step(), "
                            "TinyJit calls): lower one schedule alone, or the whole program as one graph"));
  setSizeAdjustPolicy(QComboBox::AdjustToContents);
  refill();
  connect(this, &QComboBox::activated, this, [this](int index) { m_session.setSchedule(itemData(index).toInt()); });
  connect(&m_session, &Session::programLowered, this, &ScheduleCombo::refill);
  // while a new program loads, its realization points are listed as it reaches them
  connect(&m_session, &Session::scheduleReached, this, [this](int point, const QString& label) {
    if (!m_session.showsReached() || findData(point) >= 0) return;
    blockSignals(true);
    addItem(label, point);
    setCurrentIndex(findData(m_session.schedule()));
    setEnabled(true);
    blockSignals(false);
  });
}

void ScheduleCombo::refill() {
  const bool loading = m_session.showsReached();
  const QStringList& labels = loading ? m_session.reachedSchedules() : m_session.lowered().schedules;
  blockSignals(true);
  clear();
  addItem(QStringLiteral("Whole program"), 0);
  for (qsizetype k = 0; k < labels.size(); ++k) addItem(labels[k], static_cast<int>(k + 1));
  setCurrentIndex(std::max(0, findData(loading ? m_session.schedule() : m_session.lowered().schedule)));
  setEnabled(!labels.isEmpty());
  blockSignals(false);
}

} // namespace uops::views
