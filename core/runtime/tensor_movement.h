// The movement ops on host tensors: views, indexing and reinterpretation,
// materialized as new contiguous tensors. No arithmetic happens here.
//
// Shapes are the caller's to validate (the UOp's derived shape already is);
// what only the data can reveal, an index out of range or a Slice past the
// end, throws std::out_of_range.
#pragma once

#include "core/runtime/host_tensor.h"

#include <span>

namespace uops {

HostTensor permuteTensor(const HostTensor& in, const Ints& order);
HostTensor flipTensor(const HostTensor& in, const Bools& flags);
HostTensor reshapeTensor(const HostTensor& in, const Shape& shape);
// Same rank; size-1 axes repeat.
HostTensor expandTensor(const HostTensor& in, const Shape& shape);
// Elementwise broadcasting: right-align the shapes, then expand.
HostTensor broadcastTo(const HostTensor& in, const Shape& shape);
// `in` placed at `offsets` in a zero-filled tensor of `shape`.
HostTensor padTensor(const HostTensor& in, const Shape& offsets, const Shape& shape);
// `shape` elements from `offsets` along each axis.
HostTensor shrinkTensor(const HostTensor& in, const Shape& offsets, const Shape& shape);
// Replicas along the collapsed axes hold the same values: keep the first.
HostTensor replicatedTensor(const HostTensor& in, const Shape& shape);
// Index from the left: a ()-shaped index picks one position and removes its
// axis, a (k,)-shaped one gathers k positions into an axis of size k. Indices
// must lie in [0, size): negative ones are not wrapped.
HostTensor indexTensor(const HostTensor& in, std::span<const HostTensor* const> indices);
// Join equal-shaped tensors along a new leading axis.
HostTensor stackTensors(DType dtype, std::span<const HostTensor* const> parts);
// `size` elements of `dtype` starting `offset` elements (of in's dtype) into in's bytes.
HostTensor sliceTensor(const HostTensor& in, int64_t offset, int64_t size, DType dtype);
// The same bytes read as `dtype` with `shape`.
HostTensor bitcastTensor(const HostTensor& in, DType dtype, const Shape& shape);

} // namespace uops
