// LLVM intrinsics, named without their overload suffix (llvm.sqrt for
// llvm.sqrt.f32 and llvm.sqrt.v4f64).
#include "core/docs/llvm_doc.h"

namespace uops::docs {

std::span<const LlvmDoc> llvmIntrinsicDocs();

std::span<const LlvmDoc> llvmIntrinsicDocs() {
  static constexpr std::string_view kIntrinsic = "intrinsic";
  static constexpr LlvmDoc kLlvmIntrinsicDocs[] = {
      {"llvm.maximum", kIntrinsic, "The larger of two floats; NaN if either is NaN, and +0 > -0.",
       "two floats of one type", "Max on floats"},
      {"llvm.smax", kIntrinsic, "The larger of two signed integers.", "two integers of one type",
       "Max on signed integers"},
      {"llvm.umax", kIntrinsic, "The larger of two unsigned integers.", "two integers of one type",
       "Max on unsigned integers and bools"},
      {"llvm.sqrt", kIntrinsic, "Square root, correctly rounded.", "one float", "Sqrt"},
      {"llvm.trunc", kIntrinsic, "Round a float toward zero to an integral value.", "one float",
       "Trunc; Idiv on floats"},
      {"llvm.exp2", kIntrinsic, "2^x.", "one float", "Exp2 where not decomposed"},
      {"llvm.log2", kIntrinsic, "log2(x).", "one float", "Log2 where not decomposed"},
      {"llvm.sin", kIntrinsic, "sin(x).", "one float", "Sin where not decomposed"},
      {"llvm.fabs", kIntrinsic, "Absolute value of a float.", "one float",
       "the float64 -> float32 round-to-odd helper"},
      {"llvm.ctlz", kIntrinsic, "Count leading zero bits.", "an integer and i1 is_zero_poison",
       "the uint64 -> float64 helper"},
      {"llvm.fma", kIntrinsic, "Fused multiply-add a*b + c with one rounding.", "three floats",
       "Fma (the polynomials of decomposed Exp2, Log2 and Sin on a target with FMA)"},
      {"llvm.x86.avx512.mask.scalef", kIntrinsic,
       "x86's vscalefps / vscalefpd: a * 2^floor(b) in every lane, rounded once.",
       "two vectors, a pass-through vector, a lane mask (and a rounding mode on 512 bits)",
       "Ldexp (decomposed Exp2's scale on an AVX-512 target)"},
      {"llvm.x86.avx512.mask.reduce", kIntrinsic,
       "x86's vreduceps / vreducepd: in every lane, a minus a rounded as the immediate says "
       "(here to the nearest integer, ties to even), exact; +0 for an infinity.",
       "a vector, the immediate, a pass-through vector, a lane mask (and a rounding mode on 512 "
       "bits)",
       "FracNearest (decomposed Exp2's argument reduction on an AVX-512 Zen)"},
      {"llvm.roundeven", kIntrinsic, "Round a float to the nearest integer, ties to even.",
       "one float", "FracNearest without AVX-512DQ"},
      {"llvm.masked.load", kIntrinsic,
       "Vector load where masked-off lanes read nothing and take the "
       "pass-through value.",
       "ptr, i32 align, <n x i1> mask, <n x ty> passthru", "a gated group of Loads"},
      {"llvm.matrix.multiply", kIntrinsic,
       "Multiply two flattened column-major matrices: "
       "(m x k) times (k x n).",
       "two vectors and i32 m, k, n", "Wmma (TC on the CPU)"},
  };
  return kLlvmIntrinsicDocs;
}

} // namespace uops::docs
