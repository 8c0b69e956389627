// What the headers of our passes over an optimized module (interleave_chains.h,
// stream_stores.h, prefetch_next_row.h, disjoint_ors.h) name of LLVM: declarations only, so
// LLVM's headers stay in this folder's .cpp files.
#pragma once

namespace llvm {
class Function;
class Module;
template <typename IRUnitT, typename... ExtraArgTs> class AnalysisManager;
using FunctionAnalysisManager = AnalysisManager<Function>;
} // namespace llvm
