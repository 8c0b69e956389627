#include "core/pipeline/linearize.h"

#include "core/ir/graph_walk.h"
#include "core/render/codegen_error.h"
#include "core/render/grid_specials.h"
#include "core/pipeline/optimize.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/rewrite/substitute_step.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>

namespace uops {
namespace {

// End(x, r0, ..., rn) -> End(End(x, rn), r0, ..., r(n-1)): the last listed range is innermost.
UOpPtr splitEnd(const Match& m) {
  const UOpPtr& e = m.root();
  if (e->src().size() <= 2) return nullptr;
  UOpList outer(e->src().begin(), e->src().end() - 1);
  outer[0] = UOp::make(Op::End, dtypes::void_, {e->src(0), e->src().back()});
  return UOp::make(Op::End, dtypes::void_, std::move(outer));
}

const PatternMatcher& pmSplitEnds() {
  static const PatternMatcher pm{rule("split ends", UPat::op(Op::End), splitEnd)};
  return pm;
}

// The ranges closed by more than one End, each with its Ends, in toposort order.
std::vector<std::vector<UOpPtr>> sharedRanges(const UOpPtr& sink) {
  std::unordered_map<const UOp*, size_t> groupOf; // Range -> index in groups (look-up only)
  std::vector<std::vector<UOpPtr>> groups;
  for (const UOp* u : nodesWithOps(*sink, opBit(Op::End))) {
    if (u->src().size() != 2) continue;
    auto [it, fresh] = groupOf.try_emplace(u->src(1).get(), groups.size());
    if (fresh) groups.emplace_back();
    groups[it->second].push_back(u->ptr());
  }
  std::erase_if(groups, [](const std::vector<UOpPtr>& g) { return g.size() < 2; });
  return groups;
}

} // namespace

OpenRangeMap openRangesOfAll(const UOp& root) {
  OpenRangeMap open;
  auto before = [](const UOp* a, const UOp* b) { return rangeNestsOutside(*a, *b); };
  // a node with no Range under it has none open: the walk leaves those out,
  // and the map holds the nodes with some open
  if (!root.opsBelow().test(static_cast<size_t>(Op::Range))) return open;
  auto holdsRange = [](const UOp& node, size_t i) { return node.src(i)->opsBelow().test(static_cast<size_t>(Op::Range)); };
  for (const UOp* u : postOrder(root, holdsRange)) {
    std::vector<const UOp*> set;
    for (const UOpPtr& s : u->src()) {
      auto found = open.find(s.get());
      if (found == open.end()) continue;
      const auto& o = found->second;
      if (o.empty() || o == set) continue;
      if (set.empty()) {
        set = o;
        continue;
      }
      std::vector<const UOp*> merged;
      std::set_union(set.begin(), set.end(), o.begin(), o.end(), std::back_inserter(merged),
                     before);
      set = std::move(merged);
    }
    if (u->op() == Op::Range) {
      set.insert(std::lower_bound(set.begin(), set.end(), u, before), u);
      set.erase(std::unique(set.begin(), set.end()), set.end());
    }
    if (u->op() == Op::End || u->op() == Op::Reduce)
      for (size_t i = 1; i < u->src().size(); ++i)
        std::erase(set, u->src(i).get());
    if (!set.empty()) open[u] = std::move(set);
  }
  return open;
}

std::vector<const UOp*> openRanges(const UOp& node) {
  return openRangesOfAll(node)[&node];
}

UOpPtr splitEnds(const UOpPtr& sink) {
  return graphRewrite(sink, pmSplitEnds(), {.name = "split ends"});
}

UOpPtr mergeEnds(const UOpPtr& sink) {
  UOpPtr root = sink;
  // Each round merges the Ends of one range; nested shared ranges take one round
  // each. Merging one range's Ends leaves no other range closed more often than
  // before, so a round that found one shared range is the last.
  for (auto shared = sharedRanges(root); !shared.empty(); shared = sharedRanges(root)) {
    const std::vector<UOpPtr>& ends = shared.front();
    UOpList bodies;
    for (const UOpPtr& e : ends) bodies.push_back(e->src(0));
    UOpPtr group = UOp::make(Op::Group, dtypes::void_, std::move(bodies));
    // one walk over all bodies together (expanded kernels close one range
    // hundreds of times): an End of the range under any body means one loop
    // runs after the other
    std::unordered_set<const UOp*> endSet;
    for (const UOpPtr& e : ends) endSet.insert(e.get());
    for (const UOp* u : nodesWithOps(*group, opBit(Op::End)))
      if (endSet.contains(u))
        throw CodegenError("Linearize",
                           fmt::format("range r{} is closed twice, one loop after the other",
                                       ends.front()->src(1)->argAs<RangeArg>().id));
    UOpPtr merged = UOp::make(Op::End, dtypes::void_, {group, ends.front()->src(1)});
    std::vector<RewritePair> pairs;
    for (const UOpPtr& e : ends)
      pairs.push_back({e, merged});
    root = replayStep(fmt::format("merge the Ends of r{}", ends.front()->src(1)->argAs<RangeArg>().id), root, pairs);
    if (shared.size() == 1) break;
  }
  return root;
}

UOpPtr linearize(const UOpPtr& ast, const CodegenTarget& target) {
  // a GPU runs its grid ranges as work-items: they become Special indices
  UOpPtr sink = target.launchGrid ? gridSpecials(ast) : ast;
  // one range per End: each End closes exactly one loop
  sink = splitEnds(sink);
  // reductions become loops that update an accumulator
  sink = lowerReduces(sink, target);
  // one End per range: two outputs in one loop share its body
  sink = mergeEnds(sink);
  return recordWholeGraph("list instructions", sink, scheduleLinear(sink));
}

} // namespace uops
