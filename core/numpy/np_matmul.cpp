#include "core/numpy/np_matmul.h"

#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::numpy {

NdArray matmul(const NdArray& a, const NdArray& b) {
  if (a.ndim() == 0 || b.ndim() == 0)
    throw frontend::ScriptError("matmul: Input operand does not have enough dimensions");
  if (a.ndim() > 2 || b.ndim() > 2)
    throw frontend::ScriptError("matmul of arrays with more than 2 dimensions is not supported here");
  // a 1-D operand is a row on the left, a column on the right
  int64_t m = a.ndim() == 2 ? a.shape[0] : 1, k = a.shape.back();
  int64_t kb = b.shape[0], n = b.ndim() == 2 ? b.shape[1] : 1;
  if (k != kb)
    throw frontend::ScriptError(fmt::format("matmul: Input operand 1 has a mismatch in its core dimension 0, "
                                            "with gufunc signature (n?,k),(k,m?)->(n?,m?) (size {} is different "
                                            "from {})", kb, k));
  NpType t = promote(a.dtype, b.dtype);
  NpShape shape;
  if (a.ndim() == 2) shape.push_back(m);
  if (b.ndim() == 2) shape.push_back(n);
  NdArray out{t, shape, std::vector<double>(static_cast<size_t>(m * n))};
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double acc = 0;
      for (int64_t p = 0; p < k; ++p)
        acc = castTo(t == NpType::Bool ? NpType::Float64 : t,
                     acc + a.data[static_cast<size_t>(i * k + p)] * b.data[static_cast<size_t>(p * n + j)]);
      out.data[static_cast<size_t>(i * n + j)] = castTo(t, acc);
    }
  return out;
}

} // namespace uops::numpy
