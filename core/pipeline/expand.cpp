#include "core/pipeline/expand.h"

#include "core/pipeline/codegen_error.h"
#include "core/pipeline/optimize.h"

#include <fmt/format.h>

namespace uops {

UOpList expandedRanges(const UOpPtr& ast) {
  UOpList out;
  for (const UOpPtr& r : kernelRanges(ast)) {
    AxisType t = r->argAs<RangeArg>().type;
    if (t == AxisType::Upcast || t == AxisType::Unroll) out.push_back(r);
  }
  return out;
}

UOpPtr expand(const UOpPtr& ast) {
  UOpList ranges = expandedRanges(ast);
  // nothing to vectorize: the scalar kernel is already its own expansion
  if (ranges.empty()) return ast;
  const RangeArg& first = ranges.front()->argAs<RangeArg>();
  throw CodegenError("Expand",
                     fmt::format("range r{} is {}: vector expansion of UPCAST/UNROLL ranges is not "
                                 "implemented yet",
                                 first.id, axisTypeName(first.type)));
}

} // namespace uops
