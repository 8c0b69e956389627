#include "core/render/vector_ops.h"

#include "core/ir/buffer_access.h"
#include "core/ir/node_map.h"
#include "core/remarks/remark_scope.h"
#include "core/symbolic/linear_form.h"

#include <algorithm>
#include <cassert>
#include <span>
#include <map>
#include <set>
#include <optional>
#include <unordered_set>

namespace uops {
namespace {

// How many ops a lane's load may flow through to reach its accumulator's
// update (softmax's exp of x - max is about 30).
constexpr size_t kUpdateNodes = 128;

struct VopBuilder {
  const std::vector<const UOp*>& order;
  const std::unordered_set<const UOp*>& contract;
  bool halfVectors; // float16 lanes too (vector_ops.h)
  VectorOpPlan& plan;
  NodeMap<size_t> position;                                 // node -> its place in `order`
  std::vector<int> segment;                                 // per position: Ranges, Ends and Barriers before it
  std::unordered_map<const UOp*, int>
      slots; // REG Buffer -> its index in the memory plan's registers
  std::vector<size_t> userStart;                            // per position: its users at userList[userStart[p], userStart[p + 1])
  std::vector<const UOp*> userList;
  std::map<int, std::vector<const UOp*>> accessesOfSlot; // every Load and Store of a REG slot, in order
  std::vector<std::set<int>> groupSegments;              // per accumulator group: the segments its live vector ops are in
  bool scalarReadOut = false; // scalar loads of a group's slots outside its vector ops' segments
  VectorPlan accesses;
  std::unordered_map<const UOp*, const VectorGroup*>
      loadGroup; // lane -> its group of Param loads, gated or not

  // A dtype vector arithmetic computes in: float32, float64, float16 with halfVectors.
  bool vopFloat(DType d) const {
    if (d.count != 1) return false;
    return d.scalar == ScalarType::Float32 || d.scalar == ScalarType::Float64 ||
           (halfVectors && d.scalar == ScalarType::Float16);
  }
  // Whether a Param's group of elements of d may be one vector access.
  bool vopMemory(DType d) const { return d.scalar != ScalarType::Float16 || halfVectors; }
  // The ops vector arithmetic writes (vector_ops.h); with halfVectors a Cast
  // between float32 and float16.
  bool vopComputes(const UOp& u) const {
    if (isHalfCast(u)) return halfVectors;
    if ((u.op() == Op::Add || u.op() == Op::Mul || u.op() == Op::Max) && vopFloat(u.dtype())) return true;
    return vectorElementwise(u);
  }

  // The slot of an accumulator access: an ungated Load or Store of element 0
  // of a one-element REG buffer of a float dtype; -1 otherwise.
  int accumulatorSlot(const UOp& access) const {
    if (access.op() == Op::Load ? access.src().size() != 1 : access.src().size() != 2) return -1;
    const UOp* b = registerAccessed(access);
    if (!b || b->argAs<BufferArg>().size != 1 || access.src(0)->src().size() != 2) return -1;
    std::optional<ConstValue> c = access.src(0)->src(1)->constValue();
    if (!c || !std::holds_alternative<int64_t>(*c) || std::get<int64_t>(*c) != 0) return -1;
    if (!vopFloat(access.op() == Op::Load ? access.dtype() : access.src(1)->dtype())) return -1;
    auto it = slots.find(b);
    return it == slots.end() ? -1 : it->second;
  }

  // What a lane's operand is, to line up a commutative op's operands: its op,
  // and for a load whether it reads an accumulator.
  std::pair<Op, bool> role(const UOp& u) const {
    return {u.op(), u.op() == Op::Load && accumulatorSlot(u) >= 0};
  }

  size_t at(const UOp* u) const {
    const size_t* p = position.find(u);
    assert(p && "a node of the Linear");
    return *p;
  }
  // The nodes in `order` that read `u`, in order.
  std::span<const UOp* const> users(const UOp* u) const {
    const size_t* p = position.find(u);
    if (!p) return {};
    return std::span<const UOp* const>(userList).subspan(userStart[*p], userStart[*p + 1] - userStart[*p]);
  }

  const UOp* earliest(const std::vector<const UOp*>& lanes) const {
    return *std::min_element(lanes.begin(), lanes.end(), [&](const UOp* a, const UOp* b) { return at(a) < at(b); });
  }
  const UOp* latest(const std::vector<const UOp*>& lanes) const {
    return *std::max_element(lanes.begin(), lanes.end(), [&](const UOp* a, const UOp* b) { return at(a) < at(b); });
  }

  int add(VectorOp op) {
    const int id = static_cast<int>(plan.ops.size());
    for (const UOp* l : op.lanes) plan.opOf[l] = id;
    plan.ops.push_back(std::move(op));
    return id;
  }

  // The accumulator group of `s` (lane k slot s[k]): an existing one with
  // exactly these lanes, or a new one when none of them has a group; -1 otherwise.
  int regGroup(const std::vector<int>& s) {
    if (auto it = plan.accumulatorLane.find(s[0]); it != plan.accumulatorLane.end()) {
      const int g = it->second.first;
      if (plan.regGroups[static_cast<size_t>(g)] != s) return -1;
      return g;
    }
    for (int x : s)
      if (plan.accumulatorLane.count(x)) return -1;
    const int g = static_cast<int>(plan.regGroups.size());
    for (size_t k = 0; k < s.size(); ++k)
      plan.accumulatorLane[s[k]] = {g, static_cast<int>(k)};
    plan.regGroups.push_back(s);
    return g;
  }

  // Undoes the ops and groups added since `ops` and `groups` were the sizes.
  void rollback(size_t ops, size_t groups) {
    for (size_t o = ops; o < plan.ops.size(); ++o)
      for (const UOp* l : plan.ops[o].lanes) plan.opOf.erase(l);
    plan.ops.resize(ops);
    for (size_t g = groups; g < plan.regGroups.size(); ++g)
      for (int s : plan.regGroups[g])
        plan.accumulatorLane.erase(s);
    plan.regGroups.resize(groups);
  }

  // The vector value of `lanes`: a VectorOp index or kSplat; nullopt when
  // they form none (vector_ops.h).
  std::optional<int> value(const std::vector<const UOp*>& lanes) {
    const UOp* first = lanes[0];
    if (std::all_of(lanes.begin(), lanes.end(), [&](const UOp* l) { return l == first; })) return kSplat;
    if (auto it = plan.opOf.find(first); it != plan.opOf.end()) {
      const VectorOp& o = plan.ops[static_cast<size_t>(it->second)];
      if (o.lanes != lanes || o.kind == VectorOpKind::ParamStore || o.kind == VectorOpKind::RegStore)
        return std::nullopt;
      return it->second;
    }
    for (const UOp* l : lanes)
      if (plan.opOf.count(l) || l->op() != first->op() || !(l->dtype() == first->dtype()) ||
          l->src().size() != first->src().size() || !position.find(l))
        return std::nullopt;
    if (first->op() == Op::Load) {
      if (auto it = loadGroup.find(first); it != loadGroup.end() && !it->second->gated) {
        if (it->second->lanes != lanes || !vopMemory(first->dtype())) return std::nullopt;
        return add(
            {VectorOpKind::ParamLoad, lanes, it->second->emitAt, it->second->emitLane, -1, {}, {}});
      }
      std::vector<int> s;
      for (const UOp* l : lanes) {
        const int x = accumulatorSlot(*l);
        if (x < 0 || std::find(s.begin(), s.end(), x) != s.end()) return std::nullopt;
        s.push_back(x);
      }
      const int g = regGroup(s);
      if (g < 0) return std::nullopt;
      return add({VectorOpKind::RegLoad, lanes, earliest(lanes), 0, g, {}, {}});
    }
    if (!vopComputes(*first)) return std::nullopt;
    const bool contracts = contract.count(first) != 0;
    for (const UOp* l : lanes)
      if ((contract.count(l) != 0) != contracts) return std::nullopt;
    // a commutative op's lanes may hold their operands either way round
    std::vector<bool> swapped(lanes.size(), false);
    if (isCommutative(first->op()) && first->src().size() == 2)
      for (size_t k = 0; k < lanes.size(); ++k)
        swapped[k] = role(*lanes[k]->src(0)) != role(*first->src(0)) &&
                     role(*lanes[k]->src(1)) == role(*first->src(0));
    std::vector<int> operands;
    for (size_t i = 0; i < first->src().size(); ++i) {
      std::vector<const UOp*> sources;
      for (size_t k = 0; k < lanes.size(); ++k)
        sources.push_back(lanes[k]->src(swapped[k] ? 1 - i : i).get());
      std::optional<int> v = value(sources);
      if (!v) return std::nullopt;
      operands.push_back(*v);
    }
    return add({VectorOpKind::Alu, lanes, latest(lanes), 0, -1, std::move(operands), {}});
  }

  // kLanes where `values` are lane j of each of as many distinct groups of
  // Param loads of one size (vector_ops.h), their ungated groups vector
  // loads; nullopt (nothing added) otherwise.
  std::optional<int> lanesOfLoads(const std::vector<const UOp*>& values) {
    const VectorGroup* first = nullptr;
    size_t lane = 0;
    std::vector<const VectorGroup*> groups;
    for (const UOp* v : values) {
      auto it = loadGroup.find(v);
      if (it == loadGroup.end() || !(v->dtype() == values[0]->dtype())) return std::nullopt;
      const VectorGroup* g = it->second;
      const size_t k =
          static_cast<size_t>(std::find(g->lanes.begin(), g->lanes.end(), v) - g->lanes.begin());
      if (!first) first = g, lane = k;
      if (k != lane || g->lanes.size() != first->lanes.size() ||
          std::find(groups.begin(), groups.end(), g) != groups.end())
        return std::nullopt;
      groups.push_back(g);
    }
    for (const VectorGroup* g : groups) {
      if (g->gated) continue; // the renderer's masked load
      auto it = plan.opOf.find(g->lanes[0]);
      if (it != plan.opOf.end()) {
        if (plan.ops[static_cast<size_t>(it->second)].lanes != g->lanes) return std::nullopt;
        continue;
      }
      for (const UOp* l : g->lanes)
        if (plan.opOf.count(l)) return std::nullopt;
      add({VectorOpKind::ParamLoad, g->lanes, g->emitAt, g->emitLane, -1, {}, {}});
    }
    return kLanes;
  }

  // A store op of `stores` whose values form a vector value; false (nothing
  // added) otherwise.
  bool seed(const std::vector<const UOp*>& stores, VectorOpKind kind, const UOp* emitAt, size_t emitLane, int group) {
    const size_t ops = plan.ops.size(), groups = plan.regGroups.size();
    if (!vopMemory(stores[0]->src(1)->dtype())) return false;
    std::vector<const UOp*> values;
    for (const UOp* s : stores) values.push_back(s->src(1).get());
    std::optional<int> v = value(values);
    if (!v && kind == VectorOpKind::ParamStore) {
      rollback(ops, groups);
      v = lanesOfLoads(values);
    }
    if (!v) {
      rollback(ops, groups);
      return false;
    }
    add({kind, stores, emitAt, emitLane, group, {*v}, {}});
    return true;
  }

  // Every group of stores to an accumulator group's slots in one segment:
  // the j-th store of each lane there.
  void seedAccumulatorStores(int g) {
    const std::vector<int> s = plan.regGroups[static_cast<size_t>(g)];
    std::vector<std::map<int, std::vector<const UOp*>>> bySegment(s.size());
    for (size_t k = 0; k < s.size(); ++k)
      for (const UOp* a : accessesOfSlot[s[k]])
        if (a->op() == Op::Store && accumulatorSlot(*a) == s[k])
          bySegment[k][segment[at(a)]].push_back(a);
    for (const auto& [seg, first] : bySegment[0])
      for (size_t j = 0; j < first.size(); ++j) {
        std::vector<const UOp*> stores;
        for (size_t k = 0; k < s.size(); ++k) {
          auto it = bySegment[k].find(seg);
          if (it == bySegment[k].end() || it->second.size() != first.size()) break;
          stores.push_back(it->second[j]);
        }
        if (stores.size() == s.size() && !plan.opOf.count(stores[0]))
          seed(stores, VectorOpKind::RegStore, latest(stores), 0, g);
      }
  }

  // The accumulator store that `mul`'s product is added into: a Store of
  // slot s whose value is Add(Load of slot s, mul) (either order); null otherwise.
  const UOp* accumulatedInto(const UOp* mul) const {
    const std::span<const UOp* const> adds = users(mul);
    if (adds.size() != 1 || adds[0]->op() != Op::Add) return nullptr;
    const int slot = updatedSlot(adds[0], mul);
    return slot < 0 ? nullptr : storedBack(adds[0], slot);
  }

  // The accumulator `update` (an op of `v` and one other operand) reads: the
  // slot of that other operand where it is an accumulator's Load; -1 otherwise.
  int updatedSlot(const UOp* update, const UOp* v) const {
    const UOp* acc = update->src(0).get() == v ? update->src(1).get() : update->src(0).get();
    return acc->op() == Op::Load ? accumulatorSlot(*acc) : -1;
  }
  // The Store that writes `update`, its only reader, back into `slot`; null otherwise.
  const UOp* storedBack(const UOp* update, int slot) const {
    const std::span<const UOp* const> stores = users(update);
    const bool back = stores.size() == 1 && stores[0]->op() == Op::Store &&
                      stores[0]->src(1).get() == update && accumulatorSlot(*stores[0]) == slot;
    return back ? stores[0] : nullptr;
  }

  // Accumulators grouped by a Param load group they multiply: lane k of
  // `loads` times one scalar, the same for every lane, added into slot s[k].
  // Where the output's consecutive elements are not the vector's (a
  // convolution's output channels, the packed filters' vectors, each input
  // element one broadcast), no store group seeds them.
  void seedAccumulatorUpdates(const VectorGroup& loads) {
    const UOp* first = loads.lanes[0];
    for (const UOp* m0 : users(first)) {
      if (m0->op() != Op::Mul || m0->src().size() != 2) continue;
      const size_t side = m0->src(0).get() == first ? 0 : 1;
      const UOp* scalar = m0->src(1 - side).get();
      std::vector<const UOp*> stores;
      std::vector<int> slots;
      for (const UOp* lane : loads.lanes) {
        const std::span<const UOp* const> muls = users(lane);
        const auto m = std::find_if(muls.begin(), muls.end(), [&](const UOp* x) {
          return x->op() == Op::Mul && x->src().size() == 2 && x->src(side).get() == lane &&
                 x->src(1 - side).get() == scalar;
        });
        const UOp* store = m == muls.end() ? nullptr : accumulatedInto(*m);
        if (!store || plan.opOf.count(store)) break;
        stores.push_back(store);
        slots.push_back(accumulatorSlot(*store));
      }
      if (stores.size() != loads.lanes.size()) continue;
      const size_t groups = plan.regGroups.size();
      const int g = regGroup(slots);
      if (g < 0) continue;
      if (!seed(stores, VectorOpKind::RegStore, latest(stores), 0, g)) rollback(plan.ops.size(), groups);
    }
  }

  // A Store of `v` into an element of a REG buffer of more than one element
  // (a row kept for a later pass: softmax's exponentials), ungated; null otherwise.
  const UOp* keptAside(const UOp* store, const UOp* v) const {
    if (store->op() != Op::Store || store->src().size() != 2 || store->src(1).get() != v)
      return nullptr;
    const UOp* b = registerAccessed(*store);
    if (!b || b->argAs<BufferArg>().size <= 1 || store->src(0)->src().size() != 2) return nullptr;
    return vopFloat(v->dtype()) ? store : nullptr;
  }

  // The accumulator update the value `v` flows into: every node that reads
  // `v`, or reads one that does, is an op vector arithmetic computes (a row's
  // x - mean, its square; exp's clamps and polynomial), a Store keeping one
  // of them aside (`aside`: at most one such Store), or the one update: an
  // Add or Max of the Load of a slot s, written back into s by its only
  // reader. That Store; null otherwise.
  const UOp* updateReached(const UOp* v, const UOp*& aside) const {
    aside = nullptr;
    const UOp* update = nullptr;
    int slot = -1;
    std::vector<const UOp*> stack{v};
    std::unordered_set<const UOp*> seen{v};
    while (!stack.empty()) {
      const UOp* x = stack.back();
      stack.pop_back();
      for (const UOp* r : users(x)) {
        if (seen.count(r) || r == aside) continue;
        if (keptAside(r, x)) {
          if (aside) return nullptr;
          aside = r;
          continue;
        }
        const int s = (r->op() == Op::Add || r->op() == Op::Max) && r->src().size() == 2
                          ? updatedSlot(r, x)
                          : -1;
        if (s >= 0) {
          if (update) return nullptr;
          update = r, slot = s;
        } else if (!vopComputes(*r) || seen.size() >= kUpdateNodes) {
          return nullptr;
        } else {
          stack.push_back(r);
        }
        seen.insert(r);
      }
    }
    return update ? storedBack(update, slot) : nullptr;
  }

  // Whether `stores` write consecutive elements of one REG buffer, lane k at
  // the first lane's index plus k, and nothing else reads or writes that
  // buffer between them (their vector store is written at the last).
  bool oneVectorStore(const std::vector<const UOp*>& stores) const {
    const UOp* buffer = registerAccessed(*stores[0]);
    std::optional<LinearForm> first = linearize(stores[0]->src(0)->src(1));
    if (!first) return false;
    for (size_t k = 1; k < stores.size(); ++k) {
      if (registerAccessed(*stores[k]) != buffer) return false;
      std::optional<LinearForm> f = linearize(stores[k]->src(0)->src(1));
      if (!f || f->constant != first->constant + static_cast<Int128>(k) || !sameTerms(*f, *first))
        return false;
    }
    auto slot = slots.find(buffer);
    if (slot == slots.end()) return false;
    const size_t from = at(earliest(stores)), to = at(latest(stores));
    for (const UOp* a : accessesOfSlot.at(slot->second))
      if (at(a) > from && at(a) < to && std::find(stores.begin(), stores.end(), a) == stores.end())
        return false;
    return true;
  }

  // Accumulators grouped by a Param load group whose lane k alone flows into
  // slot s[k]'s update (a row's sum or max unrolled into partial
  // accumulators, their values loaded from consecutive elements). Values the
  // lanes keep aside on the way, in consecutive elements of a REG buffer,
  // become one vector store there (written where its last lane is).
  void seedReductionUpdates(const VectorGroup& loads) {
    std::vector<const UOp*> stores, asides;
    std::vector<int> slots;
    for (const UOp* lane : loads.lanes) {
      const UOp* aside = nullptr;
      const UOp* store = updateReached(lane, aside);
      if (!store || plan.opOf.count(store)) return;
      stores.push_back(store);
      slots.push_back(accumulatorSlot(*store));
      if (aside) asides.push_back(aside);
    }
    if (!asides.empty() && (asides.size() != stores.size() || !oneVectorStore(asides))) return;
    const size_t ops = plan.ops.size(), groups = plan.regGroups.size();
    const int g = regGroup(slots);
    if (g < 0) return;
    if (!seed(stores, VectorOpKind::RegStore, latest(stores), 0, g)) return rollback(ops, groups);
    if (asides.empty()) return;
    const UOp* last = latest(asides);
    const size_t lane =
        static_cast<size_t>(std::find(asides.begin(), asides.end(), last) - asides.begin());
    if (!seed(asides, VectorOpKind::ParamStore, last, lane, -1)) rollback(ops, groups);
  }

  // A node of a Max tree whose values are `d`: a Max of two.
  static bool treeMax(const UOp& u, DType d) {
    return u.op() == Op::Max && u.src().size() == 2 && u.dtype() == d;
  }

  // The Max tree under `root`: its nodes, root first, and the slots of its
  // leaves; false where a node below the root is read outside the tree, is
  // already a vector op's lane, or is a leaf other than an accumulator's load.
  bool maxTree(const UOp* root, std::vector<const UOp*>& nodes, std::vector<int>& leafSlots) const {
    nodes = {root};
    std::vector<const UOp*> stack{root};
    while (!stack.empty()) {
      const UOp* x = stack.back();
      stack.pop_back();
      for (const UOpPtr& s : x->src()) {
        const UOp* c = s.get();
        if (users(c).size() != 1 || plan.opOf.count(c)) return false;
        nodes.push_back(c);
        if (treeMax(*c, root->dtype())) {
          stack.push_back(c);
          continue;
        }
        const int slot = c->op() == Op::Load ? accumulatorSlot(*c) : -1;
        if (slot < 0) return false;
        leafSlots.push_back(slot);
      }
    }
    return true;
  }

  // A Fold of the Max tree under `root` (vector_ops.h): its leaves every
  // slot of whole accumulator groups of one power-of-two width, once each,
  // in one segment with the root and no store to those slots between them.
  bool fold(const UOp* root) {
    std::vector<const UOp*> nodes;
    std::vector<int> leafSlots;
    if (plan.opOf.count(root) || !maxTree(root, nodes, leafSlots)) return false;
    std::vector<int> groups;
    for (int s : leafSlots) {
      auto it = plan.accumulatorLane.find(s);
      if (it == plan.accumulatorLane.end()) return false;
      if (std::find(groups.begin(), groups.end(), it->second.first) == groups.end())
        groups.push_back(it->second.first);
    }
    std::sort(groups.begin(), groups.end());
    const size_t width = plan.regGroups[static_cast<size_t>(groups[0])].size();
    if (width < 2 || (width & (width - 1)) != 0 || leafSlots.size() != width * groups.size() ||
        std::set<int>(leafSlots.begin(), leafSlots.end()).size() != leafSlots.size())
      return false;
    for (int g : groups)
      if (plan.regGroups[static_cast<size_t>(g)].size() != width) return false;
    const size_t to = at(root);
    size_t from = to;
    for (const UOp* n : nodes) {
      if (segment[at(n)] != segment[to]) return false;
      from = std::min(from, at(n));
    }
    for (int g : groups)
      for (int s : plan.regGroups[static_cast<size_t>(g)])
        for (const UOp* a : accessesOfSlot[s])
          if (a->op() == Op::Store && at(a) > from && at(a) < to) return false;
    add({VectorOpKind::Fold, std::move(nodes), root, 0, -1, {}, std::move(groups)});
    return true;
  }

  // Each accumulator read out by a Max tree: the highest Max above it whose tree folds.
  void foldReadOuts() {
    std::unordered_set<const UOp*> tried;
    for (size_t g = 0; g < plan.regGroups.size(); ++g)
      for (int s : plan.regGroups[g])
        for (const UOp* a : accessesOfSlot[s]) {
          if (a->op() != Op::Load || plan.opOf.count(a)) continue;
          std::vector<const UOp*> path;
          for (const UOp* x = a;;) {
            const std::span<const UOp* const> up = users(x);
            if (up.size() != 1 || !treeMax(*up[0], a->dtype())) break;
            x = up[0];
            path.push_back(x);
          }
          for (auto it = path.rbegin(); it != path.rend(); ++it)
            if (tried.insert(*it).second && fold(*it)) break;
        }
  }

  size_t pos(int op) const { return at(plan.ops[static_cast<size_t>(op)].emitAt); }

  // Whether op `o` may stay with the ops in `live`.
  bool valid(int o, const std::vector<bool>& live) {
    VectorOp& op = plan.ops[static_cast<size_t>(o)];
    const size_t emitAt = pos(o);
    for (const UOp* l : op.lanes)
      if (segment[at(l)] != segment[emitAt]) return false;
    for (int p : op.operands)
      if (p >= 0 && (!live[static_cast<size_t>(p)] || pos(p) >= emitAt)) return false;
    // an accumulator group: every access to its slots is a lane of a vector
    // op (a scalar one would move single lanes in and out of the vector), but
    // with scalarReadOut for loads in a segment none of the group's vector ops
    // is in (the sums read out after their loop)
    if (op.regGroup >= 0)
      for (int s : plan.regGroups[static_cast<size_t>(op.regGroup)])
        for (const UOp* a : accessesOfSlot[s]) {
          auto q = plan.opOf.find(a);
          if (q != plan.opOf.end() && live[static_cast<size_t>(q->second)]) continue;
          if (!scalarReadOut || a->op() != Op::Load ||
              groupSegments[static_cast<size_t>(op.regGroup)].count(segment[at(a)]))
            return false;
        }
    if (op.regGroup >= 0) {
      const size_t from = at(earliest(op.lanes)), to = at(latest(op.lanes));
      for (int s : plan.regGroups[static_cast<size_t>(op.regGroup)])
        for (const UOp* a : accessesOfSlot[s]) {
          const size_t p = at(a);
          if (p > from && p < to && std::find(op.lanes.begin(), op.lanes.end(), a) == op.lanes.end() &&
              (a->op() == Op::Store || op.kind == VectorOpKind::RegStore))
            return false;
        }
    }
    if (op.kind == VectorOpKind::ParamStore || op.kind == VectorOpKind::RegStore) return true;
    // every reader of a lane is a vector op reading this one as its operand
    for (size_t k = 0; k < op.lanes.size(); ++k)
      for (const UOp* x : users(op.lanes[k])) {
        auto q = plan.opOf.find(x);
        if (q == plan.opOf.end() || !live[static_cast<size_t>(q->second)]) return false;
        const VectorOp& user = plan.ops[static_cast<size_t>(q->second)];
        const bool store = user.kind == VectorOpKind::ParamStore || user.kind == VectorOpKind::RegStore;
        bool asVector = store && user.operands[0] == kLanes && x->src(1).get() == op.lanes[k];
        for (size_t i = 0; i < user.operands.size(); ++i)
          asVector = asVector || (user.operands[i] == o && x->src(store ? 1 : i).get() == op.lanes[k]);
        if (!asVector) return false;
      }
    return true;
  }

  // Drops ops until every one left is valid and reached from a store op.
  void settle() {
    std::vector<bool> live(plan.ops.size(), true);
    for (bool changed = true; changed;) {
      changed = false;
      groupSegments.assign(plan.regGroups.size(), {});
      for (size_t o = 0; scalarReadOut && o < plan.ops.size(); ++o)
        if (live[o] && plan.ops[o].regGroup >= 0)
          groupSegments[static_cast<size_t>(plan.ops[o].regGroup)].insert(segment[pos(static_cast<int>(o))]);
      for (size_t o = 0; o < plan.ops.size(); ++o)
        if (live[o] && !valid(static_cast<int>(o), live)) live[o] = false, changed = true;
      std::vector<bool> reached(plan.ops.size(), false);
      std::vector<size_t> stack;
      for (size_t o = 0; o < plan.ops.size(); ++o)
        if (live[o] && (plan.ops[o].kind == VectorOpKind::ParamStore || plan.ops[o].kind == VectorOpKind::RegStore))
          stack.push_back(o);
      while (!stack.empty()) {
        const size_t o = stack.back();
        stack.pop_back();
        if (reached[o]) continue;
        reached[o] = true;
        for (int p : plan.ops[o].operands)
          if (p >= 0) stack.push_back(static_cast<size_t>(p));
        if (!plan.ops[o].operands.empty() &&
            plan.ops[o].operands[0] == kLanes) // the loads whose lanes it stores
          for (const UOp* store : plan.ops[o].lanes)
            if (auto q = plan.opOf.find(store->src(1).get()); q != plan.opOf.end())
              stack.push_back(static_cast<size_t>(q->second));
      }
      for (size_t o = 0; o < plan.ops.size(); ++o)
        if (live[o] && !reached[o]) live[o] = false, changed = true;
    }
    // keep the live ops and the accumulator groups they use, renumbered
    VectorOpPlan kept;
    std::vector<int> newOp(plan.ops.size(), -1), newGroup(plan.regGroups.size(), -1);
    for (size_t o = 0; o < plan.ops.size(); ++o) {
      if (!live[o]) continue;
      newOp[o] = static_cast<int>(kept.ops.size());
      kept.ops.push_back(plan.ops[o]);
      const int g = plan.ops[o].regGroup;
      if (g >= 0 && newGroup[static_cast<size_t>(g)] < 0) {
        newGroup[static_cast<size_t>(g)] = static_cast<int>(kept.regGroups.size());
        kept.regGroups.push_back(plan.regGroups[static_cast<size_t>(g)]);
      }
    }
    for (size_t o = 0; o < kept.ops.size(); ++o) {
      VectorOp& op = kept.ops[o];
      for (int& p : op.operands)
        if (p >= 0) p = newOp[static_cast<size_t>(p)];
      if (op.regGroup >= 0) op.regGroup = newGroup[static_cast<size_t>(op.regGroup)];
      for (const UOp* l : op.lanes) kept.opOf[l] = static_cast<int>(o);
    }
    for (size_t g = 0; g < kept.regGroups.size(); ++g)
      for (size_t k = 0; k < kept.regGroups[g].size(); ++k)
        kept.accumulatorLane[kept.regGroups[g][k]] = {static_cast<int>(g), static_cast<int>(k)};
    plan = std::move(kept);
  }
};

} // namespace

namespace {

// A scalar type whose vector ops compute each lane as the scalar op does.
bool vectorScalar(DType d) {
  if (d.count != 1 || d.isPtr) return false;
  switch (d.scalar) {
  case ScalarType::Bool:
  case ScalarType::Int8:
  case ScalarType::Int16:
  case ScalarType::Int32:
  case ScalarType::Int64:
  case ScalarType::UInt8:
  case ScalarType::UInt16:
  case ScalarType::UInt32:
  case ScalarType::UInt64:
  case ScalarType::Float32:
  case ScalarType::Float64:
    return true;
  default:
    return false;
  }
}

} // namespace

bool isHalfCast(const UOp& u) {
  if (u.op() != Op::Cast) return false;
  const ScalarType from = u.src(0)->dtype().scalar, to = u.dtype().scalar;
  return u.dtype().count == 1 && u.src(0)->dtype().count == 1 &&
         ((from == ScalarType::Float32 && to == ScalarType::Float16) ||
          (from == ScalarType::Float16 && to == ScalarType::Float32));
}

bool vectorElementwise(const UOp& u) {
  if (u.src().empty() || !vectorScalar(u.dtype())) return false;
  for (const UOpPtr& s : u.src())
    if (!vectorScalar(s->dtype())) return false;
  const DType d = u.src(0)->dtype();
  const bool isFloat = d.isFloat(), isBool = d.isBool();
  switch (u.op()) {
  case Op::Add:
  case Op::Mul:
  case Op::Max:
    return !isBool;
  case Op::CmpLt:
  case Op::CmpNe:
  case Op::Where:
    return true;
  case Op::And:
  case Op::Or:
  case Op::Xor:
    return !isFloat;
  case Op::Shl:
  case Op::Shr:
    return !isFloat && !isBool;
  case Op::Recip:
  case Op::Trunc:
  case Op::Sqrt: // where the target keeps it (correctly rounded, lane by lane alike)
  case Op::Fma:
  case Op::Ldexp:
  case Op::FracNearest:
    return isFloat;
  case Op::Bitcast:
    return !isBool && !u.dtype().isBool() && d.itemSize() == u.dtype().itemSize();
  case Op::Cast:
    return true;
  default:
    return false;
  }
}

// Update seeds take load groups of 8 lanes or more (a 256-bit vector of float32):
// shorter ones (a small kernel's 4- and 2-lane groups) pay no more than
// LLVM's own packing.
constexpr size_t kUpdateSeedLanes = 8;

ExplicitVectors explicitVectorsFor(const UOpPtr& kernelAst, int vectorBits) {
  int upcasts = 0;
  bool reduces = false, unrolled = false;
  for (const UOp* u : toposort(*kernelAst)) {
    if (u->op() != Op::Range) continue;
    const AxisType type = u->argAs<RangeArg>().type;
    if (type == AxisType::Upcast) ++upcasts;
    unrolled = unrolled || type == AxisType::Unroll;
    reduces = reduces || type == AxisType::Reduce || type == AxisType::Unroll || type == AxisType::GroupReduce;
  }
  if (upcasts >= 2) return {true, 0};
  if ((upcasts == 1 && !reduces) || unrolled) return {true, vectorBits / 8};
  return {};
}

VectorOpPlan planVectorOps(const UOpPtr& linear, const std::vector<const UOp*>& order,
                           const std::unordered_set<const UOp*>& contract,
                           const KernelMemoryPlan& memory, bool halfVectors, int64_t maxBytes) {
  VectorOpPlan plan;
  VopBuilder b{order, contract, halfVectors, plan, NodeMap<size_t>(order.size()),
               {},    {},       {},          {},   {},
               {},    false,    {},          {}};
  {
    RemarkScope quiet(nullptr); // the renderer's own plan remarks on the accesses
    b.accesses = planVectorAccess(linear, VectorAccess::Tiles, StridedLoads::No, maxBytes);
  }
  for (const VectorGroup& g : b.accesses.groups)
    for (const UOp* l : g.lanes)
      if (l->op() == Op::Load) b.loadGroup[l] = &g;
  for (size_t i = 0; i < memory.registers.size(); ++i)
    b.slots[memory.registers[i].buffer.get()] = static_cast<int>(i);
  for (size_t i = 0; i < order.size(); ++i)
    b.position[order[i]] = i;
  // users by the place of what they read (counting sort, readers in order)
  b.userStart.assign(order.size() + 1, 0);
  for (const UOp* u : order)
    for (const UOpPtr& s : u->src())
      if (const size_t* p = b.position.find(s.get())) ++b.userStart[*p + 1];
  for (size_t p = 1; p <= order.size(); ++p) b.userStart[p] += b.userStart[p - 1];
  b.userList.resize(b.userStart.back());
  std::vector<size_t> fill(b.userStart.begin(), b.userStart.end() - 1);
  for (const UOp* u : order)
    for (const UOpPtr& s : u->src())
      if (const size_t* p = b.position.find(s.get())) b.userList[fill[*p]++] = u;
  int seg = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    const UOp* u = order[i];
    if (u->op() == Op::Range || u->op() == Op::End || u->op() == Op::Barrier) ++seg;
    b.segment.push_back(seg);
    if (const UOp* r = (u->op() == Op::Load || u->op() == Op::Store) ? registerAccessed(*u) : nullptr)
      if (auto it = b.slots.find(r); it != b.slots.end()) b.accessesOfSlot[it->second].push_back(u);
  }
  // Seeds from the stores first; where that leaves accumulators scalar or in
  // vectors narrower than kUpdateSeedLanes, a second plan seeded from the
  // accumulators' updates first (their sums read out lane by lane after their
  // loop), kept if it makes more of them vectors, or as many in fewer vectors.
  auto build = [&](bool updatesFirst) {
    plan = VectorOpPlan{};
    b.scalarReadOut = updatesFirst;
    if (updatesFirst)
      for (const VectorGroup& g : b.accesses.groups)
        if (!g.gated && g.lanes[0]->op() == Op::Load && g.lanes.size() >= kUpdateSeedLanes) {
          b.seedAccumulatorUpdates(g);
          b.seedReductionUpdates(g);
        }
    for (const VectorGroup& g : b.accesses.groups)
      if (g.lanes[0]->op() == Op::Store && !b.plan.opOf.count(g.lanes[0]))
        b.seed(g.lanes, VectorOpKind::ParamStore, g.emitAt, g.emitLane, -1);
    for (size_t g = 0; g < plan.regGroups.size(); ++g) b.seedAccumulatorStores(static_cast<int>(g));
    b.settle();
    std::pair<size_t, size_t> slotsAndNarrow{0, 0};
    for (const std::vector<int>& g : plan.regGroups) {
      slotsAndNarrow.first += g.size();
      slotsAndNarrow.second += g.size() < kUpdateSeedLanes;
    }
    return slotsAndNarrow;
  };
  const std::pair<size_t, size_t> storeSeeded = build(false);
  if (storeSeeded.first < b.accessesOfSlot.size() || storeSeeded.second > 0) {
    VectorOpPlan first = std::move(plan);
    const std::pair<size_t, size_t> updateSeeded = build(true);
    if (updateSeeded.first < storeSeeded.first ||
        (updateSeeded.first == storeSeeded.first && updateSeeded.second >= storeSeeded.second))
      plan = std::move(first);
  }
  b.foldReadOuts();
  for (const UOp* u : order) {
    if (u->op() != Op::Index) continue;
    const std::span<const UOp* const> users = b.users(u);
    if (!users.empty() && std::all_of(users.begin(), users.end(), [&](const UOp* x) {
          const VectorOp* op = plan.at(*x);
          return op && (op->emitAt != x || op->regGroup >= 0);
        }))
      plan.unusedIndices.insert(u);
  }
  return plan;
}

} // namespace uops
