#include "core/pipeline/operand_tiles.h"

#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/ir/reaches.h"
#include "core/opt/gpu_heuristics.h"
#include "core/opt/kernel_ranges.h"
#include "core/remarks/remark_scope.h"
#include "core/rewrite/substitute_step.h"
#include "core/symbolic/linear_form.h"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

namespace uops {
namespace {

AxisType tileAxisType(const UOp& r) {
  return r.argAs<RangeArg>().type;
}

int64_t tileRangeSize(const UOp& r) {
  std::optional<int64_t> bound = constBound(r);
  return bound ? *bound : 0;
}

void remarkTile(RemarkKind kind, const std::string& message, const UOpPtr& node = {}) {
  if (!remarksOn()) return;
  emitRemark({.kind = kind,
              .origin = "Optimize",
              .name = "OperandTiles",
              .message = message,
              .programLine = node ? node->line() : 0,
              .node = node});
}

void remarkNoTile(const std::string& why, const UOpPtr& node = {}) {
  remarkTile(RemarkKind::Missed, fmt::format("operand tiles in local memory not made: {}", why), node);
}

// A global operand load: Load(Index(Param, idx), alt?, gate?).
bool isParamLoad(const UOp& u) {
  return u.op() == Op::Load && !u.src().empty() && u.src(0)->op() == Op::Index &&
         u.src(0)->src(0)->op() == Op::Param;
}

// The operand loads of a Reduce's value (not those of Reduces inside it).
std::vector<UOpPtr> operandLoads(const UOpPtr& reduce) {
  std::vector<UOpPtr> out;
  std::vector<const UOp*> stack{reduce->src(0).get()};
  std::unordered_set<const UOp*> seen;
  while (!stack.empty()) {
    const UOp* u = stack.back();
    stack.pop_back();
    if (!seen.insert(u).second || u->op() == Op::Reduce) continue;
    if (isParamLoad(*u)) {
      out.push_back(u->ptr());
      continue;
    }
    for (const UOpPtr& s : u->src()) stack.push_back(s.get());
  }
  std::sort(out.begin(), out.end(), [](const UOpPtr& a, const UOpPtr& b) {
    return a->src(0)->src(0)->argAs<ParamArg>().slot < b->src(0)->src(0)->argAs<ParamArg>().slot;
  });
  return out;
}

// The Reduce a tile is for: an Add over REDUCE and UNROLL ranges only.
bool tileableReduce(const UOp& u) {
  if (u.op() != Op::Reduce || u.argAs<ReduceArg>().op != Op::Add) return false;
  bool anyReduce = false;
  for (size_t i = 1; i < u.src().size(); ++i) {
    const UOp& r = *u.src(i);
    if (r.op() != Op::Range) return false;
    AxisType t = tileAxisType(r);
    if (t != AxisType::Reduce && t != AxisType::Unroll) return false;
    anyReduce = anyReduce || t == AxisType::Reduce;
  }
  return anyReduce;
}

// One staged operand: its load, the ranges of its tile (outermost first, the
// one it reads consecutively along last) and how the work-items copy it.
struct StagedOperand {
  UOpPtr load;                // after the K split
  std::vector<UOpPtr> ranges; // the tile's ranges, in the tile's layout order
  int64_t elements = 1;
  int64_t copies = 1; // per work-item
  int64_t width = 1;  // elements per copy (a vector where the operand is contiguous)
};

// The coefficient of `r` in an index's linear form; 0 when it is not a plain
// term (under a division, a modulo) or the index has no linear form.
int64_t coefficientOf(const std::optional<LinearForm>& form, const UOp& r) {
  return form ? coefficientOf(*form, r) : 0;
}

// The tile's ranges for `load` (after the K split): LOCAL and UPCAST ranges,
// the inner K range and the UNROLL ranges it reads, largest stride first, so
// that the range it reads consecutively along is innermost.
std::vector<UOpPtr> tileRanges(const UOpPtr& load, const std::vector<UOpPtr>& candidates) {
  std::vector<UOpPtr> out;
  for (const UOpPtr& r : candidates)
    if (reaches(*load, *r)) out.push_back(r);
  std::optional<LinearForm> form = linearize(load->src(0)->src(1));
  auto key = [&](const UOpPtr& r) {
    int64_t c = coefficientOf(form, *r);
    return c <= 0 ? INT64_MAX : c; // not a plain term: outermost
  };
  std::stable_sort(out.begin(), out.end(), [&](const UOpPtr& a, const UOpPtr& b) { return key(a) > key(b); });
  return out;
}

// Row-major flat index of `ranges` (the last varies fastest).
UOpPtr tileFlat(const std::vector<UOpPtr>& ranges) {
  UOpPtr index = constIndex(0);
  for (const UOpPtr& r : ranges) index = index * constIndex(tileRangeSize(*r)) + r;
  return index;
}

// Which tile element each tile range is for the copy's element: q the copy's
// vector number, v the lane in it (`width` lanes on the innermost range).
NodeSubst tileElementOf(const StagedOperand& s, const UOpPtr& q, const UOpPtr& v) {
  NodeSubst at;
  UOpPtr rest = q;
  for (size_t i = s.ranges.size(); i-- > 0;) {
    const UOpPtr& r = s.ranges[i];
    int64_t size = tileRangeSize(*r);
    if (i + 1 == s.ranges.size() && s.width > 1) {
      at[r.get()] = (rest % constIndex(size / s.width)) * constIndex(s.width) + v;
      rest = rest / constIndex(size / s.width);
    } else {
      at[r.get()] = rest % constIndex(size);
      rest = rest / constIndex(size);
    }
  }
  return at;
}

struct TilePlan {
  UOpPtr reduce;
  UOpPtr k; // the reduction range split into K-tiles
  int64_t inner = 1;
  std::vector<UOpPtr> locals; // outermost first: the last is lidx0
  int64_t workItems = 1;
  std::vector<UOpPtr> loads;  // the shared operands, before the split
};

// The sizes of a tile for the remark: 32x16.
std::string tileShape(const StagedOperand& s) {
  std::string out;
  for (const UOpPtr& r : s.ranges) out += fmt::format("{}{}", out.empty() ? "" : "x", tileRangeSize(*r));
  return out;
}

// The operands split at `inner` and laid out; empty with `why` when a tile
// does not divide among the work-items.
std::vector<StagedOperand> layOut(const TilePlan& p, const UOpPtr& ki, const NodeSubst& split, std::string& why) {
  std::vector<UOpPtr> candidates;
  for (const UOpPtr& r : kernelRanges(p.reduce->ptr())) {
    AxisType t = tileAxisType(*r);
    if (t == AxisType::Upcast || t == AxisType::Unroll) candidates.push_back(r);
  }
  candidates.insert(candidates.begin(), p.locals.begin(), p.locals.end());
  if (ki) candidates.push_back(ki);
  std::vector<StagedOperand> out;
  for (const UOpPtr& l : p.loads) {
    StagedOperand s;
    s.load = split.empty() ? l : substitute(l, split);
    s.ranges = tileRanges(s.load, candidates);
    for (const UOpPtr& r : s.ranges) s.elements *= tileRangeSize(*r);
    if (s.elements % p.workItems != 0) {
      why = fmt::format("a tile of {} elements ({}) does not divide among the workgroup's {} work-items",
                        s.elements, tileShape(s), p.workItems);
      return {};
    }
    const UOpPtr& last = s.ranges.back();
    std::optional<LinearForm> form = linearize(s.load->src(0)->src(1));
    if (coefficientOf(form, *last) == 1 && tileRangeSize(*last) % 4 == 0 && s.elements % (p.workItems * 4) == 0)
      s.width = 4;
    s.copies = s.elements / (p.workItems * s.width);
    out.push_back(std::move(s));
  }
  return out;
}

int64_t tileBytes(const std::vector<StagedOperand>& staged) {
  int64_t bytes = 0;
  for (const StagedOperand& s : staged) bytes += s.elements * s.load->dtype().itemSize();
  return bytes;
}

// Finds the Reduce to tile and its shared operands; false (with a remark
// where the kernel has a reduction) when there is none.
bool planTile(const UOpPtr& ast, TilePlan& p) {
  std::vector<UOpPtr> reduces;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Reduce) reduces.push_back(u->ptr());
  if (reduces.empty()) return false;
  for (const UOpPtr& r : kernelRanges(ast)) {
    AxisType t = tileAxisType(*r);
    if (t == AxisType::GroupReduce || t == AxisType::Warp) {
      remarkNoTile("the workgroup shares a reduction (GROUP_REDUCE) or a tensor core's fragments (WARP)");
      return false;
    }
    if (t == AxisType::Local) {
      p.locals.push_back(r);
      p.workItems *= tileRangeSize(*r);
    }
  }
  if (p.locals.empty()) {
    remarkNoTile("the kernel has no workgroup (LOCAL axes) to share a tile");
    return false;
  }
  if (reduces.size() != 1 || !tileableReduce(*reduces.front())) {
    remarkNoTile("only a kernel with one sum over REDUCE and UNROLL ranges (a matmul) is tiled", reduces.front());
    return false;
  }
  p.reduce = reduces.front();
  for (size_t i = 1; i < p.reduce->src().size(); ++i)
    if (tileAxisType(*p.reduce->src(i)) == AxisType::Reduce) p.k = p.reduce->src(i);
  for (const UOpPtr& l : operandLoads(p.reduce)) {
    if (!reaches(*l, *p.k)) continue;
    bool shared = std::any_of(p.locals.begin(), p.locals.end(), [&](const UOpPtr& r) {
      return tileRangeSize(*r) > 1 && !reaches(*l, *r);
    });
    if (shared) p.loads.push_back(l);
  }
  if (p.loads.empty()) {
    remarkNoTile("no operand of the reduction is read by several work-items of a workgroup", p.reduce);
    return false;
  }
  return true;
}

int64_t unrolledDepth(const UOpPtr& reduce) {
  int64_t n = 1;
  for (size_t i = 1; i < reduce->src().size(); ++i)
    if (tileAxisType(*reduce->src(i)) == AxisType::Unroll) n *= tileRangeSize(*reduce->src(i));
  return n;
}

} // namespace

bool stagesOperandTiles(const CodegenTarget& target) {
  return target.locals && usesGpuHeuristics(optTargetOf(target));
}

UOpPtr stageOperandTiles(const UOpPtr& ast, const CodegenTarget& target) {
  if (!stagesOperandTiles(target)) return ast;
  TilePlan p;
  if (!planTile(ast, p)) return ast;
  const int64_t kSize = tileRangeSize(*p.k);
  const int64_t unrolled = unrolledDepth(p.reduce);
  int64_t nextId = 0;
  for (const UOpPtr& r : kernelRanges(ast)) nextId = std::max(nextId, r->argAs<RangeArg>().id + 1);
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Buffer) nextId = std::max<int64_t>(nextId, u->argAs<BufferArg>().id + 1);

  // the deepest K-tile of at most kTileDepth elements whose tiles divide among
  // the work-items and fit
  std::string why = fmt::format("the reduction r{} ({} iterations, UNROLL {}) has no K-tile of {} elements or more",
                                p.k->argAs<RangeArg>().id, kSize, unrolled, kMinTileDepth);
  for (int64_t inner = kTileDepth; inner >= 1; inner /= 2) {
    if (kSize <= 0 || kSize % inner != 0 || inner * unrolled > kTileDepth) continue;
    if (inner * unrolled < kMinTileDepth) break;
    UOpPtr ko = p.k, ki;
    NodeSubst split;
    if (inner > 1) {
      ko = range(kSize / inner, nextId, AxisType::Reduce);
      ki = range(inner, nextId + 1, AxisType::Reduce);
      split[p.k.get()] = ko * constIndex(inner) + ki;
    }
    std::vector<StagedOperand> staged = layOut(p, ki, split, why);
    if (staged.empty()) continue;
    if (tileBytes(staged) * 2 > target.sharedMemoryBytes) {
      why = fmt::format("tiles of {} bytes are more than half the workgroup's {} bytes of local memory",
                        tileBytes(staged), target.sharedMemoryBytes);
      continue;
    }
    int64_t id = nextId + 2;
    const UOpPtr t = tileFlat(p.locals);
    const UOpPtr freed = UOp::make(Op::Barrier, dtypes::void_, {ko});
    NodeSubst reads;
    UOpList done;
    std::vector<std::pair<const StagedOperand*, UOpPtr>> buffers;
    std::string shapes;
    for (const StagedOperand& s : staged) {
      const DType d = s.load->dtype();
      UOpPtr tile = buffer(id++, d, s.elements, DeviceArg{{target.device}}, AddrSpace::Local);
      UOpPtr c = s.copies > 1 ? range(s.copies, id++, AxisType::Upcast) : constIndex(0);
      UOpPtr v = s.width > 1 ? range(s.width, id++, AxisType::Upcast) : constIndex(0);
      UOpPtr q = c * constIndex(p.workItems) + t;
      UOpPtr e = q * constIndex(s.width) + v;
      UOpPtr value = substitute(s.load, tileElementOf(s, q, v));
      UOpPtr free = UOp::make(Op::After, d, {tile, freed});
      UOpPtr store = UOp::make(Op::Store, dtypes::void_, {UOp::make(Op::Index, d, {free, e}), value});
      UOpList ends{store};
      if (s.copies > 1) ends.push_back(c);
      if (s.width > 1) ends.push_back(v);
      done.push_back(ends.size() > 1 ? UOp::make(Op::End, dtypes::void_, std::move(ends)) : store);
      buffers.emplace_back(&s, tile);
      shapes += fmt::format("{}Param {} {} ({} elements; each work-item {} {}-wide cop{})",
                            shapes.empty() ? "" : ", ", s.load->src(0)->src(0)->argAs<ParamArg>().slot,
                            tileShape(s), s.elements, s.copies, s.width, s.copies == 1 ? "y" : "ies");
    }
    const UOpPtr barrier = UOp::make(Op::Barrier, dtypes::void_, std::move(done));
    for (auto& [s, tile] : buffers) {
      const DType d = s->load->dtype();
      UOpPtr ready = UOp::make(Op::After, d, {tile, barrier});
      reads[s->load.get()] = UOp::make(Op::Load, d, {UOp::make(Op::Index, d, {ready, tileFlat(s->ranges)})},
                                       LoadArg{std::nullopt, AddrSpace::Local});
    }
    UOpPtr value = p.reduce->src(0);
    if (!split.empty()) value = substitute(value, split);
    value = substitute(value, reads);
    UOpList src{value};
    for (size_t i = 1; i < p.reduce->src().size(); ++i) {
      if (p.reduce->src(i) != p.k) src.push_back(p.reduce->src(i));
      else {
        src.push_back(ko);
        if (ki) src.push_back(ki);
      }
    }
    UOpPtr tiled = UOp::make(Op::Reduce, p.reduce->dtype(), std::move(src), p.reduce->arg());
    if (remarksOn())
      remarkTile(RemarkKind::Passed,
                 fmt::format("operand tiles in local memory ({} bytes): the reduction r{} in K-tiles of {} "
                             "({} iterations x UNROLL {}), {} work-items copy {}; a barrier after the copy "
                             "and one before the next K-tile's",
                             tileBytes(staged), p.k->argAs<RangeArg>().id, inner * unrolled, inner, unrolled,
                             p.workItems, shapes),
                 p.reduce);
    return substituteStep("stage operand tiles in local memory", ast, {{p.reduce.get(), tiled}});
  }
  remarkNoTile(why, p.reduce);
  return ast;
}

} // namespace uops
