// Python subscripts: ints, slices with steps, None, ..., and int tensors
// (advanced indexing by one-hot masks), with tinygrad's semantics.
#include "core/tensor/subscript_parse.h"
#include "core/tensor/tensor_impl.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

namespace {

// Shrink to the boundaries, flip reversed axes, then keep every stride-th
// element by padding to a multiple and reshaping (tinygrad's _apply_view_ops).
Tensor applyViews(const Tensor& t, const std::vector<SubscriptView>& views) {
  std::vector<ShrinkPair> bounds;
  Ints flips;
  bool strided = false;
  for (size_t k = 0; k < views.size(); ++k) {
    bounds.push_back(std::pair{views[k].lo, views[k].hi});
    if (views[k].stride < 0) flips.push_back(static_cast<int64_t>(k));
    strided |= std::abs(views[k].stride) != 1;
  }
  Tensor x = t.shrink(bounds).flip(flips);
  if (!strided) return x;
  Shape padded, split, picked, out;
  for (size_t k = 0; k < views.size(); ++k) {
    int64_t st = std::abs(views[k].stride), s = x.shape()[k];
    int64_t rounded = ceilDiv(s, st) * st;
    padded.push_back(rounded);
    split.insert(split.end(), {rounded / st, st});
    picked.insert(picked.end(), {rounded / st, 1});
    out.push_back(rounded / st);
  }
  return x.padTo(padded).reshape(split).shrinkTo(picked).reshape(out);
}

Tensor allOf(const std::vector<Tensor>& ts) {
  Tensor r = ts[0];
  for (size_t i = 1; i < ts.size(); ++i)
    r = r.bitwiseAnd(ts[i]);
  return r;
}

} // namespace

Tensor Tensor::getitem(const std::vector<Index>& indices) const {
  std::vector<SubscriptView> parsed;
  int64_t dim = 0;
  for (const Index& index : normalizeSubscripts(indices, ndim())) {
    const auto& v = index.value();
    if (std::holds_alternative<NewAxis>(v)) {
      SubscriptView p;
      p.newAxis = true;
      parsed.push_back(p);
      continue;
    }
    int64_t size = shape()[static_cast<size_t>(dim++)];
    if (auto* i = std::get_if<int64_t>(&v))
      parsed.push_back(parseInt(*i, size));
    else if (auto* s = std::get_if<Slice>(&v))
      parsed.push_back(parseSlice(*s, size));
    else if (auto* t = std::get_if<Tensor>(&v)) {
      if (!t->dtype().isInt())
        fail(fmt::format("index dtype {} is not supported", promoTypeName(promoType(*t))));
      SubscriptView p;
      p.size = size;
      p.hi = size;
      p.tensor = t->lt(0).where(t->add(size), *t); // negative indices count from the end
      parsed.push_back(p);
    }
  }
  std::vector<SubscriptView> views;
  for (const SubscriptView& p : parsed)
    if (!p.newAxis) views.push_back(p);
  Tensor x = applyViews(*this, views);
  std::vector<const SubscriptView*> kept;
  Shape keptShape;
  for (const SubscriptView& p : parsed)
    if (!p.collapse) {
      kept.push_back(&p);
      keptShape.push_back(p.size);
    }
  x = x.reshape(keptShape);

  Ints dims;
  std::vector<Tensor> tensors;
  std::vector<Shape> shapes;
  for (size_t d = 0; d < kept.size(); ++d)
    if (kept[d]->tensor) {
      dims.push_back(static_cast<int64_t>(d));
      tensors.push_back(*kept[d]->tensor);
      shapes.push_back(tensors.back().shape());
    }
  if (dims.empty()) return x;
  Shape big = broadcastShape(shapes);
  size_t first = static_cast<size_t>(dims[0]), nbig = big.size();
  bool consecutive = dims.back() - dims.front() + 1 == static_cast<int64_t>(dims.size());

  if (dims.size() > 1 && consecutive) {
    // Several adjacent index tensors address one flattened axis; out-of-range
    // combinations read 0.
    Shape ishp;
    for (int64_t d : dims)
      ishp.push_back(x.shape()[static_cast<size_t>(d)]);
    std::optional<Tensor> linear;
    std::vector<Tensor> valid;
    int64_t stride = shapeProduct(ishp);
    for (size_t i = 0; i < tensors.size(); ++i) {
      stride /= ishp[i];
      Tensor term = tensors[i].mul(stride);
      linear = linear ? linear->add(term) : term;
      valid.push_back(tensors[i].ge(0).bitwiseAnd(tensors[i].lt(ishp[i])));
    }
    Tensor ok = allOf(valid);
    Shape pre(x.shape().begin(), x.shape().begin() + dims.front());
    Shape post(x.shape().begin() + dims.back() + 1, x.shape().end());
    Shape merged = pre;
    merged.push_back(shapeProduct(ishp));
    merged.insert(merged.end(), post.begin(), post.end());
    std::vector<Index> sub(pre.size(), Index(Slice{}));
    sub.emplace_back(ok.where(*linear, 0));
    Tensor picked = x.reshape(merged).getitem(sub);
    Shape okShape(pre.size(), 1);
    okShape.insert(okShape.end(), big.begin(), big.end());
    okShape.insert(okShape.end(), post.size(), 1);
    return ok.reshape(okShape).where(picked, 0);
  }

  // Each index tensor becomes a one-hot mask over its axis; the masked values
  // summed over those axes are the gathered elements.
  Shape preReduce(x.shape().begin(), x.shape().begin() + static_cast<std::ptrdiff_t>(first));
  preReduce.insert(preReduce.end(), big.begin(), big.end());
  preReduce.insert(preReduce.end(), x.shape().begin() + static_cast<std::ptrdiff_t>(first),
                   x.shape().end());
  std::vector<Tensor> masks;
  for (size_t i = 0; i < dims.size(); ++i) {
    Shape s = tensors[i].shape();
    s.insert(s.end(), static_cast<size_t>(x.ndim()) - first, 1);
    Tensor expanded;
    try {
      expanded = tensors[i].reshape(s).expand(preReduce);
    } catch (const TensorError& err) {
      fail(fmt::format("cannot broadcast indices: {}", err.what()));
    }
    masks.push_back(
        oneHotAlongDim(expanded, x.shape()[static_cast<size_t>(dims[i])], dims[i] - x.ndim()));
  }
  Tensor mask = allOf(masks);
  Shape reshaped(x.shape().begin(), x.shape().begin() + static_cast<std::ptrdiff_t>(first));
  reshaped.insert(reshaped.end(), nbig, 1);
  reshaped.insert(reshaped.end(), x.shape().begin() + static_cast<std::ptrdiff_t>(first),
                  x.shape().end());
  Ints sumAxes;
  for (int64_t d : dims)
    sumAxes.push_back(d + static_cast<int64_t>(nbig));
  Tensor out = mask.where(x.reshape(reshaped), 0).sum(sumAxes, false, x.dtype());
  // Python moves the broadcast index axes to the front when the indexed axes are apart.
  if (first != 0 && dims.size() != 1 && !consecutive) {
    Ints order;
    for (size_t i = first; i < first + nbig; ++i)
      order.push_back(static_cast<int64_t>(i));
    for (size_t i = 0; i < first; ++i)
      order.push_back(static_cast<int64_t>(i));
    for (int64_t i = static_cast<int64_t>(first + nbig); i < out.ndim(); ++i)
      order.push_back(i);
    out = out.permute(order);
  }
  return out;
}

} // namespace uops
