#include "core/symbolic/symbolic.h"

namespace uops {

const PatternMatcher& pmSymbolic() {
  static const PatternMatcher pm = pmSymbolicFold() + pmSymbolicAdd() + pmSymbolicMul() +
                                   pmSymbolicDivMod() + pmSymbolicCmp() + pmSymbolicSelect() +
                                   pmSymbolicBitwise() + pmSymbolicCast() + pmSymbolicOrder();
  return pm;
}

UOpPtr simplify(const UOpPtr& root, std::source_location location) {
  return graphRewrite(root, pmSymbolic(), {.name = "simplify", .location = location});
}

} // namespace uops
