// Marker ops (identity on data) and codegen ops (generated code primitives,
// never in the main graph; the spec marks them subject to change).
#include "core/docs/op_doc.h"

namespace uops::docs {
namespace {

constexpr OpDoc kCodegenDocs[] = {
    {Op::Contiguous, "Force a contiguous memory layout: the value is realized into a buffer.",
     "(T,)", "none", "src[0].dtype; src[0].shape", ""},
    {Op::ContiguousBackward, "Force a contiguous layout in the backward pass only.", "(T,)", "none",
     "src[0].dtype; src[0].shape", ""},
    {Op::Detach, "Stop gradient propagation; identity on the data.", "(T,)", "none",
     "src[0].dtype; src[0].shape", ""},
    {Op::Barrier, "Synchronize the threads of a workgroup.", "(deps...)", "none", "void", ""},
    {Op::Ins, "A single machine instruction (for example AMD ISA).", "its operands",
     "the instruction text", "the instruction's result dtype", ""},
    {Op::Special, "A GPU thread or workgroup index.", "(bound,)", "the name", "index; shape ()",
     "gidx0, lidx1"},
    {Op::If, "Begin a conditional block: what follows runs only where gate is true.", "(gate, ...)",
     "none", "void", ""},
    {Op::Endif, "End the conditional block its If began.", "(if,)", "none", "void", ""},
    {Op::Wmma, "Warp matrix multiply-accumulate (tensor cores): acc + A @ B on one tile.",
     "(A, B, acc)", "the tile configuration", "acc's dtype (a vector of the tile's outputs)",
     "TC(axis) on a matrix product's reduce axis makes one"},
    {Op::Custom, "Inject a custom code string into the generated source.", "(args...)",
     "the format string", "the node's dtype, as the code string produces it", ""},
    {Op::AtomicAdd, "Atomic read-modify-write: buf[idx] += val.", "(idx, val)", "none", "void", ""},
    {Op::CustomFunction,
     "An opaque device function (for example hardware decode), reached through "
     "Call.",
     "(meta...)", "the name", "the node's dtype", ""},
    {Op::Program, "A compiled kernel: its instructions, source and machine code.",
     "(linear, source, binary)", "none", "void", ""},
    {Op::Source, "Human-readable rendered source code of a kernel.", "none (a leaf)",
     "the source text", "void", ""},
    {Op::Fma, "Fused multiply-add: a * b + c rounded once, the machine's FMA instruction.",
     "(A, B, C)", "none", "A's dtype (float32 or float64)",
     "Instruction Selection's transcendental polynomials, on a target with FMA "
     "(CodegenTarget::fusedMultiplyAdd)"},
    {Op::Ldexp,
     "Scale by a power of two: A * 2^floor(N) rounded once (NaN where either is NaN), the "
     "machine's vscalefps. Off AVX-512 vector widths the LLVM renderer forms 2^N from two "
     "exponent fields, exact where A * 2^floor(N / 2) is normal (decomposed Exp2's range).",
     "(A, N)", "none", "A's dtype (float32 or float64)",
     "the 2^q of decomposed Exp2, on a target with vscalefps (CodegenTarget::scaleInstruction)"},
    {Op::FracNearest,
     "X minus X rounded to the nearest integer, ties to even: exact, within [-1/2, 1/2]; 0 where "
     "X is infinite, NaN where X is NaN: the machine's vreduceps with round-to-nearest. Without "
     "AVX-512DQ the LLVM renderer subtracts llvm.roundeven and selects 0 for an infinite X.",
     "(X)", "none", "X's dtype (float32 or float64)",
     "the argument reduction of decomposed Exp2, on a target with vreduceps and vscalefps whose "
     "scaling into subnormals costs no microcode assist (CodegenTarget::fractionInstruction)"},
};

} // namespace

std::span<const OpDoc> codegenOpDocs() { return kCodegenDocs; }

} // namespace uops::docs
