#include "core/runtime/fused_reduce.h"

#include "core/ir/shape.h"
#include "core/runtime/reference_evaluator.h"

#include <array>
#include <unordered_map>

namespace uops {
namespace {

// Deeper than this, a region's nodes become leaves: the element walk recurses
// once per level.
constexpr int kFusedReduceDepth = 64;
// The most operands an elementwise op takes (Where, Mulacc).
constexpr size_t kFusedReduceOperands = 3;

bool fusedReduceMoves(Op op) {
  return op == Op::Reshape || op == Op::Expand || op == Op::Pad || op == Op::Shrink ||
         op == Op::Permute || op == Op::Flip;
}

// Whether the region may compute `u` element by element: its value would pass
// the evaluator's checks (a valid shape, a scalar dtype, operands of the
// dtypes its op takes), so fusing it cannot hide an error.
bool fusedReduceFusable(const UOp& u) {
  if (!u.shapeValid() || u.dtype().count != 1 || u.dtype().isPtr || u.dtype().isVoid())
    return false;
  Op op = u.op();
  if (fusedReduceMoves(op))
    return (op != Op::Pad && op != Op::Shrink) || shapeOperandValues(*u.src(1)).has_value();
  if (!isElementwise(op) || u.src().size() > kFusedReduceOperands) return false;
  std::vector<DType> operands;
  for (const auto& s : u.src())
    operands.push_back(s->dtype());
  try {
    checkElementwiseOperands(op, u.dtype(), operands);
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

// The sources whose elements a fused node reads: a movement op's data operand,
// an elementwise op's operands.
size_t fusedReduceSourceCount(const UOp& u) {
  return fusedReduceMoves(u.op()) ? 1 : u.src().size();
}

} // namespace

FusedReduce::FusedReduce(const UOp& reduce) : m_reduce(reduce) {
  // Count the region's reads of each node: one read more than once is a leaf.
  std::unordered_map<const UOp*, int> reads;
  const UOp* root = reduce.src(0).get();
  reads[root] = 1;
  std::vector<const UOp*> stack{root};
  while (!stack.empty()) {
    const UOp* u = stack.back();
    stack.pop_back();
    if (!fusedReduceFusable(*u)) continue;
    for (size_t k = 0; k < fusedReduceSourceCount(*u); ++k) {
      const UOp* s = u->src(k).get();
      if (reads[s]++ == 0) stack.push_back(s);
    }
  }
  // The tree, built depth-first from the root.
  struct Pending {
    const UOp* uop;
    int depth;
    size_t parent;
  };
  std::vector<Pending> todo{{root, 0, SIZE_MAX}};
  std::unordered_map<const UOp*, size_t> leafSlots;
  while (!todo.empty()) {
    Pending p = todo.back();
    todo.pop_back();
    const UOp& u = *p.uop;
    size_t self = m_nodes.size();
    if (p.parent != SIZE_MAX) m_nodes[p.parent].srcs.push_back(self);
    Node node{.uop = &u, .kind = Kind::Leaf, .srcs = {}, .leaf = 0, .operand = {},
              .index = std::vector<int64_t>(u.shape().size(), 0), .value = {}};
    bool inner = fusedReduceFusable(u) && reads[&u] == 1 && p.depth < kFusedReduceDepth;
    if (!inner) {
      auto [it, fresh] = leafSlots.emplace(&u, m_leaves.size());
      if (fresh) m_leaves.push_back(&u);
      node.leaf = it->second;
      m_nodes.push_back(std::move(node));
      continue;
    }
    bool moves = fusedReduceMoves(u.op());
    node.kind = moves ? Kind::Movement : Kind::Elementwise;
    if (u.op() == Op::Pad || u.op() == Op::Shrink) node.operand = *shapeOperandValues(*u.src(1));
    if (u.op() == Op::Pad || !moves) node.value = HostTensor(u.dtype(), Shape{});
    m_nodes.push_back(std::move(node));
    // pushed last-first so the sources get node indices in source order
    size_t count = fusedReduceSourceCount(u);
    for (size_t k = count; k-- > 0;)
      todo.push_back({u.src(k).get(), p.depth + 1, self});
  }
}

// The source's index for the node's index; `padded` when a Pad's index falls
// in the padding, where the value is zero.
void FusedReduce::moveIndex(const Node& node, Node& src, bool& padded) const {
  const Shape& shape = node.uop->shape();
  const Shape& from = src.uop->shape();
  const std::vector<int64_t>& at = node.index;
  std::vector<int64_t>& to = src.index;
  switch (node.uop->op()) {
  case Op::Reshape: {
    int64_t linear = 0;
    for (size_t k = 0; k < shape.size(); ++k)
      linear = linear * shape[k] + at[k];
    for (size_t k = from.size(); k-- > 0;) {
      to[k] = linear % from[k];
      linear /= from[k];
    }
    return;
  }
  case Op::Expand:
    for (size_t k = 0; k < shape.size(); ++k)
      to[k] = from[k] == 1 ? 0 : at[k];
    return;
  case Op::Permute: {
    const Ints& order = node.uop->argAs<Ints>();
    for (size_t k = 0; k < order.size(); ++k)
      to[static_cast<size_t>(order[k])] = at[k];
    return;
  }
  case Op::Flip: {
    const Bools& flags = node.uop->argAs<Bools>();
    for (size_t k = 0; k < shape.size(); ++k)
      to[k] = flags[k] ? shape[k] - 1 - at[k] : at[k];
    return;
  }
  case Op::Shrink:
    for (size_t k = 0; k < shape.size(); ++k)
      to[k] = at[k] + node.operand[k];
    return;
  case Op::Pad:
    for (size_t k = 0; k < shape.size(); ++k) {
      to[k] = at[k] - node.operand[k];
      if (to[k] < 0 || to[k] >= from[k]) padded = true;
    }
    return;
  default:
    return;
  }
}

ElementRef FusedReduce::at(size_t i) {
  Node& node = m_nodes[i];
  switch (node.kind) {
  case Kind::Leaf: {
    const Shape& shape = node.uop->shape();
    int64_t linear = 0;
    for (size_t k = 0; k < shape.size(); ++k)
      linear = linear * shape[k] + node.index[k];
    return {m_leafValues[node.leaf], linear};
  }
  case Kind::Movement: {
    bool padded = false;
    moveIndex(node, m_nodes[node.srcs[0]], padded);
    if (padded) return {&node.value, 0};
    return at(node.srcs[0]);
  }
  case Kind::Elementwise: {
    // Each operand broadcasts: right-aligned, its size-1 axes stay at 0.
    std::array<ElementRef, kFusedReduceOperands> refs{};
    size_t rank = node.index.size();
    for (size_t s = 0; s < node.srcs.size(); ++s) {
      Node& src = m_nodes[node.srcs[s]];
      const Shape& from = src.uop->shape();
      size_t skip = rank - from.size();
      for (size_t k = 0; k < from.size(); ++k)
        src.index[k] = from[k] == 1 ? 0 : node.index[skip + k];
      refs[s] = at(node.srcs[s]);
    }
    elementwiseElement(node.uop->op(), std::span(refs.data(), node.srcs.size()), node.value, 0);
    return {&node.value, 0};
  }
  }
  return {&node.value, 0};
}

HostTensor FusedReduce::evaluate(std::span<const HostTensor* const> leafValues,
                                 const std::atomic<bool>* cancel) {
  m_leafValues = leafValues;
  const ReduceArg& arg = m_reduce.argAs<ReduceArg>();
  const UOp& operand = *m_reduce.src(0);
  auto element = [this](const std::vector<int64_t>& index) {
    m_nodes[0].index = index;
    return at(0);
  };
  auto poll = [cancel] {
    if (cancel && cancel->load(std::memory_order_relaxed)) throw EvalCancelled();
  };
  return reduceElements(operand.dtype(), operand.shape(), arg.op, arg.axes, element, poll);
}

} // namespace uops
