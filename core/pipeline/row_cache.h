// Row caches, part of Optimize (the spec's "insert local buffers"): in a row
// kernel (a reduction computed once per row, then the row's elements, as
// Rangeify fuses softmax on the CPU) an expensive element the reduction sums
// is often the element the output needs again, at the output's index:
//
//   Store(out[i, j], Exp2(v(i, j)) * Recip(Reduce(Exp2(v(i, k)), k)))
//
// The reduction's loop then also stores its elements into a REG buffer of
// one row, and the output reads them back instead of computing them again:
//
//   S = Buffer(REG, n); W = End(Store(S[k], Exp2(v(i, k))), k)
//   Store(out[i, j], Load(After(S, W)[j]) * Recip(Reduce(Exp2(v(i, k)), k)))
//
// Linearize merges W's loop with the reduction's (one range, two Ends). Only
// where loops run in order (codegen_target.h rowKernels: the CPU, each THREAD
// with its own REG buffers; an OpenCL driver on the host's CPU, each
// work-item with its own private row), only
// for elements with a decomposed transcendental (Exp2, Log2, Sin: ~40
// operations, where a store and a load are two), and only where j is the
// innermost output range with k's bound and the reduction depends on no
// output range but those outside j.
#pragma once

#include "core/ir/uop.h"
#include "core/render/codegen_target.h"

namespace uops {

UOpPtr cacheRowElements(const UOpPtr& sink, const CodegenTarget& target);

} // namespace uops
