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

HostTensor constantRow(const PrimFn& fn, const TensorType& type) {
  const frontend::Value c = fn.kind == PrimFn::Kind::Constant ? fn.args.at(0).constant : frontend::Value(int64_t{0});
  int64_t n = 1;
  for (int64_t d : type.shape) n *= d;
  HostTensor t(type.dtype, Shape{n});
  for (int64_t i = 0; i < n; ++i) {
    if (c.isFloat()) t.setDouble(i, *c.get<double>());
    else if (c.isBool()) t.setBool(i, *c.get<bool>());
    else t.setInt(i, *c.get<int64_t>());
  }
  return t;
}

HostTensor pythonConstant(const frontend::Value& c) {
  HostTensor v(c.isFloat() ? dtypes::float64 : dtypes::int64, Shape{1});
  if (c.isFloat()) v.setDouble(0, *c.get<double>());
  else if (c.isBool()) v.setInt(0, *c.get<bool>() ? 1 : 0);
  else v.setInt(0, *c.get<int64_t>());
  return v;
}

} // namespace uops::autobatch
