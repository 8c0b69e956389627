// Op: every operation of the UOp dialect, in the spec's order and groups.
#pragma once

#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace uops {

// The spec's op groups. Elementwise primitives and their decompositions share a
// color but stay apart: only primitives survive Instruction Selection.
enum class OpGroup : uint8_t {
  Source,
  Movement,
  Reduce,
  Call,
  Load,
  Store,
  Ordering,
  Elementwise,
  DecomposedElementwise,
  Marker,
  Codegen,
};

// X(name, group, minSrc, maxSrc); maxSrc -1 means "any number".
// Binary is listed once: the spec's source-op Binary (raw bytes, uint8) and the
// codegen Binary (compiled machine code) are the same node kind.
#define UOPS_FOR_EACH_OP(X)                                                                        \
  X(Param, Source, 1, 1)                                                                           \
  X(Buffer, Source, 0, 0)                                                                          \
  X(Const, Source, 0, 0)                                                                           \
  X(Binary, Source, 0, 0)                                                                          \
  X(Permute, Movement, 1, 1)                                                                       \
  X(Flip, Movement, 1, 1)                                                                          \
  X(Reshape, Movement, 2, 2)                                                                       \
  X(Expand, Movement, 2, 2)                                                                        \
  X(Pad, Movement, 3, 3)                                                                           \
  X(Shrink, Movement, 3, 3)                                                                        \
  X(Index, Movement, 1, -1)                                                                        \
  X(Stack, Movement, 0, -1)                                                                        \
  X(Replicated, Movement, 1, 1)                                                                    \
  X(Slice, Movement, 2, 2)                                                                         \
  X(Bitcast, Movement, 1, 1)                                                                       \
  X(Reduce, Reduce, 1, -1)                                                                         \
  X(Function, Call, 1, -1)                                                                         \
  X(Call, Call, 1, -1)                                                                             \
  X(Tuple, Call, 0, -1)                                                                            \
  X(GetTuple, Call, 1, 1)                                                                          \
  X(Load, Load, 1, 3)                                                                              \
  X(Store, Store, 2, 3)                                                                            \
  X(Range, Ordering, 1, 1)                                                                         \
  X(End, Ordering, 2, -1)                                                                          \
  X(After, Ordering, 1, -1)                                                                        \
  X(Group, Ordering, 0, -1)                                                                        \
  X(Sink, Ordering, 0, -1)                                                                         \
  X(Linear, Ordering, 0, -1)                                                                       \
  X(Recip, Elementwise, 1, 1)                                                                      \
  X(Trunc, Elementwise, 1, 1)                                                                      \
  X(Cast, Elementwise, 1, 1)                                                                       \
  X(Add, Elementwise, 2, 2)                                                                        \
  X(Mul, Elementwise, 2, 2)                                                                        \
  X(Max, Elementwise, 2, 2)                                                                        \
  X(Mod, Elementwise, 2, 2)                                                                        \
  X(Idiv, Elementwise, 2, 2)                                                                       \
  X(CmpLt, Elementwise, 2, 2)                                                                      \
  X(CmpNe, Elementwise, 2, 2)                                                                      \
  X(Xor, Elementwise, 2, 2)                                                                        \
  X(Or, Elementwise, 2, 2)                                                                         \
  X(And, Elementwise, 2, 2)                                                                        \
  X(Shr, Elementwise, 2, 2)                                                                        \
  X(Shl, Elementwise, 2, 2)                                                                        \
  X(Where, Elementwise, 3, 3)                                                                      \
  X(Neg, DecomposedElementwise, 1, 1)                                                              \
  X(Sub, DecomposedElementwise, 2, 2)                                                              \
  X(Div, DecomposedElementwise, 2, 2)                                                              \
  X(CmpGt, DecomposedElementwise, 2, 2)                                                            \
  X(CmpGe, DecomposedElementwise, 2, 2)                                                            \
  X(CmpLe, DecomposedElementwise, 2, 2)                                                            \
  X(CmpEq, DecomposedElementwise, 2, 2)                                                            \
  X(Not, DecomposedElementwise, 1, 1)                                                              \
  X(Exp2, DecomposedElementwise, 1, 1)                                                             \
  X(Log2, DecomposedElementwise, 1, 1)                                                             \
  X(Sin, DecomposedElementwise, 1, 1)                                                              \
  X(Sqrt, DecomposedElementwise, 1, 1)                                                             \
  X(Pow, DecomposedElementwise, 2, 2)                                                              \
  X(Mulacc, DecomposedElementwise, 3, 3)                                                           \
  X(Threefry, DecomposedElementwise, 2, 2)                                                         \
  X(Contiguous, Marker, 1, 1)                                                                      \
  X(ContiguousBackward, Marker, 1, 1)                                                              \
  X(Detach, Marker, 1, 1)                                                                          \
  X(Barrier, Codegen, 0, -1)                                                                       \
  X(Ins, Codegen, 0, -1)                                                                           \
  X(Special, Codegen, 1, 1)                                                                        \
  X(If, Codegen, 1, -1)                                                                            \
  X(Endif, Codegen, 1, 1)                                                                          \
  X(Wmma, Codegen, 3, 3)                                                                           \
  X(Custom, Codegen, 0, -1)                                                                        \
  X(AtomicAdd, Codegen, 2, 2)                                                                      \
  X(CustomFunction, Codegen, 0, -1)                                                                \
  X(Program, Codegen, 3, 3)                                                                        \
  X(Source, Codegen, 0, 0)                                                                         \
  X(Fma, Codegen, 3, 3)                                                                            \
  X(Ldexp, Codegen, 2, 2)                                                                          \
  X(FracNearest, Codegen, 1, 1)

enum class Op : uint8_t {
#define UOPS_OP_ENUM(name, group, lo, hi) name,
  UOPS_FOR_EACH_OP(UOPS_OP_ENUM)
#undef UOPS_OP_ENUM
};

inline constexpr int kOpCount = 0
#define UOPS_OP_COUNT(name, group, lo, hi) +1
    UOPS_FOR_EACH_OP(UOPS_OP_COUNT)
#undef UOPS_OP_COUNT
    ;

// A set of ops, one bit per op.
using OpSet = std::bitset<kOpCount>;
inline OpSet opBit(Op op) { return OpSet().set(static_cast<size_t>(op)); }

struct OpInfo {
  std::string_view name;
  OpGroup group;
  int8_t minSrc;
  int8_t maxSrc; // -1: unbounded
};

const OpInfo& opInfo(Op op);
inline std::string_view opName(Op op) { return opInfo(op).name; }
inline OpGroup opGroup(Op op) { return opInfo(op).group; }
std::optional<Op> opFromName(std::string_view name);
std::span<const Op> allOps();

std::string_view groupName(OpGroup group);
// The spec's palette as 0xRRGGBB. Source and codegen ops have no color in the
// spec; they get neutral grays so the colored groups stand out.
uint32_t groupColor(OpGroup group);

// Op sets with their law.
// Binary ALU ops whose operands may be swapped without changing the value.
constexpr bool isCommutative(Op op) {
  switch (op) {
  case Op::Add: case Op::Mul: case Op::Max: case Op::CmpNe: case Op::Xor: case Op::Or:
  case Op::And: case Op::CmpEq:
    return true;
  default:
    return false;
  }
}
// a op (b op c) == (a op b) op c for every value.
constexpr bool isAssociative(Op op) {
  switch (op) {
  case Op::Add: case Op::Mul: case Op::Max: case Op::Xor: case Op::Or: case Op::And:
    return true;
  default:
    return false;
  }
}
// Elementwise ops (primitive or decomposed, and the codegen ops Fma, Ldexp
// and FracNearest): shape is the broadcast of the sources.
constexpr bool isElementwise(Op op) {
  return (op >= Op::Recip && op <= Op::Threefry) || op == Op::Fma || op == Op::Ldexp ||
         op == Op::FracNearest;
}
// Ops whose result is a bool regardless of operand dtype.
constexpr bool isComparison(Op op) {
  switch (op) {
  case Op::CmpLt: case Op::CmpNe: case Op::CmpGt: case Op::CmpGe: case Op::CmpLe:
  case Op::CmpEq:
    return true;
  default:
    return false;
  }
}
constexpr bool isMovement(Op op) { return op >= Op::Permute && op <= Op::Bitcast; }

// The decomposed ops Instruction Selection turns into polynomials on the CPU
// (core/pipeline/transcendental.h): some 40 vector operations per element each.
constexpr bool isTranscendental(Op op) { return op == Op::Exp2 || op == Op::Log2 || op == Op::Sin; }

} // namespace uops
