// The law and where it applies: half_round_trip.h.
#include "core/pipeline/half_round_trip.h"

#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/symbolic/symbolic.h"

namespace uops {
namespace {

bool isScalarOf(const DType& d, ScalarType s) {
  return !d.isPtr && d.scalar == s;
}

UOpPtr foldHalfRoundTrip(const Match& m) {
  const UOpPtr& x = m["x"];
  const UOpPtr& root = m.root();
  if (!isScalarOf(root->dtype(), ScalarType::Float32) || !isScalarOf(m["half"]->dtype(), ScalarType::Float16))
    return nullptr;
  return x->dtype() == root->dtype() ? x : nullptr;
}

bool isValueMovement(Op op);

} // namespace

bool isHalfOfFloat(const UOp& u) {
  const UOp* at = &u;
  while (true) {
    if (!isScalarOf(at->dtype(), ScalarType::Float16)) return false;
    if (at->op() == Op::Cast) return isScalarOf(at->src(0)->dtype(), ScalarType::Float32);
    if (at->op() == Op::Where) return isHalfOfFloat(*at->src(1)) || isHalfOfFloat(*at->src(2));
    if (!isValueMovement(at->op())) return false;
    at = at->src(0).get();
  }
}

namespace {

bool isValueMovement(Op op) {
  return op == Op::Permute || op == Op::Flip || op == Op::Reshape || op == Op::Expand || op == Op::Pad ||
         op == Op::Shrink;
}

// cast(where(g, a, b), float) -> where(g, cast(a, float), cast(b, float)): a
// padded read selects its value or 0 after the cast to half (tinygrad gates the
// load instead, so its cast pair stays whole)
UOpPtr castThroughWhere(const Match& m) {
  const UOpPtr& root = m.root();
  const UOpPtr& w = root->src(0);
  if (!isScalarOf(root->dtype(), ScalarType::Float32) || !isHalfOfFloat(*w)) return nullptr;
  return UOp::make(Op::Where, root->dtype(), {w->src(0), cast(w->src(1), root->dtype()), cast(w->src(2), root->dtype())});
}

// cast(movement(y), float) -> movement(cast(y, float)): movement ops keep
// values (Pad's fill is 0 in either dtype). In a tensor graph (REF) they sit
// between the casts that a kernel's index math makes adjacent.
UOpPtr castThroughMovement(const Match& m) {
  const UOpPtr& root = m.root();
  const UOpPtr& mv = root->src(0);
  if (!isValueMovement(mv->op()) || !isScalarOf(root->dtype(), ScalarType::Float32) || !isHalfOfFloat(*mv))
    return nullptr;
  UOpList src(mv->src().begin(), mv->src().end());
  src[0] = cast(src[0], root->dtype());
  return UOp::make(mv->op(), root->dtype(), std::move(src), mv->arg(), mv->tag());
}

} // namespace

const PatternMatcher& pmHalfRoundTrip() {
  // with symbolic's cast rules: float32 -> float64 -> half is one cast first,
  // so that chain folds too, as tinygrad's symbolic passes make it before
  static const PatternMatcher pm = pmSymbolicCast() + PatternMatcher{
      // cast(cast(x: float, half), float) -> x
      rule("x.cast(half).cast(float) -> x",
           UPat::op(Op::Cast, {UPat::op(Op::Cast, {UPat::var("x")}).named("half")}), foldHalfRoundTrip),
      // cast(where(g, x.cast(half), c), float) -> where(g, cast(x.cast(half), float), cast(c, float))
      rule("cast through where to a half", UPat::op(Op::Cast, {UPat::op(Op::Where)}), castThroughWhere),
      // cast(movement(x.cast(half)), float) -> movement(cast(x.cast(half), float))
      rule("cast through movement to a half", UPat::op(Op::Cast, {UPat::var("m")}), castThroughMovement),
  };
  return pm;
}

std::vector<UOpPtr> foldHalfRoundTrips(const std::vector<UOpPtr>& roots) {
  if (roots.empty()) return roots;
  // each root is a realized output: another root that casts it back to float
  // reads its rounded half, as Rangeify makes it read the root's buffer
  NodeSubst realized;
  for (const UOpPtr& r : roots)
    if (isHalfOfFloat(*r)) realized.emplace(r.get(), UOp::make(Op::Contiguous, r->dtype(), {r}));
  UOpPtr tuple = UOp::make(Op::Tuple, dtypes::void_, roots);
  if (!realized.empty()) tuple = substitute(tuple, realized);
  tuple = graphRewrite(tuple, pmHalfRoundTrip(), {.name = "half round trip"});
  return {tuple->src().begin(), tuple->src().end()};
}

} // namespace uops
