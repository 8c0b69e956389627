// `Variable(name, lo, hi)` (tinygrad's `UOp.variable`), `.bind(value)` and
// the int expressions over them (`start_pos + seqlen`): a program's symbolic
// ints. An expression keeps its text ("(start_pos+1)"), the range interval
// arithmetic gives it, and its value once every variable in it is bound.
//
// Where a Tensor method takes an int (slice bounds, shrink, shapes of full /
// arange, triu's diagonal), a bound expression gives its value: the tensor's
// shape is the concrete one for that value (see README.md, "Symbolic
// variables"). An unbound one is an error naming the variable.
#pragma once

#include "core/frontend/value.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace uops::program {

// `tinygrad.Variable` and `tinygrad.UOp` (whose `variable` makes one).
frontend::Value variableFunction();
frontend::Value uopClass();

// The value of a bound symbolic int, nullopt when `v` is not one; throws a
// ScriptError for one whose variables are not all bound.
std::optional<int64_t> symbolicValue(const frontend::Value& v);
bool isSymbolicInt(const frontend::Value& v);
// "start_pos=5" for a bound Variable, nullopt for anything else.
std::optional<std::string> boundVariableText(const frontend::Value& v);

} // namespace uops::program
