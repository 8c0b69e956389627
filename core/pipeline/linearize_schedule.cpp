// The block scheduler: each node belongs to the innermost loop whose range is
// open at it (kernel level when none is); each loop is one item of its parent
// block, emitted as Range, its block, End. Within a block, items are ordered
// by a priority toposort: parameters, buffers and constants first, loads early,
// loops after the code that can run before them, stores last; ties by the
// place in toposort(sink).
#include "core/pipeline/linearize.h"

#include "core/ir/node_map.h"
#include "core/ir/scratch_node_set.h"
#include "core/render/codegen_error.h"
#include "core/pipeline/optimize.h"

#include <algorithm>
#include <functional>
#include <map>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

namespace uops {
namespace {

constexpr int kKernel = -1; // the block outside every loop

// Instructions: sink's graph without the sink and without the shape operands of
// Params (which describe a Param, and are not computed). Sources first, iterative.
std::vector<const UOp*> instructions(const UOp& sink) {
  std::vector<const UOp*> order;
  ScratchNodeSet seen;
  std::vector<std::pair<const UOp*, size_t>> stack{{&sink, 0}};
  seen.insert(&sink);
  while (!stack.empty()) {
    auto& [u, next] = stack.back();
    size_t count = u->op() == Op::Param ? 0 : u->src().size();
    if (next < count) {
      const UOp* s = u->src(next++).get();
      if (seen.insert(s)) {
        stack.push_back({s, 0});
      }
      continue;
    }
    if (u != &sink) order.push_back(u);
    stack.pop_back();
  }
  return order;
}

std::string rangeName(const UOp& r) {
  return fmt::format("r{}", r.argAs<RangeArg>().id);
}

class Scheduler {
public:
  explicit Scheduler(const UOp& sink) : m_nodes(instructions(sink)), m_pos(m_nodes.size()) {
    for (size_t i = 0; i < m_nodes.size(); ++i)
      m_pos[m_nodes[i]] = i;
    findLoops();
    computeOpen();
    // what the Sink collects must be closed: a Store outside the End of its loop is not
    for (const UOpPtr& s : sink.src())
      for (int l : openAt(posOf(s.get())))
        throw CodegenError("Linearize", fmt::format("range {} is still open at the Sink: a {} "
                                                    "outside the End of its loop",
                                                    rangeName(*m_loops[l]), opName(s->op())));
    nestLoops();
    assignOwners();
    collectMembers();
  }

  UOpList run() {
    UOpList out;
    emit(kKernel, out);
    if (out.size() != m_nodes.size())
      throw CodegenError("Linearize", "the kernel's instructions cannot be ordered (a cycle "
                                      "through a loop)");
    return out;
  }

private:
  // One loop per Range, numbered in toposort order.
  void findLoops() {
    for (const UOp* u : m_nodes)
      if (u->op() == Op::Range) {
        m_loopOf[u] = static_cast<int>(m_loops.size());
        m_loops.push_back(u);
      }
    m_closer.assign(m_loops.size(), nullptr);
    for (const UOp* u : m_nodes) {
      if (u->op() != Op::End) continue;
      if (u->src().size() != 2)
        throw CodegenError("Linearize", "an End must close one range (split ends first)");
      int loop = loopOf(u->src(1).get());
      if (m_closer[loop])
        throw CodegenError(
            "Linearize", fmt::format("range {} is closed by two Ends", rangeName(*m_loops[loop])));
      m_closer[loop] = u;
    }
    for (size_t l = 0; l < m_loops.size(); ++l)
      if (!m_closer[l])
        throw CodegenError(
            "Linearize", fmt::format("range {} is never closed by an End", rangeName(*m_loops[l])));
  }

  // Open loops per node, as sorted loop numbers. Nodes share few distinct
  // sets: each is kept once (m_sets, the empty set first) and a node holds
  // its number; the unions and changes made are remembered.
  void computeOpen() {
    m_sets.assign(1, {});
    m_setIds.emplace(std::vector<int>{}, 0);
    m_openId.assign(m_nodes.size(), 0);
    for (size_t i = 0; i < m_nodes.size(); ++i) {
      const UOp* u = m_nodes[i];
      uint32_t set = 0;
      size_t count = u->op() == Op::Param ? 0 : u->src().size();
      for (size_t k = 0; k < count; ++k) {
        uint32_t o = m_openId[posOf(u->src(k).get())];
        if (o == 0 || o == set) continue;
        set = set == 0 ? o : derivedSet(set, o, kUnion);
      }
      if (u->op() == Op::Range) set = derivedSet(set, static_cast<uint32_t>(loopOf(u)), kWith);
      if (u->op() == Op::End) set = derivedSet(set, static_cast<uint32_t>(loopOf(u->src(1).get())), kWithout);
      m_openId[i] = set;
    }
  }

  enum SetChange : uint64_t { kUnion, kWith, kWithout };
  // The set made from set a by a change with b (a set, or a loop to add or remove).
  uint32_t derivedSet(uint32_t a, uint32_t b, SetChange change) {
    uint64_t key = (static_cast<uint64_t>(change) << 62) | (static_cast<uint64_t>(a) << 31) | b;
    if (auto it = m_derived.find(key); it != m_derived.end()) return it->second;
    std::vector<int> set = m_sets[a];
    if (change == kUnion) {
      const std::vector<int>& o = m_sets[b];
      std::vector<int> merged;
      std::set_union(set.begin(), set.end(), o.begin(), o.end(), std::back_inserter(merged));
      set = std::move(merged);
    } else if (change == kWith) {
      int l = static_cast<int>(b);
      set.insert(std::lower_bound(set.begin(), set.end(), l), l);
    } else {
      std::erase(set, static_cast<int>(b));
    }
    auto [it, fresh] = m_setIds.try_emplace(set, static_cast<uint32_t>(m_sets.size()));
    if (fresh) m_sets.push_back(std::move(set));
    m_derived.emplace(key, it->second);
    return it->second;
  }

  const std::vector<int>& openAt(size_t i) const { return m_sets[m_openId[i]]; }

  size_t posOf(const UOp* u) const {
    const size_t* p = m_pos.find(u);
    if (!p) throw CodegenError("Linearize", fmt::format("a {} outside the kernel's graph", opName(u->op())));
    return *p;
  }
  int loopOf(const UOp* r) const {
    const int* l = m_loopOf.find(r);
    if (!l) throw CodegenError("Linearize", fmt::format("an End of a {}, not of a Range", opName(r->op())));
    return *l;
  }

  bool isAncestorOrSelf(int a, int l) const {
    for (; l != kKernel; l = m_parent[l])
      if (l == a) return true;
    return a == kKernel;
  }

  // The innermost of a set of loops that must form a chain of nesting.
  int innermost(const std::vector<int>& loops, const UOp& at) const {
    int inner = kKernel;
    for (int l : loops)
      if (inner == kKernel || m_depth[l] > m_depth[inner]) inner = l;
    for (int l : loops)
      if (!isAncestorOrSelf(l, inner))
        throw CodegenError("Linearize",
                           fmt::format("ranges {} and {} are both open at a {} but do not nest",
                                       rangeName(*m_loops[l]), rangeName(*m_loops[inner]),
                                       opName(at.op())));
    return inner;
  }

  // A loop nests in the innermost loop open at its End. Outer Ends come later in
  // toposort (they use the inner End), so walking Ends backwards meets parents first.
  void nestLoops() {
    m_parent.assign(m_loops.size(), kKernel);
    m_depth.assign(m_loops.size(), -1);
    for (auto it = m_nodes.rbegin(); it != m_nodes.rend(); ++it) {
      const UOp* e = *it;
      if (e->op() != Op::End) continue;
      int loop = loopOf(e->src(1).get());
      const auto& open = openAt(posOf(e));
      for (int l : open)
        if (m_depth[l] < 0)
          throw CodegenError("Linearize",
                             fmt::format("range {} is closed inside range {}, which it encloses",
                                         rangeName(*m_loops[l]), rangeName(*m_loops[loop])));
      m_parent[loop] = innermost(open, *e);
      m_depth[loop] = m_parent[loop] == kKernel ? 0 : m_depth[m_parent[loop]] + 1;
    }
  }

  void assignOwners() {
    m_owner.resize(m_nodes.size());
    for (size_t i = 0; i < m_nodes.size(); ++i) {
      const UOp* u = m_nodes[i];
      if (u->op() == Op::Range)
        m_owner[i] = loopOf(u);
      else if (u->op() == Op::End)
        m_owner[i] = loopOf(u->src(1).get());
      else
        m_owner[i] = innermost(openAt(i), *u);
    }
  }

  bool isLoopMarker(const UOp* u) const { return u->op() == Op::Range || u->op() == Op::End; }

  // Per block, the nodes inside it (itself or in a loop nested in it) with the
  // item of the block that holds each: the node itself, or the child loop it
  // lies in (encoded as -2 - loop); a loop's own Range and End belong to the
  // block around the loop. Per node, the positions of its sources: emitting a
  // block looks at its own nodes.
  void collectMembers() {
    m_members.resize(m_loops.size() + 1);
    m_srcStart.assign(m_nodes.size() + 1, 0);
    for (size_t i = 0; i < m_nodes.size(); ++i) {
      int l = m_owner[i];
      int item = static_cast<int>(i);
      if (isLoopMarker(m_nodes[i])) {
        item = -2 - l;
        l = m_parent[l];
      }
      for (;; l = m_parent[l]) {
        m_members[l + 1].push_back({i, item});
        if (l == kKernel) break;
        item = -2 - l;
      }
      size_t count = m_nodes[i]->op() == Op::Param ? 0 : m_nodes[i]->src().size();
      for (size_t k = 0; k < count; ++k)
        m_srcPos.push_back(posOf(m_nodes[i]->src(k).get()));
      m_srcStart[i + 1] = m_srcPos.size();
    }
    m_memberOf.assign(m_nodes.size(), kNotMember);
    m_localOfNode.assign(m_nodes.size(), 0);
    m_localOfLoop.assign(m_loops.size(), 0);
    m_loopPos.resize(m_loops.size());
    for (size_t l = 0; l < m_loops.size(); ++l)
      m_loopPos[l] = posOf(m_loops[l]);
  }

  // Smaller keys go first.
  using Key = std::tuple<int, int64_t, size_t>;
  Key keyOf(int item) const {
    if (item <= -2) return {5, 0, m_loopPos[-2 - item]};
    const UOp* u = m_nodes[item];
    size_t at = static_cast<size_t>(item);
    switch (u->op()) {
    case Op::Param:
      return {0, u->argAs<ParamArg>().slot, at};
    case Op::Buffer:
      return {1, 0, at};
    case Op::Const:
      return {2, 0, at};
    case Op::Load:
      return {3, 0, at};
    case Op::Store:
      return {6, 0, at};
    default:
      return {4, 0, at};
    }
  }

  uint32_t& localOf(int item) { return item >= 0 ? m_localOfNode[item] : m_localOfLoop[-2 - item]; }

  // The block's items in priority toposort order, each loop as Range, its
  // block, End. The per-node scratch (m_memberOf, m_localOf*) serves only
  // while the block's dependencies are gathered, before the nested blocks.
  void emit(int block, UOpList& out) {
    const auto& members = m_members[block + 1];
    std::vector<int> items; // by local number
    for (const auto& [i, item] : members) {
      m_memberOf[i] = item;
      if (item == static_cast<int>(i) || (item <= -2 && m_nodes[i] == m_loops[-2 - item])) {
        localOf(item) = static_cast<uint32_t>(items.size());
        items.push_back(item);
      }
    }
    std::vector<std::pair<uint32_t, uint32_t>> edges; // (dependency, user), local numbers, as found
    std::vector<uint32_t> waiting(items.size(), 0);   // unmet dependencies per item
    for (const auto& [i, item] : members) {
      uint32_t user = localOf(item);
      for (size_t k = m_srcStart[i]; k < m_srcStart[i + 1]; ++k) {
        int dep = m_memberOf[m_srcPos[k]];
        if (dep == kNotMember || dep == item) continue;
        edges.emplace_back(localOf(dep), user);
        ++waiting[user];
      }
    }
    for (const auto& member : members)
      m_memberOf[member.first] = kNotMember;
    // users by dependency (counting sort of the edges)
    std::vector<uint32_t> first(items.size() + 1, 0);
    for (const auto& e : edges) ++first[e.first + 1];
    for (size_t k = 1; k < first.size(); ++k) first[k] += first[k - 1];
    std::vector<uint32_t> users(edges.size());
    std::vector<uint32_t> fill(first.begin(), first.end() - 1);
    for (const auto& e : edges) users[fill[e.first]++] = e.second;

    // A store that only one loop reads (an accumulator's initial value) waits until that loop
    // waits for nothing else, then goes right before it, not with the block's other stores: an
    // earlier loop between the two would hold its register live across that loop and split an
    // accumulator group's initial stores (a row's max loop between the exp sum's first initial
    // store and the other fifteen left that group scalar).
    constexpr uint32_t kNoLoop = UINT32_MAX;
    std::vector<uint32_t> feeds(items.size(), kNoLoop); // per loop-only store, its loop
    for (uint32_t k = 0; k < items.size(); ++k) {
      const bool store = items[k] >= 0 && m_nodes[items[k]]->op() == Op::Store;
      if (!store || first[k] == first[k + 1] || items[users[first[k]]] > -2) continue;
      const uint32_t loop = users[first[k]];
      if (std::all_of(users.begin() + first[k], users.begin() + first[k + 1],
                      [&](uint32_t u) { return u == loop; }))
        feeds[k] = loop;
    }
    std::unordered_map<uint32_t, std::vector<uint32_t>> parked; // loop -> its ready stores
    std::unordered_map<uint32_t, uint32_t> parkedEdges;         // loop -> the edges from them

    using Entry = std::pair<Key, uint32_t>;
    std::vector<Entry> heap;
    heap.reserve(items.size());
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready(std::greater<Entry>(), std::move(heap));
    auto releaseWhenOnlyParked = [&](uint32_t loop) {
      auto it = parked.find(loop);
      if (it == parked.end() || waiting[loop] != parkedEdges[loop]) return;
      for (uint32_t k : it->second)
        ready.emplace(keyOf(items[k]), k);
      parked.erase(it);
    };
    auto becameReady = [&](uint32_t k) {
      if (feeds[k] == kNoLoop) return ready.emplace(keyOf(items[k]), k);
      parked[feeds[k]].push_back(k);
      parkedEdges[feeds[k]] += first[k + 1] - first[k];
      releaseWhenOnlyParked(feeds[k]);
    };
    for (uint32_t k = 0; k < items.size(); ++k)
      if (waiting[k] == 0) becameReady(k);
    while (!ready.empty()) {
      uint32_t local = ready.top().second;
      ready.pop();
      int item = items[local];
      if (item <= -2) {
        int loop = -2 - item;
        out.push_back(m_loops[loop]->ptr());
        emit(loop, out);
        out.push_back(m_closer[loop]->ptr());
      } else {
        out.push_back(m_nodes[item]->ptr());
      }
      for (uint32_t k = first[local]; k < first[local + 1]; ++k) {
        const uint32_t user = users[k];
        if (--waiting[user] == 0) {
          becameReady(user);
        } else if (feeds[local] == kNoLoop) {
          releaseWhenOnlyParked(user);
        }
      }
    }
  }

  static constexpr int kNotMember = -1;

  std::vector<const UOp*> m_nodes;
  NodeMap<size_t> m_pos;
  std::vector<const UOp*> m_loops;
  NodeMap<int> m_loopOf;
  std::vector<const UOp*> m_closer;
  std::vector<std::vector<int>> m_sets;        // distinct open sets, the empty one first
  std::map<std::vector<int>, uint32_t> m_setIds; // set -> its number (look-up only)
  std::unordered_map<uint64_t, uint32_t> m_derived; // (change, a, b) -> set number (look-up only)
  std::vector<uint32_t> m_openId;              // per node
  std::vector<int> m_parent, m_depth, m_owner;
  std::vector<std::vector<std::pair<size_t, int>>> m_members; // by block + 1 (the kernel block first): (node, item)
  std::vector<size_t> m_loopPos;          // per loop, its Range's position
  std::vector<int> m_memberOf;            // per node, its item in the block being emitted, else kNotMember
  std::vector<uint32_t> m_localOfNode, m_localOfLoop; // an item's number among its block's items
  std::vector<size_t> m_srcPos, m_srcStart; // node i's sources: m_srcPos[m_srcStart[i], m_srcStart[i + 1])
};

} // namespace

UOpPtr scheduleLinear(const UOpPtr& sink) {
  UOpList order = Scheduler(*sink).run();
  return UOp::make(Op::Linear, dtypes::void_, std::move(order));
}

} // namespace uops
