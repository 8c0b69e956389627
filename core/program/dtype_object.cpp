#include "core/program/dtype_object.h"

#include "core/frontend/args.h"
#include "core/frontend/callable.h"
#include "core/frontend/script_error.h"
#include "core/frontend/suggest.h"
#include "core/program/convert.h"

#include <fmt/format.h>

#include <array>
#include <utility>

namespace uops::program {

using frontend::Value;

namespace {

struct NamedDType {
  std::string_view name;
  DType dtype;
};

// tinygrad's attribute names on `dtypes`, canonical name first per dtype (the
// one repr prints: dtypes.float32 is "dtypes.float").
constexpr std::array kNames{
    NamedDType{"bool", dtypes::bool_},
    NamedDType{"char", dtypes::int8},
    NamedDType{"int8", dtypes::int8},
    NamedDType{"short", dtypes::int16},
    NamedDType{"int16", dtypes::int16},
    NamedDType{"int", dtypes::int32},
    NamedDType{"int32", dtypes::int32},
    NamedDType{"long", dtypes::int64},
    NamedDType{"int64", dtypes::int64},
    NamedDType{"uchar", dtypes::uint8},
    NamedDType{"uint8", dtypes::uint8},
    NamedDType{"ushort", dtypes::uint16},
    NamedDType{"uint16", dtypes::uint16},
    NamedDType{"uint", dtypes::uint32},
    NamedDType{"uint32", dtypes::uint32},
    NamedDType{"ulong", dtypes::uint64},
    NamedDType{"uint64", dtypes::uint64},
    NamedDType{"half", dtypes::float16},
    NamedDType{"float16", dtypes::float16},
    NamedDType{"bfloat16", dtypes::bfloat16},
    NamedDType{"float", dtypes::float32},
    NamedDType{"float32", dtypes::float32},
    NamedDType{"double", dtypes::float64},
    NamedDType{"float64", dtypes::float64},
    NamedDType{"default_float", dtypes::float32},
    NamedDType{"default_int", dtypes::int32},
};

// tinygrad's DType.name: the C type name ("float", "signed char", "__bf16").
std::string_view cName(DType d) {
  switch (d.scalar) {
  case ScalarType::Bool:
    return "bool";
  case ScalarType::Int8:
    return "signed char";
  case ScalarType::Int16:
    return "short";
  case ScalarType::Int32:
    return "int";
  case ScalarType::Int64:
    return "long";
  case ScalarType::UInt8:
    return "unsigned char";
  case ScalarType::UInt16:
    return "unsigned short";
  case ScalarType::UInt32:
    return "unsigned int";
  case ScalarType::UInt64:
    return "unsigned long";
  case ScalarType::Float16:
    return "half";
  case ScalarType::BFloat16:
    return "__bf16";
  case ScalarType::Float32:
    return "float";
  case ScalarType::Float64:
    return "double";
  case ScalarType::Void:
    return "void";
  case ScalarType::Index:
    return "index";
  }
  return "?";
}

DType dtypeArg(const frontend::Args& a, const Value& v) {
  return toDType(a, v, "dtype");
}

// dtypes.is_float(d) and friends.
Value predicate(std::string name, bool (DType::*test)() const) {
  return frontend::makeNative(std::move(name), [test](frontend::Args& a) {
    auto [d] = a.bind({"x"});
    return Value((dtypeArg(a, d).*test)());
  });
}

class DTypesObject : public frontend::Object {
public:
  std::string typeName() const override { return "type"; }
  std::string repr() const override { return "<class 'tinygrad.dtype.dtypes'>"; }
  std::optional<Value> getAttr(std::string_view name) override {
    if (std::optional<DType> d = dtypeByName(name)) return dtypeValue(*d);
    if (name == "is_float") return predicate("is_float", &DType::isFloat);
    if (name == "is_int") return predicate("is_int", &DType::isInt);
    if (name == "is_unsigned") return predicate("is_unsigned", &DType::isUnsigned);
    if (name == "is_bool") return predicate("is_bool", &DType::isBool);
    throw frontend::ScriptError(fmt::format("type object 'dtypes' has no attribute '{}'{}", name,
                                            frontend::didYouMean(name, names())));
  }

private:
  static std::vector<std::string> names() {
    std::vector<std::string> out{"is_bool", "is_float", "is_int", "is_unsigned"};
    for (const NamedDType& n : kNames)
      out.emplace_back(n.name);
    return out;
  }
};

} // namespace

std::optional<DType> dtypeByName(std::string_view name) {
  for (const NamedDType& n : kNames)
    if (n.name == name) return n.dtype;
  return std::nullopt;
}

Value dtypeValue(DType d) {
  return Value(std::make_shared<DTypeObject>(d));
}

Value dtypesObject() {
  return Value(std::make_shared<DTypesObject>());
}

std::string DTypeObject::repr() const {
  for (const NamedDType& n : kNames)
    if (n.dtype == dtype) return fmt::format("dtypes.{}", n.name);
  return fmt::format("dtypes.{}", cName(dtype));
}

const frontend::MethodTable* DTypeObject::methods() const {
  static const frontend::MethodTable table{
      std::vector<frontend::Method>{},
      std::vector<frontend::Property>{
          {"itemsize",
           [](const Value& self) {
             return Value(dynamic_cast<const DTypeObject&>(*self.object()).dtype.itemSize());
           }},
          {"name",
           [](const Value& self) {
             return Value(cName(dynamic_cast<const DTypeObject&>(*self.object()).dtype));
           }},
      }};
  return &table;
}

std::optional<Value> DTypeObject::binaryOp(frontend::BinaryOp op, const Value& other, bool) {
  if (op != frontend::BinaryOp::Eq && op != frontend::BinaryOp::Ne) return std::nullopt;
  const auto* o =
      other.isObject() ? dynamic_cast<const DTypeObject*>(other.object().get()) : nullptr;
  if (!o) return std::nullopt;
  return Value((o->dtype == dtype) == (op == frontend::BinaryOp::Eq));
}

} // namespace uops::program
