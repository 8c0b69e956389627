// Views at a symbolic offset: `cache_kv[:, :, start_pos:start_pos+seqlen]`,
// `freqs_cis[start_pos]` and `allpos.shrink((None, (start_pos, start_pos+seqlen)))` with a bound
// start_pos keep the variable in the graph as the Shrink's offset
// (core/ir/variable.h), so the kernels that read or write the view take
// start_pos as an argument and are compiled once for its range. The view's
// length must be the same for every value (stop - start a constant) and fit
// for the whole range; otherwise the bound value is used, as for sizes.
#pragma once

#include "core/frontend/value.h"
#include "core/tensor/tensor.h"

#include <functional>
#include <optional>
#include <utility>

namespace uops::program {

// `t` shrunk at the symbolic starts of `index`'s basic slices and at its
// symbolic int items (`t[start_pos]`, `t[:, start_pos+1]`: one element at the
// offset), and `index` with those slices made whole (`:`) and those ints 0,
// for getitem to apply the rest; nullopt when no item is one it can take.
std::optional<std::pair<Tensor, frontend::Value>> shrinkAtSymbolicSlices(const Tensor& t,
                                                                        const frontend::Value& index);

// `t` with the view `index` selects written by `write(view, rest)`, for an
// index with symbolic starts as shrinkAtSymbolicSlices takes them: `write`
// gets the shrunk view and the rest of the index and returns the view's new
// values, which are padded to sit at each offset's largest value and shrunk
// back at (largest - offset), so the offset stays an index expression;
// nullopt when shrinkAtSymbolicSlices takes no item.
using ViewWrite = std::function<Tensor(const Tensor& view, const frontend::Value& rest)>;
std::optional<Tensor> setAtSymbolicSlices(const Tensor& t, const frontend::Value& index,
                                          const ViewWrite& write);

// Tensor.shrink(arg) where a start is a symbolic int; nullopt when none is,
// or one cannot stay symbolic (then shrink takes the bound values).
std::optional<Tensor> shrinkAtSymbolicStarts(const Tensor& t, const frontend::Value& arg);

} // namespace uops::program
