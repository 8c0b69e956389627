// The Rewrites view: the passes of the selected stage and their rewrites in
// order, each with its rule's name and source location (a tree over
// RewritesModel); choosing a rewrite shows the graph after it with the
// replacement highlighted (arrow keys step). Its context menu switches a
// rule off or skips one rewrite and lowers again (Session::setRewriteFilter);
// while a filter is on, a bar under the tree says what it skips and clears it.
#pragma once

#include <QTreeView>

class QLabel;
class QMenu;
class QWidget;

namespace uops::views {

class RewritesModel;
class Session;

class RewritesPanel : public QTreeView {
  Q_OBJECT

public:
  explicit RewritesPanel(Session& session, QWidget* parent = nullptr);
  RewritesModel* rewritesModel() const { return m_model; }
  // Chooses the n-th rewrite of the stage (0-based, across its passes); false if there is none.
  bool choose(int n);
  // Chooses the rewrite `delta` after the current one (the first when none is current).
  bool step(int delta);
  // The context menu for the row at `index` (tests trigger its actions).
  QMenu* contextMenuFor(const QModelIndex& index);

protected:
  void resizeEvent(QResizeEvent* event) override;

private:
  void rebuild();
  void showFilter();

  Session& m_session;
  RewritesModel* m_model;
  QWidget* m_filterBar;
  QLabel* m_filterText;
};

} // namespace uops::views
