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
// tinygrad's 1 / (1 + exp(-x)), with exp's argument kept within [-126, 126] (base 2) so it
// never overflows: the chain rule through the formula then stays finite (at x = -300 tinygrad's
// is inf * 0, hidden or not by its symbolic rewrites depending on what it realizes together).
// Below x = -87.3 the value is 1 / (1 + 2^126) = 2^-126, the smallest normal float, instead of a
// denormal or 0, and the gradient is 0; tanh and the gelus inherit this. Above x = 87.3 it is 1
// exactly as before (1 + 2^-126 rounds to 1), its gradient 0 instead of a denormal. No value in
// between is subnormal: an x86 core takes a microcode assist (20x the instruction) for each
// vector whose division or exp2 scale gives one, and a gelu over inputs of N(0, 9) spent more
// than half its time there. (A select between two formulas would be exact there, but LLVM's SLP
// vectorizer shuffles such selects across lanes: the gelu benchmark ran 1.4-2x slower.)
namespace {

// x * sigmoid(z), 0 where sigmoid(z) is (z below -128 ln 2, where tinygrad's 2^(-z / ln 2)
// overflows to inf): sigmoid's floor of 2^-126 made silu(-inf) -inf and silu(-1e30) -1e-8 where
// IEEE and tinygrad give NaN and -0. A multiply by the comparison, not a select (see sigmoid).
Tensor timesSigmoid(const Tensor& x, const Tensor& z) {
  Tensor product = x.mul(z.sigmoid());
  return product.mul(z.gt(-128 * std::numbers::ln2).cast(product.dtype()));
}

} // namespace

Tensor Tensor::sigmoid() const {
  // the bounds as compares and selects, exp2's own clamps (Max and the negations of a minimum
  // cost spills in gelu's vector loop); NaN compares false and stays NaN
  Tensor v = mul(-1 / std::numbers::ln2);
  v = v.lt(-126.0).where(-126.0, v);
  v = v.gt(126.0).where(126.0, v);
  return (1 + v.exp2()).reciprocal();
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
  return timesSigmoid(*this, mul(1.702));
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
  return timesSigmoid(*this, *this);
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
