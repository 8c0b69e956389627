#include "core/pipeline/expand.h"

#include "core/ir/build.h"
#include "core/pipeline/codegen_error.h"
#include "core/pipeline/optimize.h"
#include "core/pipeline/rangeify_graph.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/symbolic/symbolic.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops {
namespace {

// x[r = 0], ..., x[r = k-1]
UOpList copies(const UOpPtr& x, const UOpPtr& r, int64_t k) {
  UOpList out;
  for (int64_t j = 0; j < k; ++j)
    out.push_back(substitute(x, {{r.get(), constant(dtypes::index, j)}}));
  return out;
}

// a op b op ..., the reduction's law on bools (Add and Max are Or, Mul is And)
UOpPtr combineAll(Op op, const UOpList& values) {
  if (values.front()->dtype().isBool()) op = op == Op::Mul ? Op::And : Op::Or;
  UOpPtr acc = values.front();
  for (size_t i = 1; i < values.size(); ++i)
    acc = alu(op, {acc, values[i]});
  return acc;
}

// GROUP_REDUCE reductions share their work-items' partial values through local
// memory; one reduction there is cheaper than k.
bool anyGroupReduce(const UOpList& ranges) {
  return std::any_of(ranges.begin(), ranges.end(), [](const UOpPtr& r) {
    return r->argAs<RangeArg>().type == AxisType::GroupReduce;
  });
}

// The End or Reduce that closes `r`, with the copies in place of it.
UOpPtr expandOne(const UOpPtr& ast, const UOpPtr& r) {
  auto bound = r->src(0)->constValue();
  if (!bound || !std::holds_alternative<int64_t>(*bound))
    throw CodegenError("Expand", fmt::format("range r{} has a symbolic size", r->argAs<RangeArg>().id));
  int64_t k = std::get<int64_t>(*bound);
  NodeSubst subst;
  for (const UOp* u : toposort(*ast)) {
    if (u->op() != Op::End && u->op() != Op::Reduce) continue;
    UOpList rest;
    bool closes = false;
    for (size_t i = 1; i < u->src().size(); ++i) {
      if (u->src(i) == r) closes = true;
      else rest.push_back(u->src(i));
    }
    if (!closes) continue;
    if (u->op() == Op::Reduce && !rest.empty() && !anyGroupReduce(rest)) {
      // k accumulators, each reducing over the loops left, combined once after them
      UOpList partial = rest;
      partial.insert(partial.begin(), u->src(0));
      subst.emplace(u, combineAll(u->argAs<ReduceArg>().op, copies(u->withSrc(std::move(partial)), r, k)));
      continue;
    }
    UOpList body = copies(u->src(0), r, k);
    UOpPtr expanded;
    if (u->op() == Op::End) {
      expanded = body.size() == 1 ? body.front() : UOp::make(Op::Group, dtypes::void_, body);
    } else {
      expanded = combineAll(u->argAs<ReduceArg>().op, body);
    }
    if (!rest.empty() || u->op() == Op::Reduce) {
      if (rest.empty()) {
        subst.emplace(u, expanded); // nothing left to loop over: the combined value
        continue;
      }
      rest.insert(rest.begin(), expanded);
      expanded = u->withSrc(std::move(rest));
    }
    subst.emplace(u, expanded);
  }
  if (subst.empty())
    throw CodegenError("Expand", fmt::format("range r{} is closed by no End or Reduce", r->argAs<RangeArg>().id));
  return substitute(ast, subst);
}

} // namespace

UOpList expandedRanges(const UOpPtr& ast) {
  UOpList out;
  for (const UOpPtr& r : kernelRanges(ast)) {
    AxisType t = r->argAs<RangeArg>().type;
    if (t == AxisType::Upcast || t == AxisType::Unroll) out.push_back(r);
  }
  return out;
}

UOpPtr expand(const UOpPtr& ast) {
  UOpList ranges = expandedRanges(ast);
  if (ranges.empty()) return ast;
  UOpPtr sink = ast;
  // innermost first: an outer copy then duplicates already expanded bodies
  for (auto it = ranges.rbegin(); it != ranges.rend(); ++it)
    sink = expandOne(sink, *it);
  // the copies' index math has constants in place of ranges: fold it
  return graphRewrite(sink, pmSymbolic(), {.name = "expand index math"});
}

} // namespace uops
