// `Variable(name, lo, hi)` (tinygrad's `UOp.variable`), `.bind(value)` and
// the int expressions over them (`start_pos + seqlen`): a program's symbolic
// ints. An expression keeps its text ("(start_pos+1)"), the range interval
// arithmetic gives it, and its value once every variable in it is bound.
//
// Where a Tensor method takes an int (slice bounds, shrink, shapes of full /
// arange, triu's diagonal), a bound expression gives its value: the tensor's
// shape is the concrete one for that value (see README.md, "Symbolic
// variables"), except where a slice's stop sizes a tensor symbolically
// (symbolic_shape.h). An unbound one is an error naming the variable.
#pragma once

#include "core/frontend/value.h"
#include "core/ir/uop.h"

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

// A symbolic int over variables as IR index arithmetic (core/ir/variable.h):
// where the Tensor API offsets a view by it (shrink, a basic slice's start)
// the kernels take the variable as an argument. Null for anything else (a
// plain int, a comparison).
UOpPtr symbolicExpr(const frontend::Value& v);
// stop - start for ints or symbolic ints whose difference is the same for
// every value of their variables ((start_pos+1) - start_pos); nullopt otherwise.
std::optional<int64_t> constantDifference(const frontend::Value& start, const frontend::Value& stop);
// Records that a symbolic int's bound value was taken as a plain int (a
// size: the realizations over it lower per value); nothing for other values.
void noteFoldedValue(const frontend::Value& v);

// A bound symbolic int that may size a tensor dimension (symbolic_shape.h):
// its text, its range and its index arithmetic. nullopt for a plain int, a
// comparison, one whose range is one number or one without index arithmetic.
struct SymbolicBounds {
  std::string text;
  int64_t min = 0, max = 0, value = 0;
  UOpPtr expr;
  std::vector<std::string> variables; // the names it is over
  frontend::Value source;             // the symbolic int itself
};
std::optional<SymbolicBounds> symbolicBounds(const frontend::Value& v);

// While one is alive, noteFoldedValue records nothing: a tensor sized by a
// symbolic int also builds its folded twin, which is a fold only once used.
class DeferFoldNotes {
public:
  DeferFoldNotes();
  ~DeferFoldNotes();
  DeferFoldNotes(const DeferFoldNotes&) = delete;
  DeferFoldNotes& operator=(const DeferFoldNotes&) = delete;
};

} // namespace uops::program
