// Kernel times as people read them (views/common/time_text.h): the unit
// chosen so a microsecond kernel never reads "0.0000 ms", in the Run view's
// table and verdict and the Kernels view's median column alike.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "views/common/time_text.h"
#include "views/kernels/kernels_model.h"
#include "views/run/run_times_model.h"

#include <QLabel>
#include <QTableView>

using namespace uops;
using namespace uops::views;

class TestTimeText : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void unitFitsTheTime_data() {
    QTest::addColumn<double>("ms");
    QTest::addColumn<QString>("text");
    QTest::newRow("zero") << 0.0 << QStringLiteral("0 ns");
    QTest::newRow("ns") << 0.00085 << QStringLiteral("850 ns");
    QTest::newRow("just under a µs") << 0.0009994 << QStringLiteral("999 ns");
    QTest::newRow("rounds up to a µs") << 0.0009996 << QStringLiteral("1.0 µs");
    QTest::newRow("µs") << 0.0372 << QStringLiteral("37.2 µs");
    QTest::newRow("under 0.1 ms") << 0.09999 << QStringLiteral("100.0 µs");
    QTest::newRow("under 1 ms") << 0.4567 << QStringLiteral("456.7 µs");
    QTest::newRow("rounds up to a ms") << 0.99996 << QStringLiteral("1.000 ms");
    QTest::newRow("ms") << 1.2344 << QStringLiteral("1.234 ms");
    QTest::newRow("hundreds of ms") << 512.25 << QStringLiteral("512.250 ms");
    QTest::newRow("s") << 2500.0 << QStringLiteral("2.500 s");
  }

  void unitFitsTheTime() {
    QFETCH(double, ms);
    QFETCH(QString, text);
    QCOMPARE(timeText(ms), text);
    QCOMPARE(viewstest::shownMs(text) > 0, ms > 0);
  }

  // the models' cells: a 50 µs kernel is "50.0 µs", headers without a unit
  void modelsShowTheUnit() {
    auto run = std::make_shared<DeviceRunResult>();
    run->device = QStringLiteral("CPU");
    run->kernels.push_back(KernelTimes{"E_4", {0.05, 0.04, 0.06}});
    RunTimesModel times;
    times.setRun(run);
    QCOMPARE(times.index(0, RunTimesModel::MinMs).data().toString(), QStringLiteral("40.0 µs"));
    QCOMPARE(times.index(0, RunTimesModel::MedianMs).data().toString(), QStringLiteral("50.0 µs"));
    QCOMPARE(times.headerData(RunTimesModel::MedianMs, Qt::Horizontal).toString(), QStringLiteral("median"));
    KernelsModel kernels;
    auto lowered = std::make_shared<PipelineRun>();
    lowered->kernels.resize(1);
    kernels.setSnapshot(lowered, {}, {0.00085});
    QCOMPARE(kernels.index(0, KernelsModel::Median).data().toString(), QStringLiteral("850 ns"));
  }

  // a real run of small kernels: the Run view's cells, its verdict's total and
  // the Kernels view's medians all read the run's times in fitting units
  void runAndKernelsViewsShowTheUnit() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify"));
    w.session().runOn(QStringLiteral("CPU"), 3);
    w.session().waitForIdle();
    const std::optional<DeviceRunResult>& r = w.session().lastRun();
    QVERIFY(r && r->error.isEmpty() && !r->kernels.empty());
    QAbstractItemModel* times = w.runPanel()->times()->model();
    double total = 0;
    for (size_t i = 0; i < r->kernels.size(); ++i) {
      const int row = static_cast<int>(i);
      const QString median = times->index(row, RunTimesModel::MedianMs).data().toString();
      QCOMPARE(median, timeText(r->kernels[i].medianMs()));
      QVERIFY2(!median.startsWith(QStringLiteral("0.0")), qPrintable(median));
      QCOMPARE(times->index(row, RunTimesModel::MinMs).data().toString(), timeText(r->kernels[i].minMs()));
      QCOMPARE(w.kernels()->text(row, KernelsModel::Median), median);
      total += r->kernels[i].medianMs();
    }
    const QString verdict = w.runPanel()->verdict()->text();
    QVERIFY2(verdict.contains(QStringLiteral(", %1 total;").arg(timeText(total))), qPrintable(verdict));
    QVERIFY2(!verdict.contains(QStringLiteral("0.000 ms")), qPrintable(verdict));
  }
};

UOPSCOPE_TEST(TestTimeText);
#include "test_time_text.moc"
