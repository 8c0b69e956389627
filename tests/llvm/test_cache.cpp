// The content cache: the same IR text and options give the same kernel
// without compiling again; kernels live as long as their handles (and the
// cache's recent list).
#include "tests/support/test_registry.h"
#include "tests/llvm/llvm_test.h"

#include "backends/llvm/llvm_jit.h"

#include <QTest>

#include <vector>

using namespace uops;
using namespace llvmtest;

class TestCache : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void secondCompileIsHit();
  void optionsAreInTheKey();
  void handlesKeepKernelsAlive();
  void keepsRecentKernels();
  void evictsLeastRecentlyUsed();
  void clearCache();
};

void TestCache::secondCompileIsHit() {
  LlvmJit jit;
  const CompiledKernel first = jit.compile(addKernel());
  const CompiledKernel second = jit.compile(std::string(addKernel())); // equal text, another string
  QVERIFY(first == second);
  QCOMPARE(first.entry(), second.entry());
  QCOMPARE(jit.stats().compiles, uint64_t(1));
  QCOMPARE(jit.stats().cacheHits, uint64_t(1));
  QCOMPARE(jit.stats().liveKernels, size_t(1));
}

void TestCache::optionsAreInTheKey() {
  LlvmJit jit;
  const CompiledKernel o3 = jit.compile(scaleKernel(2));
  const CompiledKernel o2 = jit.compile(scaleKernel(2), {.optLevel = 2});
  const CompiledKernel named = jit.compile(scaleKernel(2, "other"), {.entry = "other"});
  const CompiledKernel changed = jit.compile(scaleKernel(3)); // one character differs
  QVERIFY(!(o3 == o2));
  QVERIFY(!(o3 == named));
  QVERIFY(!(o3 == changed));
  QCOMPARE(jit.stats().compiles, uint64_t(4));
  QCOMPARE(jit.stats().cacheHits, uint64_t(0));
  QVERIFY(jit.compile(scaleKernel(2), {.optLevel = 2}) == o2);
  QCOMPARE(jit.stats().cacheHits, uint64_t(1));
}

void TestCache::handlesKeepKernelsAlive() {
  LlvmJit jit({.keepRecent = 0, .diskCache = {}});
  {
    const CompiledKernel kernel = jit.compile(scaleKernel(2));
    QCOMPARE(jit.stats().liveKernels, size_t(1));
    QVERIFY(jit.compile(scaleKernel(2)) == kernel); // alive: a hit
  }
  // The last handle went: the module left the JIT, and the next compile compiles.
  QCOMPARE(jit.stats().liveKernels, size_t(0));
  const CompiledKernel again = jit.compile(scaleKernel(2));
  QCOMPARE(jit.stats().compiles, uint64_t(2));
  std::vector<float> in{1, 2}, out(2);
  again.entryAs<ScaleFn>()(out.data(), in.data(), 2);
  QCOMPARE(out, (std::vector<float>{2, 4}));
}

void TestCache::keepsRecentKernels() {
  LlvmJit jit;                       // keeps the 256 most recent
  (void)jit.compile(scaleKernel(2)); // compiled, run, dropped: a BEAM candidate
  QCOMPARE(jit.stats().liveKernels, size_t(1));
  (void)jit.compile(scaleKernel(2));
  QCOMPARE(jit.stats().compiles, uint64_t(1));
  QCOMPARE(jit.stats().cacheHits, uint64_t(1));
}

void TestCache::evictsLeastRecentlyUsed() {
  LlvmJit jit({.keepRecent = 2, .diskCache = {}});
  (void)jit.compile(scaleKernel(1));
  (void)jit.compile(scaleKernel(2));
  (void)jit.compile(scaleKernel(1)); // a hit, and now the most recent
  (void)jit.compile(scaleKernel(3)); // evicts 2, the least recently used
  QCOMPARE(jit.stats().liveKernels, size_t(2));
  (void)jit.compile(scaleKernel(1));
  QCOMPARE(jit.stats().cacheHits, uint64_t(2));
  (void)jit.compile(scaleKernel(2));
  QCOMPARE(jit.stats().compiles, uint64_t(4));
}

void TestCache::clearCache() {
  LlvmJit jit;
  const CompiledKernel held = jit.compile(scaleKernel(1));
  (void)jit.compile(scaleKernel(2));
  jit.clearCache();
  QCOMPARE(jit.stats().liveKernels, size_t(1)); // the one with a handle
  QVERIFY(jit.compile(scaleKernel(1)) == held);
}

UOPSCOPE_TEST(TestCache);
#include "test_cache.moc"
