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
// computes for `roots`; else what differs first.
inline QString cpuMismatchWithReference(const PipelineRun& run, const std::vector<UOpPtr>& roots, double abs,
                                        double rel) {
  HostTensor got = runSchedule(openDevice("CPU"), run, zeroFilledInputs(roots)).outputs.at(0);
  ReferenceEvaluator ref;
  HostTensor want = ref.evaluate(roots).at(0);
  if (got.numel() != want.numel()) return QStringLiteral("%1 elements against %2").arg(got.numel()).arg(want.numel());
  for (int64_t e = 0; e < want.numel(); ++e)
    if (std::fabs(got.getDouble(e) - want.getDouble(e)) > abs + rel * std::fabs(want.getDouble(e)))
      return QStringLiteral("element %1: %2 against %3").arg(e).arg(got.getDouble(e)).arg(want.getDouble(e));
  return {};
}

} // namespace uops::testsupport
