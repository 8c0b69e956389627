// Elementwise Tensor methods: arithmetic, comparisons, logic, math and
// activations, with tinygrad's parameter names and defaults.
#include "core/program/method_helpers.h"
#include "core/program/tensor_methods.h"

namespace uops::program {

using namespace detail;

std::vector<frontend::Method> elementwiseMethods() {
  return {
      // arithmetic
      binary("add", &Tensor::add, true),
      binary("sub", &Tensor::sub, true),
      binary("mul", &Tensor::mul, true),
      {"div",
       [](Args& a) {
         auto [x, reverse, mode] = a.bind({"x", {"reverse", false}, {"rounding_mode", Value()}});
         TensorOrScalar operand = toOperand(a, x, "x");
         std::optional<std::string> rounding = toOptStr(a, mode, "rounding_mode");
         if (toBool(a, reverse, "reverse"))
           return wrap(leftOperand(operand).div(self(a), rounding));
         return wrap(self(a).div(operand, rounding));
       }},
      binary("mod", &Tensor::mod, true),
      binary("fmod", &Tensor::fmod),
      binary("pow", &Tensor::pow, true),
      binary("maximum", &Tensor::maximum),
      binary("minimum", &Tensor::minimum),
      binary("copysign", &Tensor::copysign, false, "other"),
      binary("logaddexp", &Tensor::logaddexp, false, "other"),
      unary("neg", &Tensor::neg),
      unary("square", &Tensor::square),
      unary("reciprocal", &Tensor::reciprocal),
      {"where",
       [](Args& a) {
         auto [x, y] = a.bind({"x", "y"});
         return wrap(self(a).where(toOperand(a, x, "x"), toOperand(a, y, "y")));
       }},
      {"masked_fill",
       [](Args& a) {
         auto [mask, value] = a.bind({"mask", "value"});
         return wrap(self(a).maskedFill(toTensor(a, mask, "mask"), toOperand(a, value, "value")));
       }},
      {"clamp",
       [](Args& a) {
         auto [lo, hi] = a.bind({{"min_", Value()}, {"max_", Value()}});
         return wrap(self(a).clamp(toOptOperand(a, lo, "min_"), toOptOperand(a, hi, "max_")));
       }},
      {"clip",
       [](Args& a) {
         auto [lo, hi] = a.bind({{"min_", Value()}, {"max_", Value()}});
         return wrap(self(a).clip(toOptOperand(a, lo, "min_"), toOptOperand(a, hi, "max_")));
       }},
      {"lerp",
       [](Args& a) {
         auto [end, weight] = a.bind({"end", "weight"});
         return wrap(self(a).lerp(toTensor(a, end, "end"), toOperand(a, weight, "weight")));
       }},
      // comparisons (tinygrad has eq / ne; the others are here for symmetry)
      binary("eq", &Tensor::eq),
      binary("ne", &Tensor::ne),
      binary("lt", &Tensor::lt),
      binary("le", &Tensor::le),
      binary("gt", &Tensor::gt),
      binary("ge", &Tensor::ge),
      {"isclose",
       [](Args& a) {
         auto [other, rtol, atol, equalNan] =
             a.bind({"other", {"rtol", 1e-05}, {"atol", 1e-08}, {"equal_nan", false}});
         return wrap(self(a).isclose(toOperand(a, other, "other"), toDouble(a, rtol, "rtol"),
                                     toDouble(a, atol, "atol"), toBool(a, equalNan, "equal_nan")));
       }},
      {"allclose",
       [](Args& a) {
         auto [other, rtol, atol, equalNan] =
             a.bind({"other", {"rtol", 1e-05}, {"atol", 1e-08}, {"equal_nan", false}});
         return wrap(self(a)
                         .isclose(toOperand(a, other, "other"), toDouble(a, rtol, "rtol"),
                                  toDouble(a, atol, "atol"), toBool(a, equalNan, "equal_nan"))
                         .all());
       }},
      // logic and bits
      binary("bitwise_and", &Tensor::bitwiseAnd, true),
      binary("bitwise_or", &Tensor::bitwiseOr, true),
      binary("bitwise_xor", &Tensor::bitwiseXor, true),
      unary("bitwise_not", &Tensor::bitwiseNot),
      binary("lshift", &Tensor::lshift, true),
      binary("rshift", &Tensor::rshift, true),
      binary("__lshift__", &Tensor::lshift),
      binary("__rshift__", &Tensor::rshift),
      unary("logical_not", &Tensor::logicalNot),
      // math
      unary("sqrt", &Tensor::sqrt),
      unary("rsqrt", &Tensor::rsqrt),
      unary("exp", &Tensor::exp),
      unary("exp2", &Tensor::exp2),
      unary("log", &Tensor::log),
      unary("log2", &Tensor::log2),
      unary("log10", &Tensor::log10),
      unary("sin", &Tensor::sin),
      unary("cos", &Tensor::cos),
      unary("tan", &Tensor::tan),
      unary("asin", &Tensor::asin),
      unary("acos", &Tensor::acos),
      unary("atan", &Tensor::atan),
      unary("sinh", &Tensor::sinh),
      unary("cosh", &Tensor::cosh),
      unary("tanh", &Tensor::tanh),
      unary("asinh", &Tensor::asinh),
      unary("acosh", &Tensor::acosh),
      unary("atanh", &Tensor::atanh),
      unary("erf", &Tensor::erf),
      unary("abs", &Tensor::abs),
      unary("sign", &Tensor::sign),
      unary("trunc", &Tensor::trunc),
      unary("ceil", &Tensor::ceil),
      unary("floor", &Tensor::floor),
      unary("round", &Tensor::round),
      unary("isnan", &Tensor::isnan),
      unary("isfinite", &Tensor::isfinite),
      {"isinf",
       [](Args& a) {
         auto [pos, neg] = a.bind({{"detect_positive", true}, {"detect_negative", true}});
         return wrap(
             self(a).isinf(toBool(a, pos, "detect_positive"), toBool(a, neg, "detect_negative")));
       }},
      // activations
      unary("relu", &Tensor::relu),
      unary("relu6", &Tensor::relu6),
      unary("sigmoid", &Tensor::sigmoid),
      unary("quick_gelu", &Tensor::quickGelu),
      unary("silu", &Tensor::silu),
      unary("swish", &Tensor::swish),
      unary("mish", &Tensor::mish),
      unary("softsign", &Tensor::softsign),
      unary("hardswish", &Tensor::hardswish),
      unary("logsigmoid", &Tensor::logsigmoid),
      {"hardsigmoid",
       [](Args& a) {
         auto [alpha, beta] = a.bind({{"alpha", 1.0 / 6.0}, {"beta", 0.5}});
         return wrap(self(a).hardsigmoid(toDouble(a, alpha, "alpha"), toDouble(a, beta, "beta")));
       }},
      {"gelu",
       [](Args& a) {
         auto [approximate] = a.bind({{"approximate", "tanh"}});
         return wrap(self(a).gelu(toStr(a, approximate, "approximate")));
       }},
      {"leaky_relu",
       [](Args& a) {
         auto [slope] = a.bind({{"neg_slope", 0.01}});
         return wrap(self(a).leakyRelu(toDouble(a, slope, "neg_slope")));
       }},
      {"elu",
       [](Args& a) {
         auto [alpha] = a.bind({{"alpha", 1.0}});
         return wrap(self(a).elu(toDouble(a, alpha, "alpha")));
       }},
      {"celu",
       [](Args& a) {
         auto [alpha] = a.bind({{"alpha", 1.0}});
         return wrap(self(a).celu(toDouble(a, alpha, "alpha")));
       }},
      {"selu",
       [](Args& a) {
         auto [alpha, gamma] = a.bind({{"alpha", 1.67326}, {"gamma", 1.0507}});
         return wrap(self(a).selu(toDouble(a, alpha, "alpha"), toDouble(a, gamma, "gamma")));
       }},
      {"softplus",
       [](Args& a) {
         auto [beta] = a.bind({{"beta", 1.0}});
         return wrap(self(a).softplus(toDouble(a, beta, "beta")));
       }},
      {"hardtanh",
       [](Args& a) {
         auto [lo, hi] = a.bind({{"min_val", -1}, {"max_val", 1}});
         return wrap(self(a).hardtanh(toDouble(a, lo, "min_val"), toDouble(a, hi, "max_val")));
       }},
  };
}

} // namespace uops::program
