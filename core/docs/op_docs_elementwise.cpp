// Elementwise ops: the primitives, then the decomposed ops defined by them.
// All sources share one shape (broadcast: right-aligned, each axis equal or 1).
#include "core/docs/op_doc.h"

namespace uops::docs {
namespace {

constexpr std::string_view kUnary = "(T,)";
constexpr std::string_view kBinary = "(A, B): one shape after broadcasting";
constexpr std::string_view kNoArg = "none";
constexpr std::string_view kSameDtype = "src[0].dtype; the broadcast shape; device src[0].device";
constexpr std::string_view kBoolDtype = "bool; the broadcast shape; min_max from the intervals";

constexpr OpDoc kElementwiseDocs[] = {
    {Op::Recip, "1/x", kUnary, kNoArg, "src[0].dtype; src[0].shape; min_max the dtype range", ""},
    {Op::Trunc, "trunc(x): round toward zero.", kUnary, kNoArg, "src[0].dtype; src[0].shape", ""},
    {Op::Cast, "Convert each element to the target dtype.", kUnary,
     "none (the target dtype is the node's)", "the target dtype; src[0].shape; min_max clamped to "
     "the dtype", "(pos == idx).cast(T.dtype) in gather"},
    {Op::Add, "a + b", kBinary, kNoArg, "src[0].dtype; the broadcast shape; min_max [a+b, A+B]",
     ""},
    {Op::Mul, "a * b", kBinary, kNoArg,
     "src[0].dtype; the broadcast shape; min_max [min, max] of the products", ""},
    {Op::Max, "max(a, b)", kBinary, kNoArg,
     "src[0].dtype; the broadcast shape; min_max [max(a,b), max(A,B)]", ""},
    {Op::Mod, "a mod b", kBinary, kNoArg, kSameDtype, ""},
    {Op::Idiv, "floor(a / b): integer division.", kBinary, kNoArg, kSameDtype, ""},
    {Op::CmpLt, "[a < b]", kBinary, kNoArg, kBoolDtype, ""},
    {Op::CmpNe, "[a != b]", kBinary, kNoArg, kBoolDtype, ""},
    {Op::Xor, "a xor b (bitwise)", kBinary, kNoArg, kSameDtype, ""},
    {Op::Or, "a | b (bitwise)", kBinary, kNoArg, kSameDtype, ""},
    {Op::And, "a & b (bitwise)", kBinary, kNoArg, kSameDtype, ""},
    {Op::Shr, "a >> b", kBinary, kNoArg, kSameDtype, ""},
    {Op::Shl, "a << b", kBinary, kNoArg, kSameDtype, ""},
    {Op::Where, "A[i] where P[i] != 0, else B[i].", "(P, A, B): predicate and the two values",
     kNoArg, "src[1].dtype; the broadcast shape; min_max [min(b,c), max(B,C)]", ""},
    {Op::Neg, "-x; decomposes to Mul(A, -1).", kUnary, kNoArg, kSameDtype, ""},
    {Op::Sub, "a - b; decomposes to Add(A, Neg(B)).", kBinary, kNoArg, kSameDtype, ""},
    {Op::Div, "a / b; decomposes to Mul(A, Recip(B)).", kBinary, kNoArg, kSameDtype, ""},
    {Op::CmpGt, "[a > b]; decomposes to CmpLt(B, A).", kBinary, kNoArg, kBoolDtype, ""},
    {Op::CmpGe, "[a >= b]; decomposes to CmpNe(CmpLt(A, B), 1).", kBinary, kNoArg, kBoolDtype, ""},
    {Op::CmpLe, "[a <= b]; decomposes to CmpNe(CmpLt(B, A), 1).", kBinary, kNoArg, kBoolDtype, ""},
    {Op::CmpEq, "[a == b]; decomposes to CmpNe(CmpNe(A, B), 1).", kBinary, kNoArg, kBoolDtype,
     "arange(K).reshape(K, 1) == idx.reshape(1, -1) builds gather's one-hot mask"},
    {Op::Not, "not a; decomposes to CmpNe(A, 1).", kUnary, kNoArg, kSameDtype, ""},
    {Op::Exp2, "2^x; decomposes to a polynomial approximation with Mul and Add.", kUnary, kNoArg,
     kSameDtype, ""},
    {Op::Log2, "log2(x); decomposes to an exponent extract and a polynomial approximation.", kUnary,
     kNoArg, kSameDtype, ""},
    {Op::Sin, "sin(x); decomposes to argument reduction and a polynomial approximation.", kUnary,
     kNoArg, kSameDtype, ""},
    {Op::Sqrt, "sqrt(x); decomposes to Exp2(0.5 * Log2(A)).", kUnary, kNoArg, kSameDtype, ""},
    {Op::Pow, "a^b; decomposes to Exp2(Log2(A) * B).", kBinary, kNoArg, kSameDtype, ""},
    {Op::Mulacc, "a * b + c; decomposes to Add(Mul(A, B), C).", "(A, B, C)", kNoArg, kSameDtype,
     ""},
    {Op::Threefry, "The Threefry 2x32 random number generator: 5 rounds of add-rotate-xor.",
     "(x, key)", kNoArg, kSameDtype, ""},
};

} // namespace

std::span<const OpDoc> elementwiseOpDocs() { return kElementwiseDocs; }

} // namespace uops::docs
