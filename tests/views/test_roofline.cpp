// The Roofline tab: the model on numbers (intensity, rate, roof, bound), then
// the window: a run on the CPU measures its peaks once (cached after), and
// every kernel that computes is a point under the roof.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "views/run/roofline.h"
#include "views/run/roofline_view.h"

#include <QLabel>
#include <QTabWidget>
#include <QtCharts/QLineSeries>

using namespace uops::views;

class TestRoofline : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void model() {
    DevicePeaks peaks{100.0, 20.0}; // ridge at 5 FLOPs/byte
    QCOMPARE(peaks.ridge(), 5.0);
    QCOMPARE(roofAt(peaks, 1.0), 20.0);
    QCOMPARE(roofAt(peaks, 50.0), 100.0);
    DeviceRunResult run;
    run.device = QStringLiteral("CPU");
    run.kernels = {{"E_a", {2.0, 1.0, 3.0}}, {"r_b", {1.0}}, {"E_copy", {1.0}}};
    run.work = {{2e9, 1e9}, {8e9, 1e9}, {0, 1e6}}; // the copy does no arithmetic: no point
    std::vector<RooflinePoint> p = rooflinePoints(run, peaks);
    QCOMPARE(p.size(), size_t{2});
    QCOMPARE(p[0].kernel, QStringLiteral("#0 E_a")); // kernelLabel
    QCOMPARE(p[0].intensity, 2.0);
    QCOMPARE(p[0].gflops, 1000.0); // 2e9 FLOPs in the median 2 ms
    QCOMPARE(p[0].roof, 40.0);
    QVERIFY(p[0].memoryBound);
    QCOMPARE(p[1].intensity, 8.0);
    QCOMPARE(p[1].gflops, 8000.0);
    QCOMPARE(p[1].roof, 100.0);
    QVERIFY(!p[1].memoryBound);
  }

  void windowPlacesARunsKernels() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    QVERIFY(w.session().setDevice(QStringLiteral("CPU")));
    w.session().waitForIdle();
    RunPanel* run = w.runPanel();
    auto* central = w.findChild<QTabWidget*>(QStringLiteral("centralTabs"));
    QVERIFY(central);
    QCOMPARE(central->tabText(2), QStringLiteral("Roofline"));
    QVERIFY(w.viewNames().contains(QStringLiteral("roofline")));
    QVERIFY(run->roofline()->points().empty());
    auto cpuPeaks = [] {
      for (const DeviceChoice& d : availableDevices())
        if (d.name == QStringLiteral("CPU")) return cachedPeaks(d.description);
      return std::optional<DevicePeaks>();
    };
    // a run while the tab is hidden measures nothing
    w.session().runOn(QStringLiteral("CPU"), 3);
    w.session().waitForIdle();
    run->waitForPeaks();
    QVERIFY(!cpuPeaks());
    QCOMPARE(run->roofline()->caption()->text(), QStringLiteral("CPU's peaks are measured when this tab is shown."));
    // showing it measures the CPU's peaks once and places the run's kernels
    QVERIFY(w.showView(QStringLiteral("roofline")));
    QCOMPARE(central->currentWidget(), static_cast<QWidget*>(run->roofline()));
    run->waitForPeaks();
    std::optional<DevicePeaks> peaks = cpuPeaks();
    QVERIFY2(peaks, "the CPU's peaks were measured and cached");
    QVERIFY(peaks->gflops > 0.1 && peaks->gbps > 0.1);
    const auto& last = w.session().lastRun();
    QVERIFY(last && last->error.isEmpty());
    size_t computing = 0;
    for (const KernelWork& k : last->work) computing += k.flops > 0 && k.bytes > 0;
    QVERIFY(computing > 0);
    QCOMPARE(run->roofline()->points().size(), computing);
    QCOMPARE(run->roofline()->roof()->count(), 3);
    QVERIFY2(run->roofline()->caption()->text().startsWith(QStringLiteral("CPU: measured peaks ")),
             qPrintable(run->roofline()->caption()->text()));
    // a second run: the cached peaks at once, no measuring
    w.session().runOn(QStringLiteral("CPU"), 2);
    w.session().waitForIdle();
    QVERIFY(run->roofline()->caption()->text().startsWith(QStringLiteral("CPU: measured peaks ")));
    QCOMPARE(run->roofline()->points().size(), computing);
  }
};

UOPSCOPE_TEST(TestRoofline);
#include "test_roofline.moc"
