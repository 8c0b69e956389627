// Making arrays: np.array / asarray, zeros, ones, empty, full (and *_like),
// arange, linspace, eye, concatenate, stack.
#include "core/numpy/module_parts.h"

#include "core/frontend/args.h"
#include "core/frontend/callable.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"
#include "core/numpy/array_object.h"
#include "core/numpy/np_convert.h"
#include "core/numpy/np_shape.h"

#include <fmt/format.h>

#include <cmath>

namespace uops::numpy {

using frontend::Args;
using frontend::makeNative;
using frontend::ScriptError;

namespace {

Value filledWith(const char* name, double value) {
  return makeNative(name, [value](Args& a) {
    auto [shape, dtype] = a.bind({"shape", {"dtype", Value()}});
    return wrapArray(NdArray::filled(toDtype(dtype).value_or(NpType::Float64), toShape(shape), value));
  });
}

Value filledLike(const char* name, std::optional<double> value) {
  return makeNative(name, [value](Args& a) {
    if (value) {
      auto [proto, dtype] = a.bind({"a", {"dtype", Value()}});
      NdArray p = toArray(proto);
      return wrapArray(NdArray::filled(toDtype(dtype).value_or(p.dtype), p.shape, *value));
    }
    auto [proto, fill, dtype] = a.bind({"a", "fill_value", {"dtype", Value()}});
    NdArray p = toArray(proto);
    return wrapArray(NdArray::filled(toDtype(dtype).value_or(p.dtype), p.shape, toArray(fill).data.at(0)));
  });
}

// The dtype numpy gives a Python number: bool, int64 or float64.
NpType numberType(const Value& v) { return toArray(v).dtype; }

Value arange(Args& a) {
  auto [start, stop, step, dtype] = a.bind({"start", {"stop", Value()}, {"step", 1}, {"dtype", Value()}});
  if (stop.isNone()) std::swap(start, stop), start = Value(0);
  NpType t = promote(promote(numberType(start), numberType(stop)), numberType(step));
  if (t == NpType::Bool) t = NpType::Int64;
  double b = toArray(start).data[0], e = toArray(stop).data[0], s = toArray(step).data[0];
  if (s == 0) throw ScriptError("Maximum allowed size exceeded");
  double len = std::ceil((e - b) / s);
  int64_t n = len > 0 ? static_cast<int64_t>(len) : 0;
  NpType out = toDtype(dtype).value_or(t);
  // numpy fills start, start + step, then start + i * (second - first)
  double delta = (b + s) - b;
  std::vector<double> values(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    values[static_cast<size_t>(i)] = i == 0 ? b : b + static_cast<double>(i) * delta;
  return wrapArray(NdArray::of(out, {n}, std::move(values)));
}

Value linspace(Args& a) {
  auto [start, stop, num, endpoint, dtype] =
      a.bind({"start", "stop", {"num", 50}, {"endpoint", true}, {"dtype", Value()}});
  int64_t n = toShape(num).front();
  double b = toArray(start).data[0], e = toArray(stop).data[0];
  bool withEnd = frontend::truthy(endpoint);
  double div = withEnd ? static_cast<double>(n - 1) : static_cast<double>(n);
  double delta = e - b;
  double step = div > 0 ? delta / div : std::nan("");
  std::vector<double> values(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    double y = static_cast<double>(i);
    y = (div > 0 && step == 0) ? (y / div) * delta : (div > 0 ? y * step : y * delta);
    values[static_cast<size_t>(i)] = y + b;
  }
  if (withEnd && n > 1) values.back() = e;
  return wrapArray(NdArray::of(toDtype(dtype).value_or(NpType::Float64), {n}, std::move(values)));
}

Value eye(Args& a) {
  auto [rows, cols, k, dtype] = a.bind({"N", {"M", Value()}, {"k", 0}, {"dtype", Value()}});
  int64_t n = toShape(rows).front();
  int64_t m = cols.isNone() ? n : toShape(cols).front();
  int64_t diag = toArray(k).data.empty() ? 0 : static_cast<int64_t>(toArray(k).data[0]);
  NdArray out = NdArray::filled(toDtype(dtype).value_or(NpType::Float64), {n, m}, 0);
  for (int64_t i = 0; i < n; ++i)
    if (i + diag >= 0 && i + diag < m) out.data[static_cast<size_t>(i * m + i + diag)] = 1;
  return wrapArray(std::move(out));
}

std::vector<NdArray> arrayList(const Value& v) {
  std::vector<NdArray> out;
  for (const Value& item : frontend::toVector(v))
    out.push_back(toArray(item));
  return out;
}

} // namespace

Members creationMembers() {
  auto array = [](Args& a) {
    auto [object, dtype, copy] = a.bind({"object", {"dtype", Value()}, {"copy", true}});
    (void)copy;
    return wrapArray(toArray(object, toDtype(dtype)));
  };
  return {
      {"array", makeNative("array", array)},
      {"asarray", makeNative("asarray", [](Args& a) {
         auto [object, dtype] = a.bind({"a", {"dtype", Value()}});
         ArrayObject* arr = asArrayObject(object);
         std::optional<NpType> t = toDtype(dtype);
         if (arr && !arr->isScalar() && (!t || *t == arr->value().dtype)) return object;
         return wrapArray(toArray(object, t));
       })},
      {"zeros", filledWith("zeros", 0)},
      {"ones", filledWith("ones", 1)},
      // numpy leaves empty's elements undefined; zeros are one right answer
      {"empty", filledWith("empty", 0)},
      {"full", makeNative("full", [](Args& a) {
         auto [shape, fill, dtype] = a.bind({"shape", "fill_value", {"dtype", Value()}});
         NdArray f = toArray(fill);
         return wrapArray(NdArray::filled(toDtype(dtype).value_or(f.dtype), toShape(shape), f.data.at(0)));
       })},
      {"zeros_like", filledLike("zeros_like", 0.0)},
      {"ones_like", filledLike("ones_like", 1.0)},
      {"empty_like", filledLike("empty_like", 0.0)},
      {"full_like", filledLike("full_like", std::nullopt)},
      {"arange", makeNative("arange", arange)},
      {"linspace", makeNative("linspace", linspace)},
      {"eye", makeNative("eye", eye)},
      {"concatenate", makeNative("concatenate", [](Args& a) {
         auto [arrays, axis] = a.bind({"arrays", {"axis", 0}});
         return wrapArray(concatenate(arrayList(arrays), toShape(axis, true).front()));
       })},
      {"stack", makeNative("stack", [](Args& a) {
         auto [arrays, axis] = a.bind({"arrays", {"axis", 0}});
         return wrapArray(stack(arrayList(arrays), toShape(axis, true).front()));
       })},
      {"reshape", makeNative("reshape", [](Args& a) {
         auto [x, shape] = a.bind({"a", "newshape"});
         return wrapArray(reshape(toArray(x), toShape(shape, true)));
       })},
      {"transpose", makeNative("transpose", [](Args& a) {
         auto [x, axes] = a.bind({"a", {"axes", Value()}});
         return wrapArray(transpose(toArray(x), axes.isNone() ? NpShape{} : toShape(axes, true)));
       })},
  };
}

} // namespace uops::numpy
