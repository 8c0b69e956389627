// Find in the Graph view: a line edit that selects and centers the first node
// whose op name contains the text (any case), or whose number is the text
// ("%12" or "12"); Enter goes to the next match, after the selected node.
#pragma once

#include <QLineEdit>

namespace uops::views {

class GraphView;
struct LaidOutNode;

// Whether `node` matches what was typed into the find bar.
bool nodeMatches(const LaidOutNode& node, const QString& text);

class FindBar : public QLineEdit {
  Q_OBJECT

public:
  FindBar(GraphView* graph, QWidget* parent = nullptr);
  // Shows the bar with its text selected, ready to type.
  void activate();
  // Selects the first match after node `after` (-1: from the top), wrapping; false when none.
  bool findFrom(int after);

private:
  GraphView* m_graph;
};

} // namespace uops::views
