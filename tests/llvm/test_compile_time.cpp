// How long a small kernel takes to compile (reported, not asserted: the
// machine is shared). Distinct texts, so every compile misses the cache.
#include "tests/support/test_registry.h"
#include "tests/llvm/llvm_test.h"

#include "backends/llvm/llvm_jit.h"

#include <QTest>

#include <algorithm>
#include <chrono>
#include <vector>

using namespace uops;
using namespace llvmtest;

class TestCompileTime : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void smallKernel_data();
  void smallKernel();
  void cacheHit();
};

void TestCompileTime::smallKernel_data() {
  QTest::addColumn<int>("optLevel");
  QTest::newRow("O2") << 2;
  QTest::newRow("O3") << 3;
}

void TestCompileTime::smallKernel() {
  QFETCH(int, optLevel);
  constexpr int runs = 20;
  LlvmJit jit({.keepRecent = 0, .diskCache = {}});
  (void)jit.compile(scaleKernel(1000), {.optLevel = optLevel}); // warm up LLVM's one-time setup
  std::vector<double> wall;
  CompileTimes sum;
  for (int i = 0; i < runs; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const CompiledKernel kernel = jit.compile(scaleKernel(i), {.optLevel = optLevel});
    wall.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
    const CompileTimes& t = kernel.times();
    sum.parseMs += t.parseMs;
    sum.optimizeMs += t.optimizeMs;
    sum.codegenMs += t.codegenMs;
    sum.linkMs += t.linkMs;
  }
  std::sort(wall.begin(), wall.end());
  qInfo("scale kernel at -O%d: median %.2f ms, min %.2f ms, max %.2f ms over %d compiles; "
        "mean parse %.2f, optimize %.2f, codegen %.2f, link %.2f ms",
        optLevel, wall[runs / 2], wall.front(), wall.back(), runs, sum.parseMs / runs,
        sum.optimizeMs / runs, sum.codegenMs / runs, sum.linkMs / runs);
  QCOMPARE(jit.stats().compiles, uint64_t(runs + 1));
}

void TestCompileTime::cacheHit() {
  LlvmJit jit;
  const CompiledKernel kernel = jit.compile(addKernel());
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 1000; ++i)
    QVERIFY(jit.compile(addKernel()) == kernel);
  const double us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() /
      1000;
  qInfo("cache hit: %.2f us (add kernel took %.2f ms to compile)", us, kernel.times().totalMs());
  QCOMPARE(jit.stats().cacheHits, uint64_t(1000));
}

UOPSCOPE_TEST(TestCompileTime);
#include "test_compile_time.moc"
