// The block scheduler: each node belongs to the innermost loop whose range is
// open at it (kernel level when none is); each loop is one item of its parent
// block, emitted as Range, its block, End. Within a block, items are ordered
// by a priority toposort: parameters, buffers and constants first, loads early,
// loops after the code that can run before them, stores last; ties by the
// place in toposort(sink).
#include "core/pipeline/linearize.h"

#include "core/ir/node_map.h"
#include "core/render/codegen_error.h"
#include "core/pipeline/optimize.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <tuple>
#include <utility>

#include <fmt/format.h>

namespace uops {
namespace {

constexpr int kKernel = -1; // the block outside every loop

// Instructions: sink's graph without the sink and without the shape operands of
// Params (which describe a Param, and are not computed). Sources first, iterative.
std::vector<const UOp*> instructions(const UOp& sink) {
  std::vector<const UOp*> order;
  NodeMap<bool> seen(256);
  std::vector<std::pair<const UOp*, size_t>> stack{{&sink, 0}};
  seen[&sink] = true;
  while (!stack.empty()) {
    auto& [u, next] = stack.back();
    size_t count = u->op() == Op::Param ? 0 : u->src().size();
    if (next < count) {
      const UOp* s = u->src(next++).get();
      if (!std::exchange(seen[s], true)) {
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
  explicit Scheduler(const UOp& sink) : m_nodes(instructions(sink)) {
    for (size_t i = 0; i < m_nodes.size(); ++i)
      m_pos[m_nodes[i]] = i;
    findLoops();
    computeOpen();
    // what the Sink collects must be closed: a Store outside the End of its loop is not
    for (const UOpPtr& s : sink.src())
      for (int l : m_open[posOf(s.get())])
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

  // Open loops per node, as sorted loop numbers.
  void computeOpen() {
    m_open.resize(m_nodes.size());
    for (size_t i = 0; i < m_nodes.size(); ++i) {
      const UOp* u = m_nodes[i];
      std::vector<int> set;
      size_t count = u->op() == Op::Param ? 0 : u->src().size();
      for (size_t k = 0; k < count; ++k) {
        const auto& o = m_open[posOf(u->src(k).get())];
        if (o.empty() || o == set) continue;
        if (set.empty()) {
          set = o;
          continue;
        }
        std::vector<int> merged;
        std::set_union(set.begin(), set.end(), o.begin(), o.end(), std::back_inserter(merged));
        set = std::move(merged);
      }
      if (u->op() == Op::Range) {
        int l = loopOf(u);
        set.insert(std::lower_bound(set.begin(), set.end(), l), l);
      }
      if (u->op() == Op::End) std::erase(set, loopOf(u->src(1).get()));
      m_open[i] = std::move(set);
    }
  }

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
      const auto& open = m_open[posOf(e)];
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
        m_owner[i] = innermost(m_open[i], *u);
    }
  }

  bool isLoopMarker(const UOp* u) const { return u->op() == Op::Range || u->op() == Op::End; }

  // Per block, the nodes inside it (itself or in a loop nested in it), and per
  // node the positions of its sources: emitting a block looks at its own nodes.
  void collectMembers() {
    m_members.resize(m_loops.size() + 1);
    m_srcPos.resize(m_nodes.size());
    for (size_t i = 0; i < m_nodes.size(); ++i) {
      // a loop's own Range and End belong to the block around the loop
      int l = isLoopMarker(m_nodes[i]) ? m_parent[m_owner[i]] : m_owner[i];
      for (;; l = m_parent[l]) {
        m_members[l + 1].push_back(i);
        if (l == kKernel) break;
      }
      size_t count = m_nodes[i]->op() == Op::Param ? 0 : m_nodes[i]->src().size();
      for (size_t k = 0; k < count; ++k)
        m_srcPos[i].push_back(posOf(m_nodes[i]->src(k).get()));
    }
  }

  // The item of `block` that holds node i: the node itself, a child loop
  // (encoded as -2 - loop), or nothing (-1) when the node is outside the block.
  int itemOf(size_t i, int block) const {
    int l = m_owner[i];
    if (l == block && !isLoopMarker(m_nodes[i])) return static_cast<int>(i);
    if (l == block) return -1; // the Range or End of the block itself
    while (l != kKernel && m_parent[l] != block)
      l = m_parent[l];
    return l == kKernel ? -1 : -2 - l;
  }

  // Smaller keys go first.
  using Key = std::tuple<int, int64_t, size_t>;
  Key keyOf(int item) const {
    if (item <= -2) return {5, 0, posOf(m_loops[-2 - item])};
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

  void emit(int block, UOpList& out) const {
    // an item's slot: a node's position, or after the nodes, a loop's number
    const size_t n = m_nodes.size();
    auto slot = [n](int item) { return item >= 0 ? static_cast<size_t>(item) : n + static_cast<size_t>(-2 - item); };
    std::vector<int> items;
    std::vector<std::pair<int, int>> edges; // (dependency, user), as found
    std::vector<int> waiting(n + m_loops.size(), 0); // unmet dependencies per slot
    for (size_t i : m_members[block + 1]) {
      int item = itemOf(i, block);
      if (item == -1) continue;
      if (item == static_cast<int>(i) || (item <= -2 && m_nodes[i] == m_loops[-2 - item]))
        items.push_back(item);
      for (size_t src : m_srcPos[i]) {
        int dep = itemOf(src, block);
        if (dep == -1 || dep == item) continue;
        edges.emplace_back(dep, item);
        ++waiting[slot(item)];
      }
    }
    // users by dependency slot (counting sort of the edges)
    std::vector<size_t> first(waiting.size() + 1, 0);
    for (const auto& e : edges) ++first[slot(e.first) + 1];
    for (size_t k = 1; k < first.size(); ++k) first[k] += first[k - 1];
    std::vector<int> users(edges.size());
    std::vector<size_t> fill(first.begin(), first.end() - 1);
    for (const auto& e : edges) users[fill[slot(e.first)]++] = e.second;

    using Entry = std::pair<Key, int>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready;
    for (int item : items)
      if (waiting[slot(item)] == 0) ready.emplace(keyOf(item), item);
    while (!ready.empty()) {
      int item = ready.top().second;
      ready.pop();
      if (item <= -2) {
        int loop = -2 - item;
        out.push_back(m_loops[loop]->ptr());
        emit(loop, out);
        out.push_back(m_closer[loop]->ptr());
      } else {
        out.push_back(m_nodes[item]->ptr());
      }
      for (size_t k = first[slot(item)]; k < first[slot(item) + 1]; ++k)
        if (--waiting[slot(users[k])] == 0) ready.emplace(keyOf(users[k]), users[k]);
    }
  }

  std::vector<const UOp*> m_nodes;
  NodeMap<size_t> m_pos;
  std::vector<const UOp*> m_loops;
  NodeMap<int> m_loopOf;
  std::vector<const UOp*> m_closer;
  std::vector<std::vector<int>> m_open;
  std::vector<int> m_parent, m_depth, m_owner;
  std::vector<std::vector<size_t>> m_members; // by block + 1 (the kernel block first)
  std::vector<std::vector<size_t>> m_srcPos;
};

} // namespace

UOpPtr scheduleLinear(const UOpPtr& sink) {
  UOpList order = Scheduler(*sink).run();
  return UOp::make(Op::Linear, dtypes::void_, std::move(order));
}

} // namespace uops
