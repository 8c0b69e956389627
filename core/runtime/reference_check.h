// Checking a run's outputs against the reference evaluator: an explicit
// choice (`uopc run --check`, the explorer's Run > Check against reference),
// never part of a plain run. The evaluator keeps every node's value, so a
// check whose graph would hold more than a limit is skipped with the reason;
// a check can be cancelled between any two nodes.
#pragma once

#include "core/runtime/host_tensor.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace uops {

struct ReferenceCheckLimits {
  int64_t maxBytes = int64_t{2} << 30;      // skip a check whose values would hold more
  const std::atomic<bool>* cancel = nullptr; // stops the evaluation when it becomes true
};

struct ReferenceCheck {
  enum class Status { Matched, Differs, Skipped, Cancelled, Failed };
  Status status = Status::Skipped;
  // "2 of 2 outputs match the reference evaluator (largest difference 1.2e-07)",
  // "out[1][37] is 0.5 where the reference evaluator gives 0.25", "skipped: ..."
  std::string message;
  double largestDifference = 0; // |got - want| / (1 + |want|) over every element
};

// The bytes of every node's value the reference evaluator would hold for
// `roots` (it memoises them all), Function and Call bodies counted once.
int64_t referenceEvaluationBytes(std::span<const UOpPtr> roots);

// Evaluates `roots` with the reference evaluator (Buffers from `inputs` by
// id, others zeros) and compares each with `got`: the same dtype and shape,
// and every element within 1e-4 * (1 + |want|), NaN matching NaN.
ReferenceCheck checkAgainstReference(std::span<const UOpPtr> roots, const std::map<int64_t, HostTensor>& inputs,
                                     const std::vector<HostTensor>& got, const ReferenceCheckLimits& limits = {});

} // namespace uops
