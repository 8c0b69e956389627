#include "core/numpy/np_shape.h"

#include "core/frontend/script_error.h"
#include "core/numpy/np_reduce.h"

#include <fmt/format.h>

namespace uops::numpy {

using frontend::ScriptError;

namespace {
// numpy's spelling in reshape's message: (4,newaxis) for (4, -1)
std::string tupleText(const NpShape& s) {
  std::string out = "(";
  for (size_t i = 0; i < s.size(); ++i)
    out += (i ? "," : "") + (s[i] == -1 ? std::string("newaxis") : std::to_string(s[i]));
  return out + (s.size() == 1 ? ",)" : ")");
}
} // namespace

NdArray reshape(const NdArray& a, NpShape shape) {
  int64_t known = 1;
  int unknown = -1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (unknown >= 0) throw ScriptError("can only specify one unknown dimension");
      unknown = static_cast<int>(i);
    } else if (shape[i] < 0) {
      throw ScriptError("negative dimensions not allowed");
    } else {
      known *= shape[i];
    }
  }
  NpShape asked = shape;
  if (unknown >= 0 && known != 0 && a.size() % known == 0) shape[static_cast<size_t>(unknown)] = a.size() / known;
  if (elementCount(shape) != a.size() || (unknown >= 0 && shape[static_cast<size_t>(unknown)] < 0))
    throw ScriptError(fmt::format("cannot reshape array of size {} into shape {}", a.size(), tupleText(asked)));
  return {a.dtype, std::move(shape), a.data};
}

NdArray transpose(const NdArray& a, std::vector<int64_t> axes) {
  int64_t n = a.ndim();
  if (axes.empty())
    for (int64_t i = n - 1; i >= 0; --i)
      axes.push_back(i);
  if (static_cast<int64_t>(axes.size()) != n) throw ScriptError("axes don't match array");
  std::vector<bool> seen(static_cast<size_t>(n));
  for (int64_t& ax : axes) {
    ax = normalizeAxis(ax, n);
    if (seen[static_cast<size_t>(ax)]) throw ScriptError("repeated axis in transpose");
    seen[static_cast<size_t>(ax)] = true;
  }
  NpShape inStrides = stridesOf(a.shape);
  NpShape shape;
  for (int64_t ax : axes)
    shape.push_back(a.shape[static_cast<size_t>(ax)]);
  NpShape outStrides = stridesOf(shape);
  NdArray out{a.dtype, shape, std::vector<double>(a.data.size())};
  for (int64_t flat = 0; flat < a.size(); ++flat) {
    int64_t src = 0, rest = flat;
    for (size_t d = 0; d < shape.size(); ++d) {
      src += (rest / outStrides[d]) * inStrides[static_cast<size_t>(axes[d])];
      rest %= outStrides[d];
    }
    out.data[static_cast<size_t>(flat)] = a.data[static_cast<size_t>(src)];
  }
  return out;
}

NdArray concatenate(const std::vector<NdArray>& arrays, int64_t axisArg) {
  if (arrays.empty()) throw ScriptError("need at least one array to concatenate");
  const NdArray& first = arrays.front();
  if (first.ndim() == 0) throw ScriptError("zero-dimensional arrays cannot be concatenated");
  int64_t axis = normalizeAxis(axisArg, first.ndim());
  NpType t = first.dtype;
  NpShape shape = first.shape;
  shape[static_cast<size_t>(axis)] = 0;
  for (size_t k = 0; k < arrays.size(); ++k) {
    const NdArray& a = arrays[k];
    if (a.ndim() != first.ndim())
      throw ScriptError(fmt::format("all the input array dimensions except for the concatenation axis "
                                    "must match exactly, but along dimension 0, the array at index 0 has "
                                    "{} dimension(s) and the array at index {} has {} dimension(s)",
                                    first.ndim(), k, a.ndim()));
    for (int64_t d = 0; d < a.ndim(); ++d)
      if (d != axis && a.shape[static_cast<size_t>(d)] != first.shape[static_cast<size_t>(d)])
        throw ScriptError(fmt::format("all the input array dimensions except for the concatenation axis "
                                      "must match exactly, but along dimension {}, the array at index 0 "
                                      "has size {} and the array at index {} has size {}",
                                      d, first.shape[static_cast<size_t>(d)], k, a.shape[static_cast<size_t>(d)]));
    shape[static_cast<size_t>(axis)] += a.shape[static_cast<size_t>(axis)];
    t = promote(t, a.dtype);
  }
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= first.shape[static_cast<size_t>(d)];
  NdArray out{t, shape, {}};
  out.data.reserve(static_cast<size_t>(elementCount(shape)));
  for (int64_t o = 0; o < outer; ++o)
    for (const NdArray& a : arrays) {
      int64_t block = outer == 0 ? 0 : a.size() / outer;
      for (int64_t i = 0; i < block; ++i)
        out.data.push_back(castTo(t, a.data[static_cast<size_t>(o * block + i)]));
    }
  return out;
}

NdArray stack(const std::vector<NdArray>& arrays, int64_t axisArg) {
  if (arrays.empty()) throw ScriptError("need at least one array to stack");
  int64_t axis = normalizeAxis(axisArg, arrays.front().ndim() + 1);
  std::vector<NdArray> expanded;
  for (const NdArray& a : arrays) {
    if (a.shape != arrays.front().shape) throw ScriptError("all input arrays must have the same shape");
    NpShape s = a.shape;
    s.insert(s.begin() + axis, 1);
    expanded.push_back({a.dtype, s, a.data});
  }
  return concatenate(expanded, axis);
}

} // namespace uops::numpy
