// The Throughput dock: a CPU kernel's stage shows MCA's model of its hot loop
// (the loop chosen, its summary, the busiest ports first, one row per
// instruction of the body) exactly as analyzeKernelThroughput computes it; a
// run on the CPU adds the measured time beside the prediction; a stage with
// no kernel, and a kernel lowered for an OpenCL device, say why nothing is shown.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "backends/llvm/loop_throughput.h"
#include "views/throughput/throughput_model.h"
#include "views/throughput/throughput_panel.h"
#include "views/throughput/throughput_text.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QTableView>
#include <QTableWidget>

using namespace uops;
using namespace uops::views;

namespace {

const char* const kThroughputMatmul = "from tinygrad import Tensor\n"
                            "a = Tensor.empty(128, 128)\n"
                            "b = Tensor.empty(128, 128)\n"
                            "out = a @ b\n";

// The window on kThroughputMatmul with kernel 0's Render stage selected and the Throughput dock in front.
bool showThroughputKernel(MainWindow& w) {
  w.show();
  if (!QTest::qWaitForWindowExposed(&w)) return false;
  w.session().setSource(QString::fromLatin1(kThroughputMatmul), QStringLiteral("mm.py"));
  w.session().waitForIdle();
  const int render = w.session().findStage(QStringLiteral("Render"), 0);
  if (render < 0 || !w.showView(QStringLiteral("throughput"))) return false;
  w.session().selectStage(render);
  w.session().waitForIdle();
  return true;
}

ThroughputPanel* throughputPanelOf(MainWindow& w) {
  return w.findChild<ThroughputPanel*>();
}

} // namespace

class TestThroughputView : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() {
    viewstest::isolateSettings(m_settings);
#if !defined(__x86_64__)
    QSKIP("the hosts LLVM's MCA is checked on are x86");
#endif
  }

  void showsTheHotLoop() {
    MainWindow w;
    QVERIFY(showThroughputKernel(w));
    ThroughputPanel* panel = throughputPanelOf(w);
    QVERIFY(panel);
    panel->waitForAnalysis();
    QVERIFY2(panel->shown().has_value(), qPrintable(panel->status()->text()));
    QAbstractItemModelTester tester(panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    // what the backend computes for the same kernel, figure for figure
    const KernelThroughput expected = analyzeKernelThroughput(*w.session().renderedKernel());
    const KernelThroughput& shown = *panel->shown();
    QCOMPARE(shown.loops.size(), expected.loops.size());
    const size_t hot = expected.hotLoop();
    QCOMPARE(panel->loopChoice()->count(), static_cast<int>(expected.loops.size()));
    QCOMPARE(panel->loopChoice()->currentIndex(), static_cast<int>(hot));
    QCOMPARE(panel->loopChoice()->currentText(), loopLabel(expected, hot));
    QVERIFY(panel->loopChoice()->currentText().endsWith(QStringLiteral(" (hot)")) || expected.straightLine);
    const LoopThroughput& loop = expected.loops[hot];
    QCOMPARE(shown.loops[hot].cyclesPerIteration, loop.cyclesPerIteration);
    QCOMPARE(panel->summary()->text(), loopSummary(expected, hot));
    QVERIFY(panel->summary()->text().contains(QStringLiteral("cycles per iteration")));
    QCOMPARE(panel->model()->rowCount(), static_cast<int>(loop.instructions.size()));
    for (int row = 0; row < panel->model()->rowCount(); ++row) {
      const ThroughputInstruction& i = loop.instructions[static_cast<size_t>(row)];
      QCOMPARE(panel->model()->index(row, ThroughputModel::Instruction).data().toString(), QString::fromStdString(i.text));
      QCOMPARE(panel->model()->index(row, ThroughputModel::Latency).data().toUInt(), i.latency);
      QCOMPARE(panel->model()->index(row, ThroughputModel::Offset).data(ThroughputModel::OffsetRole).toULongLong(),
               static_cast<qulonglong>(i.offset));
    }
    // the busy ports, busiest first
    int busy = 0;
    double most = 0;
    for (double c : loop.portCycles) {
      busy += c > 0 ? 1 : 0;
      most = std::max(most, c);
    }
    QCOMPARE(panel->ports()->rowCount(), busy);
    QVERIFY(busy > 0);
    QCOMPARE(panel->ports()->item(0, 1)->text(), QString::number(most, 'f', 2));
    // no run yet: the prediction asks for one
    QVERIFY2(panel->prediction()->text().startsWith(QStringLiteral("predicted ")), qPrintable(panel->prediction()->text()));
    QVERIFY(panel->prediction()->text().endsWith(QStringLiteral("measured: run the program on the CPU (Run) to compare")));
    // a run on the CPU: measured beside predicted
    w.session().runOn(QStringLiteral("CPU"), 2);
    w.session().waitForIdle();
    QVERIFY2(panel->prediction()->text().contains(QStringLiteral("; measured ")), qPrintable(panel->prediction()->text()));
    QVERIFY(panel->prediction()->text().endsWith(QStringLiteral("x the prediction")));
  }

  void saysWhyWithoutAKernel() {
    MainWindow w;
    QVERIFY(showThroughputKernel(w));
    throughputPanelOf(w)->waitForAnalysis();
    w.session().selectStage(w.session().findStage(QStringLiteral("Rangeify"), -1));
    w.session().waitForIdle();
    ThroughputPanel* panel = throughputPanelOf(w);
    QVERIFY(!panel->shown());
    QCOMPARE(panel->model()->rowCount(), 0);
    QCOMPARE(panel->status()->text(),
             QStringLiteral("Select a kernel's stage: the throughput model analyzes its machine code."));
  }

  void saysWhyOnOtherDevices() {
    bool cl = false;
    for (const DeviceChoice& d : availableDevices()) cl = cl || d.name == QStringLiteral("CL:0");
    if (!cl) QSKIP("no OpenCL device CL:0 here");
    MainWindow w;
    QVERIFY(showThroughputKernel(w));
    QVERIFY(w.session().setDevice(QStringLiteral("CL:0")));
    w.session().waitForIdle();
    w.session().selectStage(w.session().findStage(QStringLiteral("Render"), 0));
    w.session().waitForIdle();
    ThroughputPanel* panel = throughputPanelOf(w);
    QVERIFY(!panel->shown());
    QVERIFY2(panel->status()->text().startsWith(QStringLiteral("No throughput model: kernel ")),
             qPrintable(panel->status()->text()));
    QVERIFY(panel->status()->text().contains(
        QStringLiteral(" is lowered for CL:0, and LLVM's machine-code analyzer models the host CPU only. Choose CPU "
                       "as the target device.")));
  }
};

UOPSCOPE_TEST(TestThroughputView);
#include "test_throughput_view.moc"
