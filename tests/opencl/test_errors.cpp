// OpenCL errors read as text: the CL_ name, the call, what we were doing.
// Launches OpenCL would reject obscurely are caught first with a plain reason.
#include "tests/support/test_registry.h"
#include "tests/opencl/cl_test.h"

#include <QTest>

using namespace uops;
using namespace cltest;

class TestErrors : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }
  void errorNames();
  void unknownKernel();
  void wrongArgumentCount();
  void wrongScalarType();
  void mismatchedDimensions();
  void workGroupTooLarge();
  void programOfAnotherDevice();
  void bufferOfAnotherDevice();
  void emptyProgram();
  void usableAfterErrors();
};

void TestErrors::errorNames() {
  QCOMPARE(clErrorName(0), "CL_SUCCESS");
  QCOMPARE(clErrorName(-5), "CL_OUT_OF_RESOURCES");
  QCOMPARE(clErrorName(-30), "CL_INVALID_VALUE");
  QCOMPARE(clErrorName(-54), "CL_INVALID_WORK_GROUP_SIZE");
  QCOMPARE(clErrorName(-72), "CL_MAX_SIZE_RESTRICTION_EXCEEDED");
  QCOMPARE(clErrorName(-1001), "CL_PLATFORM_NOT_FOUND_KHR");
  QCOMPARE(clErrorName(-9999), "unknown OpenCL error");
}

void TestErrors::unknownKernel() {
  ClDevice& device = clDevice(0);
  ClBuffer out = device.alloc(16);
  const ClError e = errorOf([&] {
    device.launch(device.build(addKernel()), "sub", {out, out, out}, {4});
  });
  QCOMPARE(toString(e.kind()), "call");
  QCOMPARE(qs(e.what()),
           QStringLiteral("launching 'sub' on CL:0 (global 4, local the driver's choice) (the "
                          "program's kernels: add): clCreateKernel failed with "
                          "CL_INVALID_KERNEL_NAME (-46)"));
}

void TestErrors::wrongArgumentCount() {
  ClDevice& device = clDevice(0);
  ClBuffer out = device.alloc(16);
  const ClError e = errorOf([&] {
    device.launch(device.build(addKernel()), "add", {out, out}, {4}, {4});
  });
  QCOMPARE(toString(e.kind()), "usage");
  QCOMPARE(qs(e.what()), QStringLiteral("launching 'add' on CL:0 (global 4, local 4): the kernel "
                                        "takes 3 arguments, 2 given"));
}

void TestErrors::wrongScalarType() {
  ClDevice& device = clDevice(0);
  ClBuffer out = device.alloc(16 * sizeof(float));
  const ClProgram program = device.build(scalarsKernel());
  // k is an int: an int64 does not fit its 4 bytes.
  const ClError e = errorOf([&] {
    device.launch(program, "scalars", {out, int64_t(3), int64_t(100), 0.5f}, {16});
  });
  QCOMPARE(toString(e.kind()), "call");
  QCOMPARE(e.code(), -51);
  QCOMPARE(qs(e.what()), QStringLiteral("launching 'scalars' on CL:0 (global 16, local the "
                                        "driver's choice), argument 1 (int64): clSetKernelArg "
                                        "failed with CL_INVALID_ARG_SIZE (-51)"));
  const ClError buffer = errorOf([&] {
    device.launch(program, "scalars", {out, out, int64_t(1), 0.5f}, {16});
  });
  QCOMPARE(buffer.code(), -51); // a buffer where an int goes
}

void TestErrors::mismatchedDimensions() {
  ClDevice& device = clDevice(0);
  ClBuffer out = device.alloc(64 * sizeof(int));
  const ClProgram program = device.build(idsKernel());
  const ClError e = errorOf([&] { device.launch(program, "ids", {out}, {8, 8}, {4}); });
  QCOMPARE(qs(e.what()), QStringLiteral("launching 'ids' on CL:0 (global 8x8, local 4): the local "
                                        "size has 1 dimensions, the global size 2"));
  const ClError none = errorOf([&] { device.launch(program, "ids", {out}, {}); });
  QCOMPARE(toString(none.kind()), "usage");
  QVERIFY(qs(none.what()).endsWith(QStringLiteral("the global size needs 1 to 3 dimensions")));
}

void TestErrors::workGroupTooLarge() {
  ClDevice& device = clDevice(0);
  const size_t tooMany = device.info().maxWorkGroupSize * 2;
  ClBuffer out = device.alloc(tooMany * sizeof(int));
  const ClError e = errorOf(
      [&] { device.launch(device.build(idsKernel()), "ids", {out}, {tooMany}, {tooMany}); });
  QCOMPARE(toString(e.kind()), "call");
  QCOMPARE(qs(e.call()), QStringLiteral("clEnqueueNDRangeKernel"));
  // Drivers pick between these two for a local size above the device's limits.
  QVERIFY2(e.code() == -54 || e.code() == -55, e.what());
  QVERIFY2(
      qs(e.what()).startsWith(QStringLiteral("launching 'ids' on CL:0 (global %1, local %1): "
                                             "clEnqueueNDRangeKernel failed with CL_INVALID_WORK_")
                                  .arg(tooMany)),
      e.what());
}

void TestErrors::programOfAnotherDevice() {
  ClDevice other(0);
  const ClProgram program = other.build(idsKernel());
  ClBuffer out = clDevice(0).alloc(16);
  const ClError e = errorOf([&] { clDevice(0).launch(program, "ids", {out}, {4}); });
  QCOMPARE(toString(e.kind()), "usage");
  QVERIFY2(
      qs(e.what()).endsWith(QStringLiteral("the program was built by another ClDevice (CL:0)")),
      e.what());
}

void TestErrors::bufferOfAnotherDevice() {
  ClDevice other(0);
  ClBuffer foreign = other.alloc(16);
  ClDevice& device = clDevice(0);
  const ClError e =
      errorOf([&] { device.launch(device.build(idsKernel()), "ids", {foreign}, {4}); });
  QCOMPARE(toString(e.kind()), "usage");
  QVERIFY2(
      qs(e.what()).endsWith(QStringLiteral("argument 0 is a buffer of another ClDevice (CL:0)")),
      e.what());
}

void TestErrors::emptyProgram() {
  ClBuffer out = clDevice(0).alloc(16);
  const ClError e = errorOf([&] { clDevice(0).launch(ClProgram(), "ids", {out}, {4}); });
  QCOMPARE(qs(e.what()), QStringLiteral("empty ClProgram: nothing was built"));
}

void TestErrors::usableAfterErrors() {
  ClDevice& device = clDevice(0);
  ClBuffer out = device.alloc(4 * sizeof(int));
  const ClProgram program = device.build(idsKernel());
  (void)errorOf([&] { device.launch(program, "ids", {out, out}, {4}); });
  (void)errorOf([&] { device.launch(program, "ids", {int32_t(1)}, {4}); });
  device.launch(program, "ids", {out}, {4}, {2});
  QCOMPARE(out.read<int>(), (std::vector<int>{0, 1, 2, 3}));
}

UOPSCOPE_TEST(TestErrors);
#include "test_errors.moc"
