// numpy's dtypes as values: np.float32 (a scalar type: `np.float32(1.5)`
// makes a scalar, `dtype=np.float32` names the dtype) and x.dtype /
// np.dtype('float32'); each compares equal to the other and to its name.
#pragma once

#include "core/frontend/object.h"
#include "core/numpy/np_dtype.h"

namespace uops::numpy {

class NpDtypeObject : public frontend::Object {
public:
  NpDtypeObject(NpType type, bool scalarType) : type(type), scalarType(scalarType) {}
  NpType type;
  bool scalarType; // np.float32 rather than dtype('float32')

  std::string typeName() const override { return scalarType ? "type" : "dtype"; }
  std::string repr() const override; // <class 'numpy.float32'>, dtype('float32')
  std::string str() const override;  // <class 'numpy.float32'>, float32
  const frontend::MethodTable* methods() const override;
  std::optional<frontend::Value> binaryOp(frontend::BinaryOp op, const frontend::Value& other,
                                          bool reflected) override;
  frontend::Value call(frontend::Args& args) override;
  std::optional<bool> isInstance(const frontend::Value& v) override;
};

frontend::Value dtypeValue(NpType t);      // x.dtype
frontend::Value scalarTypeValue(NpType t); // np.float32

} // namespace uops::numpy
