// A variable bound to a value (tinygrad's BIND): After(variable, Const value),
// the variable's value ordered after its bound constant. The program layer
// builds its graphs over bound variables, so a graph keeps the value it was
// built with whenever it is realized. Its min_max is the variable's range
// (After's is its first source's), so index arithmetic over it simplifies and
// checks bounds as over the variable, and no Arg or switch over Op grows.
// Before a graph is scheduled, unbindVariables takes the values out: equal
// programs at positions 5 and 6 are then one interned graph (the schedule
// cache's key) and the values are the kernels' arguments. bindVariables
// (variable.h) gives a bound variable its own value.
#pragma once

#include "core/ir/uop.h"
#include "core/ir/variable.h"

#include <span>
#include <string>
#include <vector>

namespace uops {

UOpPtr boundVariable(const std::string& name, int64_t min, int64_t max, int64_t value);
bool isBoundVariable(const UOp& u);
int64_t boundValueOf(const UOp& u); // isBoundVariable(u) must hold

// `roots` with every bound variable replaced by the plain variable, and the
// values they were bound to. A variable bound to two values among `roots`
// (a write built at one position realized with a read at the next) cannot be
// one kernel argument: each of its binds becomes a Const of its value, and it
// is named in `folded`.
struct UnboundGraphs {
  std::vector<UOpPtr> roots;
  VariableValues values;
  std::vector<std::string> folded;
};
UnboundGraphs unbindVariables(std::span<const UOpPtr> roots);

} // namespace uops
