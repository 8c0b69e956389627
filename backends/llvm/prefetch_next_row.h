// Software prefetches of the next row where a loop's iteration reads a whole
// row of at most a page: layernorm's mean pass over a 1024-float row is its
// row loop's body (the reduction unrolled), 4096 contiguous bytes, and the next
// iteration reads the next 4096. The hardware stream prefetcher stops at each
// 4 KB page, so every row began by waiting on memory, and memory idled while
// the inner loops (variance, normalization) worked on the row in cache;
// prefetching row r+1's lines while row r's are read overlaps the two.
#pragma once

namespace llvm {
class Function;
class Module;
template <typename IRUnitT, typename... ExtraArgTs> class AnalysisManager;
using FunctionAnalysisManager = AnalysisManager<Function>;
} // namespace llvm

namespace uops {

// In each loop that holds inner loops, the loads of its own blocks (not its inner loops') whose
// addresses advance by the same constant stride of 1 to 4 KB per iteration
// and together read every byte of one stride: before the first load of each
// 64-byte line, a prefetch of that line one stride ahead.
void prefetchNextRows(llvm::Module& module, llvm::FunctionAnalysisManager& functions);

} // namespace uops
