// The Tensor methods that keep a symbolic size (symbolic_shape.h) instead of
// taking the folded twin: the moves of a kv-cache decode step's keys and
// values (transpose, permute, reshape, repeat, casts, contiguous), the
// elementwise methods, the reductions sum/prod/max/min/any/all/mean/var/std/
// var_mean/std_mean/logsumexp/argmax/argmin/softmax/log_softmax and
// matmul/dot (symbolic_ops.h), the cumulative ops cumsum/cumprod/cummax/
// cummin/logcumsumexp (symbolic_cumulative.h), and the attention over keys
// and values (scaled_dot_product_attention), whose softmax and weighted sum
// reach only the positions below the size. Everything else folds.
#pragma once

#include "core/frontend/args.h"
#include "core/frontend/callable.h"
#include "core/frontend/value.h"

#include <optional>
#include <string_view>

namespace uops::program {

// The call `name` with `a` (some receiver or argument sized symbolically)
// kept symbolic; nullopt when this method or these arguments are not one it
// keeps, so the caller takes the folded twins. `inner` is the method itself,
// which gives the twin.
std::optional<frontend::Value> symbolicMethod(std::string_view name, frontend::Args& a,
                                              const frontend::NativeFn& inner);

} // namespace uops::program
