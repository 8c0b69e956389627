#include "core/program/host_eval.h"

#include "core/runtime/zero_filled.h"

namespace uops::program {

using frontend::Value;

namespace {

// Elements [offset, offset + stride * shape[dim]) of a row-major tensor as nested lists.
Value nested(const HostTensor& value, size_t dim, int64_t offset) {
  const Shape& shape = value.shape();
  if (dim == shape.size()) return toPythonScalar(value, offset);
  int64_t stride = 1;
  for (size_t k = dim + 1; k < shape.size(); ++k)
    stride *= shape[k];
  std::vector<Value> items;
  items.reserve(static_cast<size_t>(shape[dim]));
  for (int64_t i = 0; i < shape[dim]; ++i)
    items.push_back(nested(value, dim + 1, offset + i * stride));
  return Value::list(std::move(items));
}

} // namespace

std::vector<HostTensor> evaluateOnHost(const std::vector<Tensor>& tensors) {
  std::vector<UOpPtr> roots;
  roots.reserve(tensors.size());
  for (const Tensor& t : tensors)
    roots.push_back(t.uop());
  return zeroFilledEvaluator().evaluate(roots);
}

HostTensor evaluateOnHost(const Tensor& tensor) {
  return zeroFilledEvaluator().evaluate(tensor.uop());
}

Tensor tensorFrom(const HostTensor& value, const std::string& device) {
  std::string bytes(reinterpret_cast<const char*>(value.bytes().data()), value.bytes().size());
  return Tensor::fromBytes(std::move(bytes), value.dtype(), value.shape(), device);
}

Value toPythonScalar(const HostTensor& value, int64_t index) {
  DType d = value.dtype();
  if (d.isBool()) return Value(value.getBool(index));
  if (d.isFloat()) return Value(value.getDouble(index));
  if (d.scalar == ScalarType::UInt64)
    return Value(value.getUInt(index)); // past int64: Value reports the overflow
  return Value(value.getInt(index));
}

Value toPythonList(const HostTensor& value) {
  return nested(value, 0, 0);
}

} // namespace uops::program
