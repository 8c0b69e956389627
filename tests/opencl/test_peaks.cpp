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
    m_peaks = openDevice("CL:0").measurePeaks();
    qInfo("CL:0 peaks: %.1f GFLOPS, %.1f GB/s", m_peaks.gflops, m_peaks.gbps);
    QVERIFY(m_peaks.gflops > 0 && m_peaks.gbps > 0);
  }

  void aboveTheCompilersChains() {
    const double gflops = kChainsFlops / bestSeconds(kChains, openDevice("CL:0")) / 1e9;
    qInfo("multiply-add chains lowered by the compiler: %.1f GFLOPS", gflops);
    QVERIFY2(m_peaks.gflops >= gflops,
             qPrintable(QStringLiteral("peak %1 < chains %2").arg(m_peaks.gflops).arg(gflops)));
  }

  void aboveTheCopyYardstick() {
    const double gbps = kCopyBytes / bestSeconds(kCopy, openDevice("CL:0")) / 1e9;
    qInfo("copy_16m lowered by the compiler: %.1f GB/s", gbps);
    QVERIFY2(m_peaks.gbps >= gbps,
             qPrintable(QStringLiteral("peak %1 < copy %2").arg(m_peaks.gbps).arg(gbps)));
  }
};

UOPSCOPE_TEST(TestPeaks);
#include "test_peaks.moc"
