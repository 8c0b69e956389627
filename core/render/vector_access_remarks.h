// The renderers' remarks on vector accesses (vector_access.h): each group of
// an UPCAST's lanes read or written as one vector, and each run of lanes that
// was not, with the condition that kept it scalar (non-consecutive indices, a
// gate computed too late, another access between the lanes). Made only while
// remarks are on (core/remarks/remark_scope.h).
#pragma once

#include "core/ir/uop.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace uops {

// `lanes` (Loads or Stores of one Param, lane order, `stride` elements apart)
// as one vector access, or, with `refused`, left scalar for that reason.
void remarkVectorGroup(const std::vector<const UOp*>& lanes, bool gated, std::string_view refused, int64_t stride = 1);

// `runs` runs of consecutive lanes left scalar by design: only gated accesses
// group in this kernel, the compiler's vectorizer packs the others; `first`
// is the first of them.
void remarkLeftToCompiler(const UOp& first, size_t runs);

// Accesses of one Param with the same index terms whose constants are never
// adjacent: `first` is one of them, `gap` the smallest distance between two.
void remarkNonConsecutive(const UOp& first, size_t count, int64_t gap);

} // namespace uops
