// Reduce, call, load, store and ordering ops.
#include "core/docs/op_doc.h"

namespace uops::docs {
namespace {

constexpr OpDoc kStructureDocs[] = {
    {Op::Reduce, "Reduce T along axes (before Rangeify) or over ranges r0, r1, ... (after); the "
                 "reduced axes collapse to size 1.",
     "(T, r0, r1, ...): T and the ranges it reduces over", "the reduce op (Add, Max or Mul) and the axes",
     "src[0].dtype; the reduced axes collapse to 1; min_max the dtype range",
     "gemm: (A.reshape(M,K,1) * B.reshape(1,K,N)).sum(1)"},
    {Op::Function, "Substitute each Param k in the Tuple body with a_k; gradients flow through it.",
     "(body, a0, a1, ...): a Tuple body and its arguments", "none",
     "src[0].dtype; the Param shapes substituted; device src[1].device",
     "@function def f(a, b): return a + b  gives Function(Tuple(body), x, y)"},
    {Op::Call, "Opaque invocation of a compiled kernel or a custom function.",
     "(body, a0, a1, ...): the callee and its arguments", "none",
     "src[0].dtype; the Param shapes substituted; device src[1].device", ""},
    {Op::Tuple, "Pack values; a Function's body must be a Tuple to return a value.",
     "(v0, v1, ...)", "none", "void; the elements keep their own dtypes", ""},
    {Op::GetTuple, "Extract the element at idx from a Tuple (a Function's result).", "(T,)",
     "idx", "the element's dtype and shape",
     "a @function's result is GetTuple(0) of its Function"},
    {Op::Load, "Read (pull) from a buffer into a new anonymous buffer, possibly on another device "
               "or addrspace; replaces Copy and Contiguous.",
     "(buf, alt?, gate?): the buffer or index, the value when the gate is off, the gate",
     "device, addrspace", "src[0].dtype; src[0].shape; device from arg", ""},
    {Op::Store, "Write (push) val into buf; with a gate, only where the gate is true. The only op "
                "with observable side effects.",
     "(buf, val, gate?): buf.shape = val.shape", "none", "void; shape (); device src[0].device",
     "Assign is Store followed by After"},
    {Op::Range, "A loop iterator from 0 to bound - 1; its AxisType says what the hardware does "
                "with it.",
     "(bound,)", "the range's id and AxisType", "index; shape (); min_max [0, n-1]", ""},
    {Op::End, "Close the Range loops a body runs in.", "(body, range, ...)", "none",
     "void", ""},
    {Op::After, "Passthrough of buf that guarantees the deps execute first.", "(buf, deps...)",
     "none", "src[0].dtype; src[0].shape; min_max src[0]",
     "Assign is Store followed by After: write, then return the buffer"},
    {Op::Group, "Void no-op that merges several Stores into one node, unordered.",
     "(u0, u1, ...)", "none", "void", ""},
    {Op::Sink, "Collect side effects into a single root node.", "(s0, s1, ...)",
     "none", "void", ""},
    {Op::Linear, "A linearized (toposorted) instruction sequence: a kernel after Linearize.",
     "(uops...): in execution order", "none", "void", ""},
};

} // namespace

std::span<const OpDoc> structureOpDocs() { return kStructureDocs; }

} // namespace uops::docs
