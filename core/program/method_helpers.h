// Internal: builders for the common shapes of method-table entries, so that
// most entries are one line.
#pragma once

#include "core/frontend/object.h"
#include "core/program/convert.h"

#include <string>

namespace uops::program::detail {

using frontend::Method;

// x.name() with no arguments.
Method unary(std::string name, Tensor (Tensor::*fn)() const);
// x.name(x) with a tensor or scalar operand; `reversible` adds tinygrad's
// `reverse=False` keyword (x.sub(2, reverse=True) is 2 - x).
Method binary(std::string name, Tensor (Tensor::*fn)(const TensorOrScalar&) const,
              bool reversible = false, const char* param = "x");
// The arguments of x.scaled_dot_product_attention(key, value,
// attn_mask=None, dropout_p=0.0, is_causal=False, enable_gqa=False), for the
// method and for the form that keeps a symbolic size (symbolic_methods.h):
// the tensors as given, the options converted.
struct AttentionCall {
  frontend::Value key, value, mask;
  double dropoutP = 0.0;
  bool isCausal = false, enableGqa = false;
};
AttentionCall bindAttention(Args& a);
// The operand as the left side of a reflected operation: a Python scalar
// becomes a weak constant, as Python's reflected dunders make it.
Tensor leftOperand(const TensorOrScalar& x);

} // namespace uops::program::detail
