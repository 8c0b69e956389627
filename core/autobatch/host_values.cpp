#include "core/autobatch/host_values.h"

namespace uops::autobatch {

HostTensor convertTo(const HostTensor& value, DType dtype, const Shape& shape) {
  if (value.dtype() == dtype && value.shape() == shape) return value;
  HostTensor out(dtype, shape);
  for (int64_t i = 0; i < out.numel(); ++i) {
    int64_t j = value.numel() == 1 ? 0 : i;
    if (dtype.isFloat()) out.setDouble(i, value.getDouble(j));
    else out.setInt(i, value.getInt(j));
  }
  return out;
}

HostTensor pythonConstant(const frontend::Value& c) {
  HostTensor v(c.isFloat() ? dtypes::float64 : dtypes::int64, Shape{1});
  if (c.isFloat()) v.setDouble(0, *c.get<double>());
  else if (c.isBool()) v.setInt(0, *c.get<bool>() ? 1 : 0);
  else v.setInt(0, *c.get<int64_t>());
  return v;
}

} // namespace uops::autobatch
