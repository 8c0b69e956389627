// Rangeify's remarks on fusion: each buffer that stays between two kernels
// with the rule that kept it ("the sum would be recomputed 64 times"), and
// each value recomputed in its reader instead of stored. Made by buffer
// removal (rangeify_buffers.cpp) where its rules decide, only while remarks
// are on (core/remarks/remark_scope.h).
#pragma once

#include "core/ir/uop.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace uops {

// "sum", "max", "product": what a Reduce computes.
std::string_view reductionWord(const UOp& reduce);

// Why recomputing `costly` (a Reduce or a transcendental) in a reader
// multiplies work; `times`: how often each element would be computed again
// (0: once per element of a loop it is broadcast along).
std::string recomputeReason(const UOp& costly, int64_t times);

// A missed remark: `buffer` (storing `value`) stays, not recomputed where `load` reads it.
void remarkKeptBuffer(const UOp& buffer, const UOp& value, const UOp& load, const std::string& reason);

// A passed remark: `value` is computed where `load` reads it, no buffer between.
void remarkFusedBuffer(const UOp& buffer, const UOp& value, const UOp& load);

} // namespace uops
