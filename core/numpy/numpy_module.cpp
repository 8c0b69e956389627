#include "core/numpy/numpy_module.h"

#include "core/frontend/callable.h"
#include "core/frontend/interpreter.h"
#include "core/frontend/object.h"
#include "core/frontend/script_error.h"
#include "core/numpy/array_object.h"
#include "core/numpy/module_parts.h"
#include "core/numpy/np_convert.h"
#include "core/numpy/np_dtype_object.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace uops::numpy {

using frontend::Value;

namespace {

// A part of numpy left out (numpy.fft, numpy.linalg): any use of it is a
// load error naming it.
class UnsupportedModule : public frontend::Object {
public:
  explicit UnsupportedModule(std::string name) : m_name(std::move(name)) {}
  std::string typeName() const override { return "module"; }
  std::string repr() const override { return fmt::format("<module '{}'>", m_name); }
  std::optional<Value> getAttr(std::string_view name) override {
    throw frontend::ScriptError(fmt::format("{}.{} is not supported: {} is not part of numpy here", m_name, name, m_name));
  }
  Value call(frontend::Args&) override { throw frontend::ScriptError(fmt::format("{} is not supported", m_name)); }

private:
  std::string m_name;
};

// np.ndarray, for isinstance(x, np.ndarray).
class NdarrayType : public frontend::Object {
public:
  std::string typeName() const override { return "type"; }
  std::string repr() const override { return "<class 'numpy.ndarray'>"; }
  std::optional<bool> isInstance(const Value& v) override {
    ArrayObject* arr = asArrayObject(v);
    return arr && !arr->isScalar();
  }
  Value call(frontend::Args&) override {
    throw frontend::ScriptError("np.ndarray(shape) is not supported here; use np.zeros or np.empty");
  }
};

Members dtypeMembers() {
  Members out;
  for (NpType t : {NpType::Bool, NpType::UInt8, NpType::Int32, NpType::Int64, NpType::Float32, NpType::Float64})
    out.emplace_back(std::string(typeName(t)), scalarTypeValue(t));
  out.emplace_back("bool_", scalarTypeValue(NpType::Bool));
  out.emplace_back("int_", scalarTypeValue(NpType::Int64));
  out.emplace_back("float_", scalarTypeValue(NpType::Float64));
  out.emplace_back("double", scalarTypeValue(NpType::Float64));
  out.emplace_back("single", scalarTypeValue(NpType::Float32));
  out.emplace_back("intc", scalarTypeValue(NpType::Int32));
  out.emplace_back("ubyte", scalarTypeValue(NpType::UInt8));
  out.emplace_back("dtype", frontend::makeNative("dtype", [](frontend::Args& a) {
                     auto [d] = a.bind({"dtype"});
                     std::optional<NpType> t = toDtype(d);
                     return dtypeValue(t.value_or(NpType::Float64));
                   }));
  return out;
}

} // namespace

void installNumpy(frontend::Interpreter& interpreter) {
  interpreter.registerModule("numpy.random", randomMembers());
  Members members = creationMembers();
  for (Members part : {mathMembers(), dtypeMembers()})
    members.insert(members.end(), part.begin(), part.end());
  members.emplace_back("ndarray", Value(std::make_shared<NdarrayType>()));
  members.emplace_back("newaxis", Value());
  members.emplace_back("pi", Value(std::numbers::pi));
  members.emplace_back("e", Value(std::numbers::e));
  members.emplace_back("inf", Value(std::numeric_limits<double>::infinity()));
  members.emplace_back("nan", Value(std::nan("")));
  members.emplace_back("__version__", Value("1.24.2"));
  for (const char* part : {"fft", "linalg", "polynomial", "ma", "char", "lib", "testing", "emath"})
    members.emplace_back(part, Value(std::make_shared<UnsupportedModule>(fmt::format("numpy.{}", part))));
  interpreter.registerModule("numpy", std::move(members));
}

} // namespace uops::numpy
