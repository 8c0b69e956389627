#include "core/program/symbolic_ops.h"

#include "core/program/convert.h"
#include "core/program/symbolic_int.h"

#include <limits>

namespace uops::program {

using frontend::Value;

namespace {

// One tensor operand at its maxima, and which axes are symbolic.
struct SymOpsOperand {
  Tensor full;
  SymbolicDims dims;
};
// Axes of an operand: their sizes at the maxima, and which are symbolic.
struct SymOpsAxes {
  Shape shape;
  SymbolicDims dims;
};

std::optional<SymOpsOperand> symOpsOperand(const Value& v) {
  if (const SymbolicSize* s = symbolicSizeOf(v)) return SymOpsOperand{s->full, s->dims};
  if (const Tensor* t = asTensorPtr(v)) return SymOpsOperand{*t, SymbolicDims(t->shape().size())};
  return std::nullopt;
}

// The axes of `o` before `end` (the batch of a matmul operand).
SymOpsAxes symOpsLeading(const SymOpsOperand& o, size_t end) {
  auto n = static_cast<std::ptrdiff_t>(end);
  return SymOpsAxes{Shape(o.full.shape().begin(), o.full.shape().begin() + n),
                    SymbolicDims(o.dims.begin(), o.dims.begin() + n)};
}

// The symbolic axes of the broadcast of `ops` (aligned from the right): an
// axis is symbolic where an operand's is, and every other operand has the
// same symbolic int there or size 1. Also the maxima, by output axis.
std::optional<std::pair<SymbolicDims, Shape>> symOpsBroadcast(const std::vector<SymOpsAxes>& ops) {
  size_t rank = 0;
  for (const SymOpsAxes& o : ops) rank = std::max(rank, o.dims.size());
  SymbolicDims out(rank);
  Shape maxima(rank, 1);
  for (size_t j = 0; j < rank; ++j) {
    for (const SymOpsAxes& o : ops) {
      if (o.dims.size() + j < rank) continue;
      size_t k = j - (rank - o.dims.size());
      if (!o.dims[k]) continue;
      if (out[j] && out[j]->text != o.dims[k]->text) return std::nullopt;
      out[j] = o.dims[k];
      maxima[j] = o.shape[k];
    }
    if (!out[j]) continue;
    for (const SymOpsAxes& o : ops) {
      if (o.dims.size() + j < rank) continue;
      size_t k = j - (rank - o.dims.size());
      if (o.dims[k] ? o.shape[k] != maxima[j] : o.shape[k] != 1) return std::nullopt;
    }
  }
  return std::pair{std::move(out), std::move(maxima)};
}

bool symOpsAnySymbolic(const SymbolicDims& dims) {
  for (const std::optional<SymbolicBounds>& d : dims)
    if (d) return true;
  return false;
}

Scalar symOpsZero(const Tensor& t) {
  return t.isFloatingPoint() ? Scalar(0.0) : Scalar(int64_t{0});
}

// `v` in the kind of `t`'s dtype (a bool stays a bool, so the fill promotes nothing).
Scalar symOpsFillOf(const Tensor& t, double v) {
  if (t.dtype().isBool()) return Scalar(v != 0.0);
  return t.isFloatingPoint() ? Scalar(v) : Scalar(static_cast<int64_t>(v));
}

// The positions below the symbolic ints among `axes`, counted, times the
// sizes of the concrete ones: how many elements a reduction combines.
Tensor symOpsCount(const SymbolicSize& s, const std::vector<size_t>& axes) {
  const Tensor& full = s.full;
  Tensor count = Tensor::full({}, Scalar(1.0), full.dtype(), full.device());
  for (size_t k : axes) {
    if (s.dims[k])
      count = count.mul(positionsBelow(*s.dims[k], full.shape()[k], full.device()).cast(full.dtype()).sum());
    else
      count = count.mul(Scalar(static_cast<double>(full.shape()[k])));
  }
  return count;
}

// tinygrad's var over the positions below the size: the mean and the count
// are symbolic, the squares past the size are zeros, and the sum of squares
// is divided by max(count - correction, 0).
Tensor symOpsVariance(const SymbolicSize& s, const std::vector<size_t>& axes, const SymbolicReduction& r) {
  Tensor count = symOpsCount(s, axes);
  Tensor mean = fillPastSize(s.full, s.dims, axes, Scalar(0.0)).sum(r.axes, true).div(count);
  Tensor squares = fillPastSize(s.full.sub(mean).square(), s.dims, axes, Scalar(0.0));
  return squares.sum(r.axes, r.keepdim).div(count.sub(Scalar(r.correction)).maximum(Scalar(0.0)));
}

} // namespace

Tensor fillPastSize(const Tensor& full, const SymbolicDims& dims, const std::vector<size_t>& axes,
                    const Scalar& fill) {
  Tensor out = full;
  for (size_t k : axes) {
    if (!dims[k]) continue;
    int64_t max = full.shape()[k];
    Shape along(full.shape().size(), 1);
    along[k] = max;
    out = positionsBelow(*dims[k], max, full.device()).reshape(along).where(out, fill);
  }
  return out;
}

Value symbolicResult(Tensor full, SymbolicDims dims, const std::function<Tensor()>& folded) {
  if (!symOpsAnySymbolic(dims)) return wrap(std::move(full));
  Tensor twin;
  {
    DeferFoldNotes defer;
    twin = folded();
  }
  return wrapSymbolic(std::move(twin), SymbolicSize{std::move(full), std::move(dims)});
}

std::optional<Value> symbolicElementwise(const std::vector<Value>& operands,
                                         const std::function<Value(const std::vector<Value>&)>& compute) {
  std::vector<SymOpsAxes> tensors;
  std::vector<Value> onFull;
  bool any = false;
  for (const Value& v : operands) {
    std::optional<SymOpsOperand> o = symOpsOperand(v);
    if (!o) {
      onFull.push_back(v);
      continue;
    }
    any = any || symbolicSizeOf(v);
    onFull.push_back(symbolicSizeOf(v) ? wrap(o->full) : v);
    tensors.push_back(SymOpsAxes{o->full.shape(), std::move(o->dims)});
  }
  if (!any) return std::nullopt;
  std::optional<std::pair<SymbolicDims, Shape>> out = symOpsBroadcast(tensors);
  if (!out) return std::nullopt;
  Value result = compute(onFull);
  const Tensor* full = asTensorPtr(result);
  if (!full || full->shape().size() != out->first.size() || full->isMultiDevice()) return std::nullopt;
  for (size_t j = 0; j < out->first.size(); ++j)
    if (out->first[j] && full->shape()[j] != out->second[j]) return std::nullopt;
  return symbolicResult(*full, std::move(out->first), [&] { return *asTensorPtr(compute(operands)); });
}

std::optional<Value> symbolicMatmul(const Value& lhs, const Value& rhs,
                                    const std::function<Tensor(const Tensor&, const Tensor&)>& compute) {
  std::optional<SymOpsOperand> a = symOpsOperand(lhs), b = symOpsOperand(rhs);
  if (!a || !b || (!symbolicSizeOf(lhs) && !symbolicSizeOf(rhs))) return std::nullopt;
  size_t ra = a->dims.size(), rb = b->dims.size();
  if (ra == 0 || rb == 0) return std::nullopt;
  size_t ka = ra - 1, kb = rb == 1 ? 0 : rb - 2;
  const std::optional<SymbolicBounds>& ca = a->dims[ka];
  const std::optional<SymbolicBounds>& cb = b->dims[kb];
  // contracting over a symbolic axis needs it in both, by the same int
  if (ca.has_value() != cb.has_value() || (ca && ca->text != cb->text)) return std::nullopt;
  if (a->full.shape()[ka] != b->full.shape()[kb]) return std::nullopt;
  std::vector<SymOpsAxes> batches;
  if (ra >= 2) batches.push_back(symOpsLeading(*a, ra - 2));
  if (rb >= 2) batches.push_back(symOpsLeading(*b, rb - 2));
  std::optional<std::pair<SymbolicDims, Shape>> batch = symOpsBroadcast(batches);
  if (!batch) return std::nullopt;
  SymbolicDims dims = std::move(batch->first);
  if (ra >= 2) dims.push_back(a->dims[ra - 2]);
  if (rb >= 2) dims.push_back(b->dims[rb - 1]);
  Tensor l = fillPastSize(a->full, a->dims, {ka}, symOpsZero(a->full));
  Tensor r = fillPastSize(b->full, b->dims, {kb}, symOpsZero(b->full));
  Tensor full = compute(l, r);
  if (full.shape().size() != dims.size()) return std::nullopt;
  return symbolicResult(std::move(full), std::move(dims),
                      [&] { return compute(*asTensorPtr(lhs), *asTensorPtr(rhs)); });
}

namespace {

// The identity the padding takes for `kind` on `t`, nullopt where `t`'s
// dtype has none that is exact here (an infinite one needs a float; a
// mean's, a variance's count is a float32 or float64 division).
std::optional<Scalar> symOpsIdentity(SymbolicReduce kind, const Tensor& t) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  bool real = t.dtype() == dtypes::float32 || t.dtype() == dtypes::float64;
  switch (kind) {
  case SymbolicReduce::Sum:
    return symOpsZero(t);
  case SymbolicReduce::Any: // after the truth test: a zero is false
    return symOpsFillOf(t, 0.0);
  case SymbolicReduce::Prod:
  case SymbolicReduce::All:
    return symOpsFillOf(t, 1.0);
  case SymbolicReduce::Mean:
  case SymbolicReduce::Var:
  case SymbolicReduce::Std:
    return real ? std::optional<Scalar>(Scalar(0.0)) : std::nullopt;
  case SymbolicReduce::Max:
  case SymbolicReduce::ArgMax:
  case SymbolicReduce::Softmax:
  case SymbolicReduce::LogSoftmax:
  case SymbolicReduce::LogSumExp:
    return real ? std::optional<Scalar>(Scalar(-inf)) : std::nullopt;
  case SymbolicReduce::Min:
  case SymbolicReduce::ArgMin:
    return real ? std::optional<Scalar>(Scalar(inf)) : std::nullopt;
  }
  return std::nullopt;
}

} // namespace

std::optional<Value> symbolicReduce(const Value& self, const SymbolicReduction& r) {
  const SymbolicSize* s = symbolicSizeOf(self);
  if (!s) return std::nullopt;
  const Tensor& full = s->full;
  size_t rank = s->dims.size();
  bool softmaxLike = r.kind == SymbolicReduce::Softmax || r.kind == SymbolicReduce::LogSoftmax;
  bool argLike = r.kind == SymbolicReduce::ArgMax || r.kind == SymbolicReduce::ArgMin;
  std::vector<size_t> axes;
  if (r.axes.isAll()) {
    if (argLike || softmaxLike) return std::nullopt; // indices into the flattened maxima differ
    for (size_t k = 0; k < rank; ++k) axes.push_back(k);
  } else {
    for (int64_t axis : r.axes.list()) {
      int64_t k = axis < 0 ? axis + static_cast<int64_t>(rank) : axis;
      if (k < 0 || k >= static_cast<int64_t>(rank)) return std::nullopt; // the twin says why
      if (std::find(axes.begin(), axes.end(), static_cast<size_t>(k)) != axes.end()) return std::nullopt;
      axes.push_back(static_cast<size_t>(k));
    }
  }
  bool symbolicAxis = false;
  for (size_t k : axes) symbolicAxis = symbolicAxis || s->dims[k].has_value();
  std::optional<Scalar> fill = symOpsIdentity(r.kind, full);
  if (symbolicAxis && !fill) return std::nullopt;
  Tensor masked = symbolicAxis ? fillPastSize(full, s->dims, axes, *fill) : full;
  std::optional<int64_t> oneAxis;
  if (argLike || softmaxLike) {
    if (axes.size() != 1) return std::nullopt;
    oneAxis = static_cast<int64_t>(axes.front());
  }
  auto apply = [&](const Tensor& x) -> Tensor {
    switch (r.kind) {
    case SymbolicReduce::Sum:
      return x.sum(r.axes, r.keepdim, r.dtype);
    case SymbolicReduce::Prod:
      return x.prod(r.axes, r.keepdim, r.dtype);
    case SymbolicReduce::Max:
      return x.max(r.axes, r.keepdim);
    case SymbolicReduce::Min:
      return x.min(r.axes, r.keepdim);
    case SymbolicReduce::Any:
      return x.any(r.axes, r.keepdim);
    case SymbolicReduce::All:
      return x.all(r.axes, r.keepdim);
    case SymbolicReduce::Mean:
      return x.mean(r.axes, r.keepdim);
    case SymbolicReduce::Var:
      return x.var(r.axes, r.keepdim, r.correction);
    case SymbolicReduce::Std:
      return x.std(r.axes, r.keepdim, r.correction);
    case SymbolicReduce::LogSumExp:
      return x.logsumexp(r.axes, r.keepdim);
    case SymbolicReduce::ArgMax:
      return x.argmax(oneAxis, r.keepdim);
    case SymbolicReduce::ArgMin:
      return x.argmin(oneAxis, r.keepdim);
    case SymbolicReduce::Softmax:
      return x.softmax(*oneAxis, r.dtype);
    case SymbolicReduce::LogSoftmax:
      return x.logSoftmax(*oneAxis, r.dtype);
    }
    return x;
  };
  Tensor out;
  if (!symbolicAxis) {
    out = apply(full);
  } else if (r.kind == SymbolicReduce::Mean) {
    // the sum over the positions below each symbolic int, by their count
    out = masked.sum(r.axes, r.keepdim).div(symOpsCount(*s, axes));
  } else if (r.kind == SymbolicReduce::Var) {
    out = symOpsVariance(*s, axes, r);
  } else if (r.kind == SymbolicReduce::Std) {
    out = symOpsVariance(*s, axes, r).sqrt();
  } else {
    out = apply(masked);
  }
  SymbolicDims dims;
  for (size_t k = 0; k < rank; ++k) {
    bool reduced = std::find(axes.begin(), axes.end(), k) != axes.end();
    if (softmaxLike || !reduced) dims.push_back(s->dims[k]);
    else if (r.keepdim) dims.push_back(std::nullopt);
  }
  if (out.shape().size() != dims.size()) return std::nullopt;
  return symbolicResult(std::move(out), std::move(dims), [&] { return apply(*asTensorPtr(self)); });
}

} // namespace uops::program
