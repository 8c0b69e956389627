// Cumulative ops on tensors sized by a symbolic int (symbolic_shape.h):
// cumsum, cumprod, cummax, cummin and logcumsumexp keep the size. Along a
// symbolic axis they run at its maximum with the positions past the size
// set to the op's identity first (0, 1, -inf, +inf, -inf), so whatever the
// padding holds (inf, NaN) never reaches a position below the size; the
// results past it are don't-cares, as every symbolic tensor's are. Along a
// concrete axis the symbolic axes just stay. Each gives nullopt where it
// cannot (an axis out of range, an int dtype where the identity is
// infinite): the caller then takes the folded twin.
#pragma once

#include "core/frontend/value.h"

#include <cstdint>
#include <optional>

namespace uops::program {

enum class SymbolicScan { CumSum, CumProd, CumMax, CumMin, LogCumSumExp };

// self.cumsum(axis) and the others; cummax and cummin give (values, indices).
std::optional<frontend::Value> symbolicCumulative(const frontend::Value& self, SymbolicScan kind, int64_t axis);

} // namespace uops::program
