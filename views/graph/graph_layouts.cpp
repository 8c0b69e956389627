#include "views/graph/graph_layouts.h"

#include "views/graph/stable_layout.h"
#include "views/jobs/work_pool.h"

#include <utility>

namespace uops::views {

GraphLayouts::GraphLayouts(QObject* parent) : QObject(parent) {}

void GraphLayouts::show(UOpPtr graph) {
  showAround(std::move(graph), nullptr, 0);
}

void GraphLayouts::showAround(UOpPtr graph, const UOp* focus, int hops) {
  m_around = focus;
  m_aroundHops = hops;
  m_highlight.reset();
  m_matched.reset();
  m_shownBefore.reset();
  m_layoutBefore.cancel(); // the last rewrite's graph before it must not arrive after this
  if (graph) layOut(std::move(graph));
}

void GraphLayouts::clear() {
  cancel();
  m_around = nullptr;
  releaseOnWorkPool(std::move(m_laidOut)); // leaves it empty
  m_highlight.reset();
  m_matched.reset();
  m_shown.reset();
  m_shownBefore.reset();
}

void GraphLayouts::cancel() {
  m_layout.cancel();
  m_layoutBefore.cancel();
}

void GraphLayouts::layOut(UOpPtr root, UOpPtr before, bool keepBoxes) {
  m_shown = root;
  LayoutOptions options = m_layoutOptions;
  options.filter.focus = focusAfter();
  if (options.filter.focus && options.filter.focus == m_around) options.filter.hops = m_aroundHops;
  GraphFilter unfocused = options.filter, laidOut = m_laidOutOptions.filter;
  unfocused.focus = laidOut.focus = nullptr;
  std::shared_ptr<const GraphLayout> base =
      keepBoxes && before && m_stableSteps && m_laidOut && laidOut == unfocused ? m_laidOut
                                                                                : nullptr;
  auto progress = m_layout.reporter(std::function<void(int)>([this](int percent) { Q_EMIT layoutProgress(percent); }));
  m_layout.start(
      [root = std::move(root), options, progress, base, before = std::move(before), replacing = m_matched,
       replacement = m_highlight](const std::atomic<bool>& cancel) {
        std::optional<GraphLayout> stable;
        if (base) stable = stableLayout(*base, root, options, replacing.get(), replacement.get());
        GraphLayout out = stable ? std::move(*stable) : layoutGraph(root, options, progress, &cancel);
        if (before) markFresh(out, *before);
        return out;
      },
      [this, options](GraphLayout layout) {
        releaseOnWorkPool(std::exchange(m_laidOut, std::make_shared<const GraphLayout>(layout)));
        m_laidOutOptions = options;
        Q_EMIT layoutReady(layout);
      });
  Q_EMIT started();
}

void GraphLayouts::layOutBefore(UOpPtr root) {
  LayoutOptions options = m_layoutOptions;
  options.filter.focus = focusBefore();
  m_layoutBefore.start(
      [root = std::move(root), options](const std::atomic<bool>& cancel) {
        return layoutGraph(root, options, {}, &cancel);
      },
      [this](GraphLayout layout) { Q_EMIT beforeLayoutReady(layout); });
  Q_EMIT started();
}

void GraphLayouts::layOutAgain() {
  if (m_shown) layOut(m_shown, m_shownBefore);
  if (m_shownBefore && m_compare) layOutBefore(m_shownBefore);
}

void GraphLayouts::setLayoutOptions(const LayoutOptions& options) {
  m_layoutOptions = options;
  layOutAgain();
}

void GraphLayouts::setRewriteNeighbourhood(bool on) {
  m_neighbourhood = on;
  if (m_shownBefore) layOutAgain(); // only a rewrite shows a neighbourhood
}

void GraphLayouts::setCompareRewrites(bool on) {
  m_compare = on;
  // the graph before the rewrite shown, its neighbourhood when that is on
  if (on && m_shownBefore) layOutBefore(m_shownBefore);
}

void GraphLayouts::showRewrite(const TraceStep& s, size_t k) {
  m_around = nullptr;
  m_highlight = s.rewrites[k].replacement;
  m_matched = s.rewrites[k].matched;
  m_shownBefore = s.rootAfter(k);
  // the graph before this step laid out as the last one shown (the step
  // before it): the before pane shows those very positions
  LayoutOptions beforeOptions = m_layoutOptions;
  beforeOptions.filter.focus = focusBefore();
  if (m_compare && m_stableSteps && m_laidOut && m_laidOut->root == m_shownBefore && m_laidOutOptions.filter == beforeOptions.filter) {
    GraphLayout same = *m_laidOut;
    for (LaidOutNode& n : same.nodes) n.fresh = false;
    m_layoutBefore.cancel();
    Q_EMIT beforeLayoutReady(same);
  } else if (m_compare) {
    layOutBefore(m_shownBefore);
  }
  layOut(s.rootAfter(k + 1), m_shownBefore, true);
}

} // namespace uops::views
