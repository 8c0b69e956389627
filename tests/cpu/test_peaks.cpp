// The CPU's peaks as its backend measures them (Device::measurePeaks, the
// Roofline's roof): the hardware's, so at least what UOpScope's own kernels
// reach: the 1024 gemm the heuristics lower, the multiply-add chains the
// Roofline once took for its peak, and the bandwidth yardstick
// resources/bench/copy_16m.py.
#include "tests/support/backend_devices.h"
#include "tests/support/test_registry.h"

#include "tests/support/peak_yardsticks.h"

#include "core/runtime/device_registry.h"

#include <QTest>

#include <string>

using namespace uops;
using namespace testsupport;

class TestPeaks : public QObject {
  Q_OBJECT

  DevicePeaks m_peaks;

private Q_SLOTS:
  void initTestCase() {
    m_peaks = openDevice("CPU").measurePeaks();
    qInfo("CPU peaks: %.1f GFLOPS, %.1f GB/s", m_peaks.gflops, m_peaks.gbps);
    QVERIFY(m_peaks.gflops > 0 && m_peaks.gbps > 0);
  }

  void aboveTheGemm() {
    const double gflops = kGemmFlops / bestSeconds(kGemm, openDevice("CPU")) / 1e9;
    qInfo("1024 gemm: %.1f GFLOPS", gflops);
    QVERIFY2(m_peaks.gflops >= gflops,
             qPrintable(QStringLiteral("peak %1 < gemm %2").arg(m_peaks.gflops).arg(gflops)));
  }

  void aboveTheCompilersChains() {
    const double gflops = kChainsFlops / bestSeconds(kChains, openDevice("CPU")) / 1e9;
    qInfo("multiply-add chains lowered by the compiler: %.1f GFLOPS", gflops);
    QVERIFY2(m_peaks.gflops >= gflops,
             qPrintable(QStringLiteral("peak %1 < chains %2").arg(m_peaks.gflops).arg(gflops)));
  }

  void aboveTheCopyYardstick() {
    const double gbps = kCopyBytes / bestSeconds(kCopy, openDevice("CPU")) / 1e9;
    qInfo("copy_16m lowered by the compiler: %.1f GB/s", gbps);
    QVERIFY2(m_peaks.gbps >= gbps,
             qPrintable(QStringLiteral("peak %1 < copy %2").arg(m_peaks.gbps).arg(gbps)));
  }

  void interpCannotMeasure() {
    QVERIFY_THROWS_EXCEPTION(DeviceError, openDevice("INTERP").measurePeaks());
  }
};

UOPSCOPE_TEST(TestPeaks);
#include "test_peaks.moc"
