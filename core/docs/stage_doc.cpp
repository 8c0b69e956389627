#include "core/docs/stage_doc.h"

namespace uops::docs {
namespace {

constexpr StageDoc kStageDocs[] = {
    {"Callify", "Turn the Tensor graph into a single stateless function."},
    {"Rangeify", "Decide how the function splits into kernels, and break everything down to shape ()."},
    {"Optimize", "Insert local buffers; swap and split ranges (OptOps), deciding which axes are parallel "
                 "and which serial."},
    {"Expand", "Expand the parallel ranges (UPCAST, UNROLL) into shape: vectors of lanes."},
    {"Instruction Selection", "Select target instructions, including WMMA and devectorization; decompose "
                              "the ops the target lacks."},
    {"Linearize", "Topologically sort the graph and fix the execution order."},
    {"Register/Memory Plan", "Allocate and reuse GLOBAL, LOCAL and REG storage for values whose lifetimes do "
                             "not overlap."},
    {"Render", "Write the kernel's code: LLVM IR or OpenCL C."},
};

} // namespace

std::span<const StageDoc> stageDocs() { return kStageDocs; }

std::string_view stageDoc(std::string_view stage) {
  for (const StageDoc& doc : kStageDocs)
    if (doc.name == stage) return doc.meaning;
  return {};
}

} // namespace uops::docs
