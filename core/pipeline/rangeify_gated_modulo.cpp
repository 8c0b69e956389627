#include "core/pipeline/bounds_check.h"
#include "core/pipeline/rangeify_steps.h"

namespace uops {
namespace {

// Load(Index(buf, x % c), alt, gate) -> Load(Index(buf, x), alt, gate) where
// the gate proves 0 <= x < c. A padded read's flat index keeps the modulo its
// reshapes wrote for elements outside the source (negative offsets); the load
// never happens there. Only the whole index: a modulo inside it may be what
// lets the bounds check prove the access after Optimize splits its ranges.
UOpPtr dropGatedModulo(const Match& m) {
  const UOpPtr& load = m.root();
  const UOpPtr& index = load->src(0);
  const UOpPtr& idx = index->src(1);
  if (idx->op() != Op::Mod || !idx->dtype().isInt()) return nullptr;
  auto c = idx->src(1)->constValue();
  if (!c || !std::holds_alternative<int64_t>(*c) || std::get<int64_t>(*c) <= 0) return nullptr;
  if (!provenUnderGate(idx->src(0), load->src(2), 0, std::get<int64_t>(*c) - 1)) return nullptr;
  return load->withSrc({index->withSrc({index->src(0), idx->src(0)}), load->src(1), load->src(2)});
}

bool gatedIndexedLoad(const UOp& u) {
  return u.src().size() == 3 && u.src(0)->op() == Op::Index && u.src(0)->src().size() == 2;
}

} // namespace

const PatternMatcher& pmGatedModulo() {
  static const PatternMatcher pm{
      rule("gated index drops its identity modulo", UPat::op(Op::Load).filter(gatedIndexedLoad), dropGatedModulo),
  };
  return pm;
}

} // namespace uops
