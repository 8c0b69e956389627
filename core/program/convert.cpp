#include "core/program/convert.h"

#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"
#include "core/program/dtype_object.h"
#include "core/program/symbolic_int.h"
#include "core/program/tensor_object.h"

#include <fmt/format.h>

#include <cctype>

namespace uops::program {

using frontend::ScriptError;

namespace {

[[noreturn]] void mustBe(const Args& a, std::string_view param, std::string_view what,
                         const Value& got) {
  a.fail(fmt::format("argument '{}' must be {}, not {}", param, what, got.typeName()));
}

// Python's numbers as tinygrad's constants; a bool is a bool, not an int; a
// bound symbolic int is its value.
std::optional<Scalar> numberOf(const Value& v) {
  if (const bool* b = v.get<bool>()) return Scalar(*b);
  if (const int64_t* i = v.get<int64_t>()) return Scalar(*i);
  if (const double* d = v.get<double>()) return Scalar(*d);
  if (std::optional<int64_t> i = symbolicValue(v)) return Scalar(*i);
  return std::nullopt;
}

} // namespace

Value wrap(Tensor t) {
  return Value(std::make_shared<TensorObject>(std::move(t)));
}

Value wrapTuple(const std::vector<Tensor>& tensors) {
  std::vector<Value> items;
  for (const Tensor& t : tensors)
    items.push_back(wrap(t));
  return Value::tuple(std::move(items));
}

Value wrapList(const std::vector<Tensor>& tensors) {
  std::vector<Value> items;
  for (const Tensor& t : tensors)
    items.push_back(wrap(t));
  return Value::list(std::move(items));
}

Value wrapPair(const std::pair<Tensor, Tensor>& tensors) {
  return Value::tuple({wrap(tensors.first), wrap(tensors.second)});
}

std::optional<Tensor> asTensor(const Value& v) {
  if (const Tensor* t = asTensorPtr(v)) return *t;
  return std::nullopt;
}

bool isTensor(const Value& v) {
  return asTensorPtr(v) != nullptr;
}

const Tensor* asTensorPtr(const Value& v) {
  if (!v.isObject()) return nullptr;
  auto* t = dynamic_cast<TensorObject*>(v.object().get());
  return t ? &t->tensor : nullptr;
}

const Tensor& self(const Args& a) {
  if (const Tensor* t = asTensorPtr(a.self())) return *t;
  a.fail(fmt::format("needs a Tensor to apply to, not {}", a.self().typeName()));
}

Tensor toTensor(const Args& a, const Value& v, std::string_view param) {
  if (std::optional<Tensor> t = asTensor(v)) return *t;
  mustBe(a, param, "Tensor", v);
}

std::optional<Tensor> toOptTensor(const Args& a, const Value& v, std::string_view param) {
  if (v.isNone()) return std::nullopt;
  return toTensor(a, v, param);
}

TensorOrScalar toOperand(const Args& a, const Value& v, std::string_view param) {
  if (std::optional<Tensor> t = asTensor(v)) return *t;
  if (std::optional<Scalar> s = numberOf(v)) return *s;
  // tinygrad turns lists into tensors where it broadcasts an operand.
  if (v.isList() || v.isTuple()) return Tensor::fromList(toNested(a, v, param));
  mustBe(a, param, "Tensor or a number", v);
}

std::optional<TensorOrScalar> toOptOperand(const Args& a, const Value& v, std::string_view param) {
  if (v.isNone()) return std::nullopt;
  return toOperand(a, v, param);
}

Scalar toScalar(const Args& a, const Value& v, std::string_view param) {
  if (std::optional<Scalar> s = numberOf(v)) return *s;
  mustBe(a, param, "a number", v);
}

int64_t toInt(const Args& a, const Value& v, std::string_view param) {
  if (const int64_t* i = v.get<int64_t>()) return *i;
  if (const bool* b = v.get<bool>()) return *b ? 1 : 0;
  if (std::optional<int64_t> i = symbolicValue(v)) return *i;
  mustBe(a, param, "int", v);
}

std::optional<int64_t> toOptInt(const Args& a, const Value& v, std::string_view param) {
  if (v.isNone()) return std::nullopt;
  return toInt(a, v, param);
}

double toDouble(const Args& a, const Value& v, std::string_view param) {
  if (const double* d = v.get<double>()) return *d;
  if (v.isIntLike()) return static_cast<double>(toInt(a, v, param));
  mustBe(a, param, "a real number", v);
}

bool toBool(const Args& a, const Value& v, std::string_view param) {
  if (const bool* b = v.get<bool>()) return *b;
  if (const int64_t* i = v.get<int64_t>()) return *i != 0;
  if (v.isNone()) return false;
  mustBe(a, param, "bool", v);
}

std::string toStr(const Args& a, const Value& v, std::string_view param) {
  if (const std::string* s = v.get<std::string>()) return *s;
  mustBe(a, param, "str", v);
}

std::optional<std::string> toOptStr(const Args& a, const Value& v, std::string_view param) {
  if (v.isNone()) return std::nullopt;
  return toStr(a, v, param);
}

std::optional<DType> toOptDType(const Args& a, const Value& v, std::string_view param) {
  if (v.isNone()) return std::nullopt;
  if (v.isObject())
    if (auto* d = dynamic_cast<DTypeObject*>(v.object().get())) return d->dtype;
  if (const std::string* s = v.get<std::string>()) {
    if (std::optional<DType> d = dtypeByName(*s)) return d;
    a.fail(fmt::format("unknown dtype '{}'", *s));
  }
  mustBe(a, param, "a dtype", v);
}

DType toDType(const Args& a, const Value& v, std::string_view param) {
  if (std::optional<DType> d = toOptDType(a, v, param)) return *d;
  mustBe(a, param, "a dtype", v);
}

Ints toInts(const Args& a, const Value& v, std::string_view param) {
  if (v.isIntLike() || isSymbolicInt(v)) return {toInt(a, v, param)};
  const std::vector<Value>* items = v.items();
  if (!items) mustBe(a, param, "an int or a tuple of ints", v);
  Ints out;
  for (const Value& item : *items) {
    if (!item.isIntLike() && !isSymbolicInt(item))
      a.fail(fmt::format("argument '{}' must be a tuple of ints, not one holding {}", param,
                         item.typeName()));
    out.push_back(toInt(a, item, param));
  }
  return out;
}

Ints toIntsVarargs(const Args& a, const Value& first, const Value& rest, std::string_view param) {
  const std::vector<Value>& more = *rest.items();
  if (more.empty()) return toInts(a, first, param);
  if (!first.isIntLike() && !isSymbolicInt(first))
    mustBe(a, param, "an int when more follow", first);
  Ints out{toInt(a, first, param)};
  for (const Value& v : more)
    out.push_back(toInt(a, v, param));
  return out;
}

Ints toShapeArgs(const Args& a, const Value& shapeTuple, std::string_view param) {
  const std::vector<Value>& items = *shapeTuple.items();
  if (items.size() == 1 && (items[0].isList() || items[0].isTuple()))
    return toInts(a, items[0], param);
  Ints out;
  for (const Value& v : items)
    out.push_back(toInt(a, v, param));
  return out;
}

Axes toAxes(const Args& a, const Value& v, std::string_view param) {
  if (v.isNone()) return Axes();
  if (v.isIntLike() || isSymbolicInt(v)) return Axes(toInt(a, v, param));
  return Axes(toInts(a, v, param));
}

IntTuple toIntTuple(const Args& a, const Value& v, std::string_view param) {
  if (v.isNone()) return IntTuple();
  if (v.isIntLike() || isSymbolicInt(v)) return IntTuple(toInt(a, v, param));
  return IntTuple(toInts(a, v, param));
}

Nested toNested(const Args& a, const Value& v, std::string_view param) {
  if (std::optional<Scalar> s = numberOf(v)) return Nested(*s);
  const std::vector<Value>* items = v.items();
  if (!items) mustBe(a, param, "a number or a (nested) list of numbers", v);
  std::vector<Nested> out;
  out.reserve(items->size());
  for (const Value& item : *items)
    out.push_back(toNested(a, item, param));
  return Nested(std::move(out));
}

std::vector<Tensor> toTensors(const Args& a, const Value& tuple, std::string_view param) {
  std::vector<Tensor> out;
  for (const Value& v : *tuple.items())
    out.push_back(toTensor(a, v, param));
  return out;
}

std::string toDevice(const Args& a, const Value& v, std::string_view param) {
  if (v.isNone()) return "CPU";
  std::string name = toStr(a, v, param);
  // tinygrad upper-cases the device part and keeps ":n" suffixes.
  for (char& c : name) {
    if (c == ':') break;
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return name;
}

std::vector<std::string> toDevices(const Args& a, const Value& v, std::string_view param) {
  if (!v.isTuple() && !v.isList()) return {toDevice(a, v, param)};
  std::vector<std::string> out;
  for (const Value& d : *v.items()) out.push_back(toDevice(a, d, param));
  if (out.empty()) a.fail(fmt::format("{} must name at least one device", param));
  return out;
}

Value devicesValue(const std::vector<std::string>& devices) {
  if (devices.empty()) return Value();
  if (devices.size() == 1) return Value(devices[0]);
  std::vector<Value> items;
  for (const std::string& d : devices) items.emplace_back(d);
  return Value::tuple(std::move(items));
}

Value intTuple(const Shape& shape) {
  std::vector<Value> items;
  for (int64_t s : shape)
    items.emplace_back(s);
  return Value::tuple(std::move(items));
}

Value scalarValue(const Scalar& s) {
  return std::visit([](auto v) { return Value(v); }, s);
}

} // namespace uops::program
