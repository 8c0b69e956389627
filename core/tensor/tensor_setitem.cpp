// Writes through a basic subscript as tinygrad's setitem wrote them before a
// store could target a view: the value padded into place and a padded mask
// choosing it, so each element's source is an index computation (one load at
// an offset) rather than a one-hot scatter over every selected position.
#include "core/tensor/subscript_parse.h"
#include "core/tensor/tensor_impl.h"

namespace uops {
using namespace tensor_detail;

std::optional<Tensor> Tensor::setitemView(const std::vector<Index>& indices,
                                          const TensorOrScalar& value) const {
  if (isMultiDevice()) return std::nullopt;
  std::vector<PadPair> padding;
  Shape viewShape;
  int64_t dim = 0;
  for (const Index& index : normalizeSubscripts(indices, ndim())) {
    const auto& v = index.value();
    if (std::holds_alternative<NewAxis>(v)) continue;
    int64_t size = shape()[static_cast<size_t>(dim++)];
    SubscriptView p;
    if (auto* i = std::get_if<int64_t>(&v))
      p = parseInt(*i, size);
    else if (auto* s = std::get_if<Slice>(&v))
      p = parseSlice(*s, size);
    else
      return std::nullopt; // an index tensor
    if (p.stride != 1 || p.hi <= p.lo) return std::nullopt;
    padding.emplace_back(std::pair{p.lo, size - p.hi});
    viewShape.push_back(p.hi - p.lo);
  }
  // the value as getitem's result is shaped, then as the view of this tensor's axes
  Shape selected = getitem(indices).shape();
  Tensor v = value.isTensor() ? value.tensor().expand(selected)
                              : full(selected, value.scalar(), dtype(), device());
  Tensor placed = v.reshape(viewShape).pad(padding);
  Tensor mask = full(viewShape, true, dtypes::bool_, device()).pad(padding);
  return mask.where(placed, *this);
}

} // namespace uops
