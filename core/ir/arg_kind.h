// ArgKind: which Arg alternative each op carries (the table at the top of arg.h).
#pragma once

#include "core/ir/arg.h"

#include <string_view>

namespace uops {

enum class ArgKind : uint8_t {
  None,
  Const, // bool, int64_t or double: the node's dtype says which (verify checks it)
  Int,
  String,
  Ints,
  Bools,
  Param,
  Buffer,
  Reduce,
  Load,
  Range,
};

ArgKind expectedArgKind(Op op);
bool argHasKind(const Arg& arg, ArgKind kind);
// "None", "a constant", "int", "string", "Ints", "Bools", "ParamArg", ...
std::string_view argKindName(ArgKind kind);
// The alternative `arg` holds: "None", "bool", "int", "float", "string", "Ints", ...
std::string_view argAlternativeName(const Arg& arg);

} // namespace uops
