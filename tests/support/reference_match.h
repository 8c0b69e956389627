// A pipeline run's first output on the CPU against the reference evaluator,
// element by element.
#pragma once

#include "tests/support/backend_devices.h"

#include "core/engine/device_schedule.h"
#include "core/engine/schedule_executor.h"
#include "core/runtime/reference_evaluator.h"

#include <QString>

#include <cmath>
#include <vector>

namespace uops::testsupport {

// Empty where every element of `run`'s first output on the CPU (inputs zero
// filled) is within abs + rel * |want| of what the reference evaluator
// computes for `roots`, NaN where it is NaN and only there, and with abs and
// rel 0 the same value with the same sign (+0 is not -0); else what differs
// first.
inline QString cpuMismatchWithReference(const PipelineRun& run, const std::vector<UOpPtr>& roots, double abs,
                                        double rel) {
  HostTensor got = runSchedule(openDevice("CPU"), run, zeroFilledInputs(roots)).outputs.at(0);
  ReferenceEvaluator ref;
  HostTensor want = ref.evaluate(roots).at(0);
  if (got.numel() != want.numel()) return QStringLiteral("%1 elements against %2").arg(got.numel()).arg(want.numel());
  const bool exact = abs == 0 && rel == 0;
  for (int64_t e = 0; e < want.numel(); ++e) {
    const double g = got.getDouble(e), w = want.getDouble(e);
    const bool same = std::isnan(g) || std::isnan(w) ? std::isnan(g) && std::isnan(w)
                      : exact                        ? g == w && std::signbit(g) == std::signbit(w)
                              : !(std::fabs(g - w) > abs + rel * std::fabs(w));
    if (!same) return QStringLiteral("element %1: %2 against %3").arg(e).arg(g).arg(w);
  }
  return {};
}

} // namespace uops::testsupport
