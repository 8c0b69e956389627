// Evaluating tensors with the reference evaluator and comparing them with
// recorded values under the conformance corpus's tolerances.
#pragma once

#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace tensortest {

inline uops::HostTensor evaluate(const uops::Tensor& t) {
  return uops::ReferenceEvaluator().evaluate(t.uop());
}

// The conformance README's rule: floats within 1e-5 + 1e-4 |want| (1e-2 + 1e-2 |want|
// for float16 / bfloat16), NaN only against NaN, infinities exactly, ints and bools exactly.
inline bool closeEnough(double got, double want, uops::DType dtype) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  if (!dtype.isFloat()) return got == want;
  bool narrow = dtype.itemSize() == 2;
  double tol = narrow ? 1e-2 + 1e-2 * std::fabs(want) : 1e-5 + 1e-4 * std::fabs(want);
  return std::fabs(got - want) <= tol;
}

// The first difference between a value and the expected data, or nullopt.
inline std::optional<std::string> firstMismatch(const uops::HostTensor& got,
                                                const std::vector<double>& want) {
  if (got.numel() != static_cast<int64_t>(want.size()))
    return fmt::format("{} values, expected {}", got.numel(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    double g = got.getDouble(static_cast<int64_t>(i));
    if (!closeEnough(g, want[i], got.dtype()))
      return fmt::format("index {}: got {}, expected {}", i, g, want[i]);
  }
  return std::nullopt;
}

} // namespace tensortest
