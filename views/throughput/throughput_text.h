// The Throughput view's sentences, from the model's figures: what bounds a
// loop, and the predicted time against the measured one.
#pragma once

#include "backends/llvm/loop_throughput.h"

#include <QString>

namespace uops::views {

// "hot loop 0x30..0xc4 (depth 2): 4.02 cycles per iteration x 512 iterations,
// bottleneck: port Zn3FPU0 (busiest port 4.00, dispatch 2.67 cycles)".
QString loopSummary(const KernelThroughput& model, size_t loop);

// "predicted 0.1234 ms (... cycles per call, 2 calls at once, 2096 MHz from
// /proc/cpuinfo), measured 0.1500 ms: 1.22x"; measuredMs < 0: not measured yet.
QString predictionSummary(const KernelThroughput& model, double measuredMs);

// The loop combo's entry: "0x30..0xc4 depth 2 (hot)".
QString loopLabel(const KernelThroughput& model, size_t loop);

} // namespace uops::views
