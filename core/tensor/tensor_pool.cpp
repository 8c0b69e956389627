// Sliding windows: pool (tinygrad's _pool) and unfold, from repeat, shrink and reshape.
#include "core/tensor/tensor_impl.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

namespace uops {
using namespace tensor_detail;

Tensor Tensor::pool(const Shape& kernel, const Ints& stride, const Ints& dilation) const {
  size_t nk = kernel.size();
  if (shape().size() < nk)
    fail(fmt::format("can't pool {} with {}", toString(shape()), toString(kernel)));
  auto perAxis = [&](const Ints& v, const char* what) {
    if (v.size() == 1) return Ints(nk, v[0]);
    if (v.size() != nk)
      fail(fmt::format("{} {} does not match kernel {}", what, pyTuple(v), toString(kernel)));
    return v;
  };
  Ints s_ = perAxis(stride, "stride"), d_ = perAxis(dilation, "dilation");
  size_t batch = shape().size() - nk;
  Shape in(shape().end() - static_cast<std::ptrdiff_t>(nk), shape().end());
  Ints o_, f_;
  for (size_t i = 0; i < nk; ++i) {
    if (d_[i] * (kernel[i] - 1) + 1 > in[i])
      fail("kernel size cannot be greater than actual input size");
    o_.push_back(ceilDiv(in[i] - d_[i] * (kernel[i] - 1), s_[i]));
    f_.push_back(std::max<int64_t>(1, ceilDiv(o_.back() * s_[i] - d_[i], in[i])));
  }
  // Repeat each axis so that a reshape to (k, i*f+d) lines window j of output
  // o up at row j, offset o*s (tinygrad's _pool).
  auto keep = [&] { return Shape(batch, -1); };
  Ints reps(batch, 1);
  Shape trimmed = keep(), windows = keep(), strided = keep(), stridedSplit = keep(),
        picked = keep(), result = keep();
  for (size_t i = 0; i < nk; ++i) {
    int64_t k = kernel[i], row = in[i] * f_[i] + d_[i];
    reps.push_back(ceilDiv(k * row, in[i]));
    trimmed.push_back(k * row);
    windows.insert(windows.end(), {k, row});
    strided.insert(strided.end(), {k, o_[i] * s_[i]});
    stridedSplit.insert(stridedSplit.end(), {k, o_[i], s_[i]});
    picked.insert(picked.end(), {k, o_[i], 1});
    result.insert(result.end(), {k, o_[i]});
  }
  auto fixBatch = [&](Shape s) {
    for (size_t i = 0; i < batch; ++i)
      s[i] = shape()[i];
    return s;
  };
  Tensor x = repeat(reps).shrinkTo(trimmed).reshape(fixBatch(windows));
  x = x.shrinkTo(strided).reshape(fixBatch(stridedSplit));
  x = x.shrinkTo(picked).reshape(fixBatch(result));
  Ints order(batch);
  std::iota(order.begin(), order.end(), 0);
  for (size_t i = 0; i < nk; ++i)
    order.push_back(static_cast<int64_t>(batch + i * 2 + 1));
  for (size_t i = 0; i < nk; ++i)
    order.push_back(static_cast<int64_t>(batch + i * 2));
  return x.permute(order);
}

Tensor Tensor::unfold(int64_t dim, int64_t size, int64_t step) const {
  if (size < 0) fail(fmt::format("size must be >= 0 but got size={}", size));
  if (step <= 0) fail(fmt::format("step must be > 0 but got step={}", step));
  int64_t d = resolveDim(dim, ndim());
  if (size > axisSize(*this, d))
    fail(fmt::format("maximum size for tensor at dimension {} is {} but size is {}", dim,
                     shape()[static_cast<size_t>(d)], size));
  Ints toLast;
  for (int64_t i = 0; i < ndim(); ++i)
    if (i != d) toLast.push_back(i);
  toLast.push_back(d);
  Ints back(static_cast<size_t>(ndim()));
  for (size_t i = 0; i < toLast.size(); ++i)
    back[static_cast<size_t>(toLast[i])] = static_cast<int64_t>(i);
  back.push_back(ndim());
  return permute(toLast).pool({size}, {step}).permute(back);
}

} // namespace uops
