// The operators a program can apply, shared by the AST, the value layer and
// host objects.
#pragma once

#include <cstdint>
#include <string_view>

namespace uops::frontend {

// Arithmetic, bitwise and rich-comparison operators, in Python's spelling.
enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  MatMul,
  TrueDiv,
  FloorDiv,
  Mod,
  Pow,
  LShift,
  RShift,
  BitAnd,
  BitOr,
  BitXor,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
};

// `not` is not here: it is truthiness, never dispatched to an object.
// Abs is the builtin abs(), which Python dispatches like an operator.
enum class UnaryOp : uint8_t { Neg, Pos, Invert, Abs };

std::string_view symbol(BinaryOp op); // "+", "//", "<=", ...
std::string_view symbol(UnaryOp op);  // "-", "+", "~", "abs"

constexpr bool isComparison(BinaryOp op) {
  return op >= BinaryOp::Eq;
}

// The comparison that holds with the operands swapped: a < b  <=>  b > a.
BinaryOp mirrored(BinaryOp op);

} // namespace uops::frontend
