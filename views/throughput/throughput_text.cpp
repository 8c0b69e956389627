#include "views/throughput/throughput_text.h"

namespace uops::views {

QString loopLabel(const KernelThroughput& model, size_t loop) {
  const LoopThroughput& l = model.loops[loop];
  if (model.straightLine) return QStringLiteral("straight-line code 0x0..0x%1").arg(l.end, 0, 16);
  return QStringLiteral("loop 0x%1..0x%2 depth %3%4")
      .arg(l.start, 0, 16)
      .arg(l.end, 0, 16)
      .arg(l.depth)
      .arg(loop == model.hotLoop() ? QStringLiteral(" (hot)") : QString());
}

QString loopSummary(const KernelThroughput& model, size_t loop) {
  const LoopThroughput& l = model.loops[loop];
  const QString iterations =
      l.iterations == 0 ? QStringLiteral("unknown iterations") : QStringLiteral("%1 iterations per call").arg(l.iterations);
  return QStringLiteral("%1: %2 cycles %3, %4; bottleneck: %5 (busiest port %6, dispatch %7 cycles)")
      .arg(loopLabel(model, loop))
      .arg(l.cyclesPerIteration, 0, 'f', 2)
      .arg(model.straightLine ? QStringLiteral("once") : QStringLiteral("per iteration"))
      .arg(iterations)
      .arg(QString::fromStdString(l.bottleneck))
      .arg(l.resourceCycles, 0, 'f', 2)
      .arg(l.dispatchCycles, 0, 'f', 2);
}

QString predictionSummary(const KernelThroughput& model, double measuredMs) {
  const double predicted = model.predictedMs();
  QString text = predicted < 0 ? QString::fromStdString(model.note)
                               : QStringLiteral("predicted %1 ms (%2 cycles per call, %3 calls, %4 at once, %5 MHz "
                                                "from %6)")
                                     .arg(predicted, 0, 'f', 4)
                                     .arg(model.predictedCyclesPerCall(), 0, 'f', 0)
                                     .arg(model.calls)
                                     .arg(model.parallel)
                                     .arg(model.clockMHz, 0, 'f', 0)
                                     .arg(QString::fromStdString(model.clockSource));
  if (measuredMs < 0) return text + QStringLiteral("; measured: run the program on the CPU (Run) to compare");
  text += QStringLiteral("; measured %1 ms").arg(measuredMs, 0, 'f', 4);
  if (predicted > 0) text += QStringLiteral(", %1x the prediction").arg(measuredMs / predicted, 0, 'f', 2);
  return text;
}

} // namespace uops::views
