// Rangeify, stage 2 of the lowering pipeline: the Function from Callify
// becomes a schedule of kernels, every value broken down to shape ().
//
//   Function(Tuple(o...), a...)  ->  Linear(item..., Tuple(Reshape(Buffer, shape)...))
//
// Items are copies of literal data into buffers, Store(Buffer, Load(data,
// LoadArg{device})), and kernel launches, Call(Sink(kernel AST), buf0, ...),
// in an order that runs every item after the ones it reads from. Kernel ASTs
// have the form core/pipeline/README.md states. The steps (see rangeify.cpp)
// are named graphRewrites and snapshots, so a trace shows each of them.
#pragma once

#include "core/ir/uop.h"
#include "core/render/codegen_target.h"

namespace uops {

// Kernel-split choices that suit targets whose output loops run in order (CPU,
// interpreter), not GPUs, whose output loops run in parallel.
struct RangeifyOptions {
  // Reductions broadcast only along loops inside the ones they depend on are
  // computed in their consumers' kernels (rangeify_ranges.cpp), once per row;
  // on a GPU each work-item would compute its row's reductions again.
  bool rowFusion = true;
  // A large operand a reduction walks down its rows and reuses is read from a
  // copy packed in panels (rangeify_pack.cpp); a GPU's work-items read such
  // rows side by side already.
  bool packOperands = true;
  // A convolution's padded input is copied with its padding first
  // (rangeify_pad_copy.cpp), so the convolution reads it without gates:
  // measured on a CPU with 256-bit vectors (AVX2, Zen 3), where the gated
  // window kept the input channels' loop innermost; AVX-512's whole-row tiles
  // read the padded input in the convolution. A target with 256-bit vectors
  // that packs operands (a CPU) asks for it, whatever the caller chose.
  bool copyPaddedWindows = false;
  // A padded convolution over input channels and a 2-D window reads its
  // filters from a copy in blocks of this many output channels (one float32
  // vector: 8 with AVX2, 16 with AVX-512) and its input from a copy with the
  // padding and the channels innermost (rangeify_pack_filters.cpp), which the
  // channel tiles (core/opt/conv_rules.cpp) make vectors of; 0: no copies.
  // Asked for by a CPU target as above.
  int64_t convChannelBlock = 0;
};

// Both choices where the target's loops run in order, neither on GPUs.
RangeifyOptions rangeifyOptionsFor(const CodegenTarget& target);

UOpPtr rangeify(const UOpPtr& function, const RangeifyOptions& options = {});

} // namespace uops
