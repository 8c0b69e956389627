#include "core/program/method_helpers.h"

namespace uops::program::detail {

Method unary(std::string name, Tensor (Tensor::*fn)() const) {
  return {std::move(name), [fn](Args& a) {
            a.expectNone();
            return wrap((self(a).*fn)());
          }};
}

AttentionCall bindAttention(Args& a) {
  auto [key, value, mask, dropoutP, isCausal, enableGqa] = a.bind({"key",
                                                                   "value",
                                                                   {"attn_mask", Value()},
                                                                   {"dropout_p", 0.0},
                                                                   {"is_causal", false},
                                                                   {"enable_gqa", false}});
  return {.key = key,
          .value = value,
          .mask = mask,
          .dropoutP = toDouble(a, dropoutP, "dropout_p"),
          .isCausal = toBool(a, isCausal, "is_causal"),
          .enableGqa = toBool(a, enableGqa, "enable_gqa")};
}

Tensor leftOperand(const TensorOrScalar& x) {
  return x.isTensor() ? x.tensor() : Tensor::scalar(x.scalar());
}

Method binary(std::string name, Tensor (Tensor::*fn)(const TensorOrScalar&) const, bool reversible,
              const char* param) {
  if (!reversible)
    return {std::move(name), [fn, param](Args& a) {
              auto [x] = a.bind({param});
              return wrap((self(a).*fn)(toOperand(a, x, param)));
            }};
  return {std::move(name), [fn, param](Args& a) {
            auto [x, reverse] = a.bind({param, {"reverse", false}});
            TensorOrScalar operand = toOperand(a, x, param);
            if (toBool(a, reverse, "reverse")) return wrap((leftOperand(operand).*fn)(self(a)));
            return wrap((self(a).*fn)(operand));
          }};
}

} // namespace uops::program::detail
