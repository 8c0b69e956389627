// The steps of Rangeify, each in its own file (internal to core/pipeline).
#pragma once

#include "core/pipeline/rangeify_context.h"
#include "core/rewrite/pattern_matcher.h"
#include "core/runtime/strides.h"

#include <optional>
#include <utility>
#include <vector>

namespace uops {

// rangeify_early.cpp: the body's Params become the Function's arguments, with
// literal data copied into new Buffers first (ctx.copies).
UOpPtr bindArguments(const UOpPtr& function, RangeifyContext& ctx);
// rangeify_early.cpp: nested Functions inlined, gradient markers dropped, views
// cleaned up, shape-changing Bitcasts spelled out, empty reductions folded.
const PatternMatcher& pmEarliestRewrites();

// rangeify_pack.cpp: an operand a reduction walks down large strides and
// reuses is read from a Contiguous copy of it packed in panels.
const PatternMatcher& pmPackOperands();
// The element strides of a chain of Reshape/Permute/Expand over a Buffer or a
// Contiguous (row-major, 0 along size-1 and broadcast axes), where plain;
// nullopt for anything else. `anyBase`: over any other node too, as if it
// were stored row-major (what a Contiguous of the chain would copy).
std::optional<Strides> viewStrides(const UOp& u, bool anyBase = false);

// rangeify_pad_copy.cpp: a convolution's padded input (a view of a Pad summed
// over channels and a window) is read from a Contiguous copy of the Pad.
const PatternMatcher& pmCopyPaddedWindows();
// The movement ops from `operand` down to a Pad (the Pad last), or empty when
// something else comes first.
std::vector<UOpPtr> viewsDownToPad(const UOpPtr& operand);
// The views of `chain` (viewsDownToPad's) rebuilt over `base` in place of
// its last node.
UOpPtr overViews(const std::vector<UOpPtr>& chain, UOpPtr base);
// The views of viewsDownToPad's `chain` rebuilt over a Contiguous of its Pad
// (and of the Pad's source first where that sums: a previous convolution),
// the copy's axis `innermost` (where given) stored innermost.
UOpPtr overCopiedPad(const std::vector<UOpPtr>& chain, std::optional<size_t> innermost = std::nullopt);
// A permutation of `rank` axes that moves `last` to the end, `before` (where
// given) just before it, the others in order; and its inverse.
std::pair<Ints, Ints> movedLast(size_t rank, std::optional<size_t> before, size_t last);
// A max pool's window over a Pad of something that sums (a convolution) reads
// the Pad over a Contiguous of it: inside the padded buffer's kernel the
// convolution ran per padded element with no tile (ResNet's 7x7 stem before
// its max pool: 7.9 s for 8 images of 112 x 112).
const PatternMatcher& pmRealizeSummedPoolSources();
// rangeify_cat_pieces.cpp: the pieces of a concatenation (Add of Pads, Stack)
// that sum are realized first, each a kernel of its own, instead of running
// under the gates of the concatenation's kernel.
const PatternMatcher& pmRealizeSummedPieces();
// rangeify_pack_filters.cpp: a padded convolution over input channels and a
// 2-D window, its output channels whole blocks of `block` (8 or 16: one
// vector), reads its filters from a copy in such blocks ([out / block, kh,
// kw, in, block]) and its input from a copy with the padding, the channels
// innermost. It runs before pmCopyPaddedWindows, which copies the others'
// padded inputs as they are.
const PatternMatcher& pmPackConvFilters(int64_t block);

// rangeify_ranges.cpp: the kernel split and the index of every element; returns
// the body with each analysed node tagged with its RangeInfo.
UOpPtr runRangeify(const UOpPtr& body, RangeifyContext& ctx);
// u without the Reshapes over it (a result's view of its value)
const UOp* stripReshapes(const UOp* u);

// rangeify_apply.cpp: every tagged node becomes its scalar value at its index
// (movement ops vanish into index math); realized ones are stored into a new
// buffer, After(buf, End(Store(...), ranges...)), and read back with Load.
const PatternMatcher& pmApplyRangeify();

// rangeify_buffers.cpp: the buffers the body's results are stored in
// (ctx.resultBuffers), after apply rangeify.
void noteResultBuffers(const UOpPtr& body, RangeifyContext& ctx);

// rangeify_buffers.cpp: a buffer that is cheap to recompute is computed in its
// readers instead (tinygrad's remove_bufferize), with reduce simplifications.
const PatternMatcher& pmRemoveBufferize();
const PatternMatcher& pmReduceSimplify();
// rangeify_reduce_collapse.cpp: a sum that counts the iterations where a
// comparison linear in its range holds, in closed form.
const PatternMatcher& pmReduceCollapse();

// rangeify_gated_modulo.cpp: a gated load whose whole index is `x % c`, with
// a gate that proves x in [0, c), reads at x (a padded read).
const PatternMatcher& pmGatedModulo();

// rangeify_kernels.cpp: every buffer store becomes a kernel launch,
// After(buf, Call(Sink(kernel AST), buffer states...)).
const PatternMatcher& pmSplitKernels();
// rangeify_kernels.cpp: the launches and copies in dependency order, then the
// results: Linear(items..., Tuple(Reshape(Buffer, shape)...)).
UOpPtr orderSchedule(const UOpPtr& body, const RangeifyContext& ctx);

} // namespace uops
