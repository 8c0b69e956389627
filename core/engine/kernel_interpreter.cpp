#include "core/engine/kernel_interpreter.h"

#include "core/ir/shape.h"
#include "core/ir/warp_fragment.h"
#include "core/ir/wmma_tile.h"
#include "core/engine/kernel_interpreter_impl.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <unordered_map>

#include <fmt/format.h>

namespace uops {
namespace {

using kernel_interp::Scalar;

// One kernel's AST with its Params bound. Nodes are numbered in toposort
// order; a node's value is memoised until a range it depends on moves.
double truncateToTf32(double v) {
  const auto bits = std::bit_cast<uint32_t>(static_cast<float>(v)) & ~uint32_t{0x1FFF};
  return std::bit_cast<float>(bits);
}

class KernelRun {
public:
  KernelRun(const UOpPtr& sink, std::vector<HostTensor*> params)
      : m_params(std::move(params)) {
    m_nodes = toposort(*sink);
    for (size_t i = 0; i < m_nodes.size(); ++i) m_index.emplace(m_nodes[i], i);
    m_values.resize(m_nodes.size());
    m_known.assign(m_nodes.size(), false);
    m_dependents.resize(m_nodes.size());
    findDependents();
  }

  void run() {
    const UOp& root = *m_nodes.back();
    for (const UOpPtr& effect : root.src()) execute(*effect);
  }

private:
  size_t at(const UOp* u) const { return m_index.at(u); }

  // For each Range, the nodes whose value changes with it (a Reduce does not
  // change with the ranges it closes).
  void findDependents() {
    std::vector<std::vector<size_t>> deps(m_nodes.size());
    for (size_t i = 0; i < m_nodes.size(); ++i) {
      const UOp& u = *m_nodes[i];
      std::vector<size_t>& d = deps[i];
      if (u.op() == Op::Range) d.push_back(i);
      size_t nsrc = u.op() == Op::Reduce ? 1 : u.src().size();
      for (size_t s = 0; s < nsrc; ++s)
        for (size_t r : deps[at(u.src(s).get())]) d.push_back(r);
      if (u.op() == Op::Reduce)
        std::erase_if(d, [&](size_t r) {
          for (size_t s = 1; s < u.src().size(); ++s)
            if (at(u.src(s).get()) == r) return true;
          return false;
        });
      std::sort(d.begin(), d.end());
      d.erase(std::unique(d.begin(), d.end()), d.end());
      for (size_t r : d)
        if (r != i) m_dependents[r].push_back(i);
    }
  }

  void setRange(const UOp& r, int64_t v) {
    size_t i = at(&r);
    m_values[i].bits = static_cast<uint64_t>(v);
    m_known[i] = true;
    for (size_t d : m_dependents[i]) m_known[d] = false;
  }

  int64_t bound(const UOp& r) {
    return kernel_interp::asIndex(r.src(0)->dtype(), value(*r.src(0)));
  }

  // Calls body() for every point of `ranges`, the first outermost.
  template <class F> void loop(const UOpList& ranges, size_t first, F&& body) {
    if (first == ranges.size()) return body();
    const UOp& r = *ranges[first];
    int64_t n = bound(r);
    for (int64_t v = 0; v < n; ++v) {
      setRange(r, v);
      loop(ranges, first + 1, body);
    }
  }

  void execute(const UOp& effect) {
    if (effect.op() == Op::End) {
      UOpList ranges(effect.src().begin() + 1, effect.src().end());
      loop(ranges, 0, [&] { execute(*effect.src(0)); });
      return;
    }
    if (effect.op() == Op::Group || effect.op() == Op::Sink) {
      for (const UOpPtr& s : effect.src()) execute(*s);
      return;
    }
    if (effect.op() != Op::Store) throw KernelError(fmt::format("kernel: cannot execute {}", opName(effect.op())));
    if (effect.src().size() > 2 && !kernel_interp::truthy(dtypes::bool_, value(*effect.src(2)))) return;
    const UOp& target = *effect.src(0);
    HostTensor& buf = element(target);
    int64_t offset = kernel_interp::asIndex(dtypes::index, value(target));
    Scalar v = value(*effect.src(1));
    DType d = buf.dtype();
    if (d.isFloat()) buf.setDouble(offset, v.f);
    else if (d.isBool()) buf.setBool(offset, v.bits != 0);
    else buf.setUInt(offset, v.bits);
  }

  // The buffer an Index(Param, offset) addresses, with the offset checked.
  HostTensor& element(const UOp& index) {
    const UOp& p = *index.src(0);
    if (p.op() != Op::Param) throw KernelError("kernel: Index of something other than a Param");
    auto slot = static_cast<size_t>(p.argAs<ParamArg>().slot);
    if (slot >= m_params.size()) throw KernelError(fmt::format("kernel: no buffer for Param {}", slot));
    HostTensor& buf = *m_params[slot];
    int64_t offset = kernel_interp::asIndex(dtypes::index, value(index));
    if (offset < 0 || offset >= buf.numel())
      throw KernelError(fmt::format("kernel: index {} outside buffer {} of {} elements", offset, slot, buf.numel()));
    return buf;
  }

  Scalar load(const UOp& load) {
    if (load.src().size() > 2 && !kernel_interp::truthy(dtypes::bool_, value(*load.src(2)))) return value(*load.src(1));
    const UOp& index = *load.src(0);
    HostTensor& buf = element(index);
    int64_t offset = kernel_interp::asIndex(dtypes::index, value(index));
    Scalar s;
    if (buf.dtype().isFloat()) s.f = buf.getDouble(offset);
    else s.bits = buf.getUInt(offset);
    return s;
  }

  Scalar reduce(const UOp& red) {
    Op op = red.argAs<ReduceArg>().op;
    DType d = red.dtype();
    Scalar acc = kernel_interp::reduceIdentity(op, d);
    UOpList ranges(red.src().begin() + 1, red.src().end());
    loop(ranges, 0, [&] {
      Scalar pair[2] = {acc, value(*red.src(0))};
      acc = kernel_interp::applyOp(op, d, d, pair, 2);
    });
    return acc;
  }

  static bool isTileElement(const UOp& u) { return u.op() == Op::Index && u.src(0)->op() == Op::Wmma; }

  // Element e of Wmma(Stack A, Stack B, Stack acc) ("MxNxK", row-major tiles):
  // the dot product of A's row and B's column, then plus acc, as LLVM's
  // matrix multiply and the add after it round.
  Scalar tileElement(const UOp& index) {
    const UOp& w = *index.src(0);
    const WmmaTile tile = wmmaTileOf(w);
    if (tile.layout != WarpLayout::None) return warpTileElement(index, tile);
    const int64_t m = tile.m, n = tile.n, k = tile.k;
    int64_t e = kernel_interp::asIndex(dtypes::index, value(*index.src(1)));
    if (e < 0 || e >= m * n) throw KernelError(fmt::format("kernel: element {} of a {} Wmma", e, w.argAs<std::string>()));
    DType d = w.dtype();
    const UOp &a = *w.src(0), &b = *w.src(1);
    Scalar dot;
    for (int64_t kk = 0; kk < k; ++kk) {
      Scalar ab[2] = {value(*a.src(static_cast<size_t>((e / n) * k + kk))), value(*b.src(static_cast<size_t>(kk * n + e % n)))};
      Scalar product = kernel_interp::applyOp(Op::Mul, d, d, ab, 2);
      Scalar sum[2] = {dot, product};
      dot = kk == 0 ? product : kernel_interp::applyOp(Op::Add, d, d, sum, 2);
    }
    Scalar total[2] = {dot, value(*w.src(2)->src(static_cast<size_t>(e)))};
    return kernel_interp::applyOp(Op::Add, d, d, total, 2);
  }

  // Element e of the current lane's fragment of a Wmma a warp holds
  // (warp_fragment.h): the dot product of A's row and B's column at the
  // element's place, then plus the lane's accumulator, in the accumulator's
  // dtype as the hardware accumulates (each product exact). The elements of
  // A and B are in other lanes' fragments: each is that lane's Stack element,
  // evaluated with the WARP range at that lane, as the instruction gathers
  // them from the warp's registers.
  Scalar warpTileElement(const UOp& index, const WmmaTile& tile) {
    const UOp& w = *index.src(0);
    const UOp* lane = warpLane(w);
    const int64_t self = static_cast<int64_t>(value(*lane).bits);
    const int64_t e = kernel_interp::asIndex(dtypes::index, value(*index.src(1)));
    if (e < 0 || e >= fragmentElements(tile, WmmaOperand::C))
      throw KernelError(fmt::format("kernel: element {} of a {} Wmma", e, w.argAs<std::string>()));
    const FragmentPlace out = fragmentPlace(tile, WmmaOperand::C, self, e);
    const Scalar acc = value(*w.src(2)->src(static_cast<size_t>(e)));
    struct Read {
      FragmentHolder at;
      size_t src, slot; // Stack source 0 (A) or 1 (B); its place in `read`
    };
    std::vector<Read> reads;
    for (int64_t kk = 0; kk < tile.k; ++kk) {
      reads.push_back({fragmentHolder(tile, WmmaOperand::A, out.row, kk), 0, static_cast<size_t>(2 * kk)});
      reads.push_back({fragmentHolder(tile, WmmaOperand::B, kk, out.col), 1, static_cast<size_t>(2 * kk + 1)});
    }
    std::stable_sort(reads.begin(), reads.end(), [](const Read& x, const Read& y) { return x.at.lane < y.at.lane; });
    std::vector<Scalar> read(reads.size());
    // mma.sync's tf32 reads a float32 without its 13 low mantissa bits
    const bool tf32 = w.src(0)->dtype() == dtypes::float32 && tile.layout == WarpLayout::Nvidia;
    int64_t current = self;
    for (const Read& r : reads) {
      if (r.at.lane != current) setRange(*lane, current = r.at.lane);
      read[r.slot] = value(*w.src(r.src)->src(static_cast<size_t>(r.at.element)));
      if (tf32) read[r.slot].f = truncateToTf32(read[r.slot].f);
    }
    if (current != self) setRange(*lane, self);
    const DType d = w.dtype();
    Scalar dot;
    for (int64_t kk = 0; kk < tile.k; ++kk) {
      Scalar ab[2] = {read[static_cast<size_t>(2 * kk)], read[static_cast<size_t>(2 * kk + 1)]};
      Scalar product = kernel_interp::applyOp(Op::Mul, d, d, ab, 2);
      Scalar sum[2] = {dot, product};
      dot = kk == 0 ? product : kernel_interp::applyOp(Op::Add, d, d, sum, 2);
    }
    Scalar total[2] = {dot, acc};
    return kernel_interp::applyOp(Op::Add, d, d, total, 2);
  }

  // The WARP range a warp's Wmma reads its lane from.
  const UOp* warpLane(const UOp& w) {
    if (auto it = m_warpLanes.find(&w); it != m_warpLanes.end()) return it->second;
    for (const UOp* u : toposort(w))
      if (u->op() == Op::Range && u->argAs<RangeArg>().type == AxisType::Warp) return m_warpLanes[&w] = u;
    throw KernelError(fmt::format("kernel: a {} Wmma reads no WARP range", w.argAs<std::string>()));
  }

  Scalar compute(const UOp& u) {
    Op op = u.op();
    if (op == Op::Const) return kernel_interp::constScalar(u);
    if (op == Op::Range) throw KernelError("kernel: a Range read outside its loop");
    if (op == Op::Index && u.src(0)->op() == Op::Wmma) return tileElement(u);
    if (op == Op::Wmma) { // one product before Expand gathers the tile: a*b + acc
      Scalar ab[2] = {value(*u.src(0)), value(*u.src(1))};
      Scalar sum[2] = {kernel_interp::applyOp(Op::Mul, u.dtype(), u.dtype(), ab, 2), value(*u.src(2))};
      return kernel_interp::applyOp(Op::Add, u.dtype(), u.dtype(), sum, 2);
    }
    if (op == Op::Index) return value(*u.src(1));
    if (op == Op::Load) return load(u);
    if (op == Op::Reduce) return reduce(u);
    if (op == Op::Cast) return kernel_interp::castScalar(u.src(0)->dtype(), u.dtype(), value(*u.src(0)));
    if (op == Op::Bitcast) return kernel_interp::bitcastScalar(u.src(0)->dtype(), u.dtype(), value(*u.src(0)));
    if (op == Op::Where)
      return kernel_interp::truthy(u.src(0)->dtype(), value(*u.src(0))) ? value(*u.src(1)) : value(*u.src(2));
    if (!isElementwise(op)) throw KernelError(fmt::format("kernel: {} has no value", opName(op)));
    Scalar in[3];
    for (size_t i = 0; i < u.src().size() && i < 3; ++i) in[i] = value(*u.src(i));
    return kernel_interp::applyOp(op, u.src(0)->dtype(), u.dtype(), in, u.src().size());
  }

  // The node's value at the current point; sources first, without recursion
  // except into the body of a Reduce.
  Scalar value(const UOp& root) {
    size_t r = at(&root);
    if (m_known[r]) return m_values[r];
    std::vector<size_t> stack{r};
    while (!stack.empty()) {
      size_t i = stack.back();
      if (m_known[i]) {
        stack.pop_back();
        continue;
      }
      const UOp& u = *m_nodes[i];
      bool ready = true;
      // a Reduce evaluates its body per point; a Where and a gated Load pick one side
      if (u.op() != Op::Reduce && u.op() != Op::Where && u.op() != Op::Load && !isTileElement(u))
        for (const UOpPtr& s : u.src())
          if (!m_known[at(s.get())] && s->op() != Op::Range && s->op() != Op::Param) {
            stack.push_back(at(s.get()));
            ready = false;
          }
      if (!ready) continue;
      m_values[i] = compute(u);
      m_known[i] = true;
      stack.pop_back();
    }
    return m_values[r];
  }

  std::vector<HostTensor*> m_params;
  std::vector<const UOp*> m_nodes;
  std::unordered_map<const UOp*, size_t> m_index;
  std::vector<Scalar> m_values;
  std::vector<bool> m_known;
  std::vector<std::vector<size_t>> m_dependents; // by node: filled for Ranges
  std::unordered_map<const UOp*, const UOp*> m_warpLanes; // Wmma -> its WARP range; look-up only
};

} // namespace

void runKernel(const UOp& call, std::span<HostTensor*> params) {
  runKernel(call.src(0), params);
}

void runKernel(const UOpPtr& kernelAst, std::span<HostTensor*> params) {
  KernelRun(kernelAst, std::vector<HostTensor*>(params.begin(), params.end())).run();
}

std::vector<HostTensor> evaluateSchedule(const UOpPtr& schedule, BufferValues& buffers) {
  return executeSchedule(schedule, buffers,
                         [](size_t, const UOp& call, std::span<HostTensor*> params) { runKernel(call, params); });
}

std::vector<HostTensor> evaluateSchedule(const UOpPtr& schedule) {
  BufferValues buffers;
  return evaluateSchedule(schedule, buffers);
}

} // namespace uops
