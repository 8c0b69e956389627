// The Roofline tab: the model on numbers (intensity, rate, roof, bound, a
// point measured above the roof), label placement, then the window: a run on
// the CPU measures the hardware's peaks once (cached with the date after),
// every kernel that computes is a point at or under the roof with a label
// that overlaps no other, Measure again measures anew with a busy bar, and
// peaks measured too low are said, not drawn under the points.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "views/run/label_placement.h"
#include "views/run/roofline.h"
#include "views/run/roofline_view.h"

#include <QGraphicsSimpleTextItem>
#include <QLabel>
#include <QProgressBar>
#include <QTabWidget>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QScatterSeries>

using namespace uops::views;

namespace {

QString cpuDescription() {
  for (const DeviceChoice& d : availableDevices())
    if (d.name == QStringLiteral("CPU")) return d.description;
  return {};
}

// Shows `file` at Rangeify with the Roofline tab in front, runs it on the CPU
// and waits for its peaks (measured when none are cached).
bool runOnCpu(MainWindow& w, const char* file) {
  if (!viewstest::showAt(w, file, "Rangeify")) return false;
  if (!w.session().setDevice(QStringLiteral("CPU"))) return false;
  w.session().waitForIdle();
  if (!w.showView(QStringLiteral("roofline"))) return false;
  w.session().runOn(QStringLiteral("CPU"), 3);
  w.session().waitForIdle();
  w.runPanel()->waitForPeaks();
  return true;
}

// The labels shown, as the scene has them.
std::vector<QRectF> shownLabels(const RooflineView& view) {
  std::vector<QRectF> out;
  for (const QGraphicsSimpleTextItem* label : view.labels())
    if (label->isVisible()) out.push_back(label->sceneBoundingRect());
  return out;
}

QString overlapping(const std::vector<QRectF>& rects) {
  for (size_t i = 0; i < rects.size(); ++i)
    for (size_t j = i + 1; j < rects.size(); ++j)
      if (rects[i].intersects(rects[j]))
        return QStringLiteral("labels %1 and %2 overlap").arg(i).arg(j);
  return {};
}

} // namespace

class TestRoofline : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void model() {
    DevicePeaks peaks{.gflops = 100.0, .gbps = 20.0}; // ridge at 5 FLOPs/byte
    QCOMPARE(peaks.ridge(), 5.0);
    QCOMPARE(roofAt(peaks, 1.0), 20.0);
    QCOMPARE(roofAt(peaks, 50.0), 100.0);
    DeviceRunResult run;
    run.device = QStringLiteral("CPU");
    run.kernels = {
        {"E_a", {20.0, 10.0, 30.0}}, {"r_b", {100.0}}, {"E_copy", {1.0}}, {"E_fast", {1.0}}};
    // the copy does no arithmetic: no point; E_fast ran faster than the peaks allow
    run.work = {{.flops = 2e8, .bytes = 1e8, .intOps = 4e8},
                {.flops = 8e9, .bytes = 1e9, .intOps = 0},
                {.flops = 0, .bytes = 1e6, .intOps = 0},
                {.flops = 1e9, .bytes = 1e7, .intOps = 0}};
    std::vector<RooflinePoint> p = rooflinePoints(run, peaks);
    QCOMPARE(p.size(), size_t{3});
    QCOMPARE(p[0].kernel, QStringLiteral("#0 E_a")); // kernelLabel
    QCOMPARE(p[0].intensity, 2.0);
    QCOMPARE(p[0].gflops, 10.0); // 2e8 FLOPs in the median 20 ms
    QCOMPARE(p[0].intOps, 20.0); // integer ops are not FLOPs
    QCOMPARE(p[0].roof, 40.0);
    QVERIFY(p[0].memoryBound && !p[0].aboveRoof);
    QCOMPARE(p[0].plotted(), 10.0);
    QCOMPARE(p[1].intensity, 8.0);
    QCOMPARE(p[1].gflops, 80.0);
    QCOMPARE(p[1].roof, 100.0);
    QVERIFY(!p[1].memoryBound && !p[1].aboveRoof);
    QCOMPARE(p[2].gflops, 1000.0);
    QVERIFY(p[2].aboveRoof);
    QCOMPARE(p[2].plotted(), 100.0); // drawn on the roof, never above it
  }

  void labelPlacement() {
    const QRectF bounds(0, 0, 200, 100);
    const QSizeF size(40, 10);
    // five points at one place: the eight places around it hold some, none overlapping
    std::vector<PointLabel> crowd(5, PointLabel{.anchor = QPointF(100, 50), .size = size});
    crowd.push_back({.anchor = QPointF(195, 50), .size = size}); // at the edge: its label goes left
    std::vector<std::optional<QRectF>> placed = placeLabels(crowd, bounds, 5);
    QCOMPARE(placed.size(), crowd.size());
    std::vector<QRectF> rects;
    for (const std::optional<QRectF>& r : placed)
      if (r) {
        QVERIFY(bounds.contains(*r));
        QVERIFY(!r->intersects(QRectF(95, 45, 10, 10))); // the crowd's marker
        rects.push_back(*r);
      }
    QVERIFY2(overlapping(rects).isEmpty(), qPrintable(overlapping(rects)));
    QVERIFY(placed[0] && placed[5]);
    QVERIFY(placed[5]->right() < 195);
    // a point whose label fits nowhere has none
    std::vector<std::optional<QRectF>> none =
        placeLabels({{.anchor = QPointF(10, 10), .size = QSizeF(500, 10)}}, bounds, 5);
    QVERIFY(!none[0]);
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
    // a run while the tab is hidden measures nothing
    w.session().runOn(QStringLiteral("CPU"), 3);
    w.session().waitForIdle();
    run->waitForPeaks();
    QVERIFY(!cachedPeaks(cpuDescription()));
    QCOMPARE(run->roofline()->caption()->text(), QStringLiteral("CPU's peaks are measured when this tab is shown."));
    // showing it measures the CPU's peaks once, with the date, and places the run's kernels
    QVERIFY(w.showView(QStringLiteral("roofline")));
    QCOMPARE(central->currentWidget(), static_cast<QWidget*>(run->roofline()));
    run->waitForPeaks();
    std::optional<CachedPeaks> peaks = cachedPeaks(cpuDescription());
    QVERIFY2(peaks, "the CPU's peaks were measured and cached");
    QVERIFY(peaks->peaks.gflops > 0.1 && peaks->peaks.gbps > 0.1);
    QCOMPARE(peaks->measured, QDate::currentDate());
    qInfo("CPU peaks: %.1f GFLOPS, %.1f GB/s", peaks->peaks.gflops, peaks->peaks.gbps);
    const auto& last = w.session().lastRun();
    QVERIFY(last && last->error.isEmpty());
    size_t computing = 0;
    for (const KernelWork& k : last->work) computing += k.flops > 0 && k.bytes > 0;
    QVERIFY(computing > 0);
    QCOMPARE(run->roofline()->points().size(), computing);
    QCOMPARE(run->roofline()->roof()->count(), 3);
    const QString caption =
        QStringLiteral("CPU: peaks measured %1: ").arg(QDate::currentDate().toString(Qt::ISODate));
    QVERIFY2(run->roofline()->caption()->text().startsWith(caption),
             qPrintable(run->roofline()->caption()->text()));
    // a second run: the cached peaks at once, no measuring
    w.session().runOn(QStringLiteral("CPU"), 2);
    w.session().waitForIdle();
    QVERIFY(run->roofline()->caption()->text().startsWith(caption));
    QVERIFY(!run->roofline()->progress()->isVisible());
    QCOMPARE(run->roofline()->points().size(), computing);
  }

  void noPointAboveTheRoof_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("lstm") << QStringLiteral("lstm.py");
    QTest::newRow("matmul") << QStringLiteral("matmul.py");
  }

  // with the hardware's peaks every kernel runs at or under the roof, and
  // the labels shown overlap nowhere
  void noPointAboveTheRoof() {
    QFETCH(QString, file);
    MainWindow w;
    QVERIFY(runOnCpu(w, qPrintable(file)));
    QVERIFY(cachedPeaks(cpuDescription()));
    RooflineView* view = w.runPanel()->roofline();
    QVERIFY(!view->points().empty());
    for (const RooflinePoint& p : view->points())
      QVERIFY2(p.gflops <= p.roof && !p.aboveRoof,
               qPrintable(QStringLiteral("%1 at %2 GFLOPS above the roof of %3")
                              .arg(p.kernel)
                              .arg(p.gflops)
                              .arg(p.roof)));
    QVERIFY2(!view->caption()->text().contains(QStringLiteral("above the roof")),
             qPrintable(view->caption()->text()));
    QCOMPARE(view->labels().size(), view->points().size());
    std::vector<QRectF> shown = shownLabels(*view);
    QVERIFY(!shown.empty());
    QVERIFY2(overlapping(shown).isEmpty(), qPrintable(overlapping(shown)));
  }

  void measureAgain() {
    cachePeaks(cpuDescription(),
               {.peaks = {.gflops = 123.0, .gbps = 4.5}, .measured = QDate(2020, 1, 2)});
    MainWindow w;
    QVERIFY(runOnCpu(w, "softmax.py"));
    RooflineView* view = w.runPanel()->roofline();
    QVERIFY2(view->caption()->text().startsWith(
                 QStringLiteral("CPU: peaks measured 2020-01-02: 123.0 GFLOPS, 4.5 GB/s")),
             qPrintable(view->caption()->text()));
    QVERIFY(view->measureButton()->isVisible() && view->measureButton()->isEnabled());
    QVERIFY(!view->progress()->isVisible());
    QTest::mouseClick(view->measureButton(), Qt::LeftButton);
    QVERIFY(view->progress()->isVisible()); // busy while the worker measures
    QVERIFY(!view->measureButton()->isEnabled());
    w.runPanel()->waitForPeaks();
    QVERIFY(!view->progress()->isVisible());
    QVERIFY(view->measureButton()->isEnabled());
    std::optional<CachedPeaks> peaks = cachedPeaks(cpuDescription());
    QVERIFY(peaks);
    QCOMPARE(peaks->measured, QDate::currentDate());
    QVERIFY(peaks->peaks.gflops != 123.0);
    const QString caption =
        QStringLiteral("CPU: peaks measured %1: ").arg(QDate::currentDate().toString(Qt::ISODate));
    QVERIFY2(view->caption()->text().startsWith(caption), qPrintable(view->caption()->text()));
  }

  // peaks far below what the kernels reached (measured on a busy machine):
  // each point drawn on the roof in the "above the roof" series, and said
  void lowPeaksAreSaid() {
    const std::optional<CachedPeaks> real = cachedPeaks(cpuDescription());
    cachePeaks(cpuDescription(),
               {.peaks = {.gflops = 1e-4, .gbps = 1e-4}, .measured = QDate(2020, 1, 2)});
    MainWindow w;
    QVERIFY(runOnCpu(w, "lstm.py"));
    RooflineView* view = w.runPanel()->roofline();
    QVERIFY(!view->points().empty());
    for (const RooflinePoint& p : view->points())
      QVERIFY(p.aboveRoof && p.plotted() == p.roof);
    QVERIFY2(view->caption()->text().contains(
                 QStringLiteral("%1 measured above the roof").arg(view->points().size())),
             qPrintable(view->caption()->text()));
    QScatterSeries* above = nullptr;
    const auto series = w.runPanel()->roofline()->findChild<QChartView*>()->chart()->series();
    for (QAbstractSeries* s : series)
      if (s->name().contains(QStringLiteral("above the roof")))
        above = qobject_cast<QScatterSeries*>(s);
    QVERIFY(above);
    QCOMPARE(static_cast<size_t>(above->count()), view->points().size());
    for (const QPointF& at : above->points())
      QVERIFY(at.y() <= 1e-4 * (1 + 1e-9));
    // a label with no place of its own shows while its point is hovered
    for (size_t i = 0; i < view->labels().size(); ++i) {
      if (view->labels()[i]->isVisible()) continue;
      const RooflinePoint& p = view->points()[i];
      Q_EMIT above->hovered(QPointF(p.intensity, p.plotted()), true);
      QVERIFY(view->labels()[i]->isVisible());
      Q_EMIT above->hovered(QPointF(p.intensity, p.plotted()), false);
      QVERIFY(!view->labels()[i]->isVisible());
      break;
    }
    if (real) cachePeaks(cpuDescription(), *real);
  }
};

UOPSCOPE_TEST(TestRoofline);
#include "test_roofline.moc"
