// Opening the CUDA driver (backends/cuda/cuda_driver.h) where there is none or
// it is not one: no device is listed, and the one line `uopc devices` prints
// says why. The machine's own driver: on a machine without libcuda.so.1 (CI)
// CUDA:n is absent from the registry and opening it names the devices there are.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"
#include "backends/cuda/cuda_device_info.h"
#include "backends/cuda/cuda_driver.h"
#include "core/engine/device_registry.h"

#include <QtTest>

namespace {

QString loadQs(const std::string& s) {
  return QString::fromStdString(s);
}

} // namespace

class TestDriverLoad : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void absentLibrary() {
    const uops::CudaDriverLoad load = uops::loadCudaDriver("libcuda-absent.so.1");
    QVERIFY(!load.driver);
    QVERIFY2(load.failure.starts_with("CUDA: libcuda-absent.so.1 not found (libcuda-absent.so.1: cannot open shared "
                                      "object file"),
             load.failure.c_str());
    QVERIFY(load.failure.find('\n') == std::string::npos);
    QCOMPARE(loadQs(uops::cudaDevicesListing(load)), loadQs(load.failure + "\n"));
    QVERIFY(uops::cudaDevices(load).empty());
  }

  // a library that is not the driver: the first entry point it lacks
  void notADriver() {
    const uops::CudaDriverLoad load = uops::loadCudaDriver("libm.so.6");
    QVERIFY(!load.driver);
    QCOMPARE(loadQs(load.failure), QStringLiteral("CUDA: libm.so.6 has no cuInit (a driver older than this backend needs)"));
  }

  // this machine's driver, as `uopc devices` reports it
  void systemDriver() {
    const uops::CudaDriverLoad& load = uops::systemCudaDriver();
    if (load.driver) QSKIP("this machine has a CUDA driver");
    const std::string listing = uops::cudaDevicesListing(load);
    QVERIFY2(listing.starts_with("CUDA: libcuda.so.1 not found (") || listing.starts_with("CUDA: the driver did not start"),
             listing.c_str());
    for (const uops::DeviceDescription& d : uops::listDevices()) QVERIFY2(!d.name.starts_with("CUDA"), d.name.c_str());
    QCOMPARE(loadQs(uops::canonicalDeviceName("cuda")), QStringLiteral("CUDA:0"));
    try {
      uops::openDevice("CUDA:0");
      QFAIL("CUDA:0 opened without a driver");
    } catch (const uops::DeviceError& e) {
      QVERIFY2(std::string(e.what()).starts_with("this machine has no device CUDA:0: the devices here are REF, "), e.what());
    }
  }
};

UOPSCOPE_TEST(TestDriverLoad);
#include "test_driver_load.moc"
