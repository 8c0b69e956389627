// The block scheduler: each node belongs to the innermost loop whose range is
// open at it (kernel level when none is); each loop is one item of its parent
// block, emitted as Range, its block, End. Within a block, items are ordered
// by a priority toposort: parameters, buffers and constants first, loads early,
// loops after the code that can run before them, stores last; ties by the
// place in toposort(sink).
#include "core/pipeline/linearize.h"

#include "core/pipeline/codegen_error.h"
#include "core/pipeline/optimize.h"

#include <algorithm>
#include <queue>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>

namespace uops {
namespace {

constexpr int kKernel = -1; // the block outside every loop

// Instructions: sink's graph without the sink and without the shape operands of
// Params (which describe a Param, and are not computed). Sources first, iterative.
std::vector<const UOp*> instructions(const UOp& sink) {
  std::vector<const UOp*> order;
  std::unordered_map<const UOp*, bool> seen;
  std::vector<std::pair<const UOp*, size_t>> stack{{&sink, 0}};
  seen[&sink] = true;
  while (!stack.empty()) {
    auto& [u, next] = stack.back();
    size_t count = u->op() == Op::Param ? 0 : u->src().size();
    if (next < count) {
      const UOp* s = u->src(next++).get();
      if (!seen[s]) {
        seen[s] = true;
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
      for (int l : m_open[m_pos.at(s.get())])
        throw CodegenError("Linearize", fmt::format("range {} is still open at the Sink: a {} "
                                                    "outside the End of its loop",
                                                    rangeName(*m_loops[l]), opName(s->op())));
    nestLoops();
    assignOwners();
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
      int loop = m_loopOf.at(u->src(1).get());
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
        const auto& o = m_open[m_pos.at(u->src(k).get())];
        std::vector<int> merged;
        std::set_union(set.begin(), set.end(), o.begin(), o.end(), std::back_inserter(merged));
        set = std::move(merged);
      }
      if (u->op() == Op::Range) {
        int l = m_loopOf.at(u);
        set.insert(std::lower_bound(set.begin(), set.end(), l), l);
      }
      if (u->op() == Op::End) std::erase(set, m_loopOf.at(u->src(1).get()));
      m_open[i] = std::move(set);
    }
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
      int loop = m_loopOf.at(e->src(1).get());
      const auto& open = m_open[m_pos.at(e)];
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
        m_owner[i] = m_loopOf.at(u);
      else if (u->op() == Op::End)
        m_owner[i] = m_loopOf.at(u->src(1).get());
      else
        m_owner[i] = innermost(m_open[i], *u);
    }
  }

  bool isLoopMarker(const UOp* u) const { return u->op() == Op::Range || u->op() == Op::End; }

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
    if (item <= -2) return {5, 0, m_pos.at(m_loops[-2 - item])};
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
    std::vector<int> items;
    std::unordered_map<int, std::vector<int>> users; // item -> items that need it (look-up only)
    std::unordered_map<int, int> waiting;            // item -> unmet dependencies
    for (size_t i = 0; i < m_nodes.size(); ++i) {
      int item = itemOf(i, block);
      if (item == -1) continue;
      if (item == static_cast<int>(i) || (item <= -2 && m_nodes[i] == m_loops[-2 - item]))
        items.push_back(item);
      size_t count = m_nodes[i]->op() == Op::Param ? 0 : m_nodes[i]->src().size();
      for (size_t k = 0; k < count; ++k) {
        int dep = itemOf(m_pos.at(m_nodes[i]->src(k).get()), block);
        if (dep == -1 || dep == item) continue;
        users[dep].push_back(item);
        ++waiting[item];
      }
    }
    auto later = [this](int a, int b) { return keyOf(a) > keyOf(b); };
    std::priority_queue<int, std::vector<int>, decltype(later)> ready(later);
    for (int item : items)
      if (waiting[item] == 0) ready.push(item);
    while (!ready.empty()) {
      int item = ready.top();
      ready.pop();
      if (item <= -2) {
        int loop = -2 - item;
        out.push_back(m_loops[loop]->ptr());
        emit(loop, out);
        out.push_back(m_closer[loop]->ptr());
      } else {
        out.push_back(m_nodes[item]->ptr());
      }
      for (int user : users[item])
        if (--waiting[user] == 0) ready.push(user);
    }
  }

  std::vector<const UOp*> m_nodes;
  std::unordered_map<const UOp*, size_t> m_pos; // look-up only
  std::vector<const UOp*> m_loops;
  std::unordered_map<const UOp*, int> m_loopOf; // look-up only
  std::vector<const UOp*> m_closer;
  std::vector<std::vector<int>> m_open;
  std::vector<int> m_parent, m_depth, m_owner;
};

} // namespace

UOpPtr scheduleLinear(const UOpPtr& sink) {
  UOpList order = Scheduler(*sink).run();
  return UOp::make(Op::Linear, dtypes::void_, std::move(order));
}

} // namespace uops
