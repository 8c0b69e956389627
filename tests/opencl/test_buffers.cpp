// Buffers: copies in and out round-trip, ranges are checked, copies between
// devices go through the host, a buffer outlives its ClDevice.
#include "tests/support/test_registry.h"
#include "tests/opencl/cl_test.h"

#include <QTest>

#include <cstdint>
#include <vector>

using namespace uops;
using namespace cltest;

class TestBuffers : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }
  void roundTrip();
  void offsets();
  void outOfRange();
  void copyOnOneDevice();
  void copyBetweenDevicesThroughHost();
  void partialCopy();
  void zeroBytesIsAnError();
  void emptyHandle();
  void outlivesDevice();
};

void TestBuffers::roundTrip() {
  ClDevice& device = clDevice(0);
  std::vector<uint8_t> bytes(4099); // not a multiple of anything
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = uint8_t(i * 31 + 7);
  ClBuffer buffer = device.alloc(bytes.size());
  QCOMPARE(buffer.size(), bytes.size());
  QCOMPARE(qs(buffer.deviceName()), QStringLiteral("CL:0"));
  buffer.copyIn(bytes);
  QCOMPARE(buffer.read<uint8_t>(), bytes);
}

void TestBuffers::offsets() {
  ClBuffer buffer = clDevice(0).alloc(8 * sizeof(int));
  buffer.copyIn(std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  buffer.copyIn(std::vector<int>{40, 50}, 4 * sizeof(int));
  std::vector<int> middle(3);
  buffer.copyOut(middle.data(), 3 * sizeof(int), 3 * sizeof(int));
  QCOMPARE(middle, (std::vector<int>{3, 40, 50}));
}

void TestBuffers::outOfRange() {
  ClBuffer buffer = clDevice(0).alloc(16);
  std::vector<uint8_t> bytes(16);
  const ClError in = errorOf([&] { buffer.copyIn(bytes.data(), 8, 9); });
  QCOMPARE(toString(in.kind()), "usage");
  QCOMPARE(
      qs(in.what()),
      QStringLiteral("copying in 8 bytes at offset 9 of a 16-byte buffer on CL:0: out of range"));
  const ClError out = errorOf([&] { buffer.copyOut(bytes.data(), 17); });
  QCOMPARE(
      qs(out.what()),
      QStringLiteral("copying out 17 bytes at offset 0 of a 16-byte buffer on CL:0: out of range"));
  // An offset near SIZE_MAX must not wrap around into range.
  QCOMPARE(toString(errorOf([&] { buffer.copyIn(bytes.data(), 2, SIZE_MAX); }).kind()), "usage");
}

void TestBuffers::copyOnOneDevice() {
  ClDevice& device = clDevice(0);
  ClBuffer src = device.alloc(64 * sizeof(float));
  ClBuffer dst = device.alloc(64 * sizeof(float));
  std::vector<float> values(64);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = float(i) / 8;
  src.copyIn(values);
  copyBuffer(src, dst);
  QCOMPARE(dst.read<float>(), values);
}

void TestBuffers::copyBetweenDevicesThroughHost() {
  // Two ClDevices have two contexts: OpenCL cannot copy between them, so the
  // bytes go through the host, as between CL:0 and a GPU.
  ClDevice first(0), second(0);
  ClBuffer src = first.alloc(1000 * sizeof(int));
  ClBuffer dst = second.alloc(1000 * sizeof(int));
  std::vector<int> values(1000);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = int(i * i) - 5000;
  src.copyIn(values);
  copyBuffer(src, dst);
  QCOMPARE(dst.read<int>(), values);
  // And the other way, into a larger buffer.
  ClBuffer wide = first.alloc(2000 * sizeof(int));
  wide.copyIn(std::vector<int>(2000, 7));
  copyBuffer(dst, wide);
  const std::vector<int> back = wide.read<int>();
  QCOMPARE(std::vector<int>(back.begin(), back.begin() + 1000), values);
  QCOMPARE(back[1000], 7);
}

void TestBuffers::partialCopy() {
  ClDevice& device = clDevice(0);
  ClBuffer src = device.alloc(8);
  ClBuffer dst = device.alloc(4);
  src.copyIn(std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8});
  copyBuffer(src, dst, 4);
  QCOMPARE(dst.read<uint8_t>(), (std::vector<uint8_t>{1, 2, 3, 4}));
  const ClError e = errorOf([&] { copyBuffer(src, dst); }); // all 8 bytes do not fit
  QCOMPARE(qs(e.what()), QStringLiteral("copying 8 bytes from a 8-byte buffer on CL:0 to a 4-byte "
                                        "buffer on CL:0: out of range"));
}

void TestBuffers::zeroBytesIsAnError() {
  const ClError e = errorOf([] { clDevice(0).alloc(0); });
  QCOMPARE(toString(e.kind()), "call");
  QCOMPARE(qs(e.call()), QStringLiteral("clCreateBuffer"));
  QCOMPARE(qs(e.what()), QStringLiteral("allocating 0 bytes on CL:0: clCreateBuffer failed with "
                                        "CL_INVALID_BUFFER_SIZE (-61)"));
}

void TestBuffers::emptyHandle() {
  const ClBuffer empty;
  QVERIFY(!empty);
  const ClError e = errorOf([&] { (void)empty.size(); });
  QCOMPARE(qs(e.what()), QStringLiteral("empty ClBuffer: it holds no device memory"));
}

void TestBuffers::outlivesDevice() {
  ClBuffer buffer;
  {
    ClDevice device(0);
    buffer = device.alloc(3 * sizeof(int));
  }
  buffer.copyIn(std::vector<int>{4, 5, 6});
  QCOMPARE(buffer.read<int>(), (std::vector<int>{4, 5, 6}));
}

UOPSCOPE_TEST(TestBuffers);
#include "test_buffers.moc"
