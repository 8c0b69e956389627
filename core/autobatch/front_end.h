// The front end: the Python subset of an @autobatch function (and of the
// @autobatch functions it calls) to a Program.
//
// - One exit per function: every `return` assigns the function's return
//   variables (NAME.ret, or NAME.ret0.. for a tuple) and jumps to its exit
//   block.
// - A-normal form with unique names: each operation is one PrimOp whose
//   operands are variables or Python constants; a def's variables are
//   NAME.x, temporaries NAME.tK, so the one global namespace never mixes two
//   functions' variables.
// - Temporaries where a prim or call would write its own input (x = x + 1)
//   and where an argument is another formal of the callee (gcd(b, a % b)).
// - `while` as a self tail-recursive function NAME.loopK: its parameters are
//   the def's variables the loop uses that exist before it, it returns those
//   the loop assigns (and, when the loop body can `return`, a flag and the
//   returned values first).
//
// Anything outside the subset is an AutobatchError at its source location.
#pragma once

#include "core/autobatch/program.h"
#include "core/frontend/callable.h"

#include <functional>

namespace uops::autobatch {

// The def behind a value when it is an @autobatch function, else null.
using AutobatchLookup = std::function<const frontend::Function*(const frontend::Value&)>;

// The program whose main graph calls `root` with its formals as vars_in and
// its return variables as vars_out. Types and allocations are not set.
Program buildProgram(const frontend::Function& root, const AutobatchLookup& lookup);

} // namespace uops::autobatch
