#include "core/ir/variable.h"

#include "core/ir/bound_variable.h"
#include "core/ir/build.h"
#include "core/ir/graph_walk.h"

#include <fmt/format.h>

#include <stdexcept>

namespace uops {

UOpPtr variable(const std::string& name, int64_t min, int64_t max) {
  ParamArg arg{-1, {}, {}, VariableRange{name, min, max}};
  return UOp::make(Op::Param, dtypes::index, {shapeOperand({})}, std::move(arg));
}

bool isVariable(const UOp& u) {
  if (u.op() != Op::Param) return false;
  const auto* p = std::get_if<ParamArg>(&u.arg());
  return p && p->variable.has_value();
}

const VariableRange& variableOf(const UOp& u) { return *u.argAs<ParamArg>().variable; }

std::vector<VariableRange> variablesOf(std::span<const UOpPtr> roots) {
  std::map<std::string, VariableRange> byName; // the first of a name in toposort order wins
  for (const UOpPtr& root : roots)
    for (const UOp* u : nodesWithOps(*root, opBit(Op::Param)))
      if (isVariable(*u)) byName.emplace(variableOf(*u).name, variableOf(*u));
  std::vector<VariableRange> out;
  for (auto& [name, v] : byName) out.push_back(v);
  return out;
}

namespace {

int64_t boundValue(const VariableRange& v, const VariableValues& values) {
  auto it = values.find(v.name);
  if (it == values.end()) throw std::invalid_argument(fmt::format("variable {} has no bound value", v.name));
  if (it->second < v.min || it->second > v.max)
    throw std::invalid_argument(
        fmt::format("variable {} bound to {}, outside its range [{}, {}]", v.name, it->second, v.min, v.max));
  return it->second;
}

} // namespace

std::vector<UOpPtr> bindVariables(std::span<const UOpPtr> roots, const VariableValues& values) {
  // a bound variable (bound_variable.h) has its own value
  NodeSubst own;
  for (const UOp* u : toposort(roots))
    if (isBoundVariable(*u)) own.emplace(u, constIndex(boundValueOf(*u)));
  UOpPtr all = UOp::make(Op::Tuple, dtypes::void_, UOpList(roots.begin(), roots.end()));
  if (!own.empty()) all = substitute(all, own);
  NodeSubst bound;
  for (const UOp* u : nodesWithOps(*all, opBit(Op::Param)))
    if (isVariable(*u)) bound.emplace(u, constIndex(boundValue(variableOf(*u), values)));
  if (bound.empty() && own.empty()) return {roots.begin(), roots.end()};
  return bound.empty() ? all->src() : substitute(all, bound)->src();
}

std::vector<int64_t> variableArguments(const std::vector<VariableRange>& variables, const VariableValues& values) {
  std::vector<int64_t> out;
  out.reserve(variables.size());
  for (const VariableRange& v : variables) out.push_back(boundValue(v, values));
  return out;
}

UOpPtr shrinkAt(const UOpPtr& x, const UOpList& offsets, const Shape& shape) {
  UOpPtr o = UOp::make(Op::Stack, dtypes::index, offsets);
  return UOp::make(Op::Shrink, x->dtype(), {x, std::move(o), shapeOperand(shape)});
}

std::string describeValues(const VariableValues& values) {
  std::string out;
  for (const auto& [name, value] : values) out += fmt::format("{}{}={}", out.empty() ? "" : ", ", name, value);
  return out;
}

} // namespace uops
