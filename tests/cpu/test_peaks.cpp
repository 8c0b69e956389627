// The CPU's peaks as its backend measures them (Device::measurePeaks, the
// Roofline's roof): the hardware's, so at least what UOpScope's own kernels
// reach: the 1024 gemm the heuristics lower, the multiply-add chains the
// Roofline once took for its peak, and the bandwidth yardstick
// resources/bench/copy_16m.py.
#include "tests/support/backend_devices.h"
#include "tests/support/peak_yardsticks.h"
#include "tests/support/test_registry.h"

#include <QTest>

using namespace uops;
using namespace testsupport;

class TestPeaks : public QObject {
  Q_OBJECT

  DevicePeaks m_peaks;

private Q_SLOTS:
  void initTestCase() {
    m_peaks = measuredPeaks("CPU");
    QVERIFY(m_peaks.gflops > 0 && m_peaks.gbps > 0);
  }

  void aboveTheGemm() {
    QVERIFY(atLeastReached(m_peaks, &DevicePeaks::gflops, kGemmFlops, gemm("CPU"), "CPU", "1024 gemm GFLOPS"));
  }

  void aboveTheCompilersChains() {
    QVERIFY(atLeastReached(m_peaks, &DevicePeaks::gflops, kChainsFlops, chains("CPU"), "CPU",
                           "multiply-add chains GFLOPS"));
  }

  void aboveTheCopyYardstick() {
    QVERIFY(atLeastReached(m_peaks, &DevicePeaks::gbps, kCopyBytes, copy16m("CPU"), "CPU", "copy_16m GB/s"));
  }

  void interpCannotMeasure() {
    QVERIFY_THROWS_EXCEPTION(DeviceError, openDevice("INTERP").measurePeaks());
  }
};

UOPSCOPE_TEST(TestPeaks);
#include "test_peaks.moc"
