#include "backends/graphviz/graphviz_context.h"

#include <graphviz/gvc.h>

namespace uops::graphviz {

std::mutex& graphvizMutex() {
  static std::mutex m;
  return m;
}

GVC_t* graphvizContext() {
  static GVC_t* gvc = gvContext();
  return gvc;
}

} // namespace uops::graphviz
