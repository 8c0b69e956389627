// The Rewrites view: the passes of the selected stage and their rewrites in
// order, each with its rule's name and source location; choosing a rewrite
// shows the graph after it with the replacement highlighted (arrow keys step).
#pragma once

#include <QTreeWidget>

namespace uops::views {

class Session;

class RewritesPanel : public QTreeWidget {
  Q_OBJECT

public:
  explicit RewritesPanel(Session& session, QWidget* parent = nullptr);
  // Chooses the n-th rewrite of the stage (0-based, across its passes); false if there is none.
  bool choose(int n);
  // Chooses the rewrite `delta` after the current one (the first when none is current).
  bool step(int delta);

private:
  void rebuild();

  Session& m_session;
};

} // namespace uops::views
