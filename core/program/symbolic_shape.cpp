#include "core/program/symbolic_shape.h"

#include "core/frontend/object.h"
#include "core/ir/build.h"
#include "core/ir/variable.h"
#include "core/program/convert.h"
#include "core/program/tensor_object.h"
#include "core/program/variable_bindings.h"

#include <fmt/format.h>

namespace uops::program {

using frontend::Value;

namespace {

// The symbolic stop of a basic slice item that can size an axis of `dim`.
std::optional<SymbolicBounds> symbolicStop(const frontend::Slice& s, int64_t dim) {
  if (!s.stopObject || (s.step && *s.step != 1)) return std::nullopt;
  if (s.startObject || (s.start && *s.start != 0)) return std::nullopt;
  std::optional<SymbolicBounds> b = symbolicBounds(Value(s.stopObject));
  if (!b || b->min < 0 || b->max > dim) return std::nullopt;
  return b;
}

void noteSized(const SymbolicSize& s) {
  for (const std::optional<SymbolicBounds>& d : s.dims)
    if (d)
      for (const std::string& name : d->variables) recordSymbolicSize(name, d->text);
}

} // namespace

std::optional<SymbolicSize> symbolicSlice(const Tensor& t, const Value& index) {
  if (t.isMultiDevice()) return std::nullopt;
  std::vector<Value> items = index.isTuple() ? *index.items() : std::vector<Value>{index};
  size_t consuming = 0;
  for (const Value& v : items) {
    if (v.isNone() || v.is<frontend::EllipsisType>()) continue;
    if (!v.get<int64_t>() && !v.get<frontend::Slice>()) return std::nullopt; // bools, tensors, lists
    ++consuming;
  }
  if (consuming > t.shape().size()) return std::nullopt;
  std::vector<std::optional<SymbolicBounds>> outDims;
  size_t in = 0;
  bool any = false;
  for (Value& v : items) {
    if (v.isNone()) {
      outDims.push_back(std::nullopt);
    } else if (v.is<frontend::EllipsisType>()) {
      for (size_t k = 0; k < t.shape().size() - consuming; ++k, ++in) outDims.push_back(std::nullopt);
    } else if (v.get<int64_t>()) {
      ++in;
    } else {
      const auto& s = *v.get<frontend::Slice>();
      if (s.startObject && symbolicBounds(Value(s.startObject))) return std::nullopt; // a view at an offset
      std::optional<SymbolicBounds> stop = symbolicStop(s, t.shape()[in]);
      if (stop) {
        v = Value(frontend::Slice{int64_t{0}, stop->max, std::nullopt, nullptr, nullptr});
        any = true;
      }
      outDims.push_back(stop);
      ++in;
    }
  }
  if (!any) return std::nullopt;
  for (; in < t.shape().size(); ++in) outDims.push_back(std::nullopt);
  Value whole = index.isTuple() ? Value::tuple(std::move(items)) : items.front();
  Tensor full = getItem(t, whole); // ints only: nothing folds
  if (full.shape().size() != outDims.size()) return std::nullopt;
  SymbolicSize out{full, std::move(outDims)};
  noteSized(out);
  return out;
}

std::optional<SymbolicSize> symbolicShrink(const Tensor& t, const Value& arg) {
  const std::vector<Value>* items = arg.items();
  if (!items || t.isMultiDevice() || items->size() != t.shape().size()) return std::nullopt;
  std::vector<Value> slices;
  for (const Value& item : *items) {
    if (item.isNone()) {
      slices.push_back(Value(frontend::Slice{}));
      continue;
    }
    const std::vector<Value>* pair = item.items();
    if (!pair || pair->size() != 2) return std::nullopt;
    const int64_t* start = (*pair)[0].get<int64_t>();
    if (!start) return std::nullopt;
    frontend::Slice s{*start, std::nullopt, std::nullopt, nullptr, nullptr};
    if (const int64_t* stop = (*pair)[1].get<int64_t>()) s.stop = *stop;
    else if ((*pair)[1].isObject()) s.stopObject = (*pair)[1].object();
    else return std::nullopt;
    slices.push_back(Value(s));
  }
  return symbolicSlice(t, Value::tuple(std::move(slices)));
}

std::optional<SymbolicSize> symbolicSubscript(const SymbolicSize& s, const Value& index) {
  std::vector<Value> items = index.isTuple() ? *index.items() : std::vector<Value>{index};
  size_t rank = s.dims.size(), consuming = 0;
  for (const Value& v : items) {
    if (v.isNone() || v.is<frontend::EllipsisType>()) continue;
    if (!v.get<int64_t>() && !v.get<frontend::Slice>()) return std::nullopt;
    ++consuming;
  }
  if (consuming > rank) return std::nullopt;
  std::vector<std::optional<SymbolicBounds>> out;
  size_t in = 0;
  for (const Value& v : items) {
    if (v.isNone()) {
      out.push_back(std::nullopt);
    } else if (v.is<frontend::EllipsisType>()) {
      for (size_t k = 0; k < rank - consuming; ++k) out.push_back(s.dims[in++]);
    } else if (v.get<int64_t>()) {
      if (s.dims[in++]) return std::nullopt; // one position of a symbolic axis
    } else {
      const auto& sl = *v.get<frontend::Slice>();
      if (sl.startObject || sl.stopObject) return std::nullopt;
      bool whole = (!sl.start || *sl.start == 0) && !sl.stop && (!sl.step || *sl.step == 1);
      if (s.dims[in] && !whole) return std::nullopt;
      out.push_back(s.dims[in++]);
    }
  }
  for (; in < rank; ++in) out.push_back(s.dims[in]);
  Tensor full = getItem(s.full, index);
  if (full.shape().size() != out.size()) return std::nullopt;
  return SymbolicSize{std::move(full), std::move(out)};
}

Value wrapSymbolic(Tensor folded, SymbolicSize size) {
  Value v = wrap(std::move(folded));
  static_cast<TensorObject&>(*v.object()).symbolic = std::make_shared<const SymbolicSize>(std::move(size));
  return v;
}

const SymbolicSize* symbolicSizeOf(const Value& v) {
  if (!v.isObject()) return nullptr;
  auto* t = dynamic_cast<const TensorObject*>(v.object().get());
  return t ? t->symbolic.get() : nullptr;
}

bool anySymbolicSize(const frontend::Args& a) {
  if (symbolicSizeOf(a.self())) return true;
  for (const Value& v : a.positional())
    if (symbolicSizeOf(v)) return true;
  for (const auto& [name, v] : a.keywords())
    if (symbolicSizeOf(v)) return true;
  return false;
}

void noteSymbolicFold(const SymbolicSize& s, std::string_view use) {
  for (const std::optional<SymbolicBounds>& d : s.dims)
    if (d)
      for (const std::string& name : d->variables) recordFoldedUse(name, fmt::format("{} by {}", d->text, use));
}

void noteSymbolicFold(const frontend::Args& a, std::string_view use) {
  auto note = [&](const Value& v) {
    if (const SymbolicSize* s = symbolicSizeOf(v)) noteSymbolicFold(*s, use);
  };
  note(a.self());
  for (const Value& v : a.positional()) note(v);
  for (const auto& [name, v] : a.keywords()) note(v);
}

Value shapeValue(const SymbolicSize& s) {
  std::vector<Value> dims;
  const Shape& full = s.full.shape();
  for (size_t k = 0; k < full.size(); ++k) dims.push_back(s.dims[k] ? s.dims[k]->source : Value(full[k]));
  return Value::tuple(std::move(dims));
}

Tensor positionsBelow(const SymbolicBounds& extent, int64_t max, const std::string& device) {
  Tensor pattern = Tensor::full({max}, Scalar(true), dtypes::bool_, device).pad({std::pair<int64_t, int64_t>{0, max}});
  return Tensor(shrinkAt(pattern.uop(), {constIndex(max) - extent.expr}, {max}), device);
}

} // namespace uops::program
