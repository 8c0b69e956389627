// The law and where it applies: half_round_trip.h.
#include "core/pipeline/half_round_trip.h"

#include "core/ir/build.h"
#include "core/rewrite/graph_rewrite.h"

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

} // namespace

const PatternMatcher& pmHalfRoundTrip() {
  static const PatternMatcher pm{
      // cast(cast(x: float, half), float) -> x
      rule("x.cast(half).cast(float) -> x",
           UPat::op(Op::Cast, {UPat::op(Op::Cast, {UPat::var("x")}).named("half")}), foldHalfRoundTrip),
  };
  return pm;
}

std::vector<UOpPtr> foldHalfRoundTrips(const std::vector<UOpPtr>& roots) {
  if (roots.empty()) return roots;
  UOpPtr tuple = graphRewrite(UOp::make(Op::Tuple, dtypes::void_, roots), pmHalfRoundTrip(), {.name = "half round trip"});
  return {tuple->src().begin(), tuple->src().end()};
}

} // namespace uops
