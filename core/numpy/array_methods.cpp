// ndarray's methods and properties: x.shape, x.astype(np.float32),
// x.reshape(2, -1), x.sum(axis=0), x.tolist(), ...
#include "core/numpy/array_object.h"

#include "core/frontend/args.h"
#include "core/frontend/format_spec.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/numpy/np_convert.h"
#include "core/numpy/np_dtype_object.h"
#include "core/numpy/np_reduce.h"
#include "core/numpy/np_shape.h"

#include <fmt/format.h>

namespace uops::numpy {

using frontend::Args;
using frontend::Method;
using frontend::ScriptError;

namespace {

ArrayObject& arraySelf(const Value& self) { return static_cast<ArrayObject&>(*self.object()); }
const NdArray& selfValue(const Args& a) { return arraySelf(a.self()).value(); }

std::optional<int64_t> axisArg(const Value& v) {
  if (v.isNone()) return std::nullopt;
  if (v.isTuple()) throw ScriptError("a tuple of axes is not supported here: reduce one axis at a time");
  return toShape(v, true).front();
}

// reshape(2, 3), reshape((2, 3)), transpose(1, 0), transpose((1, 0))
NpShape shapeArgs(const Value& rest) {
  const std::vector<Value>& items = *rest.items();
  if (items.size() == 1 && (items[0].isTuple() || items[0].isList())) return toShape(items[0], true);
  NpShape out;
  for (const Value& v : items) {
    if (!v.isIntLike() && !asArrayObject(v))
      throw ScriptError(fmt::format("'{}' object cannot be interpreted as an integer", v.typeName()));
    out.push_back(v.isIntLike() ? toShape(v, true).front() : static_cast<int64_t>(asArrayObject(v)->value().data[0]));
  }
  return out;
}

Method reduction(std::string name, Reduction r) {
  return {std::move(name), [r](Args& a) {
            auto [axis, keepdims] = a.bind({{"axis", Value()}, {"keepdims", false}});
            return wrapResult(reduce(selfValue(a), r, axisArg(axis), frontend::truthy(keepdims)));
          }};
}

Method moment(std::string name, bool root) {
  return {std::move(name), [root](Args& a) {
            auto [axis, ddof, keepdims] = a.bind({{"axis", Value()}, {"ddof", 0}, {"keepdims", false}});
            return wrapResult(variance(selfValue(a), axisArg(axis), frontend::truthy(keepdims),
                                       toShape(ddof, true).front(), root));
          }};
}

} // namespace

const frontend::MethodTable& arrayMethodTable() {
  static const frontend::MethodTable table{
      {
          {"astype",
           [](Args& a) {
             auto [dtype] = a.bind({"dtype"});
             return wrapArray(selfValue(a).astype(*toDtype(dtype)));
           }},
          {"reshape",
           [](Args& a) {
             auto [shape] = a.bind({"*shape"});
             return wrapArray(reshape(selfValue(a), shapeArgs(shape)));
           }},
          {"transpose",
           [](Args& a) {
             auto [axes] = a.bind({"*axes"});
             return wrapArray(transpose(selfValue(a), axes.items()->empty() ? NpShape{} : shapeArgs(axes)));
           }},
          {"flatten",
           [](Args& a) {
             a.expectNone();
             return wrapArray(reshape(selfValue(a), {selfValue(a).size()}));
           }},
          {"ravel",
           [](Args& a) {
             a.expectNone();
             return wrapArray(reshape(selfValue(a), {selfValue(a).size()}));
           }},
          {"copy",
           [](Args& a) {
             a.expectNone();
             return wrapArray(selfValue(a));
           }},
          reduction("sum", Reduction::Sum),
          reduction("mean", Reduction::Mean),
          reduction("max", Reduction::Max),
          reduction("min", Reduction::Min),
          reduction("argmax", Reduction::ArgMax),
          reduction("argmin", Reduction::ArgMin),
          reduction("any", Reduction::Any),
          reduction("all", Reduction::All),
          reduction("prod", Reduction::Prod),
          moment("var", false),
          moment("std", true),
          {"tolist",
           [](Args& a) {
             a.expectNone();
             const NdArray& v = selfValue(a);
             return v.ndim() == 0 ? pythonScalar(v.dtype, v.data[0]) : toList(v);
           }},
          {"item",
           [](Args& a) {
             auto [index] = a.bind({"*args"});
             const NdArray& v = selfValue(a);
             if (!index.items()->empty()) {
               int64_t i = toShape(index.items()->front()).front();
               if (i < -v.size() || i >= v.size())
                 throw ScriptError(fmt::format("index {} is out of bounds for size {}", i, v.size()));
               return pythonScalar(v.dtype, v.data[static_cast<size_t>(i < 0 ? i + v.size() : i)]);
             }
             if (v.size() != 1) throw ScriptError("can only convert an array of size 1 to a Python scalar");
             return pythonScalar(v.dtype, v.data[0]);
           }},
          {"fill",
           [](Args& a) {
             auto [value] = a.bind({"value"});
             ArrayObject& self = arraySelf(a.self());
             NdArray v = toArray(value);
             if (v.size() != 1) throw ScriptError("fill takes a scalar");
             self.assign(std::vector<double>(self.value().data.size(), v.data[0]));
             return Value();
           }},
          {"__format__",
           [](Args& a) {
             auto [spec] = a.bind({"format_spec"});
             const NdArray& v = selfValue(a);
             if (v.size() != 1 || v.ndim() != 0)
               return frontend::formatValue(Value(arraySelf(a.self()).str()), "");
             return frontend::formatValue(pythonScalar(v.dtype, v.data[0]), *spec.get<std::string>());
           }},
      },
      {
          {"shape", [](const Value& self) { return shapeTuple(arraySelf(self).value().shape); }},
          {"dtype", [](const Value& self) { return dtypeValue(arraySelf(self).value().dtype); }},
          {"ndim", [](const Value& self) { return Value(arraySelf(self).value().ndim()); }},
          {"size", [](const Value& self) { return Value(arraySelf(self).value().size()); }},
          {"T", [](const Value& self) { return wrapArray(transpose(arraySelf(self).value(), {})); }},
          {"itemsize",
           [](const Value& self) {
             NpType t = arraySelf(self).value().dtype;
             return Value(t == NpType::Float64 || t == NpType::Int64 ? 8 : t == NpType::Bool || t == NpType::UInt8 ? 1 : 4);
           }},
      }};
  return table;
}

} // namespace uops::numpy
