// A stride-2 convolution on an AVX2 target reads its filters from a copy with
// the output channels innermost (core/pipeline/rangeify_pack_filters.cpp) and
// is tiled as vectors of output channels (core/opt/conv_rules.cpp): the
// schedule's kernels and OptOps, its hot loop in Zen 3 machine code, and the
// numbers against the reference evaluator, odd widths and channels too.
#include "tests/support/test_registry.h"
#include "tests/support/reference_match.h"
#include "tests/support/backend_devices.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/zen5_loop.h"

#include "core/engine/device_schedule.h"
#include "core/engine/schedule_executor.h"
#include "core/nn/conv.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QStringList>
#include <QTest>

#include <cmath>

using namespace uops;
using testsupport::kernelsAndOpts;
using testsupport::twoCoreCpu;

namespace {

// the bench's conv2d_3x3_stride2: 16 x 64 x 56 x 56 to 128 channels of 28 x 28
UOpPtr benchStride2() {
  return conv2d(Tensor::empty({16, 64, 56, 56}), Tensor::empty({128, 64, 3, 3}), {.stride = 2, .padding = 1}).uop();
}

} // namespace

class TestConvStride2Avx2 : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the filters copied as [64, 3, 3, 128], then 2 output columns by 32 output
  // channels (four vectors), the input channels innermost; AVX-512 keeps the
  // filters as they are (its whole-row tile: tests/cpu/test_conv_stride2.cpp)
  void benchSchedule() {
    const std::vector<UOpPtr> roots{benchStride2()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    QCOMPARE(kernelsAndOpts(run),
             (QStringList{QStringLiteral("E_64_3_3_128: Split(3, 4, UPCAST); Split(0, 2, THREAD)"),
                          QStringLiteral("r_16_128_28_28_64_3_3: Split(3, 2, UPCAST); Split(1, 32, UPCAST); "
                                         "Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)")}));
    QCOMPARE(runPipeline(roots, {.trace = false, .target = twoCoreCpu(512)}).schedule.kernels.size(), size_t{1});
  }

  // what keeps its filters: a stride-1 convolution, a depthwise one, output
  // channels that are not whole vectors
  void notPacked() {
    auto kernels = [](const Tensor& out) {
      return runPipeline({out.uop()}, {.trace = false, .target = twoCoreCpu(256)}).schedule.kernels.size();
    };
    const Tensor x = Tensor::empty({2, 16, 30, 30});
    QCOMPARE(kernels(conv2d(x, Tensor::empty({16, 16, 3, 3}), {.padding = 1})), size_t{1});
    QCOMPARE(kernels(conv2d(x, Tensor::empty({16, 1, 3, 3}), {.groups = 16, .stride = 2, .padding = 1})), size_t{1});
    QCOMPARE(kernels(conv2d(x, Tensor::empty({12, 16, 3, 3}), {.stride = 2, .padding = 1})), size_t{1});
  }

  // the hot loop in Zen 3 machine code: one input channel's tap, 8 multiply-
  // adds of whole vectors, one broadcast per input column, no masked reads
  // (the row's every other element read as masked vectors and shuffles,
  // 4-float FMAs: 16 of them)
  void hotLoopMachineCode() {
    PipelineRun run = runPipeline({benchStride2()}, {.trace = false, .target = twoCoreCpu(256)});
    QCOMPARE(run.kernels.size(), size_t{2});
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(run.kernels[1], "znver3", true);
    QString all;
    for (const auto& [m, n] : isa) all += QStringLiteral("%1=%2 ").arg(QString::fromStdString(m)).arg(n);
    QVERIFY2(isa["vfmadd231ps ymm"] + isa["vfmadd213ps ymm"] == 8, qPrintable(all));
    QVERIFY2(isa["vfmadd231ps xmm"] + isa["vfmadd213ps xmm"] == 0, qPrintable(all));
    QVERIFY2(isa["vbroadcastss"] == 2, qPrintable(all));
    QVERIFY2(isa["vmaskmovps"] == 0, qPrintable(all));
    QVERIFY2(isa["stack"] == 0, qPrintable(all));
  }

  // the copy and the convolution compute what the reference evaluator does
  void resultsMatchTheReference_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("cin");
    QTest::addColumn<int>("cout");
    QTest::newRow("57 wide, 3 to 24 channels") << 57 << 3 << 24;
    QTest::newRow("30 wide, 24 to 16 channels") << 30 << 24 << 16;
    QTest::newRow("56 wide, 16 to 64 channels") << 56 << 16 << 64;
  }
  void resultsMatchTheReference() {
    QFETCH(int, width);
    QFETCH(int, cin);
    QFETCH(int, cout);
    Tensor x = (Tensor::arange(int64_t{2} * cin * 5 * width).cast(dtypes::float32) * 0.37).sin().reshape({2, cin, 5, width});
    Tensor w = (Tensor::arange(int64_t{cout} * cin * 9).cast(dtypes::float32) * 0.61).cos().reshape({cout, cin, 3, 3});
    const std::vector<UOpPtr> roots{conv2d(x.contiguous(), w.contiguous(), {.stride = 2, .padding = 1}).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    const std::string packed = "E_" + std::to_string(cin) + "_3_3_" + std::to_string(cout);
    QVERIFY(std::any_of(run.schedule.kernels.begin(), run.schedule.kernels.end(),
                        [&](const ScheduledKernel& k) { return k.name == packed; }));
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-5, 1e-4);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }
};

UOPSCOPE_TEST(TestConvStride2Avx2);
#include "test_conv_stride2_avx2.moc"
