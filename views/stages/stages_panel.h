// The Stages view: the stages as a stepper tree over StagesModel — Callify
// and Rangeify for the whole program, then each later stage with one entry
// per kernel. Choosing an entry selects that stage record in the session (the
// graph view follows).
#pragma once

#include <QTreeView>

namespace uops::views {

class Session;
class StagesModel;

class StagesPanel : public QTreeView {
  Q_OBJECT

public:
  explicit StagesPanel(Session& session, QWidget* parent = nullptr);
  StagesModel* stagesModel() const { return m_model; }
  // Moves the selection to the next/previous stage record.
  void step(int delta);

private:
  void rebuild();
  void follow(int record);

  Session& m_session;
  StagesModel* m_model;
  bool m_updating = false;
};

} // namespace uops::views
