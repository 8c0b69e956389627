// Compiling from several threads at once: distinct kernels compile in
// parallel, the same text ends up as one shared kernel.
#include "tests/support/test_registry.h"
#include "tests/llvm/llvm_test.h"

#include "backends/llvm/llvm_jit.h"

#include <QTest>

#include <thread>
#include <vector>

using namespace uops;
using namespace llvmtest;

class TestThreads : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void concurrentCompiles();
};

namespace {
struct Result {
  CompiledKernel own;    // scale by its own factor
  CompiledKernel shared; // the same text in every thread
  std::string error;
};
} // namespace

void TestThreads::concurrentCompiles() {
  constexpr int threads = 6;
  constexpr int rounds = 3;
  LlvmJit jit;
  std::vector<Result> results(threads * rounds);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      // Helpers that cannot QVERIFY off the main thread record, and the main thread checks.
      for (int r = 0; r < rounds; ++r) {
        Result& result = results[t * rounds + r];
        try {
          result.own = jit.compile(scaleKernel(10 + t * rounds + r));
          result.shared = jit.compile(addKernel());
          (void)result.own.disassembly();
          // A failing compile beside the others fails alone.
          const JitError bad =
              errorOf([&] { jit.compile("define void @kernel() {\n  bogus\n}\n"); });
          if (bad.kind() != JitError::Kind::Parse || bad.line() != 2) result.error = bad.what();
        } catch (const std::exception& e) {
          result.error = e.what();
        }
      }
    });
  for (auto& thread : pool)
    thread.join();

  for (size_t i = 0; i < results.size(); ++i) {
    QVERIFY2(results[i].error.empty(), results[i].error.c_str());
    std::vector<float> in{1, 2}, out(2);
    results[i].own.entryAs<ScaleFn>()(out.data(), in.data(), 2);
    const float k = 10.0f + i;
    QCOMPARE(out, (std::vector<float>{k, 2 * k}));
    QVERIFY(results[i].shared == results[0].shared); // one kernel for one text
  }
  // Racing compiles of the same text may each compile it; all share the first stored.
  const JitStats stats = jit.stats();
  QCOMPARE(stats.compiles + stats.cacheHits, uint64_t(2 * threads * rounds));
  QVERIFY(stats.compiles >= uint64_t(threads * rounds + 1));
  QCOMPARE(stats.liveKernels, size_t(threads * rounds + 1));
}

UOPSCOPE_TEST(TestThreads);
#include "test_threads.moc"
