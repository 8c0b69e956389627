// The "Why not" view: for the node selected in the graph, every rule of the
// selected stage's passes that could match its op, each with the first part
// of its pattern the node fails (core/rewrite/why_not.h) and its source line;
// rules whose pattern matches are marked. A rule is also a breakpoint: "Next
// match" shows its next rewrite in the stage after the one shown (the
// Rewrites view follows).
#pragma once

#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace uops {
class UOp;
}

namespace uops::views {

class Session;

class WhyNotPanel : public QWidget {
  Q_OBJECT

public:
  explicit WhyNotPanel(Session& session, QWidget* parent = nullptr);

  QTreeWidget* rules() const { return m_rules; }
  QLabel* heading() const { return m_heading; }
  // Shows the next rewrite of the chosen rule in the selected stage after the
  // one shown (from the start when none is); false when there is none.
  bool nextMatch();

private:
  void showNode(const UOp* node);

  Session& m_session;
  QLabel* m_heading;
  QTreeWidget* m_rules;
  QPushButton* m_next;
  int m_step = -1, m_rewrite = -1; // the rewrite shown, as the Session last said
  QString m_chosen;                 // the chosen rule (name and source), kept across nodes
};

} // namespace uops::views
