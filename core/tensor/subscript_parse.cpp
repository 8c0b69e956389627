#include "core/tensor/subscript_parse.h"
#include "core/tensor/tensor_impl.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops::tensor_detail {

namespace {

std::string optRepr(const std::optional<int64_t>& v) {
  return v ? std::to_string(*v) : "None";
}

} // namespace

SubscriptView parseSlice(const Slice& s, int64_t size) {
  int64_t step = s.step.value_or(1);
  if (step == 0)
    fail(fmt::format("index=slice({}, {}, {}) cannot have 0 as step", optRepr(s.start),
                     optRepr(s.stop), optRepr(s.step)));
  int64_t lower = step < 0 ? -1 : 0, upper = step < 0 ? size - 1 : size;
  auto clampIndex = [&](std::optional<int64_t> v, int64_t dflt) {
    if (!v) return dflt;
    int64_t i = *v < 0 ? *v + size : *v;
    return std::clamp(i, lower, upper);
  };
  int64_t start = clampIndex(s.start, step < 0 ? upper : lower);
  int64_t stop = clampIndex(s.stop, step < 0 ? lower : upper);
  int64_t lo = start, hi = stop;
  if (step * (stop - start) < 0)
    lo = hi = 0;
  else if (step < 0)
    lo = stop + 1, hi = start + 1;
  SubscriptView p;
  p.lo = lo;
  p.hi = hi;
  p.stride = step;
  p.size = ceilDiv(hi - lo, std::abs(step));
  return p;
}

SubscriptView parseInt(int64_t index, int64_t size) {
  if (index >= size || index < -size)
    fail(fmt::format("index={} is out of bounds with size={}", index, size));
  int64_t b = index < 0 ? index + size : index;
  SubscriptView p;
  p.size = size;
  p.lo = b;
  p.hi = b + 1;
  p.collapse = true;
  return p;
}

std::vector<Index> normalizeSubscripts(const std::vector<Index>& indices, int64_t ndim) {
  int64_t ellipses = 0, nones = 0;
  size_t fillAt = indices.size();
  for (size_t i = 0; i < indices.size(); ++i) {
    if (std::holds_alternative<EllipsisIndex>(indices[i].value())) {
      ++ellipses;
      fillAt = i;
    }
    nones += std::holds_alternative<NewAxis>(indices[i].value());
  }
  if (ellipses > 1) fail("indices can only have a single ellipsis");
  int64_t real = static_cast<int64_t>(indices.size()) - ellipses - nones;
  if (real > ndim) fail(fmt::format("too many indices ({}) for {}D", real, ndim));
  std::vector<Index> out(indices.begin(), indices.begin() + static_cast<std::ptrdiff_t>(fillAt));
  out.insert(out.end(), static_cast<size_t>(ndim - real), Index(Slice{}));
  if (fillAt < indices.size())
    out.insert(out.end(), indices.begin() + static_cast<std::ptrdiff_t>(fillAt) + 1, indices.end());
  return out;
}

} // namespace uops::tensor_detail
