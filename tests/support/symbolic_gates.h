// The gates a decode step's kernels put on a tensor sized by start_pos+1
// (tests/cpu/test_symbolic_{shapes,ops}.cpp): in the schedules that ran at
// start_pos 5, every CmpLt over one Range and the variable, checked for
// start_pos 5, 6 and 7 and every index of its Range, holds exactly below
// start_pos+1 (or below start_pos: where a cache write's row begins), and its
// Range runs to `length` (the loop is the maximum).
#pragma once

#include "core/engine/device_registry.h"
#include "core/engine/program_run.h"
#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/ir/minmax.h"
#include "core/ir/variable.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/program/program.h"

#include <QString>

#include <vector>

namespace symbolicgates {

struct Checked {
  int gates = 0;
  QString error; // empty when every gate holds exactly below the size
};

inline Checked checkStartPosGates(const uops::program::LoadedProgram& p, int64_t length) {
  using namespace uops;
  Checked out;
  for (const program::RealizedSchedule& s : p.schedules) {
    if (!s.variables.count("start_pos") || s.variables.at("start_pos") != 5) continue;
    PipelineRun run = runPipeline(s.graphs, {.trace = false, .target = runTarget(openDevice("CPU"), false)});
    if (run.failed()) return {out.gates, QStringLiteral("a schedule at start_pos 5 failed to lower")};
    for (const LoweredKernel& k : run.kernels) {
      if (k.variables.empty()) continue;
      for (const UOp* c : toposort(*k.ast)) {
        if (c->op() != Op::CmpLt) continue;
        const UOp* var = nullptr;
        std::vector<const UOp*> ranges;
        for (const UOp* u : toposort(*c)) {
          if (isVariable(*u)) var = u;
          if (u->op() == Op::Range) ranges.push_back(u);
        }
        if (!var || ranges.size() != 1) continue;
        const auto end = static_cast<int64_t>(ranges[0]->minMax().hi) + 1;
        if (end != length) return {out.gates, QStringLiteral("a gated Range runs to %1, not %2").arg(end).arg(length)};
        // below start_pos+1, or below start_pos: the first row a cache write at start_pos selects
        bool size = true, row = true;
        for (int64_t pos : {5, 6, 7})
          for (int64_t i = 0; i < end; ++i) {
            UOpPtr at = substitute(c->ptr(), {{var, constIndex(pos)}, {ranges[0], constIndex(i)}});
            const MinMax& m = at->minMax();
            if (m.lo != m.hi)
              return {out.gates,
                      QStringLiteral("the gate at start_pos %1, index %2 is not a constant").arg(pos).arg(i)};
            size = size && (m.lo != 0) == (i < pos + 1);
            row = row && (m.lo != 0) == (i < pos);
          }
        if (!size && !row)
          return {out.gates, QStringLiteral("a gate is neither i < start_pos+1 nor i < start_pos")};
        ++out.gates;
      }
    }
  }
  return out;
}

} // namespace symbolicgates
