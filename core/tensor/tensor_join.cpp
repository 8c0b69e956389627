// Joining tensors: stack (the Stack movement op) and cat.
#include "core/tensor/tensor_impl.h"

#include "core/ir/build.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

Tensor Tensor::stack(const std::vector<Tensor>& others, int64_t dim) const {
  std::vector<Tensor> all{*this};
  all.insert(all.end(), others.begin(), others.end());
  int64_t d = resolveDim(dim, ndim(), true);
  bool same =
      std::all_of(all.begin(), all.end(), [&](const Tensor& t) { return t.shape() == shape(); });
  if (!same) {
    std::vector<std::string> shapes;
    for (const Tensor& t : all)
      shapes.push_back(toString(t.shape()));
    fail(fmt::format("all shapes must match for stack, got [{}]", fmt::join(shapes, ", ")));
  }
  // Stack needs one dtype: the sources promote like an elementwise op.
  PromoType type = promoType(all[0]);
  for (const Tensor& t : all)
    type = leastUpperType(type, promoType(t));
  UOpList src;
  for (const Tensor& t : all)
    src.push_back(castTo(t, type).uop());
  Tensor stacked =
      wrap(UOp::make(Op::Stack, materialize(type), std::move(src)), *this, uops::isWeak(type));
  if (d == 0) return stacked;
  // The new leading axis moves to position d.
  Ints order;
  for (int64_t i = 1; i <= d; ++i)
    order.push_back(i);
  order.push_back(0);
  for (int64_t i = d + 1; i < stacked.ndim(); ++i)
    order.push_back(i);
  return stacked.permute(order);
}

Tensor Tensor::cat(const std::vector<Tensor>& others, int64_t dim) const {
  int64_t d = resolveDim(dim, ndim());
  if (others.empty()) return *this;
  if (ndim() == 0) fail("zero-dimensional tensor cannot be concatenated");
  for (const Tensor& t : others) {
    bool fits = t.ndim() == ndim();
    for (int64_t i = 0; fits && i < ndim(); ++i)
      fits = i == d || t.shape()[static_cast<size_t>(i)] == shape()[static_cast<size_t>(i)];
    if (!fits)
      fail(fmt::format("cannot cat {} with {} along dim {}", toString(shape()), toString(t.shape()),
                       d));
  }
  size_t ud = static_cast<size_t>(d);
  bool equal = std::all_of(others.begin(), others.end(),
                           [&](const Tensor& t) { return t.shape()[ud] == shape()[ud]; });
  if (equal) return stack(others, d).flatten(d, d + 1);
  // Unequal sizes: pad each piece to the full length at its offset and add them up.
  std::vector<Tensor> all{*this};
  all.insert(all.end(), others.begin(), others.end());
  int64_t total = 0;
  for (const Tensor& t : all)
    total += t.shape()[ud];
  std::optional<Tensor> sum;
  int64_t offset = 0;
  for (const Tensor& t : all) {
    std::vector<PadPair> pads(static_cast<size_t>(ndim()));
    pads[ud] = std::pair{offset, total - offset - t.shape()[ud]};
    offset += t.shape()[ud];
    Tensor piece = t.pad(pads);
    sum = sum ? sum->add(piece) : piece;
  }
  return *sum;
}

} // namespace uops
