#include "core/runtime/tensor_movement.h"

#include "core/ir/shape.h"
#include "core/runtime/strides.h"

#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace uops {
namespace {

// out[i] = in[offsets[i]] for each element, as raw bytes (NaN payloads survive).
HostTensor gather(const HostTensor& in, Shape shape, const std::vector<int64_t>& offsets) {
  HostTensor out(in.dtype(), std::move(shape));
  size_t n = static_cast<size_t>(in.itemSize());
  std::span<const std::byte> src = in.bytes();
  std::byte* dst = out.mutableBytes().data();
  for (size_t i = 0; i < offsets.size(); ++i)
    std::memcpy(dst + i * n, src.data() + static_cast<size_t>(offsets[i]) * n, n);
  return out;
}

void checkRank(const char* what, const HostTensor& in, size_t rank) {
  if (in.shape().size() != rank)
    throw std::invalid_argument(
        fmt::format("{} of a rank-{} tensor given {} axes", what, in.shape().size(), rank));
}

} // namespace

HostTensor permuteTensor(const HostTensor& in, const Ints& order) {
  checkRank("Permute", in, order.size());
  Strides inStrides = rowMajorStrides(in.shape());
  Shape shape;
  Strides strides;
  for (int64_t axis : order) {
    shape.push_back(in.shape().at(static_cast<size_t>(axis)));
    strides.push_back(inStrides.at(static_cast<size_t>(axis)));
  }
  return gather(in, shape, stridedOffsets(shape, strides));
}

HostTensor flipTensor(const HostTensor& in, const Bools& flags) {
  checkRank("Flip", in, flags.size());
  Strides strides = rowMajorStrides(in.shape());
  int64_t offset = 0;
  for (size_t k = 0; k < flags.size(); ++k) {
    if (!flags[k] || in.shape()[k] == 0) continue;
    offset += (in.shape()[k] - 1) * strides[k];
    strides[k] = -strides[k];
  }
  return gather(in, in.shape(), stridedOffsets(in.shape(), strides, offset));
}

HostTensor reshapeTensor(const HostTensor& in, const Shape& shape) {
  return in.withShape(shape);
}

HostTensor expandTensor(const HostTensor& in, const Shape& shape) {
  checkRank("Expand", in, shape.size());
  Strides strides = rowMajorStrides(in.shape());
  for (size_t k = 0; k < shape.size(); ++k) {
    if (in.shape()[k] == shape[k]) continue;
    if (in.shape()[k] != 1)
      throw std::invalid_argument(
          fmt::format("cannot expand {} to {}", toString(in.shape()), toString(shape)));
    strides[k] = 0;
  }
  return gather(in, shape, stridedOffsets(shape, strides));
}

HostTensor broadcastTo(const HostTensor& in, const Shape& shape) {
  if (in.shape() == shape) return in;
  if (in.shape().size() > shape.size())
    throw std::invalid_argument(
        fmt::format("cannot broadcast {} to {}", toString(in.shape()), toString(shape)));
  Shape aligned(shape.size() - in.shape().size(), 1);
  aligned.insert(aligned.end(), in.shape().begin(), in.shape().end());
  return expandTensor(in.withShape(aligned), shape);
}

HostTensor padTensor(const HostTensor& in, const Shape& offsets, const Shape& shape) {
  checkRank("Pad", in, shape.size());
  checkRank("Pad", in, offsets.size());
  HostTensor out(in.dtype(), shape);
  Strides outStrides = rowMajorStrides(shape);
  int64_t start = 0;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (offsets[k] < 0 || offsets[k] + in.shape()[k] > shape[k])
      throw std::invalid_argument(fmt::format("cannot pad {} to {} at offsets {}",
                                              toString(in.shape()), toString(shape),
                                              toString(offsets)));
    start += offsets[k] * outStrides[k];
  }
  // Scatter: input element i lands at the output offset the walk gives it.
  std::vector<int64_t> targets = stridedOffsets(in.shape(), outStrides, start);
  size_t n = static_cast<size_t>(in.itemSize());
  std::byte* dst = out.mutableBytes().data();
  for (size_t i = 0; i < targets.size(); ++i)
    std::memcpy(dst + static_cast<size_t>(targets[i]) * n, in.bytes().data() + i * n, n);
  return out;
}

HostTensor shrinkTensor(const HostTensor& in, const Shape& offsets, const Shape& shape) {
  checkRank("Shrink", in, shape.size());
  checkRank("Shrink", in, offsets.size());
  Strides strides = rowMajorStrides(in.shape());
  int64_t start = 0;
  for (size_t k = 0; k < shape.size(); ++k) {
    if (offsets[k] < 0 || offsets[k] + shape[k] > in.shape()[k])
      throw std::invalid_argument(fmt::format("cannot shrink {} to {} at offsets {}",
                                              toString(in.shape()), toString(shape),
                                              toString(offsets)));
    start += offsets[k] * strides[k];
  }
  return gather(in, shape, stridedOffsets(shape, strides, start));
}

HostTensor replicatedTensor(const HostTensor& in, const Shape& shape) {
  return shrinkTensor(in, Shape(shape.size(), 0), shape);
}

HostTensor indexTensor(const HostTensor& in, std::span<const HostTensor* const> indices) {
  const Shape& inShape = in.shape();
  if (indices.size() > inShape.size())
    throw std::invalid_argument(
        fmt::format("{} indices into shape {}", indices.size(), toString(inShape)));
  Shape shape;
  for (const HostTensor* index : indices) {
    if (index->shape().size() > 1)
      throw std::invalid_argument(
          fmt::format("index of shape {}, must be () or (k,)", toString(index->shape())));
    if (index->shape().size() == 1) shape.push_back(index->shape()[0]);
  }
  shape.insert(shape.end(), inShape.begin() + static_cast<std::ptrdiff_t>(indices.size()),
               inShape.end());
  Strides inStrides = rowMajorStrides(inShape);
  std::vector<int64_t> offsets;
  // Walk the output; its leading axes come from the gathering indices in order.
  std::vector<int64_t> at(shape.size(), 0);
  for (int64_t i = 0; i < shapeProduct(shape); ++i) {
    int64_t src = 0;
    size_t axis = 0;
    for (size_t k = 0; k < indices.size(); ++k) {
      const HostTensor& index = *indices[k];
      int64_t v = index.shape().empty() ? index.getInt(0) : index.getInt(at[axis++]);
      if (v < 0 || v >= inShape[k])
        throw std::out_of_range(
            fmt::format("index {} out of range for axis {} of size {}", v, k, inShape[k]));
      src += v * inStrides[k];
    }
    for (size_t k = indices.size(); k < inShape.size(); ++k)
      src += at[axis++] * inStrides[k];
    offsets.push_back(src);
    for (size_t k = shape.size(); k-- > 0;) {
      if (++at[k] < shape[k]) break;
      at[k] = 0;
    }
  }
  return gather(in, shape, offsets);
}

HostTensor stackTensors(DType dtype, std::span<const HostTensor* const> parts) {
  Shape shape{static_cast<int64_t>(parts.size())};
  if (!parts.empty()) shape.insert(shape.end(), parts[0]->shape().begin(), parts[0]->shape().end());
  HostTensor out(dtype, shape);
  std::byte* dst = out.mutableBytes().data();
  for (const HostTensor* part : parts) {
    if (part->dtype() != dtype || part->shape() != parts[0]->shape())
      throw std::invalid_argument(fmt::format("Stack of {} {} with {} {}", toString(dtype),
                                              toString(parts[0]->shape()), toString(part->dtype()),
                                              toString(part->shape())));
    std::memcpy(dst, part->bytes().data(), part->bytes().size());
    dst += part->bytes().size();
  }
  return out;
}

HostTensor sliceTensor(const HostTensor& in, int64_t offset, int64_t size, DType dtype) {
  int64_t start = offset * in.itemSize();
  int64_t length = size * dtype.itemSize();
  int64_t available = static_cast<int64_t>(in.bytes().size());
  if (offset < 0 || size < 0 || start + length > available)
    throw std::out_of_range(fmt::format("Slice of {} bytes at byte {} runs past a {}-byte tensor",
                                        length, start, available));
  return HostTensor::fromBytes(
      dtype, Shape{size},
      in.bytes().subspan(static_cast<size_t>(start), static_cast<size_t>(length)));
}

HostTensor bitcastTensor(const HostTensor& in, DType dtype, const Shape& shape) {
  return HostTensor::fromBytes(dtype, shape, in.bytes());
}

} // namespace uops
