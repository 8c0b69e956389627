// Source ops (leaves) and movement ops (views, indexing, reinterpretation).
#include "core/docs/op_doc.h"

namespace uops::docs {
namespace {

constexpr OpDoc kSourceMovementDocs[] = {
    {Op::Param, "Placeholder for the k-th argument of a Function; substituted by that argument "
                "when the Function is resolved.",
     "(s): one source, the shape s the placeholder stands for",
     "slot k, dtype, optional device and addrspace",
     "from arg; shape from src[0]; device from arg",
     "@function f(a, b): a and b become Param(0) and Param(1) in the body"},
    {Op::Buffer, "Storage: size elements of dtype on a device, in an addrspace (GLOBAL, LOCAL or "
                 "REG).",
     "none (a leaf)", "size, dtype, device, addrspace",
     "from arg; shape (size,), or (n*size,) on an n-tuple device (axis 0)", ""},
    {Op::Const, "A scalar constant. Vector constants are built with Stack.", "none (a leaf)",
     "value (the dtype is the node's)", "from the node's dtype; shape (); min_max [v, v]", ""},
    {Op::Binary, "Raw binary data: bytes, such as compiled machine code.", "none (a leaf)",
     "data (the bytes)", "uint8; shape (len(data),)", ""},
    {Op::Permute, "Reorder the axes of T.", "(T,)", "the axis order pi",
     "src[0].dtype; shape permuted by pi; the shard axis follows the permutation",
     "pi = (1,0) is transpose"},
    {Op::Flip, "Reverse T along the flagged axes.", "(T,)", "one bool per axis (f)",
     "src[0].dtype; src[0].shape", ""},
    {Op::Reshape, "Reinterpret T in row-major order with a new shape.", "(T, s'): T and the new shape",
     "none", "src[0].dtype; shape s', with prod(s) = prod(s')",
     "x.reshape(M,K,1) in gemm"},
    {Op::Expand, "Broadcast size-1 axes of T to a larger shape.", "(T, s'): T and the new shape",
     "none", "src[0].dtype; shape s', each s_k in {1, s'_k}",
     "x.reshape(1,2*n-1).expand(n+1,2*n-1) tiles in prefix_sum"},
    {Op::Pad, "Place T at offset o_k in a zero-filled output of shape s'.",
     "(T, o, s'): T, the offsets, the new shape", "none", "src[0].dtype; shape s'",
     "T.pad((n-1, 0)) in prefix_sum"},
    {Op::Shrink, "Keep s'_k elements starting at offset o_k on each axis; the inverse of Pad.",
     "(T, o, s'): T, the offsets, the new shape", "none", "src[0].dtype; shape s'",
     "x.reshape(n,2*n).shrink_to(n,n) in prefix_sum"},
    {Op::Index, "Index T from the left: a ()-shaped index removes its dim, a (k,)-shaped index "
                "makes it k.",
     "(T, i0, i1, ...)", "none", "src[0].dtype; the remaining dims", ""},
    {Op::Stack, "Join the sources along a new leading axis.", "(T0, T1, ...): all of one shape",
     "none", "src[0].dtype; shape (n, *s)", "vector constants are a Stack of Consts"},
    {Op::Replicated, "Mark T as replicated along axes, which collapse to 1.", "(T,)", "axes",
     "src[0].dtype; the axes collapse to 1; on the shard axis, axis becomes null",
     "T.reshape(1, s).expand(n, s).copy(D).replicated(0) is broadcast"},
    {Op::Slice, "A zero-copy view of size elements of dtype; offset counts elements of T's dtype.",
     "(T, offset)", "size (the dtype is the node's)", "from arg; shape (size,)", ""},
    {Op::Bitcast, "Reinterpret T's storage as another dtype, keeping the total bytes.", "(T,)",
     "none (the target dtype is the node's)", "the target dtype; src[0].shape; min_max the dtype "
     "range", ""},
};

} // namespace

std::span<const OpDoc> sourceMovementOpDocs() { return kSourceMovementDocs; }

} // namespace uops::docs
