// Python's arithmetic on numbers: bool, int (64-bit, overflow is an error) and float.
#pragma once

#include "core/frontend/op_kinds.h"
#include "core/frontend/value.h"

#include <compare>
#include <optional>

namespace uops::frontend {

// `a op b` when both are numbers; nullopt when either is not. Floor division
// and modulo round toward negative infinity, / is true division, ** of ints
// with a negative exponent is a float, & | ^ of two bools is a bool.
// Throws ScriptError for division by zero and int overflow.
std::optional<Value> numericBinary(BinaryOp op, const Value& a, const Value& b);
std::optional<Value> numericUnary(UnaryOp op, const Value& v);

// Exact comparison of two numbers (an int and a float compare exactly, not
// after rounding the int); unordered when a NaN is involved.
std::partial_ordering compareNumbers(const Value& a, const Value& b);

} // namespace uops::frontend
