// Probes (cl_probe.h): a kernel whose launch makes PoCL's kernel compiler
// abort is a ClError (Compiler) with PoCL's message, and this process goes on
// to run good kernels; a batch names the launch that died and remembers the
// ones before it; a probed launch is not probed again; requests round-trip.
#include "tests/support/test_registry.h"
#include "tests/opencl/cl_test.h"

#include "backends/opencl/cl_probe_request.h"

#include <QElapsedTimer>
#include <QTest>

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

using namespace uops;
using namespace cltest;

namespace {

// A barrier inside a loop entered by goto in its middle: OpenCL C accepts it
// and clBuildProgram succeeds, but PoCL 3's work-group compiler, run at the
// first launch, fails an assertion on the irreducible region around the
// barrier ("Incoming edges to non-entry block!") and aborts.
const std::string& tangledKernel() {
  static const std::string source = R"(__kernel void tangled(__global float* a) {
  const int i = get_local_id(0);
  if (i & 1) goto second;
first:
  a[i] += 1.0f;
  barrier(CLK_GLOBAL_MEM_FENCE);
second:
  a[i] *= 2.0f;
  if (a[i] < 100.0f) goto first;
}
)";
  return source;
}

// out[i] = a[i] + b[i] on CL:0, checked: the device still works.
void checkAdd(ClDevice& device) {
  const size_t n = 256;
  std::vector<float> a(n);
  for (size_t i = 0; i < n; ++i) a[i] = float(i);
  ClBuffer out = device.alloc(n * sizeof(float)), da = device.alloc(n * sizeof(float));
  da.copyIn(a);
  device.launch(device.build(addKernel()), "add", {out, da, da}, {n}, {64});
  const std::vector<float> result = out.read<float>();
  for (size_t i = 0; i < n; ++i) QCOMPARE(result[i], 2.0f * float(i));
}

} // namespace

class TestProbe : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }
  void abortingCompilerIsAnError();
  void batchNamesTheLaunchThatDied();
  void probedLaunchesAreRemembered();
  void refusedLaunchesReportAsBefore();
  void requestRoundTrip();
  void faultInjectionFollowsTheParent();
};

void TestProbe::abortingCompilerIsAnError() {
  ClDevice& device = clDevice(0);
  if (!isPocl(device.info())) QSKIP("the trigger is PoCL's kernel compiler");
  const ClProgram program = device.build(tangledKernel()); // the build itself succeeds
  ClBuffer a = device.alloc(64 * sizeof(float));
  const ClError e = errorOf([&] { device.launch(program, "tangled", {a}, {64}, {64}); });
  QCOMPARE(toString(e.kind()), "compiler");
  const QString message = qs(e.what());
  QVERIFY2(message.startsWith(QStringLiteral("kernel 'tangled' on CL:0 (global 64, local 64): the "
                                             "OpenCL compiler failed (SIGABRT)")),
           qPrintable(message));
  QVERIFY2(message.contains(QStringLiteral("Incoming edges to non-entry block")), qPrintable(message));
  // still failing, not remembered as probed
  QCOMPARE(toString(errorOf([&] { device.launch(program, "tangled", {a}, {64}, {64}); }).kind()),
           "compiler");
  checkAdd(device);
}

void TestProbe::batchNamesTheLaunchThatDied() {
  ClDevice& device = clDevice(0);
  if (!isPocl(device.info())) QSKIP("the trigger is PoCL's kernel compiler");
  const ClProgram good = device.build(idsKernel()), bad = device.build(tangledKernel());
  const std::vector<ClProbeArg> buffer{ClProbeBuffer{4096}};
  const ClError e = errorOf([&] {
    device.probe({{good, "ids", buffer, {16, 16}, {4, 4}},
                  {bad, "tangled", buffer, {32}, {32}},
                  {good, "ids", buffer, {8, 8, 8}, {2, 2, 2}}});
  });
  QCOMPARE(toString(e.kind()), "compiler");
  QVERIFY2(qs(e.what()).startsWith(QStringLiteral("kernel 'tangled' on CL:0 (global 32, local 32)")),
           e.what());
  // the launch before the one that died got through and is remembered: no second child
  QElapsedTimer timer;
  timer.start();
  device.probe({{good, "ids", buffer, {16, 16}, {4, 4}}});
  QVERIFY2(timer.elapsed() < 20, qPrintable(QString::number(timer.elapsed()) + QStringLiteral(" ms")));
  ClBuffer out = device.alloc(512 * sizeof(int));
  device.launch(good, "ids", {out}, {8, 8, 8}, {2, 2, 2}); // the one after it, probed now
  QCOMPARE(out.read<int>()[511], 511);
}

void TestProbe::probedLaunchesAreRemembered() {
  ClDevice& device = clDevice(0);
  // a source no other test builds, so its first probe starts a child
  const ClProgram program = device.build(addKernel() + "// probed once\n");
  const std::vector<ClProbeArg> args(3, ClProbeBuffer{256 * sizeof(float)});
  QElapsedTimer timer;
  timer.start();
  device.probe({{program, "add", args, {256}, {64}}});
  const qint64 first = timer.restart();
  for (int i = 0; i < 100; ++i) device.probe({{program, "add", args, {256}, {64}}});
  const qint64 repeats = timer.elapsed();
  QVERIFY2(repeats < 20 && repeats < first,
           qPrintable(QStringLiteral("first %1 ms, 100 repeats %2 ms").arg(first).arg(repeats)));
  // another local size is another work-group function: probed again, and fine
  device.probe({{program, "add", args, {256}, {}}});
}

// OpenCL's own errors are not the compiler's: the child leaves them to the
// launch, whose message is the usual one.
void TestProbe::refusedLaunchesReportAsBefore() {
  ClDevice& device = clDevice(0);
  ClBuffer out = device.alloc(16);
  const ClError e = errorOf([&] {
    device.launch(device.build(addKernel()), "subtract", {out, out, out}, {4});
  });
  QCOMPARE(toString(e.kind()), "call");
  QCOMPARE(e.call(), std::string("clCreateKernel"));
}

// The probe servers outlive requests: whether a fault is injected follows the
// parent's environment at each request, not the one a server started with.
void TestProbe::faultInjectionFollowsTheParent() {
  ClDevice& device = clDevice(0);
  const std::vector<ClProbeArg> args(3, ClProbeBuffer{256 * sizeof(float)});
  auto probeNew = [&](const char* tag) { // a source no other probe built: a launch not seen before
    const ClProgram program = device.build(addKernel() + "// " + tag + "\n");
    device.probe({{program, "add", args, {256}, {64}}, {program, "add", args, {256}, {32}}});
  };
  probeNew("servers started without a fault");
  qputenv("UOPSCOPE_INJECT_FAULT", "opencl:add");
  const ClError e = errorOf([&] { probeNew("fault injected"); });
  qunsetenv("UOPSCOPE_INJECT_FAULT");
  QCOMPARE(toString(e.kind()), "compiler");
  QVERIFY2(qs(e.what()).contains(QStringLiteral("fault injected by UOPSCOPE_INJECT_FAULT")), e.what());
  probeNew("no fault again");
}

void TestProbe::requestRoundTrip() {
  ClProbeRequest request;
  request.device = "CL:1";
  request.programs = {{"__kernel void a() {}", "-cl-fast-relaxed-math"}, {"src \"quoted\"\n", ""}};
  request.launches = {
      {1, "k", {ClProbeBuffer{12}, int32_t(-3), int64_t(1) << 40, 0.5f}, {8, 4, 2}, {}},
      {0, "a", {std::numeric_limits<float>::quiet_NaN()}, {5}, {5}}};
  const ClProbeRequest back = parseProbeRequest(toJson(request));
  QCOMPARE(back.device, request.device);
  QCOMPARE(back.programs.size(), size_t(2));
  QCOMPARE(back.programs[1].source, request.programs[1].source);
  QCOMPARE(back.programs[0].options, request.programs[0].options);
  QCOMPARE(back.launches.size(), size_t(2));
  const ClProbeRequest::Launch& k = back.launches[0];
  QCOMPARE(k.program, size_t(1));
  QCOMPARE(k.kernel, std::string("k"));
  QCOMPARE(k.global.toString(), std::string("8x4x2"));
  QCOMPARE(k.local.dims, 0);
  QCOMPARE(std::get<ClProbeBuffer>(k.args[0]).bytes, size_t(12));
  QCOMPARE(std::get<int32_t>(k.args[1]), -3);
  QCOMPARE(std::get<int64_t>(k.args[2]), int64_t(1) << 40);
  QCOMPARE(std::get<float>(k.args[3]), 0.5f);
  QVERIFY(std::isnan(std::get<float>(back.launches[1].args[0])));
  QCOMPARE(back.launches[1].local.toString(), std::string("5"));
  QCOMPARE(back.injectFault, std::string());
  request.injectFault = "opencl:k";
  QCOMPARE(parseProbeRequest(toJson(request)).injectFault, std::string("opencl:k"));
  QCOMPARE(toString(errorOf([] { parseProbeRequest("{\"device\": 3}"); }).kind()), "usage");
}

UOPSCOPE_TEST(TestProbe);
#include "test_probe.moc"
