#include "views/run/device_peaks.h"

#include "core/pipeline/device_schedule.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/pipeline/program_run.h"
#include "core/program/device_run.h"
#include "core/program/program.h"
#include "core/runtime/device_registry.h"
#include "views/run/kernel_work.h"

#include <QSettings>

#include <algorithm>
#include <stdexcept>

namespace uops::views {
namespace {

// eight independent chains of 32 multiply-adds per element of a 1 MiB
// buffer (about 530 FLOPs per 8 bytes moved, far right of any ridge); one
// chain would measure the adder's latency, not its throughput
const char* kCompute = R"(from tinygrad import Tensor
x = Tensor.empty(262144)
chains = [x + float(k) for k in range(8)]
for i in range(32):
  chains = [c * 0.9999 + 0.0001 for c in chains]
out = chains[0] + chains[1] + chains[2] + chains[3] + chains[4] + chains[5] + chains[6] + chains[7]
)";

// 64 MiB read and 64 MiB written, one multiply per element
const char* kMemory = R"(from tinygrad import Tensor
x = Tensor.empty(16777216)
out = x * 2.0
)";

struct Rate {
  double flopsPerSecond = 0, bytesPerSecond = 0;
};

// The program's kernels over their median times on `device`, after a warm-up run.
Rate rateOf(const char* text, const char* name, Device& device) {
  program::LoadedProgram p = program::loadProgram(name, text, uops::program::LoadOptions::on(device.name()));
  std::vector<UOpPtr> roots = program::rootsOf(p.outputTensors());
  PipelineRun run = runPipeline(roots, {.trace = false, .target = runTarget(device, true)});
  if (run.failed()) throw std::runtime_error(std::string(name) + " did not lower for " + device.name());
  ScheduleRun r = runSchedule(device, run, zeroFilledInputs(roots), 7);
  double seconds = 0, flops = 0, bytes = 0;
  for (size_t i = 0; i < r.kernels.size() && i < run.schedule.kernels.size(); ++i) {
    std::vector<double> ms(r.kernels[i].ms.begin() + (r.kernels[i].ms.size() > 1 ? 1 : 0), r.kernels[i].ms.end());
    std::sort(ms.begin(), ms.end());
    seconds += ms[ms.size() / 2] / 1e3;
    KernelWork w = kernelWork(run.schedule.kernels[i]);
    flops += w.flops;
    bytes += w.bytes;
  }
  if (seconds <= 0) throw std::runtime_error(std::string(name) + " ran no kernel on " + device.name());
  return {flops / seconds, bytes / seconds};
}

QString key(const QString& description) {
  QString k = description;
  k.replace(QLatin1Char('/'), QLatin1Char('_'));
  return QStringLiteral("roofline/") + k;
}

} // namespace

DevicePeaks measurePeaks(const QString& device) {
  Device& d = openDevice(device.toStdString());
  return {rateOf(kCompute, "peak_compute.py", d).flopsPerSecond / 1e9,
          rateOf(kMemory, "peak_memory.py", d).bytesPerSecond / 1e9};
}

std::optional<DevicePeaks> cachedPeaks(const QString& description) {
  QSettings s;
  double gflops = s.value(key(description) + QStringLiteral("/gflops")).toDouble();
  double gbps = s.value(key(description) + QStringLiteral("/gbps")).toDouble();
  if (gflops <= 0 || gbps <= 0) return std::nullopt;
  return DevicePeaks{gflops, gbps};
}

void cachePeaks(const QString& description, const DevicePeaks& peaks) {
  QSettings s;
  s.setValue(key(description) + QStringLiteral("/gflops"), peaks.gflops);
  s.setValue(key(description) + QStringLiteral("/gbps"), peaks.gbps);
}

} // namespace uops::views
