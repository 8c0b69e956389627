// The first steps of Rangeify: arguments bound, and the tensor graph tidied so
// the range analysis sees one form per thing (tinygrad's earliest_rewrites).
#include "core/pipeline/rangeify_steps.h"

#include "core/ir/build.h"
#include "core/ir/shape.h"
#include "core/pipeline/callify.h"
#include "core/ir/graph_walk.h"
#include "core/rewrite/rule.h"
#include "core/runtime/scalar_ops.h"

#include <algorithm>
#include <numeric>
#include <optional>

namespace uops {
namespace {

// ---- arguments ----

int64_t firstFreeBufferId(const UOp& function) {
  int64_t next = 0;
  for (const UOp* u : toposortIn(function, WalkScope::All))
    if (u->op() == Op::Buffer) next = std::max(next, u->argAs<BufferArg>().id + 1);
  return next;
}

// Param slot -> every Param node of that slot in the body.
NodeSubst paramsBoundTo(const UOpPtr& body, const UOpList& args) {
  NodeSubst subst;
  for (const UOp* u : toposortIn(*body, WalkScope::OutsideCalls)) {
    if (u->op() != Op::Param) continue;
    auto slot = static_cast<size_t>(u->argAs<ParamArg>().slot);
    if (slot < args.size()) subst.emplace(u, args[slot]);
  }
  return subst;
}

// ---- tensor-level builders ----

// A constant tensor of `shape`: the Tensor API's fill, Expand(Reshape(Const)).
UOpPtr fill(DType dtype, ConstValue value, const Shape& shape) {
  UOpPtr c = constant(dtype, value);
  if (shape.empty()) return c;
  return expand(reshape(c, Shape(shape.size(), 1)), shape);
}

ConstValue identityOf(Op reduceOp, DType dtype) {
  if (dtype.isFloat()) return floatIdentity(reduceOp);
  if (dtype.isBool()) return intIdentity(reduceOp, dtype.scalar) != 0;
  return static_cast<int64_t>(intIdentity(reduceOp, dtype.scalar));
}

DType unsignedOfSize(int bytes) {
  switch (bytes) {
  case 1: return dtypes::uint8;
  case 2: return dtypes::uint16;
  case 4: return dtypes::uint32;
  default: return dtypes::uint64;
  }
}

// x bitcast to dtype `to` of another item size, as the little-endian bytes
// are: a wider item ORs `rate` narrow ones shifted into place, a narrower one
// takes shifted slices of a wide one (tinygrad's expand_bitcast).
UOpPtr spelledOutBitcast(const UOp& bc) {
  const UOpPtr& x = bc.src(0);
  int from = x->dtype().itemSize(), to = bc.dtype().itemSize();
  DType uFrom = unsignedOfSize(from), uTo = unsignedOfSize(to);
  UOpPtr bits = x->dtype() == uFrom ? x : bitcast(x, uFrom);
  Shape shape = x->shape();
  Shape lead(shape.begin(), shape.end() - 1);
  int64_t last = shape.back();
  if (to > from) {
    int64_t rate = to / from;
    Shape split = lead;
    split.push_back(last / rate);
    split.push_back(rate);
    UOpPtr parts = reshape(bits, split);
    Shape partShape = split;
    partShape.back() = 1;
    UOpPtr sum;
    for (int64_t i = 0; i < rate; ++i) {
      Shape offsets(split.size(), 0);
      offsets.back() = i;
      UOpPtr part = cast(shrink(parts, offsets, partShape), uTo);
      part = part << fill(uTo, int64_t{8 * from * i}, partShape);
      sum = sum ? (sum | part) : part;
    }
    Shape out = lead;
    out.push_back(last / rate);
    UOpPtr joined = reshape(sum, out);
    return bc.dtype() == uTo ? joined : bitcast(joined, bc.dtype());
  }
  int64_t rate = from / to;
  UOpList parts;
  for (int64_t i = 0; i < rate; ++i)
    parts.push_back(cast(bits >> fill(uFrom, int64_t{8 * to * i}, shape), uTo));
  // Stack puts the parts first; they belong after the last axis
  UOpPtr stacked = UOp::make(Op::Stack, uTo, parts);
  Ints order;
  for (size_t k = 1; k <= shape.size(); ++k) order.push_back(static_cast<int64_t>(k));
  order.push_back(0);
  Shape out = lead;
  out.push_back(last * rate);
  UOpPtr joined = reshape(permute(stacked, order), out);
  return bc.dtype() == uTo ? joined : bitcast(joined, bc.dtype());
}

// ---- rules ----

// GetTuple(Function(Tuple(e...), a...), i) -> e_i with Param k := a_k
UOpPtr inlineFunction(const Match& m) {
  const UOp& fn = *m["f"];
  const UOpPtr& body = fn.src(0)->src(static_cast<size_t>(m.root()->argAs<int64_t>()));
  UOpList args(fn.src().begin() + 1, fn.src().end());
  return substitute(body, paramsBoundTo(body, args), WalkScope::OutsideCalls);
}

bool isIdentityPermute(const UOp& u) {
  const Ints& order = u.argAs<Ints>();
  for (size_t i = 0; i < order.size(); ++i)
    if (order[i] != static_cast<int64_t>(i)) return false;
  return true;
}

bool keepsShape(const UOp& u) { return u.shapeValid() && u.shape() == u.src(0)->shape(); }

// Pad or Shrink with every offset 0 and the source's shape.
bool isNoopPadShrink(const UOp& u) {
  auto offsets = shapeOperandValues(*u.src(1));
  return keepsShape(u) && offsets && std::all_of(offsets->begin(), offsets->end(), [](int64_t o) { return o == 0; });
}

bool isNoopFlip(const UOp& u) {
  const Bools& f = u.argAs<Bools>();
  return std::none_of(f.begin(), f.end(), [](bool b) { return b; });
}

bool changesItemSize(const UOp& u) {
  return u.dtype().itemSize() != u.src(0)->dtype().itemSize() && !u.src(0)->shape().empty() &&
         u.src(0)->op() != Op::Binary;
}

// ---- split reductions ----

// A long reduction into few values runs on one core as one loop, and each of
// its few accumulators sums so many elements that their sum dwarfs what is
// added (8M softmax outputs of ~2.4e-4 summed in four chains: 2041.3 for
// 2048). Split it (tinygrad's split_reduceop): a reduced axis as (k, m/k),
// first k partial results over everything else reduced, in a buffer of their
// own (a kernel with k outputs to spread over cores), then their reduction.
// The first reduced axis k divides, where each partial still sums 256 or more.
constexpr int64_t kSplitReduceFrom = int64_t{1} << 16; // elements reduced into each result
constexpr int64_t kSplitReduceOutputs = 16;            // at most this many results (fewer than k: a split is not split again)

struct ReduceSplit {
  size_t axis;
  int64_t k;
};

std::optional<ReduceSplit> splitOf(const UOp& u) {
  const Ints& axes = u.argAs<ReduceArg>().axes;
  if (axes.empty() || shapeProduct(u.shape()) > kSplitReduceOutputs) return std::nullopt;
  const Shape& in = u.src(0)->shape();
  int64_t n = 1;
  for (int64_t a : axes) n *= in[static_cast<size_t>(a)];
  if (n < kSplitReduceFrom) return std::nullopt;
  for (int64_t a : axes)
    for (int64_t k : {256, 128, 64, 32, 16})
      if (in[static_cast<size_t>(a)] % k == 0 && n / k >= 256) return ReduceSplit{static_cast<size_t>(a), k};
  return std::nullopt;
}

UOpPtr splitReduce(const Match& m) {
  const UOp& r = *m.root();
  const std::optional<ReduceSplit> split = splitOf(r);
  if (!split) return nullptr;
  const ReduceArg& arg = r.argAs<ReduceArg>();
  const size_t a = split->axis;
  Shape shape = r.src(0)->shape();
  shape[a] /= split->k;
  shape.insert(shape.begin() + static_cast<std::ptrdiff_t>(a), split->k);
  // the reduced axes after the inserted one move up by one; axis a's rest is a + 1
  Ints rest;
  for (int64_t x : arg.axes)
    rest.push_back(static_cast<size_t>(x) < a ? x : x + 1);
  UOpPtr partial = reduce(reshape(r.src(0), shape), arg.op, rest);
  UOpPtr stored = UOp::make(Op::Contiguous, partial->dtype(), {partial});
  return reshape(reduce(stored, arg.op, {static_cast<int64_t>(a)}), r.shape());
}

bool reducesNothingToSomething(const UOp& u) {
  return shapeProduct(u.src(0)->shape()) == 0 && shapeProduct(u.shape()) != 0;
}

} // namespace

UOpPtr bindArguments(const UOpPtr& function, RangeifyContext& ctx) {
  ctx.nextBufferId = firstFreeBufferId(*function);
  for (size_t i = 1; i < function->src().size(); ++i)
    if (const DeviceRef& d = function->src(i)->device(); d && function->src(i)->op() == Op::Buffer) {
      ctx.device = *d;
      break;
    }
  UOpList bound;
  for (size_t i = 1; i < function->src().size(); ++i) {
    const UOpPtr& a = function->src(i);
    if (!isCallifyInput(*a) && a->op() != Op::Binary) {
      bound.push_back(a); // a computed argument is inlined like any tensor
      continue;
    }
    if (a->op() == Op::Buffer) {
      bound.push_back(a);
      continue;
    }
    // literal data: copied into a buffer on the device before any kernel runs
    UOpPtr buf = ctx.newBuffer(a->dtype(), shapeProduct(a->shape()), nullptr);
    UOpPtr load = UOp::make(Op::Load, a->dtype(), {a}, LoadArg{ctx.device, AddrSpace::Global});
    ctx.copies.push_back(UOp::make(Op::Store, dtypes::void_, {buf, load}));
    bound.push_back(buf);
  }
  const UOpPtr& body = function->src(0);
  return substitute(body, paramsBoundTo(body, bound), WalkScope::OutsideCalls);
}

const PatternMatcher& pmEarliestRewrites() {
  static const PatternMatcher pm{
      // GetTuple(Function(Tuple(e...), a...), i) -> e_i[Param k := a_k]: inline the call
      rule("inline function", UPat::op(Op::GetTuple, {UPat::op(Op::Function).named("f")}),
           inlineFunction),
      // GetTuple(Tuple(e...), i) -> e_i
      rule("resolve tuple", UPat::op(Op::GetTuple, {UPat::op(Op::Tuple).named("t")}),
           [](const Match& m) { return m["t"]->src(static_cast<size_t>(m.root()->argAs<int64_t>())); }),
      // Detach(x), ContiguousBackward(x) -> x: they only matter to gradients
      rule("drop gradient markers", UPat::ops({Op::Detach, Op::ContiguousBackward}),
           [](const Match& m) { return m.root()->src(0); }),
      // Contiguous(Contiguous(x)) -> Contiguous(x)
      rule("contiguous twice", UPat::op(Op::Contiguous, {UPat::op(Op::Contiguous).named("c")}),
           [](const Match& m) { return m["c"]; }),
      // Reshape(Reshape(x, s1), s2) -> Reshape(x, s2)
      rule("merge reshapes", UPat::op(Op::Reshape, {UPat::op(Op::Reshape).named("r"), UPat::var("s")}),
           [](const Match& m) { return reshape(m["r"]->src(0), m.root()->shape()); }),
      // Reshape, Expand to the source's own shape -> the source
      rule("noop reshape/expand", UPat::ops({Op::Reshape, Op::Expand}).filter(keepsShape),
           [](const Match& m) { return m.root()->src(0); }),
      // Permute(Permute(x, a), b) -> Permute(x, a[b])
      rule("merge permutes", UPat::op(Op::Permute, {UPat::op(Op::Permute).named("p")}),
           [](const Match& m) {
             const Ints& inner = m["p"]->argAs<Ints>();
             Ints order;
             for (int64_t i : m.root()->argAs<Ints>()) order.push_back(inner[static_cast<size_t>(i)]);
             return permute(m["p"]->src(0), order);
           }),
      // Permute(x, identity), Flip(x, no axes), Pad/Shrink by nothing -> x
      rule("noop permute", UPat::op(Op::Permute).filter(isIdentityPermute),
           [](const Match& m) { return m.root()->src(0); }),
      rule("noop flip", UPat::op(Op::Flip).filter(isNoopFlip), [](const Match& m) { return m.root()->src(0); }),
      rule("noop pad/shrink", UPat::ops({Op::Pad, Op::Shrink}).filter(isNoopPadShrink),
           [](const Match& m) { return m.root()->src(0); }),
      // Bitcast to another item size -> shifts and ORs over the unsigned bits
      rule("expand bitcast", UPat::op(Op::Bitcast).filter(changesItemSize),
           [](const Match& m) { return spelledOutBitcast(*m.root()); }),
      // Reduce of one long axis to few values -> partial reductions, then theirs
      rule("split reduce", UPat::op(Op::Reduce), splitReduce),
      // Reduce of no elements -> the op's identity
      rule("reduce of nothing", UPat::op(Op::Reduce).filter(reducesNothingToSomething),
           [](const Match& m) {
             const UOp& r = *m.root();
             return fill(r.dtype(), identityOf(r.argAs<ReduceArg>().op, r.dtype()), r.shape());
           }),
  };
  return pm;
}

} // namespace uops
