#include "core/numpy/np_index.h"

#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"
#include "core/numpy/array_object.h"
#include "core/numpy/np_convert.h"

#include <fmt/format.h>

namespace uops::numpy {

using frontend::ScriptError;
using frontend::Value;

namespace {

// What one index component does to the axes.
struct Component {
  enum Kind { Int, Range, NewAxis, Array, Mask } kind = Int;
  std::vector<int64_t> positions; // along its axis (Int: one; Range, Array: many)
  NpShape arrayShape;             // Array: the dims it makes
  NdArray mask;                   // Mask: a boolean array over several axes
};

bool isIndexArray(const Value& v) {
  ArrayObject* arr = asArrayObject(v);
  return v.isList() || (arr && arr->value().ndim() > 0);
}

int64_t checkedIndex(int64_t i, int64_t size, size_t axis) {
  if (i < -size || i >= size)
    throw ScriptError(fmt::format("index {} is out of bounds for axis {} with size {}", i, axis, size));
  return i < 0 ? i + size : i;
}

std::vector<Value> components(const Value& index) {
  if (const frontend::TuplePtr* t = index.get<frontend::TuplePtr>()) return (*t)->items;
  return {index};
}

// How many source axes a component uses.
size_t axesUsed(const Value& v) {
  if (v.isNone() || v.is<frontend::EllipsisType>()) return 0;
  if (ArrayObject* arr = asArrayObject(v); arr && arr->value().dtype == NpType::Bool && arr->value().ndim() > 0)
    return static_cast<size_t>(arr->value().ndim());
  return 1;
}

Component resolve(const Value& v, const NdArray& a, size_t axis) {
  Component c;
  if (v.isNone()) {
    c.kind = Component::NewAxis;
    return c;
  }
  int64_t size = axis < a.shape.size() ? a.shape[axis] : 0;
  if (const frontend::Slice* s = v.get<frontend::Slice>()) {
    frontend::SliceIndices r = frontend::resolveSlice(*s, size);
    c.kind = Component::Range;
    for (int64_t k = 0; k < r.count; ++k)
      c.positions.push_back(r.start + k * r.step);
    return c;
  }
  if (isIndexArray(v)) {
    NdArray idx = toArray(v);
    if (idx.dtype == NpType::Bool && idx.ndim() > 0) {
      c.kind = Component::Mask;
      c.mask = std::move(idx);
      return c;
    }
    if (isFloat(idx.dtype) && idx.size() > 0)
      throw ScriptError("arrays used as indices must be of integer (or boolean) type");
    c.kind = Component::Array;
    c.arrayShape = idx.shape;
    for (double d : idx.data)
      c.positions.push_back(checkedIndex(static_cast<int64_t>(d), size, axis));
    return c;
  }
  ArrayObject* arr = asArrayObject(v);
  if (v.isIntLike() || (arr && !isFloat(arr->value().dtype))) {
    int64_t i = v.isIntLike() ? (v.isBool() ? int64_t{*v.get<bool>()} : *v.get<int64_t>())
                              : static_cast<int64_t>(arr->value().data[0]);
    c.positions.push_back(checkedIndex(i, size, axis));
    return c;
  }
  throw ScriptError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
                    "integer or boolean arrays are valid indices");
}

} // namespace

Selection select(const NdArray& a, const Value& index) {
  std::vector<Value> parts = components(index);
  size_t used = 0, ellipses = 0;
  for (const Value& p : parts) {
    used += axesUsed(p);
    ellipses += p.is<frontend::EllipsisType>() ? 1 : 0;
  }
  if (ellipses > 1) throw ScriptError("an index can only have a single ellipsis ('...')");
  if (used > a.shape.size())
    throw ScriptError(fmt::format("too many indices for array: array is {}-dimensional, but {} were indexed",
                                  a.shape.size(), used));
  // Ellipsis (or the end) stands for the axes no component names.
  std::vector<Value> full;
  for (const Value& p : parts) {
    if (!p.is<frontend::EllipsisType>()) {
      full.push_back(p);
      continue;
    }
    for (size_t k = 0; k < a.shape.size() - used; ++k)
      full.emplace_back(frontend::Slice{});
  }
  if (ellipses == 0)
    for (size_t k = used; k < a.shape.size(); ++k)
      full.emplace_back(frontend::Slice{});

  // Per output step: the source offsets it may take, and the dims it makes.
  struct Step {
    std::vector<int64_t> offsets;
    NpShape dims;
  };
  std::vector<Step> steps;
  NpShape strides = stridesOf(a.shape);
  size_t axis = 0, arrays = 0;
  for (const Value& p : full) {
    Component c = resolve(p, a, axis);
    switch (c.kind) {
    case Component::NewAxis: steps.push_back({{0}, {1}}); break;
    case Component::Int: steps.push_back({{c.positions[0] * strides[axis]}, {}}); ++axis; break;
    case Component::Range:
    case Component::Array: {
      if (c.kind == Component::Array && ++arrays > 1)
        throw ScriptError("indexing with more than one integer array is not supported here");
      Step s;
      for (int64_t i : c.positions)
        s.offsets.push_back(i * strides[axis]);
      s.dims = c.kind == Component::Range ? NpShape{static_cast<int64_t>(c.positions.size())} : c.arrayShape;
      steps.push_back(std::move(s));
      ++axis;
      break;
    }
    case Component::Mask: {
      size_t n = static_cast<size_t>(c.mask.ndim());
      NpShape covered(a.shape.begin() + static_cast<std::ptrdiff_t>(axis),
                      a.shape.begin() + static_cast<std::ptrdiff_t>(axis + n));
      if (covered != c.mask.shape)
        throw ScriptError(fmt::format("boolean index did not match indexed array along dimension {}; "
                                      "dimension is {} but corresponding boolean dimension is {}",
                                      axis, a.shape[axis], c.mask.shape[0]));
      if (++arrays > 1) throw ScriptError("indexing with more than one boolean or integer array is not supported here");
      Step s;
      NpShape maskStrides = stridesOf(c.mask.shape);
      for (size_t flat = 0; flat < c.mask.data.size(); ++flat) {
        if (c.mask.data[flat] == 0) continue;
        int64_t off = 0, rest = static_cast<int64_t>(flat);
        for (size_t d = 0; d < n; ++d) {
          off += (rest / maskStrides[d]) * strides[axis + d];
          rest %= maskStrides[d];
        }
        s.offsets.push_back(off);
      }
      s.dims = {static_cast<int64_t>(s.offsets.size())};
      steps.push_back(std::move(s));
      axis += n;
      break;
    }
    }
  }
  Selection out;
  for (const Step& s : steps)
    out.shape.insert(out.shape.end(), s.dims.begin(), s.dims.end());
  out.positions = {0};
  for (const Step& s : steps) {
    std::vector<int64_t> next;
    next.reserve(out.positions.size() * s.offsets.size());
    for (int64_t base : out.positions)
      for (int64_t off : s.offsets)
        next.push_back(base + off);
    out.positions = std::move(next);
  }
  return out;
}

NdArray gather(const NdArray& a, const Selection& s) {
  NdArray out{a.dtype, s.shape, {}};
  out.data.reserve(s.positions.size());
  for (int64_t p : s.positions)
    out.data.push_back(a.data[static_cast<size_t>(p)]);
  return out;
}

} // namespace uops::numpy
