#include "core/pipeline/instruction_selection.h"

#include "core/ir/build.h"
#include "core/pipeline/half_round_trip.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/symbolic/symbolic.h"

#include <optional>
#include <vector>

namespace uops {
namespace {

bool isConstTrue(const UOp& u) {
  const MinMax& m = u.minMax();
  return !m.isFloat && m.lo == 1 && m.hi == 1;
}
bool isConstFalse(const UOp& u) {
  const MinMax& m = u.minMax();
  return !m.isFloat && m.lo == 0 && m.hi == 0;
}

// Index(buf, idx) with idx of another integer dtype: the address is pointer +
// idx in one pointer-sized integer.
UOpPtr indexInIndexDType(const Match& m) {
  const UOpPtr& x = m.root();
  if (x->src().size() != 2 || x->src(1)->dtype() == dtypes::index) return nullptr;
  if (!x->src(1)->dtype().isInt() && !x->src(1)->dtype().isBool()) return nullptr;
  return x->withSrc({x->src(0), cast(x->src(1), dtypes::index)});
}

// A gate that always holds is no gate; a load whose gate never holds is its alt.
UOpPtr foldLoadGate(const Match& m) {
  const UOpPtr& x = m.root();
  if (x->src().size() != 3) return nullptr;
  if (isConstTrue(*x->src(2))) return x->withSrc({x->src(0)});
  if (isConstFalse(*x->src(2))) return x->src(1);
  return nullptr;
}

UOpPtr foldStoreGate(const Match& m) {
  const UOpPtr& x = m.root();
  if (x->src().size() != 3) return nullptr;
  if (isConstTrue(*x->src(2))) return x->withSrc({x->src(0), x->src(1)});
  // a store that never happens: an empty Group is the void node that does nothing
  if (isConstFalse(*x->src(2))) return UOp::make(Op::Group, dtypes::void_, {});
  return nullptr;
}

PatternMatcher decompositions(bool decomposeSqrt, std::optional<DecomposeWith> transcendentals) {
  PatternMatcher pm =
      decomposeSqrt ? pmDecompositions() + pmSqrtDecomposition() : pmDecompositions();
  return transcendentals ? pm + pmTranscendentals(*transcendentals) : pm;
}

const PatternMatcher& decompositionsFor(const CodegenTarget& target) {
  // Sqrt decomposed or not, times the transcendentals kept (intrinsics) or
  // decomposed with or without Fma, and with no Ldexp, Ldexp or Ldexp and FracNearest: fourteen
  // variants, built once each.
  static const std::vector<PatternMatcher> all = [] {
    std::vector<PatternMatcher> v;
    for (bool decomposeSqrt : {true, false}) {
      v.push_back(decompositions(decomposeSqrt, std::nullopt));
      for (bool fma : {false, true})
        for (int scale : {0, 1, 2})
          v.push_back(decompositions(
              decomposeSqrt, DecomposeWith{.fma = fma, .ldexp = scale > 0, .fraction = scale > 1}));
    }
    return v;
  }();
  const size_t sqrt = target.nativeSqrt ? 7 : 0;
  if (target.transcendentals == TranscendentalMode::Intrinsics) return all[sqrt];
  const size_t scale = target.scaleInstruction ? (target.fractionInstruction ? 2 : 1) : 0;
  return all[sqrt + 1 + (target.fusedMultiplyAdd ? 3 : 0) + scale];
}

} // namespace

const PatternMatcher& pmIndexing() {
  // pure: every rule reads the matched node alone (pattern_matcher.h)
  static const PatternMatcher pm = PatternMatcher::pure({
      rule("index in dtypes.index", UPat::op(Op::Index), indexInIndexDType),
      rule("fold load gate", UPat::op(Op::Load), foldLoadGate),
      rule("fold store gate", UPat::op(Op::Store), foldStoreGate),
  });
  return pm;
}

UOpPtr selectInstructions(const UOpPtr& ast, const CodegenTarget& target) {
  // before decompositions, as in tinygrad: the pairs they make (half math in float) stay rounded
  UOpPtr sink = graphRewrite(ast, pmHalfRoundTrip(), {.name = "half round trip"});
  // decomposed ops first: the later steps only see primitives
  sink = graphRewrite(sink, decompositionsFor(target), {.name = "decompositions"});
  // after decompositions: Sub and Not made new Adds and comparisons on bools
  sink = graphRewrite(sink, pmBoolOps(), {.name = "bool ops"});
  // symbolic with the index rules: canonical offsets, and gates min_max decides
  static const PatternMatcher indexing = pmSymbolic() + pmIndexing() + pmBoolOps();
  sink = graphRewrite(sink, indexing, {.name = "indexing"});
  return sink;
}

} // namespace uops
