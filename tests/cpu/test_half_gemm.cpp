// float16 kernels on an AVX2 target with F16C (CodegenTarget::halfInstructions):
// the half matmul's register tile as explicit vectors (core/render/vector_ops.h),
// its hot loop in Zen 3 machine code (each product rounded to half by vector
// conversions, no scalar multiply, nothing on the stack), and the numbers of
// padded and unpadded half matmuls, an elementwise half op and half sums,
// bit for bit against the reference evaluator.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/backend_devices.h"
#include "tests/support/zen5_loop.h"

#include "backends/llvm/host_cpu_target.h"
#include "core/engine/device_schedule.h"
#include "core/engine/schedule_executor.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QTest>

using namespace uops;

namespace {

// Two Zen 3 cores: 256-bit vectors (AVX2) and F16C's conversions.
CodegenTarget zen3() {
  CodegenTarget t = testsupport::twoCoreCpu(256);
  t.halfInstructions = true;
  return t;
}

// rows x cols of float16 values from a sine of the element's index.
Tensor halves(int64_t rows, int64_t cols, double step, double scale) {
  return ((Tensor::arange(rows * cols).cast(dtypes::float32) * step).sin() * scale)
      .cast(dtypes::float16)
      .reshape({rows, cols});
}

// Every output of `roots` on the CPU with zen3()'s heuristics equals the
// reference evaluator's, bit for bit; `opts` gets the last kernel's OptOps.
void checkAgainstReference(const std::vector<UOpPtr>& roots, std::string* opts = nullptr) {
  PipelineRun run = runPipeline(roots, {.trace = false, .target = zen3()});
  QVERIFY(!run.failed());
  if (opts) *opts = formatOpts(run.kernels.back().opts);
  const std::vector<HostTensor> got =
      runSchedule(openDevice("CPU"), run, zeroFilledInputs(roots)).outputs;
  ReferenceEvaluator ref;
  const std::vector<HostTensor> want = ref.evaluate(roots);
  QCOMPARE(got.size(), want.size());
  for (size_t o = 0; o < want.size(); ++o) {
    QCOMPARE(got[o].numel(), want[o].numel());
    for (int64_t e = 0; e < want[o].numel(); ++e)
      QVERIFY2(got[o].getDouble(e) == want[o].getDouble(e),
               qPrintable(QStringLiteral("output %1 element %2: %3 against %4")
                              .arg(o)
                              .arg(e)
                              .arg(got[o].getDouble(e))
                              .arg(want[o].getDouble(e))));
  }
}

} // namespace

class TestHalfGemm : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the bench's 512 half matmul: AVX2's 16 x 6 tile, per step of K twelve
  // products of 8 floats, each rounded to half and back by vector
  // conversions before its add, B's 16 halves converted as two vectors of 8,
  // no scalar multiply, nothing on the stack (scalar: 96 vmulss, ~380
  // vmovaps and stack moves)
  void hotLoopMachineCode() {
    const Tensor a = Tensor::empty({512, 512}, dtypes::float16),
                 b = Tensor::empty({512, 512}, dtypes::float16);
    PipelineRun run = runPipeline({a.matmul(b).uop()}, {.trace = false, .target = zen3()});
    QVERIFY(!run.failed());
    QCOMPARE(run.kernels.size(), size_t{1});
    QCOMPARE(QString::fromStdString(formatOpts(run.kernels[0].opts)),
             QStringLiteral("Split(1, 16, UPCAST); Padto(0, 12); Split(0, 6, UPCAST); Swap(0, 1); "
                            "Split(1, 2, THREAD)"));
    std::map<std::string, int> isa =
        zen5loop::innermostLoopHolding(run.kernels[0], "znver3", "vcvtps2ph");
    const QString all = QString::fromStdString(zen5loop::isaText(isa));
    QVERIFY2(isa["vmulps"] == 12 && isa["vaddps"] == 12, qPrintable(all));
    QVERIFY2(isa["vcvtps2ph"] == 12, qPrintable(all));
    QVERIFY2(isa["vcvtph2ps"] == 12 + 2 + 6, qPrintable(all)); // the products, B, A's six
    QVERIFY2(isa["vmulss"] + isa["vaddss"] == 0, qPrintable(all));
    QVERIFY2(isa["stack"] == 0, qPrintable(all));
  }

  // half matmuls whose rows the tile divides and whose rows it pads (200 ->
  // 204: the padded rows are not written), and one without a register tile
  void matmulsMatchTheReference() {
    if (!hostCpuTarget().halfInstructions)
      QSKIP("the host has no float16 conversion instructions (F16C)");
    std::string opts;
    checkAgainstReference(
        {halves(96, 40, 0.5, 30).contiguous().matmul(halves(40, 64, 0.3, 30).contiguous()).uop()},
        &opts);
    QCOMPARE(QString::fromStdString(opts),
             QStringLiteral("Split(1, 16, UPCAST); Split(0, 6, UPCAST); Split(0, 2, THREAD)"));
    checkAgainstReference(
        {halves(200, 64, 0.37, 3).contiguous().matmul(halves(64, 48, 0.11, 2).contiguous()).uop()},
        &opts);
    QCOMPARE(QString::fromStdString(opts),
             QStringLiteral(
                 "Split(1, 16, UPCAST); Padto(0, 12); Split(0, 6, UPCAST); Split(0, 2, THREAD)"));
    checkAgainstReference({halves(100, 75, 0.23, 5)
                               .contiguous()
                               .matmul(halves(75, 130, 0.07, 4).contiguous())
                               .uop()});
  }

  // an elementwise half op, half sums along a row and of everything, a half max
  void elementwiseAndSumsMatchTheReference() {
    if (!hostCpuTarget().halfInstructions)
      QSKIP("the host has no float16 conversion instructions (F16C)");
    const Tensor a = halves(64, 96, 0.37, 30).contiguous(),
                 b = halves(64, 96, 0.11, 20).contiguous();
    checkAgainstReference(
        {(a * b + a).uop(), (a * b).sum(1).uop(), a.sum().uop(), (a * b).max(0).uop()});
  }
};

UOPSCOPE_TEST(TestHalfGemm);
#include "test_half_gemm.moc"
