// LLVM IR instructions and keywords, as the LLVM renderer writes them.
#include "core/docs/llvm_doc.h"

namespace uops::docs {
namespace {

constexpr std::string_view kLlvmIns = "instruction";
constexpr std::string_view kLlvmKey = "keyword";
constexpr std::string_view kLlvmIntOps = "two integers (or integer vectors) of one type; the result has it";
constexpr std::string_view kLlvmFloatOps = "two floats (or float vectors) of one type; the result has it";
constexpr std::string_view kLlvmConv = "a value and the target type: <op> <ty> %v to <ty2>";

} // namespace

// Defined here and in llvm_docs_intrinsics.cpp; llvm_doc.cpp joins them.
std::span<const LlvmDoc> llvmInstructionDocs();

std::span<const LlvmDoc> llvmInstructionDocs() {
  static constexpr LlvmDoc kLlvmInstructionDocs[] = {
      {"add", kLlvmIns, "Integer addition, wrapping modulo 2^n.", kLlvmIntOps, "Add on integers; index math"},
      {"sub", kLlvmIns, "Integer subtraction, wrapping modulo 2^n.", kLlvmIntOps, "Sub, Neg on integers"},
      {"mul", kLlvmIns, "Integer multiplication, wrapping modulo 2^n.", kLlvmIntOps, "Mul on integers"},
      {"sdiv", kLlvmIns, "Signed integer division, rounding toward zero; division by zero is undefined.",
       kLlvmIntOps, "Idiv on signed integers (guarded against 0 and -1)"},
      {"udiv", kLlvmIns, "Unsigned integer division.", kLlvmIntOps, "Idiv on unsigned integers"},
      {"srem", kLlvmIns, "Signed remainder; the result has the dividend's sign.", kLlvmIntOps,
       "Mod on signed integers"},
      {"urem", kLlvmIns, "Unsigned remainder.", kLlvmIntOps, "Mod on unsigned integers"},
      {"fadd", kLlvmIns, "Floating-point addition.", kLlvmFloatOps, "Add on floats"},
      {"fsub", kLlvmIns, "Floating-point subtraction.", kLlvmFloatOps, "Sub on floats"},
      {"fmul", kLlvmIns, "Floating-point multiplication.", kLlvmFloatOps, "Mul on floats"},
      {"fdiv", kLlvmIns, "Floating-point division.", kLlvmFloatOps, "Recip (1/x), Idiv on floats"},
      {"frem", kLlvmIns, "Floating-point remainder with the dividend's sign (C's fmod).", kLlvmFloatOps,
       "Mod on floats"},
      {"fneg", kLlvmIns, "Floating-point negation (flips the sign bit).", "one float operand",
       "Neg on floats"},
      {"and", kLlvmIns, "Bitwise and.", kLlvmIntOps, "And; bool logic"},
      {"or", kLlvmIns, "Bitwise or.", kLlvmIntOps, "Or"},
      {"xor", kLlvmIns, "Bitwise exclusive or.", kLlvmIntOps, "Xor, Not on bools, Threefry"},
      {"shl", kLlvmIns, "Shift left; shifting by the bit width or more is poison.", kLlvmIntOps, "Shl"},
      {"lshr", kLlvmIns, "Logical shift right: zeros fill the high bits.", kLlvmIntOps,
       "Shr on unsigned integers"},
      {"ashr", kLlvmIns, "Arithmetic shift right: the sign bit fills the high bits.", kLlvmIntOps,
       "Shr on signed integers"},
      {"icmp", kLlvmIns, "Integer comparison by a predicate (eq, ne, slt, ult, ...); the result is i1.",
       "icmp <pred> <ty> %a, %b", "CmpLt, CmpNe on integers; loop conditions"},
      {"fcmp", kLlvmIns, "Floating-point comparison by a predicate (olt: ordered less than, une: unordered "
                     "or not equal, ...); the result is i1.",
       "fcmp <pred> <ty> %a, %b", "CmpLt, CmpNe on floats"},
      {"select", kLlvmIns, "Choose between two values by an i1 condition, without branching.",
       "select i1 %c, <ty> %a, <ty> %b", "Where; gated loads"},
      {"phi", kLlvmIns, "The value that depends on which predecessor block control came from.",
       "phi <ty> [%v, %block], ...", "Range counters and reduce accumulators"},
      {"br", kLlvmIns, "Branch: jump to a label, or to one of two labels by an i1 condition.",
       "br label %l, or br i1 %c, label %t, label %f", "Range loops, End, If"},
      {"ret", kLlvmIns, "Return from the function.", "ret void", "the end of a kernel"},
      {"call", kLlvmIns, "Call a function or an intrinsic.", "call <ty> @f(<args>)",
       "intrinsics, helper functions, the kernel body from its threads"},
      {"alloca", kLlvmIns, "Reserve stack memory for the function's lifetime; the result is a pointer.",
       "alloca <ty>, align n", "REG buffers (accumulators, upcast registers)"},
      {"load", kLlvmIns, "Read a value from memory through a pointer.", "load <ty>, ptr %p, align n",
       "Load, Index of a buffer"},
      {"store", kLlvmIns, "Write a value to memory through a pointer.", "store <ty> %v, ptr %p, align n",
       "Store"},
      {"getelementptr", kLlvmIns, "Address arithmetic: a pointer plus an index scaled by the element "
                              "size; reads no memory.",
       "getelementptr inbounds <ty>, ptr %base, <ity> %idx", "Index into a buffer"},
      {"bitcast", kLlvmIns, "Reinterpret the bits of a value as another type of the same size.", kLlvmConv,
       "Bitcast; float/int tricks in casts"},
      {"trunc", kLlvmIns, "Truncate an integer to fewer bits.", kLlvmConv,
       "Cast to a narrower integer or bool"},
      {"zext", kLlvmIns, "Zero-extend an integer to more bits.", kLlvmConv,
       "Cast from unsigned integers or bool"},
      {"sext", kLlvmIns, "Sign-extend an integer to more bits.", kLlvmConv, "Cast from signed integers"},
      {"fptrunc", kLlvmIns, "Round a float to a narrower float type.", kLlvmConv, "Cast float64 -> float32"},
      {"fpext", kLlvmIns, "Widen a float to a wider float type, exactly.", kLlvmConv,
       "Cast float32 -> float64"},
      {"fptosi", kLlvmIns, "Float to signed integer, rounding toward zero (the renderer clamps first).",
       kLlvmConv, "Cast float -> signed integer"},
      {"fptoui", kLlvmIns, "Float to unsigned integer, rounding toward zero (the renderer clamps "
                       "first).",
       kLlvmConv, "Cast float -> unsigned integer"},
      {"sitofp", kLlvmIns, "Signed integer to float, rounding to nearest.", kLlvmConv,
       "Cast signed integer -> float"},
      {"uitofp", kLlvmIns, "Unsigned integer to float, rounding to nearest.", kLlvmConv,
       "Cast unsigned integer or bool -> float"},
      {"insertelement", kLlvmIns, "A vector with one lane replaced.",
       "insertelement <n x ty> %vec, ty %v, i32 lane", "Stack of lanes (upcast vectors)"},
      {"extractelement", kLlvmIns, "One lane of a vector.", "extractelement <n x ty> %vec, i32 lane",
       "Index of a lane (Wmma results, vector loads)"},
      {"shufflevector", kLlvmIns, "Build a vector from lanes of two vectors by a constant mask.",
       "shufflevector <n x ty> %a, <n x ty> %b, <m x i32> mask", "vector regrouping"},
      {"define", kLlvmKey, "A function definition with its body.", "define <ty> @name(<params>) { ... }",
       "the kernel and its per-thread body"},
      {"declare", kLlvmKey, "A function (or intrinsic) defined elsewhere.", "declare <ty> @name(<types>)",
       "the intrinsics a kernel calls"},
      {"inbounds", kLlvmKey, "getelementptr's promise that the address stays within the object; "
                         "otherwise the result is poison.",
       "qualifies getelementptr", "every buffer index"},
      {"nsw", kLlvmKey, "No signed wrap: signed overflow makes the result poison.", "qualifies add, sub, "
       "mul, shl", "loop counters"},
      {"nuw", kLlvmKey, "No unsigned wrap: unsigned overflow makes the result poison.",
       "qualifies add, sub, mul, shl", "loop counters"},
      {"contract", kLlvmKey, "Fast-math flag: the multiply and add may fuse into one fma.",
       "qualifies fadd, fmul", "Mul feeding Add (Mulacc)"},
      {"noalias", kLlvmKey, "The pointer argument does not alias any other argument.",
       "qualifies a pointer parameter", "distinct kernel buffers"},
      {"align", kLlvmKey, "The memory access or allocation is aligned to n bytes.", "align n",
       "load, store, alloca"},
      {"attributes", kLlvmKey, "A named group of function attributes (#0, #1) that definitions refer to.",
       "attributes #n = { ... }", "the kernel's and its body's attributes"},
      {"alwaysinline", kLlvmKey, "Inline this function into every caller.", "a function attribute",
       "the per-thread kernel body"},
      {"nounwind", kLlvmKey, "The function never throws an exception.", "a function attribute",
       "every kernel function"},
      {"internal", kLlvmKey, "Linkage: the function is visible only in this module.", "qualifies define",
       "the kernel body its entry point calls"},
      {"ptr", kLlvmKey, "The opaque pointer type.", "a type", "buffer arguments and addresses"},
      {"label", kLlvmKey, "The type of a basic block, the target of br.", "label %name",
       "loop headers, bodies, latches and exits"},
      {"poison", kLlvmKey, "A value that makes any use of it undefined; lanes nobody reads.",
       "a constant", "unused vector lanes"},
  };
  return kLlvmInstructionDocs;
}

} // namespace uops::docs
