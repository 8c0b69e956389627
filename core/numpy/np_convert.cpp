#include "core/numpy/np_convert.h"

#include "core/frontend/callable.h"
#include "core/frontend/script_error.h"
#include "core/numpy/array_object.h"
#include "core/numpy/np_dtype_object.h"

#include <fmt/format.h>

#include <algorithm>

namespace uops::numpy {

using frontend::ScriptError;

std::optional<NpType> toDtype(const Value& v) {
  if (v.isNone()) return std::nullopt;
  if (const std::string* s = v.get<std::string>()) {
    if (std::optional<NpType> t = typeNamed(*s)) return t;
    throw ScriptError(fmt::format("data type '{}' not understood (numpy here has bool, uint8, "
                                  "int32, int64, float32, float64)", *s));
  }
  if (const frontend::NativeFunctionPtr* f = v.get<frontend::NativeFunctionPtr>(); f && (*f)->isType)
    if (std::optional<NpType> t = typeNamed((*f)->name)) return t;
  if (v.isObject())
    if (auto* d = dynamic_cast<NpDtypeObject*>(v.object().get())) return d->type;
  throw ScriptError(fmt::format("data type {} not understood (numpy here has bool, uint8, int32, "
                                "int64, float32, float64)", v.typeName()));
}

namespace {

// The kind numpy infers from Python values: 0 bool, 1 int, 2 float, or an array's dtype.
struct Inferred {
  NpShape shape;
  std::vector<double> data;
  std::optional<NpType> type; // promoted over every element
};

void noteType(Inferred& out, NpType t) { out.type = out.type ? promote(*out.type, t) : t; }

NpShape shapeOf(const Value& v) {
  if (const std::vector<Value>* items = v.items()) {
    NpShape out{static_cast<int64_t>(items->size())};
    if (!items->empty()) {
      NpShape inner = shapeOf(items->front());
      out.insert(out.end(), inner.begin(), inner.end());
    }
    return out;
  }
  if (ArrayObject* arr = asArrayObject(v)) return arr->value().shape;
  return {};
}

[[noreturn]] void inhomogeneous() {
  throw ScriptError("setting an array element with a sequence. The requested array has an "
                    "inhomogeneous shape");
}

void flatten(const Value& v, size_t depth, Inferred& out) {
  if (const std::vector<Value>* items = v.items()) {
    if (depth >= out.shape.size() || out.shape[depth] != static_cast<int64_t>(items->size()))
      inhomogeneous();
    for (const Value& item : *items)
      flatten(item, depth + 1, out);
    return;
  }
  if (ArrayObject* arr = asArrayObject(v)) {
    if (!std::equal(out.shape.begin() + static_cast<std::ptrdiff_t>(depth), out.shape.end(),
                    arr->value().shape.begin(), arr->value().shape.end()))
      inhomogeneous();
    noteType(out, arr->value().dtype);
    out.data.insert(out.data.end(), arr->value().data.begin(), arr->value().data.end());
    return;
  }
  if (depth != out.shape.size()) inhomogeneous();
  if (const bool* b = v.get<bool>()) {
    noteType(out, NpType::Bool);
    out.data.push_back(*b ? 1 : 0);
  } else if (const int64_t* i = v.get<int64_t>()) {
    noteType(out, NpType::Int64);
    out.data.push_back(static_cast<double>(*i));
  } else if (const double* d = v.get<double>()) {
    noteType(out, NpType::Float64);
    out.data.push_back(*d);
  } else {
    throw ScriptError(fmt::format("numpy here makes arrays of numbers only, not of {}", v.typeName()));
  }
}

} // namespace

NdArray toArray(const Value& v, std::optional<NpType> dtype) {
  if (ArrayObject* arr = asArrayObject(v)) return dtype ? arr->value().astype(*dtype) : arr->value();
  Inferred in;
  in.shape = shapeOf(v);
  flatten(v, 0, in);
  NpType t = dtype ? *dtype : in.type.value_or(NpType::Float64);
  return NdArray::of(t, in.shape, std::move(in.data));
}

bool isWeakOperand(const Value& v) {
  if (v.isNumber()) return true;
  ArrayObject* arr = asArrayObject(v);
  return arr && arr->value().ndim() == 0;
}

Value pythonScalar(NpType dtype, double v) {
  if (dtype == NpType::Bool) return Value(v != 0);
  if (isFloat(dtype)) return Value(v);
  return Value(static_cast<int64_t>(v));
}

namespace {
Value listAt(const NdArray& a, size_t axis, int64_t base, const NpShape& strides) {
  if (axis == a.shape.size()) return pythonScalar(a.dtype, a.data[static_cast<size_t>(base)]);
  std::vector<Value> items;
  for (int64_t i = 0; i < a.shape[axis]; ++i)
    items.push_back(listAt(a, axis + 1, base + i * strides[axis], strides));
  return Value::list(std::move(items));
}
} // namespace

Value toList(const NdArray& a) { return listAt(a, 0, 0, stridesOf(a.shape)); }

NpShape toShape(const Value& v, bool allowNegative) {
  auto dim = [](const Value& d) {
    if (ArrayObject* arr = asArrayObject(d); arr && arr->value().ndim() == 0 && !isFloat(arr->value().dtype))
      return static_cast<int64_t>(arr->value().data[0]);
    if (!d.isIntLike())
      throw ScriptError(fmt::format("'{}' object cannot be interpreted as an integer", d.typeName()));
    return d.isBool() ? int64_t{*d.get<bool>()} : *d.get<int64_t>();
  };
  NpShape out;
  if (const std::vector<Value>* items = v.items()) {
    for (const Value& d : *items)
      out.push_back(dim(d));
  } else {
    out.push_back(dim(v));
  }
  for (int64_t d : out)
    if (d < 0 && !allowNegative) throw ScriptError("negative dimensions are not allowed");
  return out;
}

Value shapeTuple(const NpShape& shape) {
  std::vector<Value> dims;
  for (int64_t d : shape)
    dims.emplace_back(d);
  return Value::tuple(std::move(dims));
}

} // namespace uops::numpy
