// The realization points of the program, as a combo for the window's toolbar:
// "Whole program" (one graph), then each schedule ("2 of 4: step() at line
// 21") and the outputs. Choosing one has the Session lower that schedule
// alone, its inputs the buffers earlier schedules computed. Disabled for a
// program without realization points. While a new program loads it lists
// the realization points as the load reaches them (Session::scheduleReached).
#pragma once

#include <QComboBox>

namespace uops::views {

class Session;

class ScheduleCombo : public QComboBox {
  Q_OBJECT

public:
  explicit ScheduleCombo(Session& session, QWidget* parent = nullptr);

private:
  void refill();

  Session& m_session;
};

} // namespace uops::views
