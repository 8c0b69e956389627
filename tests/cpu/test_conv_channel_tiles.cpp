// Convolutions tiled over output channels on an AVX2 target: a padded one
// over input channels and a 2-D window reads its filters from a copy in
// blocks of 8 output channels, the input channels next, and its input from a
// copy with the padding, the channels innermost
// (core/pipeline/rangeify_pack_filters.cpp); 16 output channels or more are
// tiled two vectors of channels by four output positions, fewer one vector by
// up to 7 columns by up to 3 rows (core/opt/conv_rules.cpp), and the renderer
// makes the accumulators vectors along the channels though the output stores
// are not consecutive along them (core/render/vector_ops.cpp, seeds from the
// accumulators' updates). The schedule's kernels and OptOps, the rendered
// vectors, the hot loop in Zen 3 machine code, and the numbers against the
// reference evaluator, odd widths and channels too.
#include "tests/support/test_registry.h"
#include "tests/support/reference_match.h"
#include "tests/support/packed_conv_check.h"
#include "tests/support/backend_devices.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/zen5_loop.h"

#include "core/engine/device_schedule.h"
#include "core/engine/schedule_executor.h"
#include "core/nn/conv.h"
#include "core/nn/pool.h"
#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"
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

// the bench's conv2d_resnet: ResNet's 14-wide 3x3 layer, 256 to 256 channels
UOpPtr benchResnet() {
  return conv2d(Tensor::empty({16, 256, 14, 14}), Tensor::empty({256, 256, 3, 3}), {.padding = 1}).uop();
}

} // namespace

class TestConvChannelTiles : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the padded input copied channels innermost (16 x 58 x 58 x 64; a vector of
  // channels by four columns, padded to 60, transpose_copy_rules.h), the
  // filters as [16, 3, 3, 64, 8], then 2 output columns by 2 rows by two
  // vectors of channels, the input channels innermost, the rows' loop outside
  // the channels' (the filters re-read per row tile are fewer bytes than the
  // image per channel block); AVX-512's blocks of 16:
  // tests/cpu/test_conv_avx512_tiles.cpp
  void stride2Schedule() {
    const std::vector<UOpPtr> roots{benchStride2()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    QCOMPARE(kernelsAndOpts(run),
             (QStringList{
                 QStringLiteral("E_16_58_58_64: Padto(2, 4); Split(3, 8, UPCAST); Split(2, 4, "
                                "UPCAST); Split(0, 2, THREAD)"),
                 QStringLiteral("E_16_3_3_64_8: Split(4, 4, UPCAST); Split(0, 2, THREAD)"),
                 QStringLiteral("r_16_128_28_28_64_3_3: Split(3, 2, UPCAST); Split(2, 2, UPCAST); "
                                "Split(1, 16, UPCAST); Swap(4, 5); Swap(5, 6); Swap(1, 2); "
                                "Split(0, 2, THREAD)")}));
  }

  // ResNet's 14-wide layer: the same tile, the channels' loop outside the
  // rows' (2.4 MB of filters re-read per row tile would be more bytes)
  void narrowRowsSchedule() {
    PipelineRun run = runPipeline({benchResnet()}, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    QCOMPARE(
        kernelsAndOpts(run),
        (QStringList{
            QStringLiteral(
                "E_16_16_16_256: Split(3, 8, UPCAST); Split(2, 4, UPCAST); Split(0, 2, THREAD)"),
            QStringLiteral("E_32_3_3_256_8: Split(4, 4, UPCAST); Split(0, 2, THREAD)"),
            QStringLiteral("r_16_256_14_14_256_3_3: Split(3, 2, UPCAST); Split(2, 2, UPCAST); "
                           "Split(1, 16, UPCAST); Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)")}));
  }

  // the bench's conv2d_3x3 (rows of 56): packed too, where the padded copy
  // alone had kept the channels' planes and one vector of the row by 2 rows
  // by 4 channels (tests/cpu/test_conv_pad_copy.cpp keeps that tile for
  // channels that are not whole blocks)
  void longRowsSchedule() {
    const Tensor out = conv2d(Tensor::empty({16, 64, 56, 56}), Tensor::empty({64, 64, 3, 3}), {.padding = 1});
    PipelineRun run = runPipeline({out.uop()}, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    QCOMPARE(
        kernelsAndOpts(run),
        (QStringList{
            QStringLiteral("E_16_58_58_64: Padto(2, 4); Split(3, 8, UPCAST); Split(2, 4, UPCAST); "
                           "Split(0, 2, THREAD)"),
            QStringLiteral("E_8_3_3_64_8: Split(4, 4, UPCAST)"),
            QStringLiteral("r_16_64_56_56_64_3_3: Split(3, 2, UPCAST); Split(2, 2, UPCAST); "
                           "Split(1, 16, UPCAST); Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)")}));
  }

  // ResNet's 7-wide layer4 (512 channels): no two columns or rows, so four
  // images by two vectors of channels
  void oddRowsTakeImages() {
    const Tensor out = conv2d(Tensor::empty({16, 512, 7, 7}), Tensor::empty({512, 512, 3, 3}), {.padding = 1});
    PipelineRun run = runPipeline({out.uop()}, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    QCOMPARE(kernelsAndOpts(run).last(),
             QStringLiteral("r_16_512_7_7_512_3_3: Split(0, 4, UPCAST); Split(1, 16, UPCAST); Swap(4, 5); "
                            "Swap(5, 6); Split(0, 2, THREAD)"));
  }

  // a 7x7 stride-2 stem on 3 input channels: the pair tile too, the window's
  // rows innermost (the longest reduction; 37 -> 28 ms against one vector of
  // channels by 14 positions)
  void stemTakesThePairTile() {
    const Tensor out =
        conv2d(Tensor::empty({16, 3, 224, 224}), Tensor::empty({64, 3, 7, 7}), {.stride = 2, .padding = 3});
    PipelineRun run = runPipeline({out.uop()}, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    QCOMPARE(kernelsAndOpts(run).last(),
             QStringLiteral("r_16_64_112_112_3_7_7: Split(3, 2, UPCAST); Split(2, 2, UPCAST); Split(1, 16, UPCAST); "
                            "Swap(5, 6); Swap(1, 2); Split(0, 2, THREAD)"));
  }

  // what keeps its filters: a depthwise convolution, output channels that
  // are not whole blocks, a 1x1 (no window); rows of any length are packed
  void notPacked() {
    auto kernels = [](const Tensor& out) {
      return runPipeline({out.uop()}, {.trace = false, .target = twoCoreCpu(256)}).schedule.kernels.size();
    };
    const Tensor x = Tensor::empty({2, 16, 30, 30});
    QCOMPARE(kernels(conv2d(x, Tensor::empty({16, 1, 3, 3}), {.groups = 16, .stride = 2, .padding = 1})), size_t{1});
    QCOMPARE(kernels(conv2d(x, Tensor::empty({12, 16, 3, 3}), {.stride = 2, .padding = 1})), size_t{1});
    QCOMPARE(kernels(conv2d(x, Tensor::empty({12, 16, 3, 3}), {.padding = 1})), size_t{1});
    QCOMPARE(kernels(conv2d(x, Tensor::empty({16, 16, 1, 1}))), size_t{1});
    QCOMPARE(kernels(conv2d(x, Tensor::empty({16, 16, 3, 3}), {.padding = 1})), size_t{3});
    QCOMPARE(kernels(conv2d(Tensor::empty({2, 16, 56, 56}), Tensor::empty({16, 16, 3, 3}), {.padding = 1})),
             size_t{3});
  }

  // the rendered kernel: each accumulator one <8 x float> along the
  // channels, multiplied by a splat of the input element; the output is
  // stored element by element (its channels 196 floats apart). Without the
  // renderer's seeds from the updates every lane stayed scalar.
  void accumulatorsAreChannelVectors() {
    PipelineRun run = runPipeline({benchResnet()}, {.trace = false, .target = twoCoreCpu(256)});
    QCOMPARE(run.kernels.size(), size_t{3});
    const QString ir = QString::fromStdString(run.kernels[2].rendered.text);
    QCOMPARE(ir.count(QStringLiteral("alloca <8 x float>")), 8);
    QVERIFY2(ir.contains(QStringLiteral("fmul contract <8 x float>")) || ir.contains(QStringLiteral("fmuladd.v8f32")),
             qPrintable(ir.left(4000)));
    QVERIFY(!ir.contains(QStringLiteral("fmul contract float")));
  }

  // 2 columns by 2 rows by 16 channels: the stores' seeds alone make every
  // accumulator a vector, of two lanes along the row (each input load pair
  // one vector, each filter element a splat); the updates' seeds make 8-lane
  // vectors along the channels of the same accumulators, and are kept: as
  // many accumulators in fewer, whole vectors (the 2-lane plan ran 300 ms)
  void channelVectorsOverNarrowRowVectors() {
    PipelineRun run = runPipeline({benchResnet()}, {.trace = false, .target = twoCoreCpu(256)});
    QCOMPARE(run.schedule.kernels.size(), size_t{3});
    CodegenTarget target = twoCoreCpu(256);
    target.heuristics = false;
    const LoweredKernel lowered =
        lowerKernel(run.schedule.kernels[2].ast, target,
                    parseOpts("Split(3, 2, UPCAST); Split(2, 2, UPCAST); Split(1, 16, UPCAST); Swap(4, 5); Swap(5, 6)"));
    const QString ir = QString::fromStdString(lowered.rendered.text);
    QCOMPARE(ir.count(QStringLiteral("alloca <8 x float>")), 8);
    QVERIFY(!ir.contains(QStringLiteral("<2 x float>")));
  }

  // the hot loops in Zen 3 machine code: per input channel, 8 multiply-adds
  // of whole vectors, 4 broadcasts and 2 filter vectors, nothing masked,
  // nothing on the stack
  void hotLoopMachineCode_data() {
    QTest::addColumn<bool>("stride2");
    QTest::newRow("stride 2") << true;
    QTest::newRow("14 wide") << false;
  }
  void hotLoopMachineCode() {
    QFETCH(bool, stride2);
    PipelineRun run = runPipeline({stride2 ? benchStride2() : benchResnet()},
                                  {.trace = false, .target = twoCoreCpu(256)});
    QCOMPARE(run.kernels.size(), size_t{3});
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(run.kernels[2], "znver3", true);
    const int fmas = isa["vfmadd231ps ymm"] + isa["vfmadd213ps ymm"] + isa["vfmadd132ps ymm"];
    QVERIFY2(fmas > 0 && fmas % 8 == 0, zen5loop::isaText(isa).c_str());
    QVERIFY2(isa["vfmadd231ps xmm"] + isa["vfmadd213ps xmm"] == 0, zen5loop::isaText(isa).c_str());
    QVERIFY2(2 * isa["vbroadcastss"] == fmas, zen5loop::isaText(isa).c_str());
    QVERIFY2(4 * isa["vmovaps ymm"] == fmas || 4 * isa["vmovups ymm"] == fmas, zen5loop::isaText(isa).c_str());
    QVERIFY2(isa["vmaskmovps"] == 0, zen5loop::isaText(isa).c_str());
    QVERIFY2(isa["stack"] == 0, zen5loop::isaText(isa).c_str());
  }

  // filters computed in the program (a model's initialization) are packed
  // as they are computed, and a padded input that is the previous layer's
  // convolution is realized by that convolution's own kernel before the
  // copy (inside the copy's kernel it had no tile: every conv but the first
  // is fed that way in a network); both convolutions tiled, the numbers the
  // reference evaluator's
  void computedFiltersAndLayers() {
    Tensor x = (Tensor::arange(int64_t{2} * 16 * 14 * 14).cast(dtypes::float32) * 0.37).sin().reshape({2, 16, 14, 14});
    Tensor w1 = (Tensor::arange(int64_t{32} * 16 * 9).cast(dtypes::float32) * 0.61).cos().reshape({32, 16, 3, 3});
    Tensor w2 = (Tensor::arange(int64_t{16} * 32 * 9).cast(dtypes::float32) * 0.23).sin().reshape({16, 32, 3, 3});
    const Tensor hidden = conv2d(x.contiguous(), w1, {.padding = 1}).relu();
    const std::vector<UOpPtr> roots{conv2d(hidden, w2, {.padding = 1}).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    QStringList names;
    for (const ScheduledKernel& k : run.schedule.kernels) names << QString::fromStdString(k.name);
    QVERIFY2(names.contains(QStringLiteral("E_4_3_3_16_8")) && names.contains(QStringLiteral("E_2_3_3_32_8")),
             qPrintable(names.join(QLatin1Char(' '))));
    int tiled = 0;
    for (const QString& line : kernelsAndOpts(run))
      tiled += line.startsWith(QStringLiteral("r_")) && line.contains(QStringLiteral("Split(1, 16, UPCAST)"));
    QVERIFY2(tiled == 2, qPrintable(kernelsAndOpts(run).join(QLatin1Char('\n'))));
    // the second layer sums 288 products of values up to about 100: float32
    // sums in another order differ by 1e-4 or so
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 2e-3, 1e-4);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }

  // a max pool over a padded convolution (ResNet's stem): the convolution is
  // realized by a kernel of its own, tiled, before the pool's padding; read
  // through the padding it ran inside a kernel of the padded size with no
  // tile (7.9 s for 8 images of 112 x 112, 5 ms now). Numbers against the
  // reference evaluator.
  void pooledConvolutionRealizedFirst() {
    Tensor x = (Tensor::arange(int64_t{2} * 3 * 30 * 30).cast(dtypes::float32) * 0.37).sin().reshape({2, 3, 30, 30});
    Tensor w = (Tensor::arange(int64_t{16} * 3 * 49).cast(dtypes::float32) * 0.61).cos().reshape({16, 3, 7, 7});
    const Tensor conv = conv2d(x.contiguous(), w.contiguous(), {.stride = 2, .padding = 3}).relu();
    const std::vector<UOpPtr> roots{maxPool2d(conv, {.kernelSize = {3, 3}, .stride = 2, .padding = 1}).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    const QStringList kernels = kernelsAndOpts(run);
    QVERIFY2(std::any_of(kernels.begin(), kernels.end(),
                         [](const QString& k) {
                           return k.startsWith(QStringLiteral("r_2_16_15_15_3_7_7:")) &&
                                  k.contains(QStringLiteral("Split(1, 8, UPCAST)"));
                         }),
             qPrintable(kernels.join(QLatin1Char('\n'))));
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-4, 1e-4);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }

  // padded along the columns alone: the image's last unpadded axis is its
  // rows, not the channels, so the input is copied as it is (its planes)
  // and the filters keep [out / 8, in, kh, kw, 8]; the numbers the
  // reference evaluator's
  void columnsUnpaddedKeepPlanes() {
    Tensor x = (Tensor::arange(int64_t{2} * 16 * 6 * 14).cast(dtypes::float32) * 0.37).sin().reshape({2, 16, 6, 14});
    Tensor w = (Tensor::arange(int64_t{16} * 16 * 9).cast(dtypes::float32) * 0.61).cos().reshape({16, 16, 3, 3});
    const std::vector<UOpPtr> roots{conv2d(x.contiguous(), w.contiguous(), {.padding = {0, 1}}).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = twoCoreCpu(256)});
    QVERIFY(!run.failed());
    const QStringList kernels = kernelsAndOpts(run);
    QVERIFY2(kernels.filter(QStringLiteral("E_2_16_6_16:")).size() == 1 &&
                 kernels.filter(QStringLiteral("E_2_16_3_3_8:")).size() == 1 &&
                 kernels.filter(QStringLiteral("Split(1, 16, UPCAST)")).size() == 1,
             qPrintable(kernels.join(QLatin1Char('\n'))));
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-5, 1e-4);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }

  // the copies and the convolution compute what the reference evaluator does
  void resultsMatchTheReference_data() {
    QTest::addColumn<int>("stride");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("cin");
    QTest::addColumn<int>("cout");
    QTest::newRow("stride 2, 57 wide, 3 to 24 channels") << 2 << 57 << 3 << 24;
    QTest::newRow("stride 2, 30 wide, 24 to 16 channels") << 2 << 30 << 24 << 16;
    QTest::newRow("stride 2, 56 wide, 16 to 64 channels") << 2 << 56 << 16 << 64;
    QTest::newRow("14 wide, 16 to 32 channels") << 1 << 14 << 16 << 32;
    QTest::newRow("13 wide, 8 to 16 channels") << 1 << 13 << 8 << 16;
    QTest::newRow("20 wide, 5 to 40 channels") << 1 << 20 << 5 << 40;
    QTest::newRow("7 wide, 24 to 16 channels") << 1 << 7 << 24 << 16;
    QTest::newRow("57 wide, 16 to 32 channels") << 1 << 57 << 16 << 32;
    QTest::newRow("9 wide, 3 to 24 channels") << 1 << 9 << 3 << 24;
  }
  void resultsMatchTheReference() {
    QFETCH(int, stride);
    QFETCH(int, width);
    QFETCH(int, cin);
    QFETCH(int, cout);
    const QString mismatch = testsupport::packedConvMismatch(256, stride, width, cin, cout);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }
};

UOPSCOPE_TEST(TestConvChannelTiles);
#include "test_conv_channel_tiles.moc"
