#include "core/program/symbolic_methods.h"

#include "core/nn/attention.h"
#include "core/program/convert.h"
#include "core/program/symbolic_cumulative.h"
#include "core/program/method_helpers.h"
#include "core/program/symbolic_ops.h"
#include "core/program/symbolic_shape.h"
#include "core/program/tensor_methods.h"
#include "core/program/training.h"

#include <algorithm>
#include <numeric>

namespace uops::program {

using frontend::Args;
using frontend::NativeFn;
using frontend::Value;

namespace {

// The method on the folded twins: what every other use would take.
Tensor symFoldedResult(const NativeFn& inner, Args& a) {
  DeferFoldNotes defer;
  return *asTensorPtr(inner(a));
}

bool symOnlySelf(const Args& a) {
  if (!symbolicSizeOf(a.self())) return false;
  for (const Value& v : a.positional())
    if (symbolicSizeOf(v)) return false;
  for (const auto& [name, v] : a.keywords())
    if (symbolicSizeOf(v)) return false;
  return true;
}

// A move of the receiver: output axis k is input axis order[k]. The method
// runs on `full` too, so the result keeps every symbolic axis at its maximum.
Value symMoved(Args& a, const NativeFn& inner, const Ints& order) {
  const SymbolicSize& s = *symbolicSizeOf(a.self());
  Tensor folded = symFoldedResult(inner, a);
  Args onFull = a;
  onFull.setSelf(wrap(s.full));
  SymbolicSize out{*asTensorPtr(inner(onFull)), {}};
  for (int64_t k : order) out.dims.push_back(s.dims[static_cast<size_t>(k)]);
  return wrapSymbolic(std::move(folded), std::move(out));
}

int64_t symAxis(int64_t axis, size_t rank) {
  int64_t n = static_cast<int64_t>(rank);
  return axis < 0 ? axis + n : axis;
}

std::optional<Value> symPermuted(Args& a, const NativeFn& inner, Ints order) {
  size_t rank = symbolicSizeOf(a.self())->dims.size();
  if (order.size() != rank) return std::nullopt;
  for (int64_t& k : order) {
    k = symAxis(k, rank);
    if (k < 0 || k >= static_cast<int64_t>(rank)) return std::nullopt;
  }
  return symMoved(a, inner, order);
}

Ints symIdentity(size_t rank) {
  Ints order(rank);
  std::iota(order.begin(), order.end(), 0);
  return order;
}

// softmax(q @ keys.T / sqrt(d)) @ values over the positions below the size:
// the keys past it are masked out of the scores (-inf, as an attention mask
// is) and both keys and values past it are zeros, so whatever the cache
// holds there never reaches the result. The result is concrete.
std::optional<Value> symAttention(Args& a) {
  if (symbolicSizeOf(a.self())) return std::nullopt;
  detail::AttentionCall c = detail::bindAttention(a);
  const SymbolicSize* k = symbolicSizeOf(c.key);
  const SymbolicSize* v = symbolicSizeOf(c.value);
  if (!k || !v || !c.mask.isNone() || c.isCausal || c.dropoutP != 0.0) return std::nullopt;
  size_t n = k->dims.size();
  if (n < 2 || v->dims.size() != n) return std::nullopt;
  for (size_t i = 0; i < n; ++i)
    if ((i == n - 2) != k->dims[i].has_value() || (i == n - 2) != v->dims[i].has_value()) return std::nullopt;
  const SymbolicBounds& extent = *k->dims[n - 2];
  if (extent.text != v->dims[n - 2]->text) return std::nullopt;
  int64_t max = k->full.shape()[n - 2];
  if (v->full.shape()[n - 2] != max) return std::nullopt;
  const Tensor& q = *asTensorPtr(a.self());
  Tensor valid = positionsBelow(extent, max, q.device());
  Tensor rows = valid.reshape({max, 1});
  Tensor keys = rows.where(k->full, Scalar(0.0));
  Tensor values = rows.where(v->full, Scalar(0.0));
  return wrap(scaledDotProductAttention(q, keys, values,
                                        {.attnMask = valid,
                                         .dropoutP = 0.0,
                                         .isCausal = false,
                                         .enableGqa = c.enableGqa,
                                         .training = trainingMode()}));
}

// Every Value among the receiver and the arguments, in order.
std::vector<Value> symOperands(const Args& a) {
  std::vector<Value> out{a.self()};
  out.insert(out.end(), a.positional().begin(), a.positional().end());
  for (const auto& [name, v] : a.keywords()) out.push_back(v);
  return out;
}

// `a` with its receiver and arguments replaced by `values` (symOperands' order).
Args symWithOperands(const Args& a, const std::vector<Value>& values) {
  Args out = a;
  size_t i = 0;
  out.setSelf(values[i++]);
  for (Value& v : out.positional()) v = values[i++];
  for (auto& [name, v] : out.keywords()) v = values[i++];
  return out;
}

// The elementwise methods (methods_elementwise.cpp) but allclose, whose
// result is a Python bool.
bool symIsElementwise(std::string_view name) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const frontend::Method& m : elementwiseMethods())
      if (m.name != "allclose") out.push_back(m.name);
    return out;
  }();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// matmul(x, reverse=False, dtype=None) and dot(w, dtype=None).
std::optional<Value> symMatmulMethod(std::string_view name, Args& a) {
  Value lhs = a.self(), rhs;
  Value dtype;
  if (name == "matmul") {
    auto [x, reverse, d] = a.bind({"x", {"reverse", false}, {"dtype", Value()}});
    rhs = x;
    dtype = d;
    if (toBool(a, reverse, "reverse")) std::swap(lhs, rhs);
  } else {
    auto [w, d] = a.bind({"w", {"dtype", Value()}});
    rhs = w;
    dtype = d;
  }
  std::optional<DType> dt = toOptDType(a, dtype, "dtype");
  return symbolicMatmul(lhs, rhs, [dt](const Tensor& l, const Tensor& r) { return l.matmul(r, dt); });
}

// The reductions of symbolic_ops.h, with the method tables' parameters
// (methods_reduce.cpp); var_mean and std_mean give both as a tuple.
std::optional<Value> symReduceMethod(std::string_view name, Args& a) {
  static const std::vector<std::pair<std::string_view, SymbolicReduce>> kinds{
      {"sum", SymbolicReduce::Sum},         {"prod", SymbolicReduce::Prod},
      {"max", SymbolicReduce::Max},         {"min", SymbolicReduce::Min},
      {"any", SymbolicReduce::Any},         {"all", SymbolicReduce::All},
      {"mean", SymbolicReduce::Mean},       {"var", SymbolicReduce::Var},
      {"std", SymbolicReduce::Std},         {"var_mean", SymbolicReduce::Var},
      {"std_mean", SymbolicReduce::Std},    {"logsumexp", SymbolicReduce::LogSumExp},
      {"argmax", SymbolicReduce::ArgMax},   {"argmin", SymbolicReduce::ArgMin},
      {"softmax", SymbolicReduce::Softmax}, {"log_softmax", SymbolicReduce::LogSoftmax}};
  auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == name; });
  if (kind == kinds.end()) return std::nullopt;
  SymbolicReduction r{.kind = kind->second};
  switch (r.kind) {
  case SymbolicReduce::Sum:
  case SymbolicReduce::Prod: {
    auto [axis, keepdim, dtype] = a.bind({{"axis", Value()}, {"keepdim", false}, {"dtype", Value()}});
    r.axes = toAxes(a, axis, "axis");
    r.keepdim = toBool(a, keepdim, "keepdim");
    r.dtype = toOptDType(a, dtype, "dtype");
    break;
  }
  case SymbolicReduce::Var:
  case SymbolicReduce::Std: {
    auto [axis, keepdim, correction] = a.bind({{"axis", Value()}, {"keepdim", false}, {"correction", 1}});
    r.axes = toAxes(a, axis, "axis");
    r.keepdim = toBool(a, keepdim, "keepdim");
    r.correction = toDouble(a, correction, "correction");
    break;
  }
  case SymbolicReduce::Max:
  case SymbolicReduce::Min:
  case SymbolicReduce::Any:
  case SymbolicReduce::All:
  case SymbolicReduce::Mean:
  case SymbolicReduce::LogSumExp:
  case SymbolicReduce::ArgMax:
  case SymbolicReduce::ArgMin: {
    auto [axis, keepdim] = a.bind({{"axis", Value()}, {"keepdim", false}});
    r.axes = toAxes(a, axis, "axis");
    r.keepdim = toBool(a, keepdim, "keepdim");
    break;
  }
  case SymbolicReduce::Softmax:
  case SymbolicReduce::LogSoftmax: {
    auto [axis, dtype] = a.bind({{"axis", -1}, {"dtype", Value()}});
    r.axes = Axes(toInt(a, axis, "axis"));
    r.dtype = toOptDType(a, dtype, "dtype");
    break;
  }
  }
  std::optional<Value> out = symbolicReduce(a.self(), r);
  if (!out || (name != "var_mean" && name != "std_mean")) return out;
  SymbolicReduction mean = r;
  mean.kind = SymbolicReduce::Mean;
  std::optional<Value> m = symbolicReduce(a.self(), mean);
  if (!m) return std::nullopt;
  return Value::tuple({*out, *m});
}

// cumsum(axis=0), cumprod(axis), cummax(axis=0), cummin(axis=0) and
// logcumsumexp(axis=0) (methods_reduce.cpp).
std::optional<Value> symCumulativeMethod(std::string_view name, Args& a) {
  static const std::vector<std::pair<std::string_view, SymbolicScan>> kinds{
      {"cumsum", SymbolicScan::CumSum},
      {"cumprod", SymbolicScan::CumProd},
      {"cummax", SymbolicScan::CumMax},
      {"cummin", SymbolicScan::CumMin},
      {"logcumsumexp", SymbolicScan::LogCumSumExp}};
  auto kind = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == name; });
  if (kind == kinds.end()) return std::nullopt;
  auto [axis] = kind->second == SymbolicScan::CumProd ? a.bind({"axis"}) : a.bind({{"axis", 0}});
  return symbolicCumulative(a.self(), kind->second, toInt(a, axis, "axis"));
}

// reshape(*shape) that keeps each symbolic axis whole: the new shape names it
// by its symbolic int (`x.reshape(bs, seqlen, ...)` with seqlen from
// x.shape), and the axes before it hold as many elements before as after.
std::optional<Value> symReshaped(Args& a, const NativeFn& inner) {
  const SymbolicSize& s = *symbolicSizeOf(a.self());
  auto [first, rest] = a.bind({"shape", "*args"});
  std::vector<Value> items = rest.items() && !rest.items()->empty() ? *rest.items() : std::vector<Value>{};
  if (items.empty()) {
    if (!first.items()) return std::nullopt;
    items = *first.items();
  } else {
    items.insert(items.begin(), first);
  }
  Shape shape;
  std::vector<std::optional<SymbolicBounds>> dims;
  for (const Value& item : items) {
    if (const int64_t* i = item.get<int64_t>()) {
      if (*i < 0) return std::nullopt;
      shape.push_back(*i);
      dims.push_back(std::nullopt);
      continue;
    }
    std::optional<SymbolicBounds> b = symbolicBounds(item);
    if (!b) return std::nullopt;
    std::optional<size_t> axis;
    for (size_t k = 0; k < s.dims.size(); ++k)
      if (s.dims[k] && s.dims[k]->text == b->text) axis = k;
    if (!axis) return std::nullopt;
    shape.push_back(s.full.shape()[*axis]);
    dims.push_back(s.dims[*axis]);
  }
  // every symbolic axis, in and out, starts after the same number of elements
  auto starts = [](const Shape& sh, const std::vector<std::optional<SymbolicBounds>>& ds) {
    std::vector<std::pair<int64_t, std::string>> out;
    int64_t before = 1;
    for (size_t k = 0; k < sh.size(); ++k) {
      if (ds[k]) out.emplace_back(before, ds[k]->text);
      before *= sh[k];
    }
    return std::pair{out, before};
  };
  auto in = starts(s.full.shape(), s.dims), out = starts(shape, dims);
  if (in != out) return std::nullopt;
  Tensor folded = symFoldedResult(inner, a);
  return wrapSymbolic(std::move(folded), SymbolicSize{s.full.reshape(shape), std::move(dims)});
}

// repeat(*repeats) with 1 on every symbolic axis.
std::optional<Value> symRepeated(Args& a, const NativeFn& inner) {
  const SymbolicSize& s = *symbolicSizeOf(a.self());
  auto [first, rest] = a.bind({"repeats", "*args"});
  Ints repeats = toIntsVarargs(a, first, rest, "repeats");
  if (repeats.size() != s.dims.size()) return std::nullopt;
  for (size_t k = 0; k < repeats.size(); ++k)
    if (s.dims[k] && repeats[k] != 1) return std::nullopt;
  return symMoved(a, inner, symIdentity(s.dims.size()));
}

} // namespace

std::optional<Value> symbolicMethod(std::string_view name, Args& a, const NativeFn& inner) {
  if (name == "scaled_dot_product_attention") return symAttention(a);
  if (name == "matmul" || name == "dot") return symMatmulMethod(name, a);
  if (symIsElementwise(name))
    return symbolicElementwise(symOperands(a), [&](const std::vector<Value>& operands) {
      Args call = symWithOperands(a, operands);
      return inner(call);
    });
  if (!symOnlySelf(a)) return std::nullopt;
  if (std::optional<Value> reduced = symReduceMethod(name, a)) return reduced;
  if (std::optional<Value> scanned = symCumulativeMethod(name, a)) return scanned;
  size_t rank = symbolicSizeOf(a.self())->dims.size();
  if (name == "transpose") {
    auto [dim0, dim1] = a.bind({{"dim0", 1}, {"dim1", 0}});
    Ints order = symIdentity(rank);
    int64_t d0 = symAxis(toInt(a, dim0, "dim0"), rank), d1 = symAxis(toInt(a, dim1, "dim1"), rank);
    if (d0 < 0 || d1 < 0 || d0 >= static_cast<int64_t>(rank) || d1 >= static_cast<int64_t>(rank)) return std::nullopt;
    std::swap(order[static_cast<size_t>(d0)], order[static_cast<size_t>(d1)]);
    return symMoved(a, inner, order);
  }
  if (name == "permute") {
    auto [first, rest] = a.bind({"order", "*args"});
    return symPermuted(a, inner, toIntsVarargs(a, first, rest, "order"));
  }
  if (name == "reshape") return symReshaped(a, inner);
  if (name == "repeat") return symRepeated(a, inner);
  // Elementwise on the receiver alone: the shape and its symbolic axes stay.
  for (std::string_view same : {"cast", "float", "half", "bfloat16", "double", "int", "long", "short", "bool",
                                "contiguous", "contiguous_backward", "detach", "clone"})
    if (name == same) return symMoved(a, inner, symIdentity(rank));
  return std::nullopt;
}

} // namespace uops::program
