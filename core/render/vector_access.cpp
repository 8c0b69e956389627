#include "core/render/vector_access.h"

#include "core/ir/node_map.h"
#include "core/render/vector_access_remarks.h"
#include "core/remarks/remark_scope.h"
#include "core/symbolic/linear_form.h"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace uops {
namespace {

// What a candidate access is: a load or store of a Param's element at a linear index.
struct Candidate {
  const UOp* node;
  size_t position; // in the Linear
  bool store;
  const UOp* gate; // a gated load's condition, else nullptr
  const UOp* param;
  LinearForm index;
};

// A dtype that is its own memory type; the tiles' float16 and bool too (explicit
// vector ops convert them as whole vectors, vector_ops.h)
bool vectorizable(DType d, VectorAccess which) {
  if (d.count != 1 || d.scalar == ScalarType::BFloat16) return false;
  return (d.scalar != ScalarType::Float16 && !d.isBool()) || which == VectorAccess::Tiles;
}

const UOp* paramOf(const UOp& access) {
  const UOp& index = *access.src(0);
  if (index.op() != Op::Index || index.src(0)->op() != Op::Param) return nullptr;
  return index.src(0).get();
}

// Tiles: a Store with a gate is a candidate too (it groups only with gated
// Stores, each lane keeping its own gate)
std::optional<Candidate> candidate(const UOp& u, size_t position, VectorAccess which) {
  const bool gatedStores = which == VectorAccess::Tiles;
  bool store = u.op() == Op::Store;
  bool load = u.op() == Op::Load && (u.src().size() == 1 || u.src().size() == 3);
  if (!(store ? u.src().size() == 2 || (u.src().size() == 3 && gatedStores) : load)) return std::nullopt;
  const UOp* param = paramOf(u);
  if (!param || !vectorizable(store ? u.src(1)->dtype() : u.dtype(), which)) return std::nullopt;
  std::optional<LinearForm> index = linearize(u.src(0)->src(1));
  if (!index) return std::nullopt;
  const UOp* gate = u.src().size() == 3 ? u.src(2).get() : nullptr;
  return Candidate{&u, position, store, gate, param, std::move(*index)};
}

// Whether anything in [from, to] of `nodes` other than `members` reads or writes `param`.
bool touchedBetween(const std::vector<const UOp*>& nodes, size_t from, size_t to, const UOp* param,
                    const std::vector<const UOp*>& members) {
  for (size_t i = from; i <= to; ++i) {
    const UOp* u = nodes[i];
    if ((u->op() == Op::Load || u->op() == Op::Store) && paramOf(*u) == param &&
        std::find(members.begin(), members.end(), u) == members.end())
      return true;
  }
  return false;
}

// Tiles: whether an access of lane0's Param among `nodes` [from, to], other
// than the group's `members`, may touch the group's elements (`extent` from
// lane0's): one whose index is no candidate's (not linear) or has other terms,
// or one with the same terms and a constant among the group's that is not a
// load beside loads.
bool touchedOutside(const std::vector<const UOp*>& nodes, size_t from, size_t to, const Candidate& lane0,
                    size_t extent, const std::vector<const UOp*>& members,
                    const std::unordered_map<const UOp*, const Candidate*>& byNode) {
  for (size_t i = from; i <= to; ++i) {
    const UOp* u = nodes[i];
    if ((u->op() != Op::Load && u->op() != Op::Store) || paramOf(*u) != lane0.param ||
        std::find(members.begin(), members.end(), u) != members.end())
      continue;
    auto it = byNode.find(u);
    if (it == byNode.end() || !sameTerms(it->second->index, lane0.index)) return true;
    const Int128 k = it->second->index.constant;
    if (k >= lane0.index.constant && k < lane0.index.constant + Int128(extent) && (it->second->store || lane0.store))
      return true;
  }
  return false;
}

bool pure(Op op) { return isElementwise(op) || op == Op::Cast || op == Op::Bitcast || op == Op::Const; }

// Adds to `out` what `u` needs computed before `first` (pure nodes after it);
// false when something else would have to move.
bool hoistable(const UOp* u, size_t first, const NodeMap<size_t>& position,
               std::vector<const UOp*>& out) {
  const size_t* at = position.find(u);
  if (!at || *at < first) return true;
  if (std::find(out.begin(), out.end(), u) != out.end()) return true;
  if (!pure(u->op())) return false;
  for (const UOpPtr& s : u->src())
    if (!hoistable(s.get(), first, position, out)) return false;
  out.push_back(u);
  return true;
}

// A gated group's gates and alternatives, made available where it is read.
std::optional<std::vector<const UOp*>> hoistFor(const std::vector<const UOp*>& lanes, size_t first,
                                                const NodeMap<size_t>& position) {
  std::vector<const UOp*> out;
  for (const UOp* l : lanes)
    if (l->src().size() == 3 &&
        (!hoistable(l->src(1).get(), first, position, out) || !hoistable(l->src(2).get(), first, position, out)))
      return std::nullopt;
  std::sort(out.begin(), out.end(), [&](const UOp* a, const UOp* b) { return *position.find(a) < *position.find(b); });
  return out;
}

struct Classes;

struct Segmenter {
  const std::vector<const UOp*>& nodes;
  const NodeMap<size_t>& position;
  VectorAccess which;
  StridedLoads strided;
  int64_t maxBytes; // the widest group of consecutive elements, 0: 16 lanes
  VectorPlan& plan;
  std::unordered_map<const UOp*, std::vector<const UOp*>> before; // a gated group's first load -> what moves before it
  // runs of lanes `which` leaves to the compiler's vectorizer, and the first (remarks only)
  size_t leftToCompiler = 0;
  const UOp* firstLeft = nullptr;
  // Tiles: each candidate of the segment being grouped, by its node
  std::unordered_map<const UOp*, const Candidate*> byNode;

  void group(std::vector<Candidate>& segment);
  // The most lanes of a group of consecutive elements `access` is one of.
  size_t widest(const UOp& access) const {
    size_t lanes = 16;
    const int64_t item = (access.op() == Op::Load ? access.dtype() : access.src(1)->dtype()).itemSize();
    while (maxBytes > 0 && lanes > 2 && static_cast<int64_t>(lanes) * item > maxBytes) lanes /= 2;
    return lanes;
  }
  void groupEveryOther(const std::vector<Candidate>& segment, const Classes& classes, std::vector<bool>& used);
  // Groups `width` lanes of `run` from `start` (segment indices, lane order)
  // where they may be read or written together.
  void form(const std::vector<Candidate>& segment, const std::vector<size_t>& run, size_t start, size_t width,
            int64_t stride, std::vector<bool>& used);
  void remarkRun(const std::vector<const UOp*>& lanes, bool gated, bool wanted, bool hoisted, bool touched,
                 int64_t stride);
};

// Candidates of one kind, Param and terms (they differ in their constants
// only): each candidate's class, the classes' members as (constant, segment
// index), sorted.
struct Classes {
  std::vector<size_t> classOf;
  std::vector<std::vector<std::pair<Int128, size_t>>> members;

  explicit Classes(const std::vector<Candidate>& segment) : classOf(segment.size()) {
    std::unordered_map<size_t, std::vector<size_t>> byHash; // hash -> classes
    for (size_t i = 0; i < segment.size(); ++i) {
      const Candidate& c = segment[i];
      size_t h = std::hash<const UOp*>{}(c.param) * 4 + c.store * 2 + (c.store && c.gate);
      for (const LinearTerm& t : c.index.terms)
        h = h * 0x9E3779B97F4A7C15ull + std::hash<const UOp*>{}(t.node.get()) + static_cast<size_t>(t.coef);
      std::vector<size_t>& candidates = byHash[h];
      auto same = std::find_if(candidates.begin(), candidates.end(), [&](size_t k) {
        const Candidate& first = segment[members[k].front().second];
        return first.store == c.store && first.param == c.param && (!c.store || !first.gate == !c.gate) &&
               sameTerms(first.index, c.index);
      });
      if (same == candidates.end()) {
        candidates.push_back(members.size());
        members.emplace_back();
        same = candidates.end() - 1;
      }
      classOf[i] = *same;
      members[*same].emplace_back(c.index.constant, i);
      if (gated.size() < members.size()) gated.resize(members.size(), false);
      gated[*same] = gated[*same] || (!c.store && c.gate != nullptr);
    }
    for (auto& m : members) {
      std::sort(m.begin(), m.end());
      bool next = false;
      for (size_t j = 1; j < m.size() && !next; ++j)
        next = m[j].first == m[j - 1].first + 1;
      adjacent.push_back(next);
    }
  }

  // Remarks on the classes of two or more accesses that no group can form of
  // (loads two elements apart do with `everyOther`).
  void remarkNonAdjacent(const std::vector<Candidate>& segment, bool everyOther) const {
    for (size_t c = 0; c < members.size(); ++c) {
      if (adjacent[c] || members[c].size() < 2) continue;
      Int128 gap = 0;
      for (size_t j = 1; j < members[c].size(); ++j) {
        Int128 d = members[c][j].first - members[c][j - 1].first;
        if (d > 0 && (gap == 0 || d < gap)) gap = d;
      }
      if (gap == 2 && everyOther && !segment[members[c].front().second].store) continue;
      if (gap > 1) remarkNonConsecutive(*segment[members[c].front().second].node, members[c].size(),
                                        static_cast<int64_t>(gap));
    }
  }

  // Whether two of a class's members are elements next to each other (else no
  // group can form of them).
  std::vector<bool> adjacent;
  // Whether a class has a gated load.
  std::vector<bool> gated;
};

// A remark on a run of lanes: grouped, or why not (the conditions group()
// tests); those left to the compiler by design are counted, one remark for all.
void Segmenter::remarkRun(const std::vector<const UOp*>& lanes, bool gated, bool wanted, bool hoisted, bool touched,
                          int64_t stride) {
  if (!wanted) {
    if (!firstLeft) firstLeft = lanes.front();
    ++leftToCompiler;
    return;
  }
  if (!hoisted) return remarkVectorGroup(lanes, gated, "a lane's gate is computed after the first load", stride);
  if (touched) return remarkVectorGroup(lanes, gated, "another access to the buffer lies between its lanes", stride);
  remarkVectorGroup(lanes, gated, {}, stride);
}

void Segmenter::form(const std::vector<Candidate>& segment, const std::vector<size_t>& run, size_t start,
                     size_t width, int64_t stride, std::vector<bool>& used) {
  std::vector<const UOp*> lanes;
  size_t first = SIZE_MAX, last = 0;
  for (size_t k = start; k < start + width; ++k) {
    lanes.push_back(segment[run[k]].node);
    first = std::min(first, segment[run[k]].position);
    last = std::max(last, segment[run[k]].position);
  }
  const Candidate& lane0 = segment[run[start]];
  bool gated = std::any_of(run.begin() + static_cast<std::ptrdiff_t>(start),
                           run.begin() + static_cast<std::ptrdiff_t>(start + width),
                           [&](size_t k) { return !segment[k].store && segment[k].gate != nullptr; });
  std::optional<std::vector<const UOp*>> hoisted = gated ? hoistFor(lanes, first, position) : std::vector<const UOp*>{};
  // every other element: asked for only where the compiler would gather them
  const bool wanted = gated || which != VectorAccess::GatedLoads || stride == 2;
  // a run left to the compiler is neither grouped nor remarked on for what lies between its lanes
  const bool touched = wanted && (which == VectorAccess::Tiles
                                      ? touchedOutside(nodes, first, last, lane0, width * static_cast<size_t>(stride),
                                                       lanes, byNode)
                                      : touchedBetween(nodes, first, last, lane0.param, lanes));
  if (remarksOn()) remarkRun(lanes, gated, wanted, hoisted.has_value(), touched, stride);
  if (!wanted || !hoisted || touched) return;
  const UOp* at = nodes[lane0.store ? last : first];
  VectorGroup g{lanes, at, static_cast<size_t>(std::find(lanes.begin(), lanes.end(), at) - lanes.begin()), gated,
                stride};
  if (!hoisted->empty()) before[at] = std::move(*hoisted);
  for (const UOp* l : lanes) plan.groupOf[l] = plan.groups.size();
  plan.groups.push_back(std::move(g));
  for (size_t k = start; k < start + width; ++k) used[run[k]] = true;
}

// Loads left ungrouped whose constants step by two, cut into 16, 8 and 4
// lanes (two would read four elements for two).
void Segmenter::groupEveryOther(const std::vector<Candidate>& segment, const Classes& classes,
                                std::vector<bool>& used) {
  for (const auto& members : classes.members) {
    if (members.size() < 4 || segment[members.front().second].store) continue;
    std::map<Int128, size_t> free; // constant -> the first unused member with it
    for (const auto& [constant, j] : members)
      if (!used[j]) free.try_emplace(constant, j);
    while (!free.empty()) {
      std::vector<size_t> run;
      for (Int128 c = free.begin()->first; free.contains(c); c += 2) {
        run.push_back(free[c]);
        free.erase(c);
      }
      for (size_t start = 0; start < run.size();) {
        size_t width = 16;
        while (width > run.size() - start) width /= 2;
        if (width < 4) break;
        form(segment, run, start, width, 2, used);
        start += width;
      }
    }
  }
}

void Segmenter::group(std::vector<Candidate>& segment) {
  // candidates with the same kind, Param and terms, by their constant (the
  // first of equal constants)
  Classes classes(segment);
  if (remarksOn()) classes.remarkNonAdjacent(segment, strided == StridedLoads::EveryOther);
  byNode.clear();
  if (which == VectorAccess::Tiles)
    for (const Candidate& c : segment) byNode[c.node] = &c;
  std::vector<bool> used(segment.size(), false);
  std::vector<std::pair<Int128, size_t>> byConstant;
  for (size_t i = 0; i < segment.size(); ++i) {
    if (used[i] || !classes.adjacent[classes.classOf[i]]) continue;
    // runs of a class without gates are left to the compiler's vectorizer
    // (form() counts them for a remark): nothing to group
    if (which == VectorAccess::GatedLoads && !classes.gated[classes.classOf[i]] && !remarksOn()) continue;
    byConstant.clear();
    for (const auto& [constant, j] : classes.members[classes.classOf[i]])
      if (j >= i && !used[j] && (byConstant.empty() || byConstant.back().first != constant))
        byConstant.emplace_back(constant, j);
    // runs of consecutive constants, cut into 16, 8, 4, 2 lanes
    for (auto it = byConstant.begin(); it != byConstant.end();) {
      std::vector<size_t> run{it->second};
      Int128 next = it->first + 1;
      for (++it; it != byConstant.end() && it->first == next; ++it, ++next) run.push_back(it->second);
      for (size_t start = 0; start < run.size();) {
        size_t width = widest(*segment[i].node);
        while (width > run.size() - start) width /= 2;
        if (width < 2) break;
        form(segment, run, start, width, 1, used);
        start += width;
      }
    }
  }
  if (strided == StridedLoads::EveryOther) groupEveryOther(segment, classes, used);
  segment.clear();
}

} // namespace

VectorAccess opencl::vectorAccessFor(const UOpPtr& kernelAst) {
  int upcasts = 0;
  for (const UOp* u : toposort(*kernelAst))
    if (u->op() == Op::Range && u->argAs<RangeArg>().type == AxisType::Upcast) ++upcasts;
  return upcasts < 2 ? VectorAccess::All : VectorAccess::GatedLoads;
}

VectorPlan planVectorAccess(const UOpPtr& linear, VectorAccess which, StridedLoads strided, int64_t maxBytes) {
  VectorPlan plan;
  std::vector<const UOp*> nodes;
  NodeMap<size_t> position(linear->src().size());
  for (const UOpPtr& u : linear->src()) {
    position[u.get()] = nodes.size();
    nodes.push_back(u.get());
  }
  Segmenter segmenter{nodes, position, which, strided, maxBytes, plan, {}, 0, nullptr, {}};
  std::vector<Candidate> segment;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const UOp& u = *nodes[i];
    if (u.op() == Op::Range || u.op() == Op::End || u.op() == Op::Barrier) {
      segmenter.group(segment);
      continue;
    }
    if (std::optional<Candidate> c = candidate(u, i, which)) segment.push_back(std::move(*c));
  }
  segmenter.group(segment);
  if (segmenter.leftToCompiler > 0) remarkLeftToCompiler(*segmenter.firstLeft, segmenter.leftToCompiler);
  // the Linear's order, each group's hoisted nodes moved before its first
  // load (a node two groups need goes before the earlier one)
  std::unordered_set<const UOp*> moved;
  for (const auto& [at, hoisted] : segmenter.before) moved.insert(hoisted.begin(), hoisted.end());
  std::unordered_set<const UOp*> placed;
  plan.order.reserve(nodes.size());
  for (const UOp* u : nodes) {
    if (auto it = segmenter.before.find(u); it != segmenter.before.end())
      for (const UOp* h : it->second)
        if (placed.insert(h).second) plan.order.push_back(h);
    if (!moved.contains(u)) plan.order.push_back(u);
  }
  return plan;
}

} // namespace uops
