// Goldens of a GPU-scheduled kernel: a 256 x 256 matmul lowered with the GPU
// heuristics for sm_90 and gfx1100, written as its OptOps, launch shape, the
// LLVM IR in the target's dialect and the assembly LLVM makes of it (PTX,
// AMDGPU ISA), compared exactly with tests/cpu/gpu_goldens/<name>.txt. On a
// mismatch the actual text goes to <name>.txt.actual beside it;
// UOPSCOPE_GOLDEN_UPDATE=1 rewrites the goldens instead (then read the diff).
#include "tests/support/test_registry.h"
#include "tests/support/golden_text.h"

#include "backends/llvm/gpu_target.h"
#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/program/scheduled_run.h"

#include <QFile>
#include <QTest>

#include <cstdlib>

#include <fmt/format.h>
#include <fmt/ranges.h>

using namespace uops;

namespace {

// The 256 x 256 matmul's kernel lowered with the heuristics for `arch`.
LoweredKernel gpuMatmul(const std::string& arch) {
  program::LoadedProgram p = program::loadProgram("matmul.py",
                                                  "from tinygrad import Tensor\n"
                                                  "a = Tensor.rand(256, 256)\n"
                                                  "b = Tensor.rand(256, 256)\n"
                                                  "out = a @ b\n");
  std::vector<UOpPtr> roots = program::rootsOf(p.outputTensors());
  CodegenTarget target = gpuCodegenTarget(*gpuTarget(arch));
  target.heuristics = true;
  PipelineRun scheduled =
      runPipeline(roots, {.trace = false, .target = std::nullopt, .rangeify = rangeifyOptionsFor(target)});
  return lowerKernel(scheduled.schedule.kernels.back().ast, target);
}

std::string goldenText(const LoweredKernel& k, const GpuTarget& gpu) {
  return fmt::format("# {} for {}\n# OptOps: {}\n# global {} local {}\n\n## LLVM IR\n{}\n## {}\n{}", k.name.text,
                     gpu.arch, formatOpts(k.opts), k.rendered.global, k.rendered.local, k.rendered.text, gpu.isa,
                     compileGpuAssembly(k.rendered.text, k.rendered.entry, gpu));
}

QString compareWithGolden(const std::string& actual, const QString& name) {
  const QString path = QStringLiteral(UOPSCOPE_SOURCE_DIR "/tests/cpu/gpu_goldens/") + name + QStringLiteral(".txt");
  if (std::getenv("UOPSCOPE_GOLDEN_UPDATE")) {
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly)) return QStringLiteral("cannot write ") + path;
    out.write(actual.data(), static_cast<qint64>(actual.size()));
    return {};
  }
  QFile in(path);
  if (!in.open(QIODevice::ReadOnly)) return QStringLiteral("no golden ") + path;
  const QString diff = golden::difference(actual, in.readAll().toStdString());
  if (!diff.isEmpty()) {
    QFile out(path + QStringLiteral(".actual"));
    if (out.open(QIODevice::WriteOnly)) out.write(actual.data(), static_cast<qint64>(actual.size()));
  }
  return diff;
}

} // namespace

class TestGpuGoldens : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void matmul256_data() {
    QTest::addColumn<QString>("arch");
    QTest::newRow("sm_90") << QStringLiteral("sm_90");
    QTest::newRow("gfx1100") << QStringLiteral("gfx1100");
  }

  void matmul256() {
    QFETCH(QString, arch);
    const GpuTarget gpu = *gpuTarget(arch.toStdString());
    const LoweredKernel k = gpuMatmul(gpu.arch);
    const QString diff = compareWithGolden(goldenText(k, gpu), QStringLiteral("matmul_256_") + arch);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
  }
};

UOPSCOPE_TEST(TestGpuGoldens);
#include "test_gpu_goldens.moc"
