#include "core/program/version_data.h"

#include "core/ir/graph_walk.h"
#include "core/program/host_eval.h"

namespace uops::program {

Tensor withVersionData(const Tensor& graph, const VersionValueOf& valueOf) {
  NodeSubst replace;
  for (const UOp* v : toposortIn(*graph.uop(), WalkScope::OutsideCalls)) {
    const HostTensor* value = valueOf(v);
    if (!value) continue;
    // a Buffer leaf is flat: its value's elements in order
    Tensor data = tensorFrom(v->op() == Op::Buffer ? value->withShape(Shape{value->numel()}) : *value, graph.device());
    if (const DeviceRef& d = v->device(); d && d->isTuple())
      data = v->axis() ? data.shard(d->names, *v->axis()) : data.to(d->names);
    replace.emplace(v, data.uop());
  }
  if (replace.empty()) return graph;
  return Tensor(substitute(graph.uop(), replace, WalkScope::OutsideCalls), graph.device(), graph.isWeak());
}

} // namespace uops::program
