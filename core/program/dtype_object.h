// DTypeObject (`dtypes.float32`) and the `dtypes` namespace: every scalar
// dtype under tinygrad's names and aliases, dtypes.default_float /
// default_int, and the is_float / is_int / is_unsigned predicates.
#pragma once

#include "core/frontend/object.h"
#include "core/ir/dtype.h"

#include <optional>
#include <string>
#include <string_view>

namespace uops::program {

class DTypeObject : public frontend::Object {
public:
  explicit DTypeObject(DType d) : dtype(d) {}
  DType dtype;

  std::string typeName() const override { return "DType"; }
  std::string repr() const override; // dtypes.float, tinygrad's repr
  const frontend::MethodTable* methods() const override;
  std::optional<frontend::Value> binaryOp(frontend::BinaryOp op, const frontend::Value& other,
                                          bool reflected) override;
};

// The `dtypes` class object.
frontend::Value dtypesObject();
frontend::Value dtypeValue(DType d);
// A dtype by one of tinygrad's attribute names ("float32", "float", "half",
// "int", "long", "uchar", ...), or nullopt.
std::optional<DType> dtypeByName(std::string_view name);

} // namespace uops::program
