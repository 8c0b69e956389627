// The Stages view: the stages as a stepper tree — Callify and Rangeify for the
// whole program, then each later stage with one entry per kernel. Choosing an
// entry selects that stage record in the session (the graph view follows).
#pragma once

#include <QTreeWidget>

namespace uops::views {

class Session;

class StagesPanel : public QTreeWidget {
  Q_OBJECT

public:
  explicit StagesPanel(Session& session, QWidget* parent = nullptr);
  // Moves the selection to the next/previous stage record.
  void step(int delta);

private:
  void rebuild();
  void follow(int record);

  Session& m_session;
  bool m_updating = false;
};

} // namespace uops::views
