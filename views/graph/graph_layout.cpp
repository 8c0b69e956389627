#include "views/graph/graph_layout.h"

#include "core/ir/shape.h"
#include "core/ir/text.h"
#include "core/ir/text_arg.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <QElapsedTimer>

#include <mutex>
#include <unordered_map>

#include <fmt/format.h>

namespace uops::views {
namespace {

std::mutex& graphvizMutex() {
  static std::mutex m;
  return m;
}

char* cstr(const char* s) { return const_cast<char*>(s); }

} // namespace

QString nodeLabel(const UOp& u, size_t number) {
  std::string arg = text::printArg(u.op(), u.dtype(), u.arg());
  if (arg.size() > 40) arg = arg.substr(0, 37) + "...";
  std::string text = fmt::format("%{} {}\n{} {}", number, opName(u.op()), toString(u.dtype()), toString(u.shape()));
  if (!arg.empty()) text += "\n" + arg;
  return QString::fromStdString(text);
}

GraphLayout layoutGraph(const UOpPtr& root) {
  QElapsedTimer timer;
  timer.start();
  GraphLayout out;
  std::vector<const UOp*> order = toposort(*root);
  std::unordered_map<const UOp*, size_t> index;
  for (const UOp* u : order) {
    index.emplace(u, out.nodes.size());
    out.nodes.push_back({u, {}, nodeLabel(*u, out.nodes.size()), groupColor(opGroup(u->op()))});
  }
  std::lock_guard lock(graphvizMutex());
  GVC_t* gvc = gvContext();
  Agraph_t* g = agopen(cstr("uops"), Agdirected, nullptr);
  agsafeset(g, cstr("rankdir"), cstr("TB"), cstr(""));
  agsafeset(g, cstr("nodesep"), cstr("0.25"), cstr(""));
  agsafeset(g, cstr("ranksep"), cstr("0.35"), cstr(""));
  // bounded effort in network simplex and crossing minimization: big graphs lay out in seconds
  agsafeset(g, cstr("nslimit"), cstr("4"), cstr(""));
  agsafeset(g, cstr("nslimit1"), cstr("4"), cstr(""));
  agsafeset(g, cstr("mclimit"), cstr(order.size() > 400 ? "0.3" : "1"), cstr(""));
  std::vector<Agnode_t*> gvNodes;
  for (size_t i = 0; i < out.nodes.size(); ++i) {
    std::string name = std::to_string(i);
    Agnode_t* n = agnode(g, name.data(), 1);
    std::string label = out.nodes[i].label.toStdString();
    agsafeset(n, cstr("shape"), cstr("box"), cstr(""));
    agsafeset(n, cstr("fontsize"), cstr("10"), cstr(""));
    agsafeset(n, cstr("label"), label.data(), cstr(""));
    gvNodes.push_back(n);
  }
  // a Linear lists every instruction: its order is the layout's, not hundreds of edges into one node
  for (const UOp* u : order)
    for (const UOpPtr& s : u->src()) {
      if (u->op() == Op::Linear) continue;
      size_t from = index.at(s.get()), to = index.at(u);
      agedge(g, gvNodes[from], gvNodes[to], nullptr, 1);
      out.edges.push_back({from, to, {}});
    }
  gvLayout(gvc, g, "dot");
  // the layout's own fields (points, y up): node centers and sizes, edge splines
  double w = GD_bb(g).UR.x, h = GD_bb(g).UR.y;
  out.bounds = QRectF(0, 0, w, h);
  for (size_t i = 0; i < out.nodes.size(); ++i) {
    Agnode_t* n = gvNodes[i];
    double x = ND_coord(n).x, y = ND_coord(n).y;
    double bw = ND_width(n) * 72, bh = ND_height(n) * 72;
    out.nodes[i].box = QRectF(x - bw / 2, h - y - bh / 2, bw, bh);
  }
  for (size_t i = 0; i < out.nodes.size(); ++i)
    for (Agedge_t* edge = agfstout(g, gvNodes[i]); edge; edge = agnxtout(g, edge)) {
      size_t to = static_cast<size_t>(std::atol(agnameof(aghead(edge))));
      splines* spl = ED_spl(edge);
      if (!spl || spl->size == 0) continue;
      for (LaidOutEdge& le : out.edges)
        if (le.from == i && le.to == to && le.points.empty()) {
          const bezier& bz = spl->list[0];
          for (int p = 0; p < bz.size; ++p) le.points.emplace_back(bz.list[p].x, h - bz.list[p].y);
          break;
        }
    }
  gvFreeLayout(gvc, g);
  agclose(g);
  gvFreeContext(gvc);
  out.layoutMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
  return out;
}

} // namespace uops::views
