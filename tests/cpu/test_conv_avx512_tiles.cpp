// Convolutions tiled over their output channels on an AVX-512 target: a
// padded one over input channels and a 2-D window reads its filters from a
// copy in blocks of 16 output channels (one 512-bit vector), the input
// channels next, and its input from a copy with the padding and the channels
// innermost (core/pipeline/rangeify_pack_filters.cpp); 32 output channels or
// a multiple are tiled two vectors of channels by 8 output positions (else 7,
// else 4), 16 or 48 by one vector and up to 16 positions
// (core/opt/conv_rules.cpp); on a Zen, whose broadcasts take an FP pipe, 64
// or a multiple by four vectors of channels and 4 positions. The schedules'
// kernels and OptOps, the hot loop in Sapphire Rapids and Zen 4 machine code,
// and the numbers against the reference evaluator.
#include "tests/support/test_registry.h"
#include "tests/support/packed_conv_check.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/zen5_loop.h"

#include "core/nn/conv.h"
#include "core/pipeline/codegen.h"
#include "core/tensor/tensor.h"

#include <QStringList>
#include <QTest>

using namespace uops;
using testsupport::kernelsAndOpts;
using testsupport::twoCoreCpu;
using testsupport::wideRun;

namespace {

// the bench's conv2d_3x3_stride2: 16 x 64 x 56 x 56 to 128 channels of 28 x 28
Tensor stride2Layer() {
  return conv2d(Tensor::empty({16, 64, 56, 56}), Tensor::empty({128, 64, 3, 3}),
                {.stride = 2, .padding = 1});
}

// the bench's conv2d_resnet: ResNet's 14-wide 3x3 layer, 256 to 256 channels
Tensor resnetLayer() {
  return conv2d(Tensor::empty({16, 256, 14, 14}), Tensor::empty({256, 256, 3, 3}), {.padding = 1});
}

} // namespace

class TestConvAvx512Tiles : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the padded input copied channels innermost (16 x 58 x 58 x 64; a vector of
  // channels by four columns, padded to 60, transpose_copy_rules.h), the
  // filters as [8, 3, 3, 64, 16], then 4 output columns by 2 rows by two
  // vectors of channels (16 accumulators), the input channels innermost
  void stride2Schedule() {
    PipelineRun run = wideRun(stride2Layer());
    QVERIFY(!run.failed());
    QCOMPARE(
        kernelsAndOpts(run),
        (QStringList{
            QStringLiteral("E_16_58_58_64: Padto(2, 4); Split(3, 16, UPCAST); Split(2, 4, UPCAST); "
                           "Split(0, 2, THREAD)"),
            QStringLiteral("E_8_3_3_64_16: Split(4, 4, UPCAST); Split(0, 2, THREAD)"),
            QStringLiteral("r_16_128_28_28_64_3_3: Split(3, 4, UPCAST); Split(2, 2, UPCAST); "
                           "Split(1, 32, UPCAST); Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)")}));
  }

  // on a Zen (a broadcast takes an FP pipe beside the FMAs): four vectors of
  // channels by 2 columns by 2 rows, each broadcast feeding four FMAs, where
  // the two-vector tile fed two (Zen 4 by MCA: 44 -> 37.35 cycles a loop step;
  // the bench's stride-2 layer alone, minima of four runs 9.56-13.3 -> 8.95-9.16 ms)
  void zenFeedsEachBroadcastToFourVectors() {
    CodegenTarget zen = twoCoreCpu(512);
    zen.broadcastsOnFpPipes = true;
    PipelineRun run = runPipeline({stride2Layer().uop()}, {.trace = false, .target = zen});
    QVERIFY(!run.failed());
    QCOMPARE(kernelsAndOpts(run).last(),
             QStringLiteral("r_16_128_28_28_64_3_3: Split(3, 2, UPCAST); Split(2, 2, UPCAST); "
                            "Split(1, 64, UPCAST); Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)"));
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(run.kernels[2], "znver4", true);
    const int fmas = isa["vfmadd231ps zmm"] + isa["vfmadd213ps zmm"] + isa["vfmadd132ps zmm"];
    QVERIFY2(fmas > 0 && 4 * isa["vbroadcastss"] == fmas, zen5loop::isaText(isa).c_str());
    QVERIFY2(isa["stack"] == 0, zen5loop::isaText(isa).c_str());
    // 48 channels are no four vectors: the one-vector tile as before
    const Tensor odd =
        conv2d(Tensor::empty({16, 32, 30, 30}), Tensor::empty({48, 32, 5, 5}), {.padding = 2});
    QVERIFY(kernelsAndOpts(runPipeline({odd.uop()}, {.trace = false, .target = zen}))
                .last()
                .contains(QStringLiteral("Split(1, 16, UPCAST)")));
  }

  // rows of 14 and of 7 (ResNet's layer3 and layer4): 7 columns by two
  // vectors of channels, no position padded
  void rowsOfSevenSchedule_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("channels");
    QTest::addColumn<QString>("expected");
    QTest::newRow("14 wide")
        << 14 << 256
        << QStringLiteral("r_16_256_14_14_256_3_3: Split(3, 7, UPCAST); Split(1, 32, UPCAST); "
                          "Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)");
    QTest::newRow("7 wide")
        << 7 << 512
        << QStringLiteral("r_16_512_7_7_512_3_3: Split(3, 7, UPCAST); Split(1, 32, UPCAST); "
                          "Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)");
  }
  void rowsOfSevenSchedule() {
    QFETCH(int, width);
    QFETCH(int, channels);
    QFETCH(QString, expected);
    const Tensor out = conv2d(Tensor::empty({16, channels, width, width}),
                              Tensor::empty({channels, channels, 3, 3}), {.padding = 1});
    PipelineRun run = wideRun(out);
    QVERIFY(!run.failed());
    QCOMPARE(kernelsAndOpts(run).size(), 3);
    QCOMPARE(kernelsAndOpts(run).last(), expected);
  }

  // 48 output channels (three blocks, not pairs): one vector of channels by 5
  // columns by 3 rows (15 accumulators)
  void oddBlocksTakeOneVector() {
    const Tensor out =
        conv2d(Tensor::empty({16, 32, 30, 30}), Tensor::empty({48, 32, 5, 5}), {.padding = 2});
    PipelineRun run = wideRun(out);
    QVERIFY(!run.failed());
    QCOMPARE(
        kernelsAndOpts(run),
        (QStringList{
            QStringLiteral("E_16_34_34_32: Padto(2, 4); Split(3, 16, UPCAST); Split(2, 4, UPCAST); "
                           "Split(0, 2, THREAD)"),
            QStringLiteral("E_3_5_5_32_16: Split(4, 4, UPCAST)"),
            QStringLiteral("r_16_48_30_30_32_5_5: Split(3, 5, UPCAST); Split(2, 3, UPCAST); "
                           "Split(1, 16, UPCAST); Swap(4, 5); Swap(5, 6); Split(0, 2, THREAD)")}));
  }

  // output channels that are not whole blocks of 16 keep the whole-row tiles
  // (tests/cpu/test_conv_stride2.cpp): no copies
  void partBlocksNotPacked() {
    const Tensor x = Tensor::empty({2, 16, 30, 30});
    QCOMPARE(
        wideRun(conv2d(x, Tensor::empty({24, 16, 3, 3}), {.padding = 1})).schedule.kernels.size(),
        size_t{1});
    QCOMPARE(
        wideRun(conv2d(x, Tensor::empty({32, 16, 3, 3}), {.padding = 1})).schedule.kernels.size(),
        size_t{3});
  }

  // the hot loops in Sapphire Rapids machine code: per input channel, whole
  // 512-bit multiply-adds, one broadcast per two and two filter vectors,
  // nothing on the stack
  void hotLoopMachineCode_data() {
    QTest::addColumn<bool>("stride2");
    QTest::addColumn<int>("positions");
    QTest::newRow("stride 2: 4 x 2 positions") << true << 8;
    QTest::newRow("14 wide: 7 positions") << false << 7;
  }
  void hotLoopMachineCode() {
    QFETCH(bool, stride2);
    QFETCH(int, positions);
    PipelineRun run = wideRun(stride2 ? stride2Layer() : resnetLayer());
    QCOMPARE(run.kernels.size(), size_t{3});
    std::map<std::string, int> isa =
        zen5loop::innermostLoopIsa(run.kernels[2], "sapphirerapids", true);
    const int fmas = isa["vfmadd231ps zmm"] + isa["vfmadd213ps zmm"] + isa["vfmadd132ps zmm"];
    QVERIFY2(fmas > 0 && fmas % (2 * positions) == 0, zen5loop::isaText(isa).c_str());
    QVERIFY2(isa["vfmadd231ps ymm"] + isa["vfmadd231ps xmm"] == 0, zen5loop::isaText(isa).c_str());
    QVERIFY2(2 * isa["vbroadcastss"] == fmas, zen5loop::isaText(isa).c_str());
    QVERIFY2(positions * (isa["vmovaps zmm"] + isa["vmovups zmm"]) == fmas,
             zen5loop::isaText(isa).c_str());
    QVERIFY2(isa["stack"] == 0, zen5loop::isaText(isa).c_str());
  }

  // the copies and the tiles compute what the reference evaluator does
  void resultsMatchTheReference_data() {
    QTest::addColumn<int>("stride");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("cin");
    QTest::addColumn<int>("cout");
    QTest::newRow("stride 2, 57 wide, 3 to 32 channels") << 2 << 57 << 3 << 32;
    QTest::newRow("stride 2, 30 wide, 24 to 16 channels") << 2 << 30 << 24 << 16;
    QTest::newRow("14 wide, 16 to 64 channels") << 1 << 14 << 16 << 64;
    QTest::newRow("7 wide, 24 to 32 channels") << 1 << 7 << 24 << 32;
    QTest::newRow("13 wide, 8 to 48 channels") << 1 << 13 << 8 << 48;
    QTest::newRow("16 wide, 5 to 32 channels") << 1 << 16 << 5 << 32;
    QTest::newRow("Zen: stride 2, 30 wide, 24 to 64 channels") << 2 << 30 << 24 << 64;
    QTest::newRow("Zen: 14 wide, 16 to 128 channels") << 1 << 14 << 16 << 128;
    QTest::newRow("Zen: 7 wide, 8 to 64 channels") << 1 << 7 << 8 << 64;
  }
  void resultsMatchTheReference() {
    QFETCH(int, stride);
    QFETCH(int, width);
    QFETCH(int, cin);
    QFETCH(int, cout);
    const bool zen = QString::fromLatin1(QTest::currentDataTag()).startsWith(QStringLiteral("Zen"));
    const QString mismatch = testsupport::packedConvMismatch(512, stride, width, cin, cout, zen);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }
};

UOPSCOPE_TEST(TestConvAvx512Tiles);
#include "test_conv_avx512_tiles.moc"
