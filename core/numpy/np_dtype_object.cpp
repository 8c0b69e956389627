#include "core/numpy/np_dtype_object.h"

#include "core/frontend/args.h"
#include "core/frontend/script_error.h"
#include "core/numpy/array_object.h"
#include "core/numpy/np_convert.h"

#include <fmt/format.h>

namespace uops::numpy {

using frontend::Args;
using frontend::Value;

std::string NpDtypeObject::repr() const {
  if (scalarType) return fmt::format("<class 'numpy.{}'>", numpy::typeName(type) == "bool" ? "bool_" : numpy::typeName(type));
  return fmt::format("dtype('{}')", numpy::typeName(type));
}

std::string NpDtypeObject::str() const { return scalarType ? repr() : std::string(numpy::typeName(type)); }

const frontend::MethodTable* NpDtypeObject::methods() const {
  static const frontend::MethodTable table{
      {},
      {{"name", [](const Value& self) { return Value(std::string(numpy::typeName(static_cast<NpDtypeObject&>(*self.object()).type))); }},
       {"itemsize",
        [](const Value& self) {
          NpType t = static_cast<NpDtypeObject&>(*self.object()).type;
          return Value(t == NpType::Float64 || t == NpType::Int64 ? 8 : t == NpType::Bool || t == NpType::UInt8 ? 1 : 4);
        }},
       {"kind", [](const Value& self) {
          NpType t = static_cast<NpDtypeObject&>(*self.object()).type;
          return Value(t == NpType::Bool ? "b" : t == NpType::UInt8 ? "u" : isFloat(t) ? "f" : "i");
        }}}};
  return &table;
}

std::optional<Value> NpDtypeObject::binaryOp(frontend::BinaryOp op, const Value& other, bool) {
  if (op != frontend::BinaryOp::Eq && op != frontend::BinaryOp::Ne) return std::nullopt;
  std::optional<NpType> t;
  try {
    t = toDtype(other);
  } catch (const frontend::ScriptError&) {
  }
  bool same = t && !other.isNone() && *t == type;
  return Value(op == frontend::BinaryOp::Eq ? same : !same);
}

// np.float32(x): a scalar of that type (or an array's elements converted).
Value NpDtypeObject::call(Args& a) {
  if (!scalarType) a.fail("'numpy.dtype' object is not callable");
  auto [x] = a.bind({{"x", 0}});
  NdArray v = toArray(x, type);
  if (v.ndim() == 0) return wrapScalar(type, v.data[0]);
  return wrapArray(std::move(v));
}

std::optional<bool> NpDtypeObject::isInstance(const Value& v) {
  ArrayObject* arr = asArrayObject(v);
  return arr && arr->isScalar() && arr->value().dtype == type;
}

Value dtypeValue(NpType t) { return Value(std::make_shared<NpDtypeObject>(t, false)); }
Value scalarTypeValue(NpType t) { return Value(std::make_shared<NpDtypeObject>(t, true)); }

} // namespace uops::numpy
