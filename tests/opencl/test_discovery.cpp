// Discovery: CL:0 exists with its names, limits and extensions; the derived
// flags agree with the extensions; names parse; the listing reads as text.
#include "tests/support/test_registry.h"
#include "tests/opencl/cl_test.h"

#include "backends/opencl/cl_listing.h"

#include <QStringList>
#include <QTest>

using namespace uops;
using namespace cltest;

class TestDiscovery : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }
  void findsCl0();
  void flagsFollowExtensions();
  void stableOrder();
  void parsesNames();
  void opensByName();
  void listsDevices();
  void listingOfMadeUpDevice();
  void listingWithoutDevices();
  void formatsBytes();
};

void TestDiscovery::findsCl0() {
  const ClDeviceInfo& d = clDevices().front();
  QCOMPARE(qs(d.name), QStringLiteral("CL:0"));
  QCOMPARE(d.index, size_t(0));
  QVERIFY(!d.deviceName.empty());
  QVERIFY(!d.platformName.empty());
  QVERIFY(!d.vendor.empty());
  QVERIFY2(d.version.starts_with("OpenCL "), d.version.c_str());
  QVERIFY(d.versionMajor >= 1);
  QVERIFY(d.computeUnits > 0);
  QVERIFY(d.maxWorkGroupSize > 0);
  QVERIFY(d.maxWorkItemSizes[0] > 0);
  QVERIFY(d.localMemSize > 0);
  QVERIFY(d.globalMemSize > 0);
  QVERIFY(!d.extensions.empty());
  // Every OpenCL 1.2+ device has byte-addressable stores (core since 1.1, still listed).
  QVERIFY(d.hasExtension("cl_khr_byte_addressable_store"));
  for (const std::string& extension : d.extensions)
    QVERIFY2(extension.starts_with("cl_") && extension.find(' ') == std::string::npos,
             extension.c_str());
}

void TestDiscovery::flagsFollowExtensions() {
  for (const ClDeviceInfo& d : clDevices()) {
    QCOMPARE(d.hasFp16, d.hasExtension("cl_khr_fp16"));
    if (d.hasExtension("cl_khr_fp64")) QVERIFY(d.hasFp64);
    if (d.hasExtension("cl_khr_subgroups")) QVERIFY(d.hasSubgroups);
    QCOMPARE(d.hasLocalMemory, d.localMemType != ClLocalMemType::None);
    QCOMPARE(d.hasDedicatedLocalMemory, d.localMemType == ClLocalMemType::Local);
  }
  const ClDeviceInfo& d = clDevices().front();
  if (isPocl(d)) {
    // PoCL's CPU device: __local lives in ordinary memory, doubles work, no subgroups.
    QCOMPARE(d.localMemType, ClLocalMemType::Global);
    QVERIFY(d.hasLocalMemory);
    QVERIFY(!d.hasDedicatedLocalMemory);
    QCOMPARE(qs(d.type), QStringLiteral("CPU"));
  }
}

void TestDiscovery::stableOrder() {
  const std::vector<ClDeviceInfo>& devices = clDevices();
  QCOMPARE(&clDevices(), &devices); // read once per process
  for (size_t i = 0; i < devices.size(); ++i) {
    QCOMPARE(devices[i].index, i);
    QCOMPARE(qs(devices[i].name), QStringLiteral("CL:%1").arg(i));
    if (i == 0) continue;
    const ClDeviceInfo& before = devices[i - 1];
    // Platform order, then the platform's device order.
    QVERIFY(before.platformIndex < devices[i].platformIndex ||
            (before.platformIndex == devices[i].platformIndex &&
             before.deviceIndex + 1 == devices[i].deviceIndex));
  }
}

void TestDiscovery::parsesNames() {
  QCOMPARE(parseClDeviceName("CL:0"), std::optional<size_t>(0));
  QCOMPARE(parseClDeviceName("CL:12"), std::optional<size_t>(12));
  for (const char* bad : {"CL:", "CL:x", "CL:1x", "CL:-1", "cl:0", "CPU", "GPU:0", ""})
    QVERIFY2(!parseClDeviceName(bad), bad);
}

void TestDiscovery::opensByName() {
  QCOMPARE(qs(ClDevice::open("CL:0").name()), QStringLiteral("CL:0"));
  const ClError missing = errorOf([] { ClDevice::open("CL:99"); });
  QCOMPARE(toString(missing.kind()), "usage");
  QVERIFY2(
      qs(missing.what()).startsWith(QStringLiteral("no OpenCL device CL:99: the devices are CL:0")),
      missing.what());
  const ClError notAName = errorOf([] { ClDevice::open("GPU"); });
  QVERIFY2(
      qs(notAName.what()).startsWith(QStringLiteral("'GPU' is not an OpenCL device name (CL:<n>)")),
      notAName.what());
}

void TestDiscovery::listsDevices() {
  const QString text = qs(clDevicesListing());
  const ClDeviceInfo& d = clDevices().front();
  QVERIFY2(text.startsWith(QStringLiteral("CL:0  ") + qs(d.deviceName)), qPrintable(text));
  QVERIFY(text.contains(qs(d.platformName)));
  QVERIFY(text.contains(QStringLiteral("extensions: cl_")));
  QVERIFY(text.contains(qs(d.extensions.back())));
  // Extensions wrap at 100 columns (the driver's own strings may not fit).
  const QString extensions = text.mid(text.indexOf(QStringLiteral("extensions:")));
  for (const QString& line : extensions.split(u'\n'))
    QVERIFY2(line.size() <= 100, qPrintable(line));
}

void TestDiscovery::listingOfMadeUpDevice() {
  ClDeviceInfo d;
  d.name = "CL:1";
  d.deviceName = "Test GPU";
  d.type = "GPU";
  d.platformName = "Test Platform";
  d.vendor = "Acme";
  d.version = "OpenCL 3.0 Acme";
  d.driverVersion = "1.2";
  d.openclCVersion = "OpenCL C 3.0";
  d.computeUnits = 80;
  d.maxWorkGroupSize = 1024;
  d.maxWorkItemSizes = {1024, 1024, 64};
  d.globalMemSize = uint64_t(24) << 30;
  d.maxAllocSize = uint64_t(6) << 30;
  d.localMemSize = 64 << 10;
  d.localMemType = ClLocalMemType::Local;
  d.hasFp16 = d.hasFp64 = d.hasSubgroups = d.hasLocalMemory = d.hasDedicatedLocalMemory = true;
  d.extensions = {"cl_khr_fp16", "cl_khr_fp64", "cl_khr_subgroups"};
  QCOMPARE(qs(formatClDevices({d})),
           QStringLiteral("CL:1  Test GPU  [GPU, Test Platform]\n"
                          "      vendor Acme, driver 1.2\n"
                          "      OpenCL 3.0 Acme, OpenCL C 3.0\n"
                          "      80 compute units; work-groups up to 1024 (1024x1024x64)\n"
                          "      memory 24 GiB global (6 GiB per buffer), 64 KiB local (local)\n"
                          "      fp16 yes, fp64 yes, subgroups yes, local memory yes (dedicated "
                          "yes)\n"
                          "      extensions: cl_khr_fp16 cl_khr_fp64 cl_khr_subgroups\n"));

  d.extensions.assign(12, "cl_khr_int64_extended_atomics"); // 29 characters each
  const QStringList lines = qs(formatClDevices({d})).split(u'\n');
  QCOMPARE(lines[6], QStringLiteral("      extensions: cl_khr_int64_extended_atomics "
                                    "cl_khr_int64_extended_atomics"));
  QCOMPARE(lines[7], QStringLiteral("        cl_khr_int64_extended_atomics "
                                    "cl_khr_int64_extended_atomics cl_khr_int64_extended_atomics"));
}

void TestDiscovery::listingWithoutDevices() {
  QCOMPARE(qs(formatClDevices({}, {"OpenCL platform 1 left out: broken"})),
           QStringLiteral("no OpenCL devices (the ICD loader found no platform with devices)\n"
                          "warning: OpenCL platform 1 left out: broken\n"));
}

void TestDiscovery::formatsBytes() {
  QCOMPARE(qs(formatBytes(0)), QStringLiteral("0 B"));
  QCOMPARE(qs(formatBytes(100)), QStringLiteral("100 B"));
  QCOMPARE(qs(formatBytes(1536)), QStringLiteral("1.5 KiB"));
  QCOMPARE(qs(formatBytes(1 << 20)), QStringLiteral("1 MiB"));
  QCOMPARE(qs(formatBytes(uint64_t(3) << 40)), QStringLiteral("3 TiB"));
}

UOPSCOPE_TEST(TestDiscovery);
#include "test_discovery.moc"
