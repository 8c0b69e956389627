// LlvmJit: compile IR text, call the kernel on real buffers, module lifetime.
#include "tests/support/test_registry.h"
#include "tests/llvm/llvm_test.h"

#include "backends/llvm/llvm_jit.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace uops;
using namespace llvmtest;

class TestJit : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void addsArrays_data();
  void addsArrays();
  void directSignature();
  void twoModulesCoexist();
  void resolvesProcessSymbols();
  void handleOutlivesJit();
  void artifacts();
  void hostTarget();
};

void TestJit::addsArrays_data() {
  QTest::addColumn<int>("optLevel");
  QTest::addColumn<int>("n");
  QTest::newRow("O2 1000") << 2 << 1000;
  QTest::newRow("O3 1000") << 3 << 1000;
  QTest::newRow("O3 odd tail") << 3 << 37; // vector body plus a scalar remainder
  QTest::newRow("O3 empty") << 3 << 0;
  QTest::newRow("O0 5") << 0 << 5;
}

void TestJit::addsArrays() {
  QFETCH(int, optLevel);
  QFETCH(int, n);
  LlvmJit jit;
  const CompiledKernel kernel = jit.compile(addKernel(), {.optLevel = optLevel});
  QVERIFY(kernel);
  std::vector<float> a(n + 1), b(n + 1), out(n + 1, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 1000.0f - i;
  }
  void* bufs[] = {out.data(), a.data(), b.data()};
  int64_t ints[] = {n};
  kernel.entryAs<KernelFn>()(bufs, ints);
  for (int i = 0; i < n; ++i)
    QCOMPARE(out[i], a[i] + b[i]);
  QCOMPARE(out[n], -1.0f); // nothing written past the end
}

void TestJit::directSignature() {
  LlvmJit jit;
  const CompiledKernel kernel = jit.compile(scaleKernel(3, "scale3"), {.entry = "scale3"});
  QCOMPARE(kernel.entryName(), std::string("scale3"));
  std::vector<float> in{1, 2, 3, 4, 5}, out(5);
  kernel.entryAs<ScaleFn>()(out.data(), in.data(), 5);
  QCOMPARE(out, (std::vector<float>{3, 6, 9, 12, 15}));
}

void TestJit::twoModulesCoexist() {
  // Both modules name their entry `kernel`: each lives in its own JITDylib.
  LlvmJit jit;
  const CompiledKernel twice = jit.compile(scaleKernel(2));
  const CompiledKernel add = jit.compile(addKernel());
  const CompiledKernel five = jit.compile(scaleKernel(5));
  QVERIFY(twice.entry() != five.entry());
  QVERIFY(twice.entry() != add.entry());
  std::vector<float> in{1, 2, 3}, out2(3), out5(3), sum(3);
  twice.entryAs<ScaleFn>()(out2.data(), in.data(), 3);
  five.entryAs<ScaleFn>()(out5.data(), in.data(), 3);
  void* bufs[] = {sum.data(), out2.data(), out5.data()};
  int64_t ints[] = {3};
  add.entryAs<KernelFn>()(bufs, ints);
  QCOMPARE(out2, (std::vector<float>{2, 4, 6}));
  QCOMPARE(out5, (std::vector<float>{5, 10, 15}));
  QCOMPARE(sum, (std::vector<float>{7, 14, 21}));
  QCOMPARE(jit.stats().liveKernels, size_t(3));
}

void TestJit::resolvesProcessSymbols() {
  LlvmJit jit;
  const CompiledKernel kernel = jit.compile(expKernel());
  const float e = kernel.entryAs<float(float)>()(1.0f);
  QVERIFY(std::fabs(e - std::exp(1.0f)) < 1e-6f);
}

void TestJit::handleOutlivesJit() {
  CompiledKernel kernel;
  {
    LlvmJit jit({.keepRecent = 0, .diskCache = {}});
    kernel = jit.compile(scaleKernel(7));
  }
  std::vector<float> in{1, 2}, out(2);
  kernel.entryAs<ScaleFn>()(out.data(), in.data(), 2);
  QCOMPARE(out, (std::vector<float>{7, 14}));
}

void TestJit::artifacts() {
  LlvmJit jit;
  const CompiledKernel kernel = jit.compile(addKernel());
  // The optimized module, as LLVM prints it: the loop got vectorized.
  QVERIFY(kernel.optimizedIr().find("define void @kernel(") != std::string::npos);
  QVERIFY2(kernel.optimizedIr().find(" x float>") != std::string::npos,
           kernel.optimizedIr().c_str());
  // A relocatable ELF object.
  const auto object = kernel.objectCode();
  QVERIFY(object.size() > 64);
  QCOMPARE(std::string(object.begin(), object.begin() + 4), std::string("\x7f"
                                                                        "ELF"));
  QVERIFY(kernel.times().totalMs() > 0);
  QVERIFY(kernel.times().codegenMs > 0);
  // on an AVX-512 host the kernel vectorizes at the full width (LLVM's Intel
  // default is 256 bits): 16 floats per vector; elsewhere its own width
  bool avx512 = jit.target().features.find("+avx512f") != std::string::npos;
  QCOMPARE(kernel.optimizedIr().find("\"prefer-vector-width\"=\"512\"") != std::string::npos, avx512);
  if (avx512) QVERIFY2(kernel.optimizedIr().find("<16 x float>") != std::string::npos, kernel.optimizedIr().c_str());
}

void TestJit::hostTarget() {
  LlvmJit jit;
  QVERIFY(!jit.target().triple.empty());
  QVERIFY(!jit.target().cpu.empty());
  QCOMPARE(jit.compile(addKernel()).target(), jit.target());
  qInfo("host: %s, cpu %s", jit.target().triple.c_str(), jit.target().cpu.c_str());
}

UOPSCOPE_TEST(TestJit);
#include "test_jit.moc"
