#include "core/runtime/reference_check.h"

#include "core/ir/uop.h"
#include "core/runtime/zero_filled.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace uops {
namespace {

double difference(double got, double want) {
  if (std::isnan(got) && std::isnan(want)) return 0;
  if (got == want) return 0; // infinities of one sign
  return std::fabs(got - want) / (1 + std::fabs(want));
}

std::string megabytes(int64_t bytes) {
  return fmt::format("{:.0f} MB", static_cast<double>(bytes) / 1e6);
}

} // namespace

int64_t referenceEvaluationBytes(std::span<const UOpPtr> roots) {
  int64_t total = 0;
  for (const UOp* u : toposort(roots)) {
    if (u->dtype().isVoid() || !u->shapeValid()) continue;
    int64_t n = 1;
    for (int64_t d : u->shape()) n *= std::max<int64_t>(d, 1);
    total += n * u->dtype().base().itemSize();
  }
  return total;
}

ReferenceCheck checkAgainstReference(std::span<const UOpPtr> roots, const std::map<int64_t, HostTensor>& inputs,
                                     const std::vector<HostTensor>& got, const ReferenceCheckLimits& limits) {
  ReferenceCheck out;
  int64_t bytes = referenceEvaluationBytes(roots);
  if (bytes > limits.maxBytes) {
    out.message = fmt::format("not checked: the reference evaluator would hold about {} of values for this "
                              "program (the limit is {})",
                              megabytes(bytes), megabytes(limits.maxBytes));
    return out;
  }
  std::vector<HostTensor> want;
  try {
    ReferenceEvaluator reference = zeroFilledEvaluator();
    for (const auto& [id, value] : inputs) reference.setBuffer(id, value);
    reference.setCancel(limits.cancel);
    want = reference.evaluate(roots);
  } catch (const EvalCancelled&) {
    out.status = ReferenceCheck::Status::Cancelled;
    out.message = "the check against the reference evaluator was cancelled";
    return out;
  } catch (const std::exception& e) {
    out.status = ReferenceCheck::Status::Failed;
    out.message = fmt::format("the reference evaluator failed: {}", e.what());
    return out;
  }
  if (want.size() != got.size()) {
    out.status = ReferenceCheck::Status::Differs;
    out.message = fmt::format("{} outputs where the reference evaluator gives {}", got.size(), want.size());
    return out;
  }
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i].dtype() != want[i].dtype() || got[i].numel() != want[i].numel()) {
      out.status = ReferenceCheck::Status::Differs;
      out.message = fmt::format("out[{}] has {} x {} where the reference evaluator gives {} x {}", i,
                                got[i].numel(), toString(got[i].dtype()), want[i].numel(), toString(want[i].dtype()));
      return out;
    }
    for (int64_t e = 0; e < want[i].numel(); ++e) {
      double g = got[i].getDouble(e), w = want[i].getDouble(e);
      double d = difference(g, w);
      if (d > 1e-4 || std::isnan(g) != std::isnan(w)) {
        out.status = ReferenceCheck::Status::Differs;
        out.message = fmt::format("out[{}] element {} is {} where the reference evaluator gives {}", i, e, g, w);
        out.largestDifference = std::isnan(d) ? INFINITY : d;
        return out;
      }
      out.largestDifference = std::max(out.largestDifference, d);
    }
  }
  out.status = ReferenceCheck::Status::Matched;
  out.message = fmt::format("{} of {} outputs match the reference evaluator (largest difference {:.2g})", got.size(),
                            got.size(), out.largestDifference);
  return out;
}

} // namespace uops
