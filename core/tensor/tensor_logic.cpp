// Comparisons (with the spec's decompositions), logical and bitwise ops, shifts and where.
#include "core/tensor/tensor_impl.h"

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

void checkBitwise(const Tensor& a, const char* what) {
  if (!a.dtype().isInt() && !a.dtype().isBool())
    fail(fmt::format("{} operands must be int or bool, got {}", what, promoTypeName(promoType(a))));
}

Tensor bitwise(Op op, const Tensor& x, const TensorOrScalar& y, bool reverse = false) {
  auto [a, b] = promoted(x, y, reverse);
  checkBitwise(a, "bitwise");
  return alu(op, {a, b});
}

Tensor shift(Op op, const Tensor& x, const TensorOrScalar& y, bool reverse = false) {
  auto [a, b] = promoted(x, y, reverse);
  if (!a.dtype().isInt())
    fail(fmt::format("shift operands must be int, got {}", promoTypeName(promoType(a))));
  return alu(op, {a, b});
}

} // namespace

// Comparisons, with the spec's decompositions of Gt, Ge, Le and Eq.
Tensor Tensor::lt(const TensorOrScalar& x) const {
  return binop(Op::CmpLt, *this, x);
}
Tensor Tensor::gt(const TensorOrScalar& x) const {
  return binop(Op::CmpLt, *this, x, true);
}
Tensor Tensor::ge(const TensorOrScalar& x) const {
  return lt(x).logicalNot();
}
Tensor Tensor::le(const TensorOrScalar& x) const {
  return gt(x).logicalNot();
}
Tensor Tensor::ne(const TensorOrScalar& x) const {
  return binop(Op::CmpNe, *this, x);
}
Tensor Tensor::eq(const TensorOrScalar& x) const {
  return ne(x).logicalNot();
}

// Not is CmpNe(x, True).
Tensor Tensor::logicalNot() const {
  Tensor b = cast(dtypes::bool_);
  return alu(Op::CmpNe, {b, constFill(true, dtypes::bool_, shape(), b)});
}

Tensor Tensor::bitwiseAnd(const TensorOrScalar& x) const {
  return bitwise(Op::And, *this, x);
}
Tensor Tensor::bitwiseOr(const TensorOrScalar& x) const {
  return bitwise(Op::Or, *this, x);
}
Tensor Tensor::bitwiseXor(const TensorOrScalar& x) const {
  return bitwise(Op::Xor, *this, x);
}
Tensor Tensor::bitwiseNot() const {
  if (dtype().isBool()) return logicalNot();
  checkBitwise(*this, "bitwise");
  if (dtype().isUnsigned()) return bitwiseXor(toPyScalar(dtypeMax(dtype())));
  return bitwiseXor(int64_t{-1});
}
Tensor Tensor::lshift(const TensorOrScalar& x) const {
  return shift(Op::Shl, *this, x);
}
Tensor Tensor::rshift(const TensorOrScalar& x) const {
  return shift(Op::Shr, *this, x);
}

Tensor Tensor::where(const TensorOrScalar& x, const TensorOrScalar& y) const {
  if (!dtype().isBool()) fail(fmt::format("where cond must be bool, got {}", toString(dtype())));
  auto [a, b] = promoted(toTensor(x, *this), y);
  Shape s = broadcastShape({shape(), a.shape(), b.shape()});
  return alu(Op::Where, {broadcastTo(*this, s), broadcastTo(a, s), broadcastTo(b, s)});
}

Tensor Tensor::maskedFill(const Tensor& mask, const TensorOrScalar& value) const {
  return mask.where(value, *this);
}

} // namespace uops
