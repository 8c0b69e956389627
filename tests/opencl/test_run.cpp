// Launches on CL:0: exact results for a vector add, a __local work-group sum
// with barriers, every scalar kind and 1- to 3-D ranges; positive event times.
#include "tests/support/test_registry.h"
#include "tests/opencl/cl_test.h"

#include <QTest>

#include <cmath>
#include <numeric>
#include <thread>
#include <vector>

using namespace uops;
using namespace cltest;

class TestRun : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }
  void vectorAdd();
  void groupSumWithLocalMemory();
  void scalarArguments();
  void ranges_data();
  void ranges();
  void timesArePositive();
  void sharedDevice();
  void concurrentBuildsAndLaunches();
};

void TestRun::vectorAdd() {
  ClDevice device(0);
  const size_t n = 1000;
  std::vector<float> a(n), b(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 0.5f * float(i) + 0.25f; // sums stay exact in float
  }
  ClBuffer out = device.alloc(n * sizeof(float));
  ClBuffer da = device.alloc(n * sizeof(float));
  ClBuffer db = device.alloc(n * sizeof(float));
  da.copyIn(a);
  db.copyIn(b);
  const ClProgram program = device.build(addKernel());
  QCOMPARE(program.kernelNames(), std::vector<std::string>{"add"});
  device.launch(program, "add", {out, da, db}, {n}); // the driver picks the local size
  const std::vector<float> result = out.read<float>();
  QCOMPARE(result.size(), n);
  for (size_t i = 0; i < n; ++i)
    QCOMPARE(result[i], float(i) + (0.5f * float(i) + 0.25f));
}

void TestRun::groupSumWithLocalMemory() {
  ClDevice device(0);
  const size_t groups = 64, group = 64, n = groups * group;
  std::vector<int> in(n);
  for (size_t i = 0; i < n; ++i)
    in[i] =
        int(i % 97) - 40; // negatives too: a wrong order of adds still sums right, a race does not
  ClBuffer dIn = device.alloc(n * sizeof(int));
  ClBuffer sums = device.alloc(groups * sizeof(int));
  dIn.copyIn(in);
  const ClProgram program = device.build(groupSumKernel());
  device.launch(program, "group_sum", {sums, dIn}, {n}, {group});
  const std::vector<int> result = sums.read<int>();
  for (size_t g = 0; g < groups; ++g) {
    const auto first = in.begin() + std::ptrdiff_t(g * group);
    QCOMPARE(result[g], std::accumulate(first, first + std::ptrdiff_t(group), 0));
  }
}

void TestRun::scalarArguments() {
  ClDevice device(0);
  const size_t n = 16;
  ClBuffer out = device.alloc(n * sizeof(float));
  const ClProgram program = device.build(scalarsKernel());
  device.launch(program, "scalars", {out, int32_t(3), int64_t(100), 0.5f}, {n});
  const std::vector<float> result = out.read<float>();
  for (size_t i = 0; i < n; ++i)
    QCOMPARE(result[i], float(i * 3) + 100.0f + 0.5f);
}

void TestRun::ranges_data() {
  QTest::addColumn<int>("dims");
  QTest::addColumn<bool>("withLocal");
  QTest::newRow("1-D") << 1 << true;
  QTest::newRow("2-D") << 2 << true;
  QTest::newRow("3-D") << 3 << true;
  QTest::newRow("3-D, driver's local size") << 3 << false;
}

void TestRun::ranges() {
  QFETCH(int, dims);
  QFETCH(bool, withLocal);
  const ClRange global = dims == 1 ? ClRange(96) : dims == 2 ? ClRange(16, 6) : ClRange(8, 4, 3);
  const ClRange local = !withLocal  ? ClRange()
                        : dims == 1 ? ClRange(32)
                        : dims == 2 ? ClRange(8, 2)
                                    : ClRange(4, 2, 3);
  ClDevice& device = clDevice(0);
  ClBuffer out = device.alloc(global.count() * sizeof(int));
  out.copyIn(std::vector<int>(global.count(), -1));
  device.launch(device.build(idsKernel()), "ids", {out}, global, local);
  const std::vector<int> result = out.read<int>();
  for (size_t i = 0; i < result.size(); ++i)
    QCOMPARE(result[i], int(i));
}

void TestRun::timesArePositive() {
  ClDevice& device = clDevice(0);
  const size_t n = 1 << 16;
  ClBuffer out = device.alloc(n * sizeof(float));
  ClBuffer a = device.alloc(n * sizeof(float));
  a.copyIn(std::vector<float>(n, 1.0f));
  const ClProgram program = device.build(addKernel());
  for (int run = 0; run < 3; ++run) { // the first run includes PoCL's per-size compile
    const double ms = device.launch(program, "add", {out, a, a}, {n}, {64});
    QVERIFY2(ms > 0 && std::isfinite(ms) && ms < 10000, qPrintable(QString::number(ms)));
  }
  QCOMPARE(out.read<float>()[n - 1], 2.0f);
}

void TestRun::sharedDevice() {
  QCOMPARE(&clDevice(0), &clDevice(0));
  QCOMPARE(qs(clDevice(0).name()), QStringLiteral("CL:0"));
  const ClError e = errorOf([] { clDevice(1000); });
  QCOMPARE(toString(e.kind()), "usage");
}

void TestRun::concurrentBuildsAndLaunches() {
  // Threads share one device, one program and its kernel object: arguments
  // set by one thread must not leak into another's launch.
  ClDevice device(0);
  const size_t n = 256;
  std::vector<std::vector<float>> results(4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < results.size(); ++t)
    threads.emplace_back([&, t] {
      const ClProgram program = device.build(scalarsKernel());
      ClBuffer out = device.alloc(n * sizeof(float));
      for (int run = 0; run < 20; ++run)
        device.launch(program, "scalars", {out, int32_t(t), int64_t(run), 0.0f}, {n});
      results[t] = out.read<float>();
    });
  for (std::thread& thread : threads)
    thread.join();
  for (size_t t = 0; t < results.size(); ++t)
    for (size_t i = 0; i < n; ++i)
      QCOMPARE(results[t][i], float(i * t) + 19.0f);
  // Threads that missed the cache together each built; they share the first one stored.
  QCOMPARE(device.stats().cachedPrograms, size_t(1));
  QCOMPARE(device.stats().builds + device.stats().cacheHits, uint64_t(results.size()));
}

UOPSCOPE_TEST(TestRun);
#include "test_run.moc"
