// Shared by the Rangeify tests: schedules printed as text, inputs filled with
// seeded values, and the check that a schedule run by the kernel interpreter
// gives what the reference evaluator gives on the original tensor graph.
#pragma once

#include "core/ir/shape.h"
#include "core/ir/text.h"
#include "core/engine/kernel_interpreter.h"
#include "core/pipeline/schedule.h"
#include "core/runtime/reference_evaluator.h"

#include <QString>

#include <cmath>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

namespace rangeifytest {

using namespace uops;

inline QString qs(const std::string& s) { return QString::fromStdString(s); }

// "# NAME" and the AST of every kernel, in launch order.
inline std::string kernelsText(const Schedule& s) {
  std::string out;
  for (const ScheduledKernel& k : s.kernels) out += fmt::format("# {}\n{}", k.name, printGraph(k.ast));
  return out;
}

inline std::vector<std::string> kernelNames(const Schedule& s) {
  std::vector<std::string> names;
  for (const ScheduledKernel& k : s.kernels) names.push_back(k.name);
  return names;
}

// Seeded contents for every input Buffer of the outputs' graph: small
// integers (exact in every dtype), so float results compare tightly.
inline BufferValues randomInputs(const std::vector<UOpPtr>& outputs, uint64_t seed = 1) {
  std::mt19937_64 rng(seed);
  BufferValues values;
  for (const UOp* u : toposort(std::span<const UOpPtr>(outputs))) {
    if (u->op() != Op::Buffer) continue;
    const BufferArg& b = u->argAs<BufferArg>();
    if (values.contains(b.id)) continue;
    HostTensor t(u->dtype(), {b.size});
    for (int64_t i = 0; i < b.size; ++i) {
      int64_t v = std::uniform_int_distribution<int64_t>(-4, 5)(rng);
      if (u->dtype().isBool()) t.setBool(i, v > 0);
      else if (u->dtype().isUnsigned()) t.setInt(i, v + 4);
      else if (u->dtype().isFloat()) t.setDouble(i, static_cast<double>(v) / 2);
      else t.setInt(i, v);
    }
    values.emplace(b.id, t);
  }
  return values;
}

inline bool close(double got, double want, DType d) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  if (!d.isFloat()) return got == want;
  double tol = d.itemSize() == 2 ? 1e-2 + 1e-2 * std::fabs(want) : 1e-5 + 1e-4 * std::fabs(want);
  return std::fabs(got - want) <= tol;
}

// The first difference between the schedule's results and the reference's, or nullopt.
inline std::optional<std::string> mismatch(const std::vector<UOpPtr>& outputs, const Schedule& s,
                                           const BufferValues& inputs) {
  ReferenceEvaluator ref;
  for (const auto& [id, value] : inputs) ref.setBuffer(id, value);
  std::vector<HostTensor> want = ref.evaluate(outputs);
  BufferValues buffers = inputs;
  std::vector<HostTensor> got = evaluateSchedule(s.linear, buffers);
  if (got.size() != want.size()) return fmt::format("{} results, expected {}", got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i].dtype() != want[i].dtype() || got[i].shape() != want[i].shape())
      return fmt::format("output {}: {} {}, expected {} {}", i, toString(got[i].dtype()), toString(got[i].shape()),
                         toString(want[i].dtype()), toString(want[i].shape()));
    for (int64_t k = 0; k < got[i].numel(); ++k) {
      double g = got[i].getDouble(k), w = want[i].getDouble(k);
      if (!close(g, w, got[i].dtype())) return fmt::format("output {} element {}: got {}, expected {}", i, k, g, w);
    }
  }
  return std::nullopt;
}

} // namespace rangeifytest
