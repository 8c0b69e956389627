#include "core/symbolic/symbolic.h"

namespace uops {

const PatternMatcher& pmSymbolic() {
  // pure: every rule reads the matched node alone (pattern_matcher.h)
  static const PatternMatcher pm = PatternMatcher::pure(
      pmSymbolicFold() + pmSymbolicAdd() + pmSymbolicMul() + pmSymbolicDivMod() + pmSymbolicCmp() +
      pmSymbolicSelect() + pmSymbolicBitwise() + pmSymbolicCast() + pmSymbolicOrder());
  return pm;
}

UOpPtr simplify(const UOpPtr& root, std::source_location location) {
  return graphRewrite(root, pmSymbolic(), {.name = "simplify", .location = location});
}

} // namespace uops
