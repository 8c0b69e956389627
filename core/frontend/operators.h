// Operators on any value: Python's dispatch between numbers, sequences and
// host objects.
#pragma once

#include "core/frontend/op_kinds.h"
#include "core/frontend/value.h"

namespace uops::frontend {

// `a op b`. A host object operand is asked first (see Object::binaryOp);
// then numbers, then sequences (list + list, str * int, lexicographic <).
// Throws ScriptError: "unsupported operand type(s) for +: 'int' and 'str'".
Value binaryOp(BinaryOp op, const Value& a, const Value& b);
Value unaryOp(UnaryOp op, const Value& v);

bool truthy(const Value& v);                              // Python's bool(v)
bool equals(const Value& a, const Value& b);              // bool(a == b), identity first
bool identical(const Value& a, const Value& b);           // a is b
bool contains(const Value& container, const Value& item); // item in container

} // namespace uops::frontend
