// Symbolic variables (tinygrad's `Variable`): a scalar index Param without a
// buffer slot whose arg names it and gives its range (arg.h, VariableRange).
// Its min_max is that range, so index arithmetic over it simplifies as over a
// Range; its value is never in the graph. A kernel takes it as an argument, a
// run gives the bound values by name (VariableValues), and the evaluators
// that need a number substitute them (bindVariables).
#pragma once

#include "core/ir/uop.h"

#include <map>
#include <span>
#include <string>
#include <vector>

namespace uops {

// Bound values by variable name; ordered, so printing never depends on hashing.
using VariableValues = std::map<std::string, int64_t>;

UOpPtr variable(const std::string& name, int64_t min, int64_t max);
bool isVariable(const UOp& u);
const VariableRange& variableOf(const UOp& u); // isVariable(u) must hold

// The variables under `roots`, sorted by name: a kernel's scalar arguments in order.
std::vector<VariableRange> variablesOf(std::span<const UOpPtr> roots);

// `roots` with every variable replaced by a Const of its bound value; throws
// std::invalid_argument naming a variable without a value or with one out of its range.
std::vector<UOpPtr> bindVariables(std::span<const UOpPtr> roots, const VariableValues& values);

// The values of `variables` in their order (a kernel's arguments); throws
// std::invalid_argument as bindVariables does.
std::vector<int64_t> variableArguments(const std::vector<VariableRange>& variables, const VariableValues& values);

// Shrink keeping `shape` elements from offsets that may be index expressions
// over variables (the cache row at start_pos): its shape stays concrete.
UOpPtr shrinkAt(const UOpPtr& x, const UOpList& offsets, const Shape& shape);

// "start_pos=5, n=2", or "" without values.
std::string describeValues(const VariableValues& values);

} // namespace uops
