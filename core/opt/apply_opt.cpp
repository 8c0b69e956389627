#include "core/opt/apply_opt.h"

#include "core/ir/buffer_access.h"
#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/ir/provenance.h"
#include "core/ir/reaches.h"
#include "core/ir/reduce_identity.h"
#include "core/opt/heuristic_axes.h"
#include "core/opt/kernel_ranges.h"
#include "core/opt/kernel_work.h"
#include "core/opt/tc_warp.h"
#include "core/rewrite/substitute_step.h"

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace uops {
namespace {

using NodeMap = NodeSubst; // look-up only

using PostRebuild = std::function<UOpPtr(UOpPtr rebuilt)>;

// Rebuilds `root` bottom-up with `subst` applied, recorded as the step `name`
// (the OptOp; substitute_step.h). In the range lists of End and Reduce, a
// Range found in `rangeLists` becomes the ranges listed there, and every such
// list is kept in nesting order. `post`, when given, sees each rebuilt node
// (its sources already final) and may replace it.
UOpPtr rebuild(std::string_view name, const UOpPtr& root, const NodeMap& subst,
               const std::unordered_map<const UOp*, UOpList>& rangeLists = {}, const PostRebuild& post = {},
               std::source_location location = std::source_location::current()) {
  NodeMap done;
  for (const UOp* u : toposort(*root)) {
    if (auto it = subst.find(u); it != subst.end()) {
      done.emplace(u, it->second);
      continue;
    }
    bool rangeList = u->op() == Op::End || u->op() == Op::Reduce;
    UOpList src;
    bool changed = false;
    for (size_t i = 0; i < u->src().size(); ++i) {
      const UOp* s = u->src(i).get();
      if (rangeList && i > 0)
        if (auto it = rangeLists.find(s); it != rangeLists.end()) {
          src.insert(src.end(), it->second.begin(), it->second.end());
          changed = true;
          continue;
        }
      src.push_back(done.at(s));
      changed = changed || src.back().get() != s;
    }
    if (rangeList && changed)
      std::stable_sort(src.begin() + 1, src.end(), [](const UOpPtr& a, const UOpPtr& b) {
        return a->op() == Op::Range && b->op() == Op::Range && rangeNestsOutside(*a, *b);
      });
    UOpPtr node = changed ? u->withSrc(std::move(src)) : u->ptr();
    done.emplace(u, post ? post(std::move(node)) : std::move(node));
  }
  return recordPass(name, root, done, WalkScope::All, location);
}

int64_t nextRangeId(const UOpPtr& ast) {
  int64_t next = 0;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Range) next = std::max(next, u->argAs<RangeArg>().id + 1);
  return next;
}

class Applier {
public:
  Applier(const UOpPtr& ast, const Opt& opt, const OptTarget& target, const std::vector<Opt>& applied)
      : m_ast(ast), m_opt(opt), m_target(target), m_applied(applied), m_ranges(kernelRanges(ast)),
        m_name(formatOpt(opt)) {}

  UOpPtr run() {
    // what the OptOp makes comes from the program line of the axis it works on
    ProvenanceScope from(axisLine());
    switch (m_opt.op) {
    case OptOpKind::Split: return split();
    case OptOpKind::Padto: return padto();
    case OptOpKind::Swap: return swap();
    case OptOpKind::Nolocals: return nolocals();
    case OptOpKind::TC: return tensorCores();
    }
    reject("unknown OptOp");
  }

private:
  [[noreturn]] void reject(const std::string& reason) const { throw OptError(m_opt, reason); }

  // The program line of the OptOp's axis: the first node that reads it and has one.
  int32_t axisLine() const {
    if (m_opt.axis < 0 || m_opt.axis >= static_cast<int>(m_ranges.size())) return 0;
    const UOp* r = m_ranges[static_cast<size_t>(m_opt.axis)].get();
    if (r->line() > 0) return r->line();
    for (const UOp* u : toposort(*m_ast))
      if (u->line() > 0 && std::any_of(u->src().begin(), u->src().end(), [&](const UOpPtr& s) { return s.get() == r; }))
        return u->line();
    return 0;
  }

  const UOpPtr& axis(int k) const {
    if (k < 0 || k >= static_cast<int>(m_ranges.size()))
      reject(fmt::format("axis {} is out of range: the kernel has {} axes", k, m_ranges.size()));
    return m_ranges[static_cast<size_t>(k)];
  }
  static AxisType typeOf(const UOpPtr& r) { return r->argAs<RangeArg>().type; }
  int64_t sizeOf(const UOpPtr& r) const {
    std::optional<int64_t> bound = constBound(*r);
    if (!bound) reject(fmt::format("axis {} has a symbolic size", m_opt.axis));
    return *bound;
  }
  bool nolocalsApplied() const {
    return std::any_of(m_applied.begin(), m_applied.end(),
                       [](const Opt& o) { return o.op == OptOpKind::Nolocals; });
  }
  void needLocals(AxisType t) const {
    if (!m_target.hasLocals)
      reject(fmt::format("{} has no local memory: no {} axes", m_target.device, axisTypeName(t)));
    if (nolocalsApplied()) reject(fmt::format("Nolocals was applied: no {} axes", axisTypeName(t)));
  }

  // Stores into REG buffers (row caches) are each thread's own.
  bool everyStoreInside(const UOp& r) const {
    std::unordered_set<const UOp*> depends{&r};
    for (const UOp* u : toposort(*m_ast)) {
      if (std::any_of(u->src().begin(), u->src().end(), [&](const UOpPtr& x) { return depends.contains(x.get()); }))
        depends.insert(u);
      if (u->op() == Op::Store && !depends.contains(u->src(0).get()) && !registerAccessed(*u)) return false;
    }
    return true;
  }

  // Whether the table lets `from` give a `to` sub-axis; the new axis is outer when `outer`.
  void checkSplit(AxisType from, AxisType to, bool& outer) const {
    auto is = [&](std::initializer_list<AxisType> types) {
      return std::find(types.begin(), types.end(), from) != types.end();
    };
    bool ok = false;
    switch (to) {
    case AxisType::Local:
      ok = is({AxisType::Global, AxisType::Loop});
      if (ok) needLocals(to);
      break;
    case AxisType::Thread:
      ok = is({AxisType::Global, AxisType::Loop});
      if (ok && !m_target.hasThreads) reject(fmt::format("{} runs no THREAD axes", m_target.device));
      if (ok && !everyStoreInside(*axis(m_opt.axis)))
        reject("THREAD needs every store of the kernel inside the axis (each thread would repeat the others)");
      outer = true; // THREAD takes the outer part
      return ok ? void() : reject(fmt::format("THREAD splits GLOBAL or LOOP axes, not {}", axisTypeName(from)));
    case AxisType::Upcast: ok = is({AxisType::Global, AxisType::Local, AxisType::Loop}); break;
    case AxisType::Unroll: ok = is({AxisType::Reduce, AxisType::GroupReduce}); break;
    case AxisType::GroupReduce:
      ok = is({AxisType::Reduce});
      if (ok) needLocals(to);
      return ok ? void() : reject(fmt::format("GROUP_REDUCE splits REDUCE axes, not {}", axisTypeName(from)));
    default:
      reject(fmt::format("Split cannot make a {} axis (targets: LOCAL, THREAD, UPCAST, UNROLL, GROUP_REDUCE)",
                         axisTypeName(to)));
    }
    if (!ok)
      reject(fmt::format("{} cannot be split from a {} axis", axisTypeName(to), axisTypeName(from)));
    if (outer) reject(fmt::format("{} takes the inner part of the axis (no top)", axisTypeName(to)));
  }

  UOpPtr split() {
    const UOpPtr& r = axis(m_opt.axis);
    int64_t n = sizeOf(r), k = m_opt.amount;
    bool outer = m_opt.top;
    checkSplit(typeOf(r), m_opt.target, outer);
    if (k < 2 || k > n) reject(fmt::format("factor {} must be between 2 and the axis size {}", k, n));
    if (n % k != 0) reject(fmt::format("factor {} does not divide the axis size {} (Padto first)", k, n));
    if (m_opt.target == AxisType::Local || m_opt.target == AxisType::GroupReduce) {
      int64_t items = k;
      for (const UOpPtr& other : kernelRanges(m_ast))
        if (typeOf(other) == AxisType::Local || typeOf(other) == AxisType::GroupReduce) items *= sizeOf(other);
      if (items > m_target.maxWorkgroup)
        reject(fmt::format("a workgroup of {} work-items exceeds {}'s limit of {}", items, m_target.device,
                           m_target.maxWorkgroup));
    }
    int64_t id = nextRangeId(m_ast);
    UOpPtr fresh = range(k, id, m_opt.target);
    UOpPtr rest = range(n / k, r->argAs<RangeArg>().id, typeOf(r));
    // r = outer * (inner size) + inner
    UOpPtr value = outer ? fresh * (n / k) + rest : rest * k + fresh;
    NodeMap subst{{r.get(), value}};
    UOpPtr out = rebuild(m_name, m_ast, subst, {{r.get(), {fresh, rest}}});
    if (m_opt.target == AxisType::Upcast || m_opt.target == AxisType::Unroll) withinCopyBudget(out);
    return out;
  }

  // Expand copies each value once per UPCAST x UNROLL combination it depends on.
  void withinCopyBudget(const UOpPtr& out) const {
    KernelCopies c = copiesOf(out, m_target.weights);
    if (c.most > m_target.maxCopies)
      reject(fmt::format("a value would be copied {} times (UPCAST x UNROLL); {} allows {}", c.most,
                         m_target.device, m_target.maxCopies));
    if (c.total > m_target.maxExpandedNodes)
      reject(fmt::format("the kernel would expand to {} nodes; {} allows {}", c.total, m_target.device,
                         m_target.maxExpandedNodes));
  }

  UOpPtr padto() {
    const UOpPtr& r = axis(m_opt.axis);
    int64_t n = sizeOf(r), m = m_opt.amount;
    AxisType t = typeOf(r);
    if (t == AxisType::Upcast || t == AxisType::Unroll || t == AxisType::Warp)
      reject(fmt::format("Padto pads GLOBAL, LOCAL, THREAD, LOOP and reduce axes, not {}", axisTypeName(t)));
    if (m < 2) reject(fmt::format("multiple {} must be at least 2", m));
    for (const UOp* u : toposort(*m_ast))
      if (u->op() == Op::Wmma && reaches(*u, *r)) reject("Padto would mask the products TC multiplies as one tile");
    if (n % m == 0) reject(fmt::format("axis size {} is already a multiple of {}", n, m));
    int64_t padded = (n + m - 1) / m * m;
    UOpPtr wide = range(padded, r->argAs<RangeArg>().id, t);
    UOpPtr valid = lt(wide, n);
    // gate what reads or writes at the padded positions, and keep reductions' identity there
    std::unordered_set<const UOp*> depends{wide.get()}; // rebuilt nodes that change with the axis
    const UOpPtr last = where(valid, wide, constant(wide->dtype(), ConstValue(n - 1)));
    auto mask = [&](UOpPtr u) {
      bool dep = std::any_of(u->src().begin(), u->src().end(),
                             [&](const UOpPtr& x) { return depends.contains(x.get()); });
      const bool outputLoad = u->op() == Op::Load && t != AxisType::Reduce && depends.contains(u->src(0).get());
      // left as they are on an output axis: an access to a REG scratch
      // element the padded positions share with the others (a row cache's,
      // indexed along the row), which they fill and read back themselves (a
      // clamped read copied the softmax's exp loop that fills it: half the
      // speed), and a load in bounds at the padded positions too (a packed
      // operand's padded panel)
      const bool scratch = registerAccessed(*u) && u->src(0)->src().size() == 2 && !reaches(*u->src(0)->src(1), *wide);
      const bool keep = t != AxisType::Reduce && (scratch || (outputLoad && u->src().size() == 1 && accessInBounds(*u)));
      if (!keep && outputLoad && !accessConsecutiveAlong(*u, *wide))
        u = clamped(*u, wide, last);
      else if (!keep && (u->op() == Op::Load || u->op() == Op::Store) && depends.contains(u->src(0).get()))
        u = gated(*u, valid);
      if (u->op() == Op::Reduce && std::find(u->src().begin() + 1, u->src().end(), wide) != u->src().end()) {
        UOpList src = u->src();
        src[0] = where(valid, src[0], reduceIdentity(u->argAs<ReduceArg>().op, u->dtype()));
        u = u->withSrc(std::move(src));
      }
      if (dep) depends.insert(u.get());
      return u;
    };
    return rebuild(m_name, m_ast, {{r.get(), wide}}, {}, mask);
  }

  // A Load on a padded output axis that reads the axis' last position where
  // the axis is padded: in bounds, ungated, and what the padded positions
  // compute from it is never stored (their Stores are gated). A gated scalar
  // load is a branch in the hot loop, and its copies along the axis are
  // separate loads (broadcasts) whichever position they read. A load with a
  // gate of its own reads the last position's gate too: its index is only in
  // bounds where that holds (a prefix sum's window, `x >= 1171` guarding
  // `(x - 1171) % 1172`, read past its start at the padded positions).
  static UOpPtr clamped(const UOp& load, const UOpPtr& wide, const UOpPtr& last) {
    UOpList src = load.src();
    for (UOpPtr& s : src) s = substitute(s, NodeSubst{{wide.get(), last}});
    return load.withSrc(std::move(src));
  }

  // A Load or Store that happens only where `valid` holds (a Load gives 0 elsewhere).
  static UOpPtr gated(const UOp& u, const UOpPtr& valid) {
    UOpList src = u.src();
    if (u.op() == Op::Load) {
      if (src.size() > 2) {
        src[2] = valid & src[2];
      } else {
        DType d = u.dtype();
        src.push_back(d.isBool() ? constant(d, false)
                                 : constant(d, d.isFloat() ? ConstValue(0.0) : ConstValue(int64_t{0})));
        src.push_back(valid);
      }
    } else {
      if (src.size() > 2) src[2] = valid & src[2];
      else src.push_back(valid);
    }
    return u.withSrc(std::move(src));
  }

  UOpPtr swap() {
    const UOpPtr& a = axis(m_opt.axis);
    const UOpPtr& b = axis(m_opt.other);
    if (a == b) reject("Swap needs two different axes");
    if (typeOf(a) != typeOf(b))
      reject(fmt::format("Swap exchanges axes of one AxisType, not {} and {}", axisTypeName(typeOf(a)),
                         axisTypeName(typeOf(b))));
    RangeArg x = a->argAs<RangeArg>(), y = b->argAs<RangeArg>();
    UOpPtr na = a->withArg(RangeArg{y.id, x.type}), nb = b->withArg(RangeArg{x.id, y.type});
    NodeMap subst{{a.get(), na}, {b.get(), nb}};
    return rebuild(m_name, m_ast, subst, {{a.get(), {na}}, {b.get(), {nb}}});
  }

  UOpPtr nolocals() {
    if (nolocalsApplied()) reject("Nolocals is already applied");
    for (const UOpPtr& r : m_ranges)
      if (typeOf(r) == AxisType::Local || typeOf(r) == AxisType::GroupReduce)
        reject("the kernel already has LOCAL or GROUP_REDUCE axes");
    return recordWholeGraph(m_name, m_ast, m_ast); // a step that changes nothing, listed all the same
  }

  // TC: the kernel's matrix product sum(a*b over k) for outputs (m, n) gets
  // the tensor core's tile: m and n split into UPCAST parts, k into an UNROLL
  // part, and the product becomes a Wmma, which Expand gathers into one
  // matrix multiply of the tile per step of k (expand.h). A tile spread over
  // a warp gets its fragments here instead (tc_warp.h).
  UOpPtr tensorCores() {
    if (!m_applied.empty()) reject("TC must be the first OptOp");
    if (m_target.tensorCores.empty())
      reject(fmt::format("{} has no tensor-core instructions UOpScope can use", m_target.device));
    const UOpPtr& k = axis(m_opt.axis);
    if (typeOf(k) != AxisType::Reduce) reject(fmt::format("TC takes a REDUCE axis, not {}", axisTypeName(typeOf(k))));
    const UOp* red = tcReduction(*m_ast, k);
    if (red->src().size() != 2) reject("TC needs a reduction over the one axis alone");
    if (red->argAs<ReduceArg>().op != Op::Add) reject("TC accumulates a sum, not a Max or a product");
    const TcMatch match = tcMatch(*red);
    const UOpPtr &a = match.a, &b = match.b;
    const TensorCore& tc = *match.tc;
    if (!reaches(*a, *k) || !reaches(*b, *k)) reject("TC needs both factors to read along the reduce axis");
    // the innermost output axis only a reads (rows of the tile), and only b reads (columns)
    int m = -1, n = -1;
    for (int i = 0; i < static_cast<int>(m_ranges.size()); ++i) {
      AxisType t = typeOf(m_ranges[i]);
      if (t != AxisType::Loop && t != AxisType::Global) continue;
      bool inA = reaches(*a, *m_ranges[i]), inB = reaches(*b, *m_ranges[i]);
      if (inA && !inB) m = i;
      if (inB && !inA) n = i;
    }
    if (m < 0 || n < 0)
      reject("TC needs a matrix product: an output axis only the first factor reads and one only the second reads");
    auto fits = [&](int i, int64_t f, const char* what) {
      int64_t size = sizeOf(m_ranges[i]);
      if (size % f != 0)
        reject(fmt::format("axis {} ({}) has size {}, not a multiple of the tensor core's {}", i, what, size, f));
    };
    fits(m, tc.tile.m, "rows");
    fits(n, tc.tile.n, "columns");
    fits(m_opt.axis, tc.tile.k, "reduce");
    // the splits keep the other axes' numbers: new axes nest after them
    const std::vector<Opt> none;
    const int64_t next = nextRangeId(m_ast);
    // a warp's tile is not copied whole: the splits only name its places
    OptTarget target = m_target;
    if (tc.tile.layout != WarpLayout::None) target.maxCopies = target.maxExpandedNodes = INT64_MAX;
    UOpPtr out = m_ast;
    out = applyOpt(out, {OptOpKind::Split, m, tc.tile.m, AxisType::Upcast, false, 0}, target, none);
    out = applyOpt(out, {OptOpKind::Split, n, tc.tile.n, AxisType::Upcast, false, 0}, target, none);
    out = applyOpt(out, {OptOpKind::Split, m_opt.axis, tc.tile.k, AxisType::Unroll, false, 0}, target, none);
    // the product under the reduction, now over k's two parts, becomes the Wmma
    const int64_t kid = k->argAs<RangeArg>().id;
    for (const UOp* u : toposort(*out)) {
      if (u->op() != Op::Reduce) continue;
      bool overK = std::any_of(u->src().begin() + 1, u->src().end(), [&](const UOpPtr& r) {
        return r->argAs<RangeArg>().id == kid && typeOf(r) == AxisType::Reduce;
      });
      if (!overK) continue;
      if (tc.tile.layout != WarpLayout::None) return warpTensorCore(out, *u, tc, next);
      const UOpPtr& mul = u->src(0);
      UOpPtr wmma = UOp::make(Op::Wmma, mul->dtype(), {mul->src(0), mul->src(1), constant(mul->dtype(), 0.0)},
                              formatWmmaTile(tc.tile));
      return rebuild(m_name, out, {{mul.get(), wmma}});
    }
    reject("the reduction was lost splitting its axes");
  }

  // The one reduction over the reduce axis k.
  const UOp* tcReduction(const UOp& ast, const UOpPtr& k) const {
    const UOp* red = nullptr;
    for (const UOp* u : toposort(ast))
      if (u->op() == Op::Reduce && std::find(u->src().begin() + 1, u->src().end(), k) != u->src().end()) {
        if (red) reject("TC needs one reduction over the axis; the kernel has several");
        red = u;
      }
    if (!red) reject(fmt::format("no reduction runs over axis {}", m_opt.axis));
    return red;
  }

  // The factors a and b of the reduction's sum of products a*b and the
  // tensor core for their dtypes: first the product as it is, then seen
  // through the casts that widen a narrower product or factors to the
  // accumulator (a half matmul that accumulates in float).
  struct TcMatch {
    UOpPtr a, b;
    const TensorCore* tc = nullptr;
  };
  TcMatch tcMatch(const UOp& red) const {
    auto widened = [&](const UOpPtr& x) {
      return x->op() == Op::Cast && x->dtype() == red.dtype() && x->src(0)->dtype().isFloat() ? x->src(0) : x;
    };
    TcMatch found;
    for (bool widen : {false, true}) {
      UOpPtr product = widen ? widened(red.src(0)) : red.src(0);
      if (product->op() != Op::Mul) continue;
      found.a = widen ? widened(product->src(0)) : product->src(0);
      found.b = widen ? widened(product->src(1)) : product->src(1);
      if (found.a->dtype() != found.b->dtype()) continue;
      for (const TensorCore& tc : m_target.tensorCores)
        if (tc.in == found.a->dtype() && tc.acc == red.dtype()) {
          found.tc = &tc;
          return found;
        }
    }
    if (!found.a) reject("TC needs a sum of products a*b");
    std::vector<std::string> has;
    for (const TensorCore& tc : m_target.tensorCores)
      has.push_back(fmt::format("{} into {} ({})", toString(tc.in), toString(tc.acc), formatWmmaTile(tc.tile)));
    reject(fmt::format("{}'s tensor cores multiply {}, not {} and {} into {}", m_target.device, fmt::join(has, ", "),
                       toString(found.a->dtype()), toString(found.b->dtype()), toString(red.dtype())));
  }

  // The tile spread over a warp: the tile's axes of the split kernel `out`
  // (the ranges TC made, from range id `next` on) become lanes and fragments.
  UOpPtr warpTensorCore(const UOpPtr& out, const UOp& red, const TensorCore& tc, int64_t next) {
    WarpTileParts parts;
    parts.reduce = &red;
    TcMatch match = tcMatch(red);
    parts.a = match.a;
    parts.b = match.b;
    for (const UOp* u : toposort(red)) {
      if (u->op() != Op::Range || u->argAs<RangeArg>().id < next) continue;
      AxisType t = u->argAs<RangeArg>().type;
      if (t == AxisType::Unroll) parts.ku = u;
      if (t == AxisType::Upcast && reaches(*parts.a, *u)) parts.mu = u;
      if (t == AxisType::Upcast && reaches(*parts.b, *u)) parts.nu = u;
    }
    if (!parts.mu || !parts.nu || !parts.ku) reject("the tile's axes were lost splitting them");
    WarpTileRewrite rw = warpTile(parts, tc, nextRangeId(out));
    return rebuild(m_name, out, rw.subst, rw.rangeLists);
  }

  UOpPtr m_ast;
  const Opt& m_opt;
  const OptTarget& m_target;
  const std::vector<Opt>& m_applied;
  std::vector<UOpPtr> m_ranges;
  std::string m_name; // the OptOp, which names the step that applies it
};

} // namespace

OptError::OptError(const Opt& opt, const std::string& reason)
    : std::runtime_error(fmt::format("{}: {}", formatOpt(opt), reason)), m_opt(opt), m_reason(reason) {}

UOpPtr applyOpt(const UOpPtr& ast, const Opt& opt, const OptTarget& target, const std::vector<Opt>& applied) {
  return Applier(ast, opt, target, applied).run();
}

UOpPtr applyOpts(const UOpPtr& ast, const std::vector<Opt>& opts, const OptTarget& target) {
  UOpPtr out = ast;
  std::vector<Opt> applied;
  for (const Opt& opt : opts) {
    out = applyOpt(out, opt, target, applied);
    applied.push_back(opt);
  }
  return out;
}

} // namespace uops
