// Casts, bitcasts and the marker ops (Contiguous, ContiguousBackward, Detach).
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <fmt/format.h>

#include <atomic>

namespace uops {
using namespace tensor_detail;

Tensor Tensor::cast(DType dtype) const {
  promoTypeOf(dtype); // rejects void and index
  if (dtype == this->dtype()) return isWeak() ? wrap(uop(), *this) : *this;
  return wrap(uops::cast(uop(), dtype), *this);
}

Tensor Tensor::bitcast(DType dtype) const {
  if (isWeak())
    fail(fmt::format("bitcast requires concrete dtypes, got {} -> {}",
                     promoTypeName(promoType(*this)), toString(dtype)));
  promoTypeOf(dtype);
  if (dtype == this->dtype()) return *this;
  int from = this->dtype().itemSize(), to = dtype.itemSize();
  if (from != to) {
    if (ndim() == 0)
      fail(fmt::format("cannot bitcast a 0-d tensor from {} to {}", toString(this->dtype()),
                       toString(dtype)));
    if (shape().back() * from % to != 0)
      fail(fmt::format(
          "cannot bitcast from {} to {}: the last axis of {} bytes is not a multiple of {}",
          toString(this->dtype()), toString(dtype), shape().back() * from, to));
  }
  return wrap(uops::bitcast(uop(), dtype), *this);
}

Tensor Tensor::toFloat() const {
  return cast(dtypes::float32);
}
Tensor Tensor::toHalf() const {
  return cast(dtypes::float16);
}
Tensor Tensor::toBFloat16() const {
  return cast(dtypes::bfloat16);
}
Tensor Tensor::toDouble() const {
  return cast(dtypes::float64);
}
Tensor Tensor::toInt() const {
  return cast(dtypes::int32);
}
Tensor Tensor::toLong() const {
  return cast(dtypes::int64);
}
Tensor Tensor::toShort() const {
  return cast(dtypes::int16);
}
Tensor Tensor::toBool() const {
  return cast(dtypes::bool_);
}

Tensor Tensor::contiguous() const {
  // A weak value has no storage of its own to lay out (tinygrad skips it too).
  if (isWeak() || uop()->op() == Op::Contiguous) return *this;
  return wrap(UOp::make(Op::Contiguous, dtype(), {uop()}), *this);
}
Tensor Tensor::clone() const {
  if (isWeak()) return *this;
  static std::atomic<int64_t> nextClone{0};
  // a buffer of its own is on a device: the default one for a device-less value
  return Tensor(UOp::make(Op::Contiguous, dtype(), {uop()}, {}, Tag{nextClone++}), device().empty() ? "CPU" : device());
}
Tensor Tensor::contiguousBackward() const {
  return wrap(UOp::make(Op::ContiguousBackward, dtype(), {uop()}), *this, isWeak());
}
Tensor Tensor::detach() const {
  return wrap(UOp::make(Op::Detach, dtype(), {uop()}), *this, isWeak());
}

} // namespace uops
