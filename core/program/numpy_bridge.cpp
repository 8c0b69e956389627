#include "core/program/numpy_bridge.h"

#include "core/frontend/script_error.h"
#include "core/numpy/array_object.h"
#include "core/program/realization.h"

#include <fmt/format.h>

namespace uops::program {

std::optional<Tensor> tensorFromNumpy(const frontend::Value& data, std::optional<DType> dtype,
                                      const std::string& device) {
  numpy::ArrayObject* arr = numpy::asArrayObject(data);
  if (!arr || arr->isScalar()) return std::nullopt; // tinygrad refuses numpy scalars too
  const numpy::NdArray& v = arr->value();
  std::optional<ScalarType> scalar = scalarFromName(numpy::typeName(v.dtype));
  DType own = scalar ? DType(*scalar) : dtypes::float32;
  std::vector<Scalar> values;
  values.reserve(v.data.size());
  for (double d : v.data) {
    if (v.dtype == numpy::NpType::Bool) values.emplace_back(d != 0);
    else if (numpy::isFloat(v.dtype)) values.emplace_back(d);
    else values.emplace_back(static_cast<int64_t>(d));
  }
  // tinygrad copies the array into a buffer of its own: an assign into the
  // tensor later changes what graphs made from it read
  Tensor t = ownStorage(Tensor::fromFlat(values, v.shape, own, device));
  return dtype && *dtype != own ? t.cast(*dtype) : t;
}

frontend::Value numpyFromHost(const HostTensor& value) {
  DType d = value.dtype();
  std::optional<numpy::NpType> t = numpy::typeNamed(scalarNumpyName(d.scalar));
  if (!t)
    throw frontend::ScriptError(fmt::format("numpy() of a {} tensor: numpy here has arrays of bool, uint8, "
                                            "int32, int64, float32 and float64; cast it first",
                                            toString(d)));
  std::vector<double> data(static_cast<size_t>(value.numel()));
  for (int64_t i = 0; i < value.numel(); ++i)
    data[static_cast<size_t>(i)] = value.getDouble(i);
  return numpy::wrapArray(numpy::NdArray{*t, value.shape(), std::move(data)});
}

} // namespace uops::program
