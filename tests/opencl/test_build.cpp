// Program builds: a failure carries the driver's log and the numbered source;
// the cache answers the second build of the same (source, options, device).
#include "tests/support/test_registry.h"
#include "tests/opencl/cl_test.h"

#include "backends/opencl/numbered_source.h"

#include <QTest>

using namespace uops;
using namespace cltest;

class TestBuild : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }
  void buildErrorHasLogAndSource();
  void badOptions();
  void usableAfterError();
  void secondBuildIsCacheHit();
  void optionsAndSourceAreInTheKey();
  void devicesHaveTheirOwnPrograms();
  void evictsLeastRecentlyUsed();
  void noCache();
  void clearCache();
  void numbersLines();
};

static const std::string brokenSource = "__kernel void broken(__global float* out) {\n"
                                        "  out[0] = undefined_name;\n"
                                        "}\n";

void TestBuild::buildErrorHasLogAndSource() {
  ClDevice device(0);
  const ClError e = errorOf([&] { device.build(brokenSource, "-cl-std=CL1.2"); });
  QCOMPARE(toString(e.kind()), "build");
  QCOMPARE(qs(e.call()), QStringLiteral("clBuildProgram"));
  QCOMPARE(qs(clErrorName(e.code())), QStringLiteral("CL_BUILD_PROGRAM_FAILURE"));
  QCOMPARE(qs(e.source()), qs(brokenSource));
  // The driver's own words: clang (PoCL) names the identifier.
  QVERIFY2(qs(e.buildLog()).contains(QStringLiteral("undefined_name")), e.buildLog().c_str());
  const QString what = qs(e.what());
  QVERIFY2(what.startsWith(QStringLiteral("building OpenCL C for CL:0 failed: clBuildProgram "
                                          "returned CL_BUILD_PROGRAM_FAILURE (-11)\n"
                                          "options: -cl-std=CL1.2\n"
                                          "build log:\n")),
           e.what());
  QVERIFY(what.contains(qs(e.buildLog())));
  QVERIFY2(what.endsWith(QStringLiteral("source:\n"
                                        "1 | __kernel void broken(__global float* out) {\n"
                                        "2 |   out[0] = undefined_name;\n"
                                        "3 | }\n")),
           e.what());
  QCOMPARE(device.stats().builds, uint64_t(0)); // failures are not counted or cached
  QCOMPARE(device.stats().cachedPrograms, size_t(0));
}

void TestBuild::badOptions() {
  const ClError e = errorOf([] { ClDevice(0).build(addKernel(), "-no-such-option-here"); });
  QCOMPARE(toString(e.kind()), "build");
  // Drivers differ: CL_INVALID_BUILD_OPTIONS, or a failed build whose log names the option.
  QVERIFY2(e.code() == -43 || e.code() == -11, e.what());
  QVERIFY2(qs(e.what()).contains(QStringLiteral("options: -no-such-option-here")), e.what());
  QVERIFY(qs(e.what()).contains(QStringLiteral("1 | __kernel void add(")));
}

void TestBuild::usableAfterError() {
  ClDevice device(0);
  (void)errorOf([&] { device.build(brokenSource); });
  const ClProgram program = device.build(addKernel());
  QVERIFY(program);
  QCOMPARE(program.kernelNames(), std::vector<std::string>{"add"});
  QCOMPARE(qs(program.deviceName()), QStringLiteral("CL:0"));
  QCOMPARE(qs(program.source()), qs(addKernel()));
  QVERIFY(program.buildMs() > 0);
}

void TestBuild::secondBuildIsCacheHit() {
  ClDevice device(0);
  const ClProgram first = device.build(addKernel());
  QCOMPARE(device.stats().builds, uint64_t(1));
  QCOMPARE(device.stats().cacheHits, uint64_t(0));
  const ClProgram second = device.build(std::string(addKernel())); // equal text, another string
  QVERIFY(first == second);
  QCOMPARE(device.stats().builds, uint64_t(1));
  QCOMPARE(device.stats().cacheHits, uint64_t(1));
  QCOMPARE(device.stats().cachedPrograms, size_t(1));
}

void TestBuild::optionsAndSourceAreInTheKey() {
  ClDevice device(0);
  const ClProgram plain = device.build(addKernel());
  const ClProgram relaxed = device.build(addKernel(), "-cl-fast-relaxed-math");
  const ClProgram other = device.build(addKernel() + "\n"); // one character more
  QVERIFY(!(plain == relaxed));
  QVERIFY(!(plain == other));
  QCOMPARE(qs(relaxed.options()), QStringLiteral("-cl-fast-relaxed-math"));
  QCOMPARE(device.stats().builds, uint64_t(3));
  QVERIFY(device.build(addKernel(), "-cl-fast-relaxed-math") == relaxed);
  QCOMPARE(device.stats().cacheHits, uint64_t(1));
}

void TestBuild::devicesHaveTheirOwnPrograms() {
  ClDevice first(0), second(0);
  const ClProgram a = first.build(addKernel());
  const ClProgram b = second.build(addKernel());
  QVERIFY(!(a == b)); // one cl_program per context
  QCOMPARE(second.stats().builds, uint64_t(1));
}

void TestBuild::evictsLeastRecentlyUsed() {
  ClDevice device(0, {.keepPrograms = 2});
  auto source = [](int k) {
    return "__kernel void k(__global int* o) { o[0] = " + std::to_string(k) + "; }\n";
  };
  (void)device.build(source(1));
  (void)device.build(source(2));
  (void)device.build(source(1)); // a hit, and now the most recent
  (void)device.build(source(3)); // evicts 2
  QCOMPARE(device.stats().cachedPrograms, size_t(2));
  (void)device.build(source(1));
  QCOMPARE(device.stats().cacheHits, uint64_t(2));
  (void)device.build(source(2));
  QCOMPARE(device.stats().builds, uint64_t(4));
}

void TestBuild::noCache() {
  ClDevice device(0, {.keepPrograms = 0});
  const ClProgram first = device.build(addKernel());
  const ClProgram second = device.build(addKernel());
  QVERIFY(!(first == second));
  QCOMPARE(device.stats().builds, uint64_t(2));
  QCOMPARE(device.stats().cachedPrograms, size_t(0));
}

void TestBuild::clearCache() {
  ClDevice device(0);
  const ClProgram held = device.build(addKernel());
  device.clearCache();
  QCOMPARE(device.stats().cachedPrograms, size_t(0));
  QVERIFY(!(device.build(addKernel()) == held));                 // built again
  QCOMPARE(held.kernelNames(), std::vector<std::string>{"add"}); // the handle still works
}

void TestBuild::numbersLines() {
  QCOMPARE(qs(numberedSource("")), QString());
  QCOMPARE(qs(numberedSource("a")), QStringLiteral("1 | a\n"));
  std::string ten;
  for (int i = 1; i <= 10; ++i)
    ten += "l" + std::to_string(i) + "\n";
  const QString text = qs(numberedSource(ten));
  QVERIFY(text.startsWith(QStringLiteral(" 1 | l1\n 2 | l2\n")));
  QVERIFY(text.endsWith(QStringLiteral(" 9 | l9\n10 | l10\n")));
}

UOPSCOPE_TEST(TestBuild);
#include "test_build.moc"
