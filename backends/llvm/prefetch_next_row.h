// Software prefetches of the next row where a row loop reads a whole row and
// then works on it: memory idles while the row's elements are computed on in
// cache, and the hardware's stream prefetcher does not look past the row (it
// stops at each 4 KB page, and a row's later passes reread cached lines).
// Prefetching row r+1's lines during the last pass over row r overlaps the two.
//   - softmax's passes over a 4096-float row are inner loops of the row loop
//     (max; exp and sum; scale from the row cache): the exp loop, the last to
//     read the row, waits on compute, not on memory;
//   - layernorm's mean pass over a 1024-float row is the row loop's own body
//     (the reduction unrolled), the variance and normalization passes inner
//     loops: the normalization prefetches.
// 4096 x 4096 softmax 25.3 -> 18.8 ms and 8192 x 1024 layernorm 5.9 -> 3.7 ms
// with streamed stores (stream_stores.h), 2 Zen 3 cores, alternating runs.
// A kernel's one loop over a long stream (an elementwise kernel's) prefetches
// its lines 1 KB ahead for the same reason: gelu and the copy about 6% faster.
#pragma once

#include "backends/llvm/module_pass.h"

namespace uops {

// In each loop that holds inner loops (a row loop, stepping S bytes an
// iteration): where its own blocks' loads read every byte of one step of 1 to
// 4 KB, or where an innermost loop inside it walks exactly one step of 1 to
// 64 KB (its loads' addresses advance by a constant per iteration, its trip
// count times that is S), a prefetch of each 64-byte line S bytes ahead before
// the first load of the line; of several passes over the same row, only the
// last one prefetches (the row's later work overlaps the next row's fetch); an
// innermost loop after it that stores a row of S bytes without reading that row
// prefetches the row after the next (2 S ahead) into the second level.
// In an innermost loop outside every other loop that runs over 256 KB or an
// unknown count, loads reading one whole step of 64 B to 4 KB: each line
// prefetched max(1 KB, step) ahead.
void prefetchNextRows(llvm::Module& module, llvm::FunctionAnalysisManager& functions);

} // namespace uops
