// CL:0's peaks as the OpenCL backend measures them (fma chains over every
// compute unit, a float4 copy and read: Device::measurePeaks): at least what
// UOpScope's own kernels reach on CL:0, the chains the Roofline once took for
// its peak and the copy yardstick.
#include "tests/opencl/cl_test.h"
#include "tests/support/peak_yardsticks.h"
#include "tests/support/test_registry.h"

#include <QTest>

using namespace uops;
using namespace cltest;
using namespace testsupport;

class TestPeaks : public QObject {
  Q_OBJECT

  DevicePeaks m_peaks;

private Q_SLOTS:
  void initTestCase() {
    QVERIFY2(haveCl0(), noCl0());
    m_peaks = measuredPeaks("CL:0");
    QVERIFY(m_peaks.gflops > 0 && m_peaks.gbps > 0);
  }

  void aboveTheCompilersChains() {
    QVERIFY(atLeastReached(m_peaks, &DevicePeaks::gflops, kChainsFlops, chains("CL:0"), "CL:0",
                           "multiply-add chains GFLOPS"));
  }

  void aboveTheCopyYardstick() {
    QVERIFY(atLeastReached(m_peaks, &DevicePeaks::gbps, kCopyBytes, copy16m("CL:0"), "CL:0", "copy_16m GB/s"));
  }
};

UOPSCOPE_TEST(TestPeaks);
#include "test_peaks.moc"
