#include "core/ir/bound_variable.h"

#include "core/ir/build.h"
#include "core/ir/graph_walk.h"

#include <map>
#include <set>

namespace uops {

UOpPtr boundVariable(const std::string& name, int64_t min, int64_t max, int64_t value) {
  return UOp::make(Op::After, dtypes::index, {variable(name, min, max), constIndex(value)});
}

bool isBoundVariable(const UOp& u) {
  return u.op() == Op::After && u.src().size() == 2 && isVariable(*u.src(0)) && u.src(1)->op() == Op::Const;
}

int64_t boundValueOf(const UOp& u) {
  return u.src(1)->argAs<int64_t>();
}

UnboundGraphs unbindVariables(std::span<const UOpPtr> roots) {
  UnboundGraphs out;
  std::map<std::string, std::set<int64_t>> seen;
  std::vector<const UOp*> bound;
  for (const UOp* u : toposort(roots))
    if (isBoundVariable(*u)) {
      seen[variableOf(*u->src(0)).name].insert(boundValueOf(*u));
      bound.push_back(u);
    }
  if (bound.empty()) {
    out.roots.assign(roots.begin(), roots.end());
    return out;
  }
  NodeSubst subst;
  for (const UOp* u : bound) {
    const std::string& name = variableOf(*u->src(0)).name;
    if (seen.at(name).size() == 1) {
      out.values[name] = boundValueOf(*u);
      subst.emplace(u, u->src(0));
    } else {
      subst.emplace(u, constIndex(boundValueOf(*u)));
    }
  }
  for (const auto& [name, values] : seen)
    if (values.size() > 1) out.folded.push_back(name);
  UOpPtr all = substitute(UOp::make(Op::Tuple, dtypes::void_, UOpList(roots.begin(), roots.end())), subst);
  out.roots = all->src();
  return out;
}

} // namespace uops
