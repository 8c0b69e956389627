// CPU codegen targets the tests lower for, and a schedule's kernels as text.
#pragma once

#include "core/opt/opt.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/render/codegen_target.h"
#include "core/tensor/tensor.h"

#include <QString>
#include <QStringList>

namespace uops::testsupport {

// Two cores with the heuristics on and `vectorBits`-wide vectors: 256 is AVX2
// as hostCpuTarget makes it on Zen 3, 512 AVX-512.
inline CodegenTarget twoCoreCpu(int vectorBits) {
  CodegenTarget t = cpuTarget();
  t.heuristics = true;
  t.threads = 2;
  t.vectorBits = vectorBits;
  return t;
}

// `out` lowered for twoCoreCpu(512), no trace.
inline PipelineRun wideRun(const Tensor& out) {
  return runPipeline({out.uop()}, {.trace = false, .target = twoCoreCpu(512)});
}

// Each kernel's name and OptOps, one line each.
inline QStringList kernelsAndOpts(const PipelineRun& run) {
  QStringList out;
  for (size_t i = 0; i < run.kernels.size(); ++i)
    out << QString::fromStdString(run.schedule.kernels[i].name + ": " + formatOpts(run.kernels[i].opts));
  return out;
}

} // namespace uops::testsupport
