// What the Graph view shows and how it gets laid out: the selected stage's
// graph, or the graph after one rewrite with the graph before it beside it
// (compare mode), each laid out on a worker (LatestJob: a new request
// supersedes the one in flight). A stepped rewrite keeps the nodes the last
// layout placed where they were and marks the new ones (stableLayout); a
// layout owns the graph it lays out.
#pragma once

#include "core/rewrite/trace.h"
#include "views/graph/graph_layout.h"
#include "views/jobs/latest_job.h"

#include <QObject>

#include <functional>
#include <memory>

namespace uops::views {

class GraphLayouts : public QObject {
  Q_OBJECT

public:
  explicit GraphLayouts(QObject* parent = nullptr);

  // Lays out `graph` (a stage's); no rewrite is shown.
  void show(UOpPtr graph);
  // Lays out only the nodes of `graph` within `hops` edges of `focus` (one of its nodes): a
  // graph too big to read whole.
  void showAround(UOpPtr graph, const UOp* focus, int hops);
  // The graph after rewrite `k` of `step`, its replacement highlighted; in
  // compare mode the graph before it too, its matched node marked.
  void showRewrite(const TraceStep& step, size_t k);
  // Drops what was shown (another program): layouts in flight and the last one.
  void clear();
  void cancel();
  bool pending() const { return m_layout.pending() || m_layoutBefore.pending(); }
  int running() const { return m_layout.running() + m_layoutBefore.running(); }

  const UOp* highlighted() const { return m_highlight.get(); }
  const UOp* matched() const { return m_matched.get(); }
  void setCompareRewrites(bool on);
  bool compareRewrites() const { return m_compare; }
  // A rewrite shows only the two-hop neighbourhood of its replacement (and,
  // comparing, of the node it matched), at a size where labels read.
  void setRewriteNeighbourhood(bool on);
  bool rewriteNeighbourhood() const { return m_neighbourhood; }
  // Stepping through rewrites keeps each node the graph showed where it was
  // and marks the nodes the step made; a step that changes too much is laid
  // out anew. On by default.
  void setStableSteps(bool on) { m_stableSteps = on; }
  bool stableSteps() const { return m_stableSteps; }
  // What the Graph view hides and when it leaves dot; changing it lays out again.
  void setLayoutOptions(const LayoutOptions& options);
  const LayoutOptions& layoutOptions() const { return m_layoutOptions; }

  // Called on the GUI thread whenever a layout ends, delivered or dropped.
  void onEnded(const std::function<void()>& f) {
    m_layout.onEnded(f);
    m_layoutBefore.onEnded(f);
  }

Q_SIGNALS:
  void started(); // a layout went to a worker
  void layoutProgress(int percent);
  void layoutReady(const uops::views::GraphLayout& layout);
  void beforeLayoutReady(const uops::views::GraphLayout& layout);

private:
  // `before`: the graph before the rewrite shown (its nodes are not fresh);
  // `keepBoxes`: a stepped rewrite, the last layout the base of a stable step
  void layOut(UOpPtr root, UOpPtr before = nullptr, bool keepBoxes = false);
  void layOutBefore(UOpPtr root);
  // What is shown, laid out again as the options now ask: a rewrite shows as
  // stepping to it would, its new nodes marked (no box kept: what is drawn changed).
  void layOutAgain();
  // The node whose neighbourhood a pane shows, if only that: the rewrite's
  // replacement after it, the node it matched before it; else showAround's.
  const UOp* focusAfter() const {
    return m_neighbourhood && m_highlight ? m_highlight.get() : m_around;
  }
  const UOp* focusBefore() const { return m_neighbourhood ? m_matched.get() : nullptr; }

  UOpPtr m_highlight; // the node the last shown rewrite made
  UOpPtr m_matched;   // the node it replaced
  UOpPtr m_shown;     // the root laid out last
  UOpPtr m_shownBefore; // the graph before the rewrite shown; null when none is
  bool m_neighbourhood = false;
  const UOp* m_around = nullptr; // showAround's focus (a node of m_shown), else null
  int m_aroundHops = 2;
  bool m_compare = false;
  bool m_stableSteps = true;
  std::shared_ptr<const GraphLayout> m_laidOut; // the last layout shown, with the options it was made with
  LayoutOptions m_laidOutOptions;
  LayoutOptions m_layoutOptions;
  LatestJob<GraphLayout> m_layout{this}, m_layoutBefore{this};
};

} // namespace uops::views
