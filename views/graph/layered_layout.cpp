#include "views/graph/layered_layout.h"

#include "views/graph/layout_shapes.h"

#include <QSizeF>

#include <algorithm>
#include <numeric>

namespace uops::views {
namespace {

constexpr size_t kHubUsers = 8;

struct Layers {
  std::vector<size_t> layerOf;              // per node
  std::vector<std::vector<size_t>> members; // per layer, left to right
};

// Nodes come in topological order and edges go source -> user, so one pass
// gives each node its longest path from a leaf; then each leaf (a constant, a
// buffer) moves down to just above its first user, so it does not hang at the
// top with an edge across the whole graph.
Layers assignLayers(const GraphLayout& g) {
  Layers l;
  l.layerOf.assign(g.nodes.size(), 0);
  std::vector<std::vector<size_t>> sources(g.nodes.size()), users(g.nodes.size());
  for (const LaidOutEdge& e : g.edges) {
    sources[e.to].push_back(e.from);
    users[e.from].push_back(e.to);
  }
  for (size_t i = 0; i < g.nodes.size(); ++i)
    for (size_t s : sources[i]) l.layerOf[i] = std::max(l.layerOf[i], l.layerOf[s] + 1);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    if (!sources[i].empty() || users[i].empty()) continue;
    size_t first = l.layerOf[users[i].front()];
    for (size_t u : users[i]) first = std::min(first, l.layerOf[u]);
    l.layerOf[i] = first - 1;
  }
  size_t count = g.nodes.empty() ? 0 : *std::max_element(l.layerOf.begin(), l.layerOf.end()) + 1;
  l.members.resize(count);
  for (size_t i = 0; i < g.nodes.size(); ++i) l.members[l.layerOf[i]].push_back(i);
  return l;
}

// Reorders each layer by the mean position of the nodes in `neighbours`
// (sources on the way down, users on the way up): fewer crossings.
void sweep(Layers& l, const std::vector<std::vector<size_t>>& neighbours, std::vector<double>& pos, bool down) {
  size_t n = l.members.size();
  for (size_t k = 0; k < n; ++k) {
    std::vector<size_t>& layer = l.members[down ? k : n - 1 - k];
    std::vector<double> key(layer.size());
    for (size_t j = 0; j < layer.size(); ++j) {
      const std::vector<size_t>& nb = neighbours[layer[j]];
      key[j] = nb.empty() ? pos[layer[j]]
                          : std::accumulate(nb.begin(), nb.end(), 0.0, [&](double a, size_t m) { return a + pos[m]; }) /
                                static_cast<double>(nb.size());
    }
    std::vector<size_t> idx(layer.size());
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return key[a] < key[b]; });
    std::vector<size_t> sorted(layer.size());
    for (size_t j = 0; j < idx.size(); ++j) sorted[j] = layer[idx[j]];
    layer = std::move(sorted);
    for (size_t j = 0; j < layer.size(); ++j) pos[layer[j]] = static_cast<double>(j) / std::max<size_t>(1, layer.size());
  }
}

// Places each node of a layer near its sources' mean x without overlaps: the
// mean of a left-to-right pass that pushes boxes right and a right-to-left pass
// that pushes them left (both keep the order and the gaps, so their mean does),
// so crowded layers spread both ways instead of drifting right. A hub (a source
// with many users, like a broadcast zero) does not pull: its users follow
// their other sources, so chains stay straight.
void placeX(const Layers& l, const std::vector<std::vector<size_t>>& sources,
            const std::vector<std::vector<size_t>>& users, const std::vector<QSizeF>& size, std::vector<double>& x) {
  double packed = 0; // where sourceless nodes go: side by side
  for (const std::vector<size_t>& layer : l.members) {
    std::vector<double> want(layer.size()), left(layer.size()), right(layer.size());
    for (size_t j = 0; j < layer.size(); ++j) {
      size_t i = layer[j];
      if (sources[i].empty()) {
        want[j] = packed + size[i].width() / 2;
        packed += size[i].width() + kNodeGap;
        continue;
      }
      double sum = 0, all = 0;
      size_t pulling = 0;
      for (size_t s : sources[i]) {
        all += x[s];
        if (users[s].size() > kHubUsers) continue;
        sum += x[s];
        ++pulling;
      }
      want[j] = pulling ? sum / static_cast<double>(pulling) : all / static_cast<double>(sources[i].size());
    }
    auto gap = [&](size_t a, size_t b) { return (size[layer[a]].width() + size[layer[b]].width()) / 2 + kNodeGap; };
    for (size_t j = 0; j < layer.size(); ++j) left[j] = j == 0 ? want[j] : std::max(want[j], left[j - 1] + gap(j - 1, j));
    for (size_t j = layer.size(); j-- > 0;)
      right[j] = j + 1 == layer.size() ? want[j] : std::min(want[j], right[j + 1] - gap(j, j + 1));
    for (size_t j = 0; j < layer.size(); ++j) x[layer[j]] = (left[j] + right[j]) / 2;
  }
}

} // namespace

void layeredLayout(GraphLayout& g, const LayoutProgress& progress) {
  auto report = [&](int p) {
    if (progress) progress(p);
  };
  std::vector<QSizeF> size(g.nodes.size());
  for (size_t i = 0; i < g.nodes.size(); ++i) size[i] = boxSize(g.nodes[i].label);
  Layers l = assignLayers(g);
  report(20);
  std::vector<std::vector<size_t>> sources(g.nodes.size()), users(g.nodes.size());
  for (const LaidOutEdge& e : g.edges) {
    sources[e.to].push_back(e.from);
    users[e.from].push_back(e.to);
  }
  std::vector<double> pos(g.nodes.size());
  for (const std::vector<size_t>& layer : l.members)
    for (size_t j = 0; j < layer.size(); ++j) pos[layer[j]] = static_cast<double>(j) / std::max<size_t>(1, layer.size());
  for (int round = 0; round < 2; ++round) {
    sweep(l, sources, pos, true);
    sweep(l, users, pos, false);
    report(30 + 20 * round);
  }
  sweep(l, sources, pos, true);
  std::vector<double> x(g.nodes.size());
  placeX(l, sources, users, size, x);
  report(80);
  std::vector<double> top(l.members.size() + 1, 0);
  for (size_t k = 0; k < l.members.size(); ++k) {
    double tallest = 0;
    for (size_t i : l.members[k]) tallest = std::max(tallest, size[i].height());
    top[k + 1] = top[k] + tallest + kLayerGap;
  }
  // the left pass may place boxes left of 0: shift everything right of it
  double leftmost = 0, width = 0;
  for (size_t i = 0; i < g.nodes.size(); ++i) leftmost = std::min(leftmost, x[i] - size[i].width() / 2);
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    double y = top[l.layerOf[i]];
    g.nodes[i].box = QRectF(x[i] - leftmost - size[i].width() / 2, y, size[i].width(), size[i].height());
    width = std::max(width, g.nodes[i].box.right());
  }
  for (LaidOutEdge& e : g.edges) e.points = sCurve(g.nodes[e.from].box, g.nodes[e.to].box);
  g.bounds = QRectF(0, 0, width, top.back());
  report(100);
}

} // namespace uops::views
