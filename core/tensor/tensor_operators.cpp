// Python's operators on tensors; a constant on the left is a weak constant tensor,
// as Python's reflected operators make it.
#include "core/tensor/tensor_impl.h"

namespace uops {
using namespace tensor_detail;

Tensor operator+(const Tensor& a, const Tensor& b) {
  return a.add(b);
}
Tensor operator-(const Tensor& a, const Tensor& b) {
  return a.sub(b);
}
Tensor operator*(const Tensor& a, const Tensor& b) {
  return a.mul(b);
}
Tensor operator/(const Tensor& a, const Tensor& b) {
  return a.div(b);
}
Tensor operator%(const Tensor& a, const Tensor& b) {
  return a.mod(b);
}
Tensor operator&(const Tensor& a, const Tensor& b) {
  return a.bitwiseAnd(b);
}
Tensor operator|(const Tensor& a, const Tensor& b) {
  return a.bitwiseOr(b);
}
Tensor operator^(const Tensor& a, const Tensor& b) {
  return a.bitwiseXor(b);
}
Tensor operator<<(const Tensor& a, const Tensor& b) {
  return a.lshift(b);
}
Tensor operator>>(const Tensor& a, const Tensor& b) {
  return a.rshift(b);
}
Tensor operator+(const Tensor& a, const Scalar& b) {
  return a.add(b);
}
Tensor operator-(const Tensor& a, const Scalar& b) {
  return a.sub(b);
}
Tensor operator*(const Tensor& a, const Scalar& b) {
  return a.mul(b);
}
Tensor operator/(const Tensor& a, const Scalar& b) {
  return a.div(b);
}
Tensor operator%(const Tensor& a, const Scalar& b) {
  return a.mod(b);
}
Tensor operator&(const Tensor& a, const Scalar& b) {
  return a.bitwiseAnd(b);
}
Tensor operator|(const Tensor& a, const Scalar& b) {
  return a.bitwiseOr(b);
}
Tensor operator^(const Tensor& a, const Scalar& b) {
  return a.bitwiseXor(b);
}
Tensor operator<<(const Tensor& a, const Scalar& b) {
  return a.lshift(b);
}
Tensor operator>>(const Tensor& a, const Scalar& b) {
  return a.rshift(b);
}
// Python's reflected operators: the constant is the left operand.
Tensor operator+(const Scalar& a, const Tensor& b) {
  return pyConst(a, b).add(b);
}
Tensor operator*(const Scalar& a, const Tensor& b) {
  return pyConst(a, b).mul(b);
}
Tensor operator-(const Scalar& a, const Tensor& b) {
  return pyConst(a, b).sub(b);
}
Tensor operator/(const Scalar& a, const Tensor& b) {
  return pyConst(a, b).div(b);
}
Tensor operator-(const Tensor& a) {
  return a.neg();
}
Tensor operator~(const Tensor& a) {
  return a.bitwiseNot();
}

} // namespace uops
