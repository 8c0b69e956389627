// A padded 3x3 convolution of smooth values (2 images, 6 rows) lowered for a
// two-core CPU of `vectorBits`-wide vectors: its filters must arrive packed in
// blocks of one vector of output channels
// (core/pipeline/rangeify_pack_filters.cpp) and its results match the
// reference evaluator's. The channel tiles' tests (AVX2 and AVX-512) share it;
// `zen`: a target whose broadcasts take an FP pipe (CodegenTarget::broadcastsOnFpPipes).
#pragma once

#include "tests/support/cpu_targets.h"
#include "tests/support/reference_match.h"

#include "core/nn/conv.h"
#include "core/tensor/tensor.h"

#include <algorithm>
#include <string>

namespace uops::testsupport {

// Empty where both hold, else what did not.
inline QString packedConvMismatch(int vectorBits, int stride, int width, int cin, int cout,
                                  bool zen = false) {
  Tensor x = (Tensor::arange(int64_t{2} * cin * 6 * width).cast(dtypes::float32) * 0.37)
                 .sin()
                 .reshape({2, cin, 6, width});
  Tensor w = (Tensor::arange(int64_t{cout} * cin * 9).cast(dtypes::float32) * 0.61)
                 .cos()
                 .reshape({cout, cin, 3, 3});
  const std::vector<UOpPtr> roots{
      conv2d(x.contiguous(), w.contiguous(), {.stride = stride, .padding = 1}).uop()};
  CodegenTarget target = twoCoreCpu(vectorBits);
  target.broadcastsOnFpPipes = zen;
  PipelineRun run = runPipeline(roots, {.trace = false, .target = target});
  if (run.failed()) return QStringLiteral("the pipeline failed");
  // the filter copy's kernel; its name leaves out an axis of one block
  const int64_t block = vectorBits / 32;
  const std::string blocks = cout > block ? std::to_string(cout / block) + "_" : "";
  const std::string packed =
      "E_" + blocks + "3_3_" + std::to_string(cin) + "_" + std::to_string(block);
  if (std::none_of(run.schedule.kernels.begin(), run.schedule.kernels.end(),
                   [&](const ScheduledKernel& k) { return k.name == packed; }))
    return QStringLiteral("no kernel %1").arg(QString::fromStdString(packed));
  return cpuMismatchWithReference(run, roots, 1e-5, 1e-4);
}

} // namespace uops::testsupport
