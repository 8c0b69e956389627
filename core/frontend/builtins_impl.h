// Builtins internals: how builtins are declared and helpers they share.
#pragma once

#include "core/frontend/args.h"
#include "core/frontend/callable.h"
#include "core/frontend/exec_state.h"

#include <string>

namespace uops::frontend::detail {

void defineBuiltin(ExecState& state, std::string name, NativeFn fn);
// A builtin that is also a type (int, float, ...): isinstance() accepts it.
void defineType(ExecState& state, std::string name, NativeFn fn);

// An int argument (bool counts): "'float' object cannot be interpreted as an integer".
int64_t toIndex(const Value& v);
// A real-number argument: "must be real number, not str".
double toDouble(const Args& a, const Value& v);
// What callable() answers: functions, classes, objects with a call.
bool isCallable(const Value& v);

void addConversionBuiltins(ExecState& state); // int float bool str repr isinstance round
void addSequenceBuiltins(ExecState& state);   // range len list tuple min max sum sorted ...
void addObjectBuiltins(ExecState& state);     // getattr hasattr setattr type super dict ...

} // namespace uops::frontend::detail
