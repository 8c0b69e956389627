// An optimization remark: why the compiler did or did not transform part of a
// program, tied to where that part is. Core's stages make them (Rangeify's
// fusion, Optimize's heuristics, the renderers' vector accesses) and so do
// the backends' compilers (LLVM's passes); `uopc remarks` and the explorer's
// Remarks view read them. Kinds are LLVM's: a transformation done (passed),
// one refused (missed), or a fact that explains either (analysis).
#pragma once

#include "core/ir/uop.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace uops {

enum class RemarkKind { Passed, Missed, Analysis };

std::string_view remarkKindName(RemarkKind kind); // "passed", "missed", "analysis"

struct Remark {
  RemarkKind kind = RemarkKind::Analysis;
  std::string origin{};  // a stage ("Rangeify", "Optimize", "Render") or an LLVM pass ("loop-vectorize")
  std::string name{};    // what kind of decision: "KeptBuffer", "OptOp", LLVM's remark name ("Vectorized")
  std::string message{};
  int64_t kernel = -1;   // schedule index; -1: before the schedule's kernels exist
  int32_t irLine = 0;    // 1-based line of the kernel's rendered source; 0: none
  int32_t programLine = 0; // the tensor program's line (UOp::line); 0: unknown
  UOpPtr node{};         // the UOp it is about, where there is one

  friend bool operator==(const Remark& a, const Remark& b) {
    return a.kind == b.kind && a.origin == b.origin && a.name == b.name && a.message == b.message &&
           a.kernel == b.kernel && a.irLine == b.irLine && a.node == b.node;
  }
};

} // namespace uops
