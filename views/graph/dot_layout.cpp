#include "views/graph/dot_layout.h"

#include "backends/graphviz/graphviz_context.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <cstdlib>
#include <string>

namespace uops::views {
namespace {

char* cstr(const char* s) { return const_cast<char*>(s); }

} // namespace

void dotLayout(GraphLayout& out) {
  std::lock_guard lock(graphviz::graphvizMutex());
  GVC_t* gvc = graphviz::graphvizContext();
  Agraph_t* g = agopen(cstr("uops"), Agdirected, nullptr);
  agsafeset(g, cstr("rankdir"), cstr("TB"), cstr(""));
  agsafeset(g, cstr("nodesep"), cstr("0.25"), cstr(""));
  agsafeset(g, cstr("ranksep"), cstr("0.35"), cstr(""));
  // bounded effort in network simplex and crossing minimization
  agsafeset(g, cstr("nslimit"), cstr("4"), cstr(""));
  agsafeset(g, cstr("nslimit1"), cstr("4"), cstr(""));
  agsafeset(g, cstr("mclimit"), cstr(out.nodes.size() > 200 ? "0.3" : "1"), cstr(""));
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
  std::vector<Agedge_t*> gvEdges;
  for (const LaidOutEdge& e : out.edges) gvEdges.push_back(agedge(g, gvNodes[e.from], gvNodes[e.to], nullptr, 1));
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
  for (size_t i = 0; i < out.edges.size(); ++i) {
    splines* spl = ED_spl(gvEdges[i]);
    if (!spl || spl->size == 0) continue;
    const bezier& bz = spl->list[0];
    for (int p = 0; p < bz.size; ++p) out.edges[i].points.emplace_back(bz.list[p].x, h - bz.list[p].y);
  }
  gvFreeLayout(gvc, g);
  agclose(g);
}

} // namespace uops::views
