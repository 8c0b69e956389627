#include "core/docs/axis_opt_doc.h"

namespace uops::docs {
namespace {

constexpr AxisTypeDoc kAxisTypeDocs[] = {
    {AxisType::Global, "GPU global workgroup dimension: one work item per index.", "none", "none"},
    {AxisType::Local, "Workgroup local dimension: its items share local memory.", "g, L", "inner"},
    {AxisType::Warp, "Warp-level lanes for tensor cores; made by TC.", "made by TC", "none"},
    {AxisType::Thread, "CPU thread parallelism: each index runs on its own thread.", "g", "outer"},
    {AxisType::Loop, "A generic sequential loop: every range starts as one.", "none", "none"},
    {AxisType::Reduce, "A reduction axis: the loop a Reduce accumulates over.", "none", "none"},
    {AxisType::GroupReduce, "A shared-memory group reduction: a workgroup reduces together.", "R",
     "inner/outer"},
    {AxisType::Upcast, "Register-level vectorization: the loop becomes vector lanes.", "g, l, L",
     "inner"},
    {AxisType::Unroll, "A fully unrolled reduce loop.", "R, G", "inner"},
};

constexpr OptOpDoc kOptOpDocs[] = {
    {OptOpKind::Split, "Split",
     "Split axis n by k into (n/k, k), or (k, n/k) with top; the new sub-axis gets the target "
     "AxisType.",
     "any axis", "factor k, target AxisType, top?", "Split(0, 4, UPCAST)"},
    {OptOpKind::Padto, "Padto", "Pad the axis to the next multiple of m; validity masks keep the "
                                "padding out of the result.",
     "any axis", "multiple m", "Padto(1, 32)"},
    {OptOpKind::Swap, "Swap", "Swap two axes i and j in the nesting order.", "axis i",
     "axis j", "Swap(0, 1)"},
    {OptOpKind::Nolocals, "Nolocals", "Disable local memory: no workgroup dims are emitted.",
     "none", "none", "Nolocals"},
    {OptOpKind::TC, "TC", "Apply a tensor core Wmma: split the reduce and output axes into WARP, "
                          "UPCAST and UNROLL dims. Must be the first OptOp.",
     "the reduce axis", "tensor core, opt, mode", "TC(2)"},
};

} // namespace

std::span<const AxisTypeDoc> axisTypeDocs() { return kAxisTypeDocs; }
std::span<const OptOpDoc> optOpDocs() { return kOptOpDocs; }

const AxisTypeDoc& axisTypeDoc(AxisType type) {
  for (const AxisTypeDoc& doc : kAxisTypeDocs)
    if (doc.type == type) return doc;
  return kAxisTypeDocs[0];
}

const OptOpDoc& optOpDoc(OptOpKind op) {
  for (const OptOpDoc& doc : kOptOpDocs)
    if (doc.op == op) return doc;
  return kOptOpDocs[0];
}

} // namespace uops::docs
