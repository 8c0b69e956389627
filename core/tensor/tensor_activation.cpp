// Activation functions, composed as tinygrad composes them (sigmoid says where not).
#include "core/tensor/tensor_impl.h"

#include <cmath>
#include <numbers>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

Tensor Tensor::relu() const {
  return gt(0).where(*this, 0);
}
Tensor Tensor::relu6() const {
  return relu().sub(sub(6).relu());
}
// tinygrad's 1 / (1 + exp(-x)), evaluated as exp(x) / (1 + exp(x)) below zero so that exp never
// overflows: the chain rule through the formula then stays finite (tinygrad's symbolic rewrites
// hide the inf * 0 its own formula gives at |x| > 88; tanh and the gelus inherit this).
Tensor Tensor::sigmoid() const {
  Tensor nonNegative = ge(0);
  Tensor e = nonNegative.where(neg(), *this).mul(1 / std::numbers::ln2).exp2();
  Tensor r = (1 + e).reciprocal();
  return nonNegative.where(r, e.mul(r));
}
Tensor Tensor::hardsigmoid(double alpha, double beta) const {
  Tensor y = alpha * *this + beta;
  return y.relu().sub(y.sub(1).relu());
}
Tensor Tensor::hardtanh(double minVal, double maxVal) const {
  return clip(minVal, maxVal);
}
Tensor Tensor::hardswish() const {
  return mul(add(3).relu6()).mul(1.0 / 6.0);
}
Tensor Tensor::leakyRelu(double negSlope) const {
  return lt(0).where(negSlope * *this, *this);
}
Tensor Tensor::quickGelu() const {
  return mul(mul(1.702).sigmoid());
}

Tensor Tensor::gelu(const std::string& approximate) const {
  if (approximate == "tanh") {
    Tensor inner = std::sqrt(2 / std::numbers::pi) * add(0.044715 * pow(3));
    return (0.5 * *this).mul(1 + inner.tanh());
  }
  if (approximate == "none") return mul(0.5).mul(1.0 + div(std::numbers::sqrt2).erf());
  fail(fmt::format("approximate='{}' is not supported", approximate));
}

Tensor Tensor::swish() const {
  return mul(sigmoid());
}
Tensor Tensor::silu() const {
  return swish();
}
Tensor Tensor::elu(double alpha) const {
  return relu().sub(alpha * (1 - exp()).relu());
}
Tensor Tensor::celu(double alpha) const {
  return maximum(0).add((alpha * div(alpha).exp().sub(1)).minimum(0));
}
Tensor Tensor::selu(double alpha, double gamma) const {
  return gamma * ge(0).where(*this, alpha * exp().sub(1));
}
Tensor Tensor::softplus(double beta) const {
  return 1 / beta * mul(beta).logaddexp(0.0);
}
Tensor Tensor::mish() const {
  return mul(softplus().tanh());
}
Tensor Tensor::logsigmoid() const {
  return neg().softplus().neg();
}
Tensor Tensor::softsign() const {
  return div(1 + abs());
}

} // namespace uops
