// The bounds check's second proof: when intervals cannot show an access in
// bounds (a gate over a compound index, as a split of a padded axis makes),
// every point of the ranges the index and gate depend on is tried, if there
// are few enough of them and both are integer arithmetic over Ranges and
// constants only. Exhaustive, so a "yes" is a proof.
#pragma once

#include "core/ir/minmax.h"
#include "core/ir/uop.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace uops {

// The most points tried before giving up.
inline constexpr int64_t kBoundsEnumerationLimit = int64_t{1} << 18;

// True when idx lies in [0, size) at every point where `gate` (null: always)
// holds; false when some point is outside or no proof is possible.
bool provenByEnumeration(const UOpPtr& idx, const UOpPtr& gate, int64_t size);

// True when some point where `gate` holds puts idx outside [0, size): the
// access is out of bounds for certain (false when no point is, or there are
// too many points to try).
bool refutedByEnumeration(const UOpPtr& idx, const UOpPtr& gate, int64_t size);

// The exact interval of e over every point of its ranges, when e is integer
// arithmetic over Ranges and constants with at most `limit` points.
std::optional<MinMax> enumeratedRange(const UOpPtr& e, int64_t limit);

// e's value at r = 0, 1, ... up to r's bound, when e is integer arithmetic
// over r and constants alone with at most `limit` points.
std::optional<std::vector<int64_t>> valuesAlong(const UOpPtr& e, const UOp& r, int64_t limit);

} // namespace uops
