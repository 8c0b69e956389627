#include "views/graph/graph_layouts.h"

#include "views/graph/stable_layout.h"
#include "views/jobs/work_pool.h"

#include <utility>

namespace uops::views {

GraphLayouts::GraphLayouts(QObject* parent) : QObject(parent) {}

void GraphLayouts::show(UOpPtr graph) {
  m_highlight.reset();
  m_matched.reset();
  m_shownBefore.reset();
  m_focusBefore = nullptr;
  if (graph) layOut(std::move(graph));
}

void GraphLayouts::clear() {
  cancel();
  releaseOnWorkPool(std::move(m_laidOut)); // leaves it empty
  m_highlight.reset();
  m_matched.reset();
  m_shown.reset();
  m_shownBefore.reset();
  m_focus = m_focusBefore = nullptr;
}

void GraphLayouts::cancel() {
  m_layout.cancel();
  m_layoutBefore.cancel();
}

void GraphLayouts::layOut(UOpPtr root, const UOp* focus, UOpPtr before) {
  m_shown = root;
  m_focus = focus;
  LayoutOptions options = m_layoutOptions;
  options.filter.focus = focus;
  GraphFilter unfocused = options.filter, laidOut = m_laidOutOptions.filter;
  unfocused.focus = laidOut.focus = nullptr;
  std::shared_ptr<const GraphLayout> base = before && m_stableSteps && m_laidOut && laidOut == unfocused ? m_laidOut : nullptr;
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

void GraphLayouts::layOutBefore(UOpPtr root, const UOp* focus) {
  m_shownBefore = root;
  m_focusBefore = focus;
  LayoutOptions options = m_layoutOptions;
  options.filter.focus = focus;
  m_layoutBefore.start(
      [root = std::move(root), options](const std::atomic<bool>& cancel) {
        return layoutGraph(root, options, {}, &cancel);
      },
      [this](GraphLayout layout) { Q_EMIT beforeLayoutReady(layout); });
  Q_EMIT started();
}

void GraphLayouts::setLayoutOptions(const LayoutOptions& options) {
  m_layoutOptions = options;
  if (m_shown) layOut(m_shown, m_focus);
  if (m_shownBefore && m_compare) layOutBefore(m_shownBefore, m_focusBefore);
}

void GraphLayouts::setRewriteNeighbourhood(bool on) {
  m_neighbourhood = on;
  if (m_highlight && m_shown) layOut(m_shown, on ? m_highlight.get() : nullptr);
  if (m_matched && m_shownBefore && m_compare) layOutBefore(m_shownBefore, on ? m_matched.get() : nullptr);
}

void GraphLayouts::setCompareRewrites(bool on) {
  m_compare = on;
  if (on && m_shownBefore) layOutBefore(m_shownBefore, m_focusBefore);
}

void GraphLayouts::showRewrite(const TraceStep& s, size_t k) {
  m_highlight = s.rewrites[k].replacement;
  m_matched = s.rewrites[k].matched;
  m_shownBefore = s.rootAfter(k);
  m_focusBefore = m_neighbourhood ? m_matched.get() : nullptr;
  // the graph before this step laid out as the last one shown (the step
  // before it): the before pane shows those very positions
  LayoutOptions beforeOptions = m_layoutOptions;
  beforeOptions.filter.focus = m_focusBefore;
  if (m_compare && m_stableSteps && m_laidOut && m_laidOut->root == m_shownBefore && m_laidOutOptions.filter == beforeOptions.filter) {
    GraphLayout same = *m_laidOut;
    for (LaidOutNode& n : same.nodes) n.fresh = false;
    m_layoutBefore.cancel();
    Q_EMIT beforeLayoutReady(same);
  } else if (m_compare) {
    layOutBefore(m_shownBefore, m_focusBefore);
  }
  layOut(s.rootAfter(k + 1), m_neighbourhood ? m_highlight.get() : nullptr, m_shownBefore);
}

} // namespace uops::views
