// Python semantics (floor division, dims, reprs) and tinygrad's private helpers.
#include "core/nn/nn_helpers.h"

#include <fmt/format.h>

#include <utility>

namespace uops::nn_detail {

void fail(std::string message) {
  throw TensorError(std::move(message));
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  // C truncates toward zero; Python rounds toward -inf.
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t resolveDim(int64_t dim, int64_t ndim) {
  int64_t total = ndim == 0 ? 1 : ndim; // a scalar accepts dims -1 and 0, as in Python
  if (dim < -total || dim >= total)
    fail(fmt::format("dim={} out of range [{}, {}]", dim, -total, total - 1));
  return dim < 0 ? dim + total : dim;
}

std::string pyFloat(double v) {
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".eni") == std::string::npos) s += ".0";
  return s;
}

Ints lastAxes(size_t count) {
  Ints axes;
  for (size_t k = count; k > 0; --k)
    axes.push_back(-static_cast<int64_t>(k));
  return axes;
}

Tensor oneHotAlongDim(const Tensor& t, int64_t numClasses, int64_t dim) {
  if (!t.dtype().isInt())
    fail(fmt::format("_one_hot_along_dim expects int index tensor, getting {}",
                     toString(t.dtype())));
  int64_t trailing = t.ndim() - resolveDim(dim, t.ndim()) - 1;
  Shape classes{numClasses};
  classes.insert(classes.end(), static_cast<size_t>(trailing), 1);
  return t.eq(Tensor::arange(numClasses).reshape(classes));
}

Tensor applyReduction(const Tensor& loss, const std::string& reduction) {
  if (reduction == "none") return loss;
  if (reduction == "sum") return loss.sum();
  if (reduction == "mean") return loss.mean();
  fail(fmt::format("reduction='{}' must be one of ('mean', 'sum', 'none')", reduction));
}

} // namespace uops::nn_detail
