// Stores into a large buffer a kernel only writes bypass the caches
// (CodegenTarget::streamingStoreBytes, backends/llvm/stream_stores.h): the
// Zen 3 machine code of an elementwise kernel and of softmax's row kernel at
// and below the threshold, and softmax's numbers against the reference
// evaluator with every store streamed.
#include "tests/support/test_registry.h"
#include "tests/support/reference_match.h"
#include "tests/support/backend_devices.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/zen5_loop.h"

#include "backends/llvm/host_cpu_target.h"
#include "core/engine/device_schedule.h"
#include "core/engine/schedule_executor.h"
#include "core/nn/conv.h"
#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"
#include "core/pipeline/schedule.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

using namespace uops;

namespace {

// Two AVX2 cores, as hostCpuTarget makes it on Zen 3, streaming stores into
// buffers of at least `streamingBytes`.
CodegenTarget avx2Streaming(int64_t streamingBytes) {
  CodegenTarget t = testsupport::twoCoreCpu(256);
  t.streamingStoreBytes = streamingBytes;
  return t;
}

// The instructions of `out`'s last kernel in Zen 3 machine code, by mnemonic
// ("vmovntps ymm": a 32-byte non-temporal store), and its 32-byte vector
// stores of any kind to a buffer ("ymm stores", not the stack's).
std::map<std::string, int> lastKernelIsa(const Tensor& out, int64_t streamingBytes) {
  PipelineRun run = runPipeline({out.uop()}, {.trace = false, .target = avx2Streaming(streamingBytes)});
  if (run.failed()) throw std::runtime_error("the pipeline failed");
  std::map<std::string, int> counts;
  for (const AsmLine& l : zen5loop::zen5Code(run.kernels.back(), "znver3")) {
    const std::string mnemonic = zen5loop::zen5Mnemonic(l, {"vmov"});
    ++counts[mnemonic];
    // a vector store to a buffer: a move whose first operand is memory, not the stack
    if (mnemonic.starts_with("vmov") && l.text.find(' ') + 1 == l.text.find("ymmword ptr") &&
        l.text.find("rsp") == std::string::npos)
      ++counts["ymm stores"];
  }
  return counts;
}

} // namespace

class TestStreamingStores : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // gelu over 2^20 floats reads 4 MiB and writes 4 MiB: at an 8 MiB threshold
  // (the two together; its output alone is half of it) every store is a
  // whole aligned vector stored non-temporally, one sfence before the kernel
  // returns; one byte more and they are plain stores, no fence
  void elementwiseOutputAtTheThreshold() {
    Tensor x = Tensor::empty({1 << 20});
    const Tensor out = (x * 1.5 + 0.25).gelu();
    std::map<std::string, int> streamed = lastKernelIsa(out, 8 << 20);
    QVERIFY(streamed["vmovntps ymm"] > 0);
    QCOMPARE(streamed["ymm stores"], streamed["vmovntps ymm"]);
    QCOMPARE(streamed["sfence"], 1);
    std::map<std::string, int> plain = lastKernelIsa(out, (8 << 20) + 1);
    QCOMPARE(plain["vmovntps ymm"], 0);
    QCOMPARE(plain["ymm stores"], streamed["ymm stores"]);
    QCOMPARE(plain["sfence"], 0);
  }

  // an output under a quarter of the threshold stays in the caches for the
  // next kernel, however much the kernel reads: the sums of 2048 columns of
  // 2048 floats read 16 MiB and write 8 KiB, streamed from a 32 KiB threshold
  void smallOutputOfALargeReadStaysCached() {
    Tensor x = Tensor::empty({2048, 2048});
    for (int64_t threshold : {int64_t{1} << 20, int64_t{32} << 10}) {
      std::map<std::string, int> isa = lastKernelIsa(x.sum(0), threshold);
      int streamed = 0;
      for (const auto& [mnemonic, n] : isa)
        if (mnemonic.starts_with("vmovnt") || mnemonic.starts_with("movnt")) streamed += n;
      QCOMPARE(streamed > 0, threshold <= 4 * 8192);
    }
  }

  // softmax's row kernel stores the row from its row cache: every store to
  // the output streamed, while the row cache itself (on the stack) keeps
  // plain stores
  void softmaxStreamsItsOutputOnly() {
    Tensor x = Tensor::empty({256, 4096});
    std::map<std::string, int> isa = lastKernelIsa(x.softmax(1), 1 << 20);
    QVERIFY(isa["vmovntps ymm"] > 0);
    QCOMPARE(isa["ymm stores"], isa["vmovntps ymm"]);
    QVERIFY(isa["vmovaps ymm"] + isa["vmovups ymm"] > 0); // the row cache's, on the stack
    QCOMPARE(isa["sfence"], 1);
  }

  // a 1x1 convolution over 56-float rows in the padded 16 x 4 tile: the
  // second vector of each row's 16 is gated, the first is not; a line written
  // partly streamed and partly through the cache was slow (bench conv2d_1x1
  // 24 -> 50 ms), so none of its stores is streamed
  void paddedTilesStorePlainly() {
    const Tensor out = conv2d(Tensor::empty({2, 16, 4, 56}), Tensor::empty({32, 16, 1, 1}));
    Schedule s = lowerToSchedule({out.uop()});
    const UOpPtr& ast = s.kernels.at(0).ast;
    LoweredKernel k = lowerKernel(
        ast, avx2Streaming(1),
        parseOpts("Padto(3, 16); Split(3, 16, UPCAST); Split(1, 4, UPCAST); Swap(1, 2); Split(0, 2, THREAD)"));
    int streamed = 0, stores = 0;
    for (const AsmLine& l : zen5loop::zen5Code(k, "znver3")) {
      streamed += l.text.starts_with("vmovntps");
      stores += l.text.starts_with("vmovups ymmword ptr") || l.text.starts_with("vmovaps ymmword ptr");
    }
    QVERIFY(stores > 0);
    QCOMPARE(streamed, 0);
  }

  // the caches as Linux lists them (the largest: "32768K" -> 32 MiB); a
  // guest's kernel without that folder falls back to CPUID through the C
  // library (it had read 0, and no output was ever streamed)
  void lastLevelCacheFromSysOrCpuid() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::filesystem::path root = dir.path().toStdString();
    for (const auto& [index, size] :
         std::map<std::string, std::string>{{"index0", "48K"}, {"index3", "32768K"}}) {
      std::filesystem::create_directory(root / index);
      std::ofstream(root / index / "size") << size << "\n";
    }
    QCOMPARE(lastLevelCacheBytes(root), int64_t{32} << 20);
#if defined(__x86_64__) && defined(__GLIBC__)
    QVERIFY(lastLevelCacheBytes(root / "absent") > 0);
#endif
  }

  // the host's threshold is the cache a thread may count on, not the whole
  // last-level cache a guest is told of (Sapphire Rapids guests: 260 MB for
  // 2 cores, where 20 MB outputs already went faster streamed)
  void hostThresholdIsACacheShare() {
    const CodegenTarget t = hostCpuTarget();
#if defined(__x86_64__) || defined(__i386__)
    QVERIFY(t.streamingStoreBytes > 0);
    QVERIFY2(t.streamingStoreBytes <= (int64_t{10} << 20) * t.threads,
             qPrintable(QString::number(t.streamingStoreBytes)));
#else
    QCOMPARE(t.streamingStoreBytes, int64_t{0});
#endif
  }

  // streamed stores compute what the reference evaluator does, also in rows
  // of an odd length (no vector's alignment known: its stores stay plain)
  void resultsMatchTheReference_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("4096") << 4096;
    QTest::newRow("1001") << 1001;
  }
  void resultsMatchTheReference() {
    QFETCH(int, width);
    Tensor x = (Tensor::arange(int64_t{48} * width).cast(dtypes::float32) * 0.37).sin().reshape({48, width}) * 4.0;
    const std::vector<UOpPtr> roots{x.contiguous().softmax(1).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = avx2Streaming(1)});
    QVERIFY(!run.failed());
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-6, 1e-5);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }
};

UOPSCOPE_TEST(TestStreamingStores);
#include "test_streaming_stores.moc"
