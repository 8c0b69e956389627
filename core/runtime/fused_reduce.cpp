#include "core/runtime/fused_reduce.h"

#include "core/ir/shape.h"
#include "core/runtime/reference_evaluator.h"

#include <unordered_map>

namespace uops {
namespace {

// Deeper than this, a region's nodes become leaves: each node's views compose
// every chain above it.
constexpr int kFusedReduceDepth = 64;
// An elementwise node is a leaf when the operand repeats each of its elements
// this many times or more on average: computing it whole holds at most a
// quarter of the operand's size.
constexpr int64_t kFusedReduceRepeats = 4;
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

// The movement ops of `chain` (the reader's side first) applied above `views`, innermost first.
void fusedReduceApply(StridedViews& views, const std::vector<const UOp*>& chain) {
  for (size_t k = chain.size(); k-- > 0;) {
    const UOp& move = *chain[k];
    bool offsets = move.op() == Op::Pad || move.op() == Op::Shrink;
    views.apply(move, offsets ? *shapeOperandValues(*move.src(1)) : Shape{});
  }
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
  // An elementwise node much smaller than the operand (a weight, an input
  // before its windows are pulled out) is broadcast inside it: computed once
  // as a whole tensor, not again for every element that repeats it.
  const int64_t operandSize = shapeProduct(root->shape());
  auto inner = [&](const UOp& u, int depth) {
    bool repeated = !fusedReduceMoves(u.op()) && shapeProduct(u.shape()) * kFusedReduceRepeats <= operandSize;
    return fusedReduceFusable(u) && reads[&u] == 1 && depth < kFusedReduceDepth && !repeated;
  };
  // The tree, built depth-first from the root: each operand's movement chain
  // is followed down to the node below it, then composed bottom-up into views.
  struct Pending {
    const UOp* uop;
    int depth;
    size_t reader; // SIZE_MAX: the Reduce
    size_t slot;   // which operand of the reader
  };
  std::vector<Pending> todo{{root, 0, SIZE_MAX, 0}};
  std::unordered_map<const UOp*, size_t> leafSlots;
  while (!todo.empty()) {
    Pending p = todo.back();
    todo.pop_back();
    std::vector<const UOp*> chain;
    const UOp* u = p.uop;
    int depth = p.depth;
    while (fusedReduceMoves(u->op()) && inner(*u, depth)) {
      chain.push_back(u);
      u = u->src(0).get();
      ++depth;
    }
    size_t self = m_nodes.size();
    Node node{.uop = u, .leaf = !inner(*u, depth), .leafSlot = 0, .reader = p.reader, .chain = chain,
              .operands = {}, .identity = false, .padded = false, .views = StridedViews(Shape{})};
    // a Pad in the chain reads as zero of the node's dtype (a Pad above a
    // node with no scalar dtype is not fused: see fusedReduceFusable)
    for (const UOp* move : chain)
      node.padded = node.padded || move->op() == Op::Pad;
    StridedViews path(u->shape());
    fusedReduceApply(path, chain);
    if (p.reader != SIZE_MAX) path.broadcastTo(m_nodes[p.reader].uop->shape());
    node.identity = !node.leaf && path.isIdentity(u->shape());
    if (node.leaf) {
      auto [it, fresh] = leafSlots.emplace(u, m_leaves.size());
      if (fresh) m_leaves.push_back(u);
      node.leafSlot = it->second;
    } else {
      // pushed last-first so the sources are built in source order
      for (size_t k = u->src().size(); k-- > 0;)
        todo.push_back({u->src(k).get(), depth + 1, self, k});
      node.operands.resize(u->src().size());
    }
    m_nodes.push_back(std::move(node));
    if (p.reader != SIZE_MAX) m_nodes[p.reader].operands[p.slot] = self;
  }
  for (size_t i = 0; i < m_nodes.size(); ++i)
    m_nodes[i].views = viewsFromOperand(i);
}

// The node's chain, then its reader's broadcast and chain, up to the Reduce's operand.
StridedViews FusedReduce::viewsFromOperand(size_t i) const {
  StridedViews views(m_nodes[i].uop->shape());
  while (true) {
    const Node& node = m_nodes[i];
    fusedReduceApply(views, node.chain);
    if (node.reader == SIZE_MAX) return views;
    i = node.reader;
    views.broadcastTo(m_nodes[i].uop->shape());
  }
}

HostTensor FusedReduce::evaluate(std::span<const HostTensor* const> leafValues,
                                 const std::atomic<bool>* cancel) {
  m_leafValues = leafValues;
  const ReduceArg& arg = m_reduce.argAs<ReduceArg>();
  checkReduce(arg.op, arg.axes, m_reduce.src(0)->shape().size());
  std::function<void()> poll = [cancel] {
    if (cancel && cancel->load(std::memory_order_relaxed)) throw EvalCancelled();
  };
  HostTensor out;
  if (evaluateTyped(poll, out)) return out;
  return reduceRows(poll);
}

} // namespace uops
