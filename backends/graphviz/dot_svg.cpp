#include "backends/graphviz/dot_svg.h"

#include "backends/graphviz/graphviz_context.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

namespace uops::graphviz {

std::string dotToSvg(const std::string& dot) {
  std::lock_guard lock(graphvizMutex());
  GVC_t* gvc = graphvizContext();
  Agraph_t* g = agmemread(dot.c_str());
  if (!g) throw DotError("graphviz cannot read the graph's DOT text");
  if (gvLayout(gvc, g, "dot") != 0) {
    agclose(g);
    throw DotError("graphviz cannot lay the graph out");
  }
  char* data = nullptr;
  unsigned int length = 0;
  int rendered = gvRenderData(gvc, g, "svg", &data, &length);
  std::string out = rendered == 0 && data ? std::string(data, length) : std::string();
  if (data) gvFreeRenderData(data);
  gvFreeLayout(gvc, g);
  agclose(g);
  if (out.empty()) throw DotError("graphviz cannot render the graph as SVG");
  return out;
}

} // namespace uops::graphviz
