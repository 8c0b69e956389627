// The explorer's target device: switching to CL:0 lowers the program again
// for it (the Code view shows OpenCL C and the driver's machine code), OptOps
// are checked against it (LOCAL accepted on CL, refused on the CPU), BEAM
// runs on it, and the choice is saved. Skipped without an OpenCL device.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "views/code/code_editor.h"
#include "views/kernel_text/device_run.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace uops::views;

namespace {

bool hasClDevice() {
  for (const DeviceChoice& d : availableDevices())
    if (d.name == QStringLiteral("CL:0")) return true;
  return false;
}

// Chooses `device` in the toolbar's combo, as a user does.
bool chooseDevice(MainWindow& w, const QString& device) {
  int index = w.deviceCombo()->findData(device);
  if (index < 0) return false;
  w.deviceCombo()->setCurrentIndex(index);
  Q_EMIT w.deviceCombo()->activated(index);
  w.session().waitForIdle();
  return true;
}

// Split(axis, amount, LOCAL) on kernel `kernel` through the Optimize view; its reason line.
// The kernel starts without OptOps: the heuristics' own LOCAL parts may use the axis up.
QString applyLocalSplit(MainWindow& w, int kernel, int axis, int amount) {
  w.session().setOpts(static_cast<size_t>(kernel), std::vector<uops::Opt>{});
  w.session().waitForIdle();
  OptimizePanel* o = w.optimizer();
  o->kernel()->setCurrentIndex(kernel);
  o->op()->setCurrentText(QStringLiteral("Split"));
  o->axis()->setValue(axis);
  o->amount()->setValue(amount);
  o->target()->setCurrentText(QStringLiteral("LOCAL"));
  QTest::mouseClick(o->applyButton(), Qt::LeftButton);
  w.session().waitForIdle();
  return o->reason()->text();
}

} // namespace

class TestTargetDevice : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    viewstest::isolateSettings(m_settings);
    qputenv("UOPSCOPE_CACHE_DIR", m_cache.path().toUtf8());
    // the scripts install PoCL, so CL:0 exists on every machine: its absence is a failure
    QVERIFY2(hasClDevice(), "no OpenCL device: install pocl-opencl-icd (scripts/setup does)");
  }

  // The toolbar lists the CPU first, then every CL device.
  void listsDevices() {
    MainWindow w;
    QVERIFY(w.deviceCombo()->count() >= 2);
    QCOMPARE(w.deviceCombo()->itemData(0).toString(), QStringLiteral("CPU"));
    QCOMPARE(w.deviceCombo()->itemData(1).toString(), QStringLiteral("CL:0"));
    QCOMPARE(w.session().device(), QStringLiteral("CPU"));
    QVERIFY(!w.session().setDevice(QStringLiteral("CL:99")));
    QCOMPARE(w.session().device(), QStringLiteral("CPU"));
  }

  // On CL:0 the Code view shows OpenCL C and the device's machine code; the choice is saved.
  void codeForTheClDevice() {
    {
      MainWindow w;
      QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
      QVERIFY(chooseDevice(w, QStringLiteral("CL:0")));
      QCOMPARE(w.session().device(), QStringLiteral("CL:0"));
      QVERIFY(w.session().run() && !w.session().run()->failed());
      QCOMPARE(QString::fromStdString(w.session().run()->kernels.at(0).target.device), QStringLiteral("CL:0"));
      int render = w.session().findStage(QStringLiteral("Render"), 0);
      QVERIFY(render >= 0);
      w.session().selectStage(render);
      w.session().waitForIdle();
      QVERIFY2(w.code()->source()->text().contains(QStringLiteral("__kernel")),
               qPrintable(w.code()->source()->text()));
      QCOMPARE(w.code()->source()->language(), CodeLanguage::OpenClC);
      QString isa = w.code()->isa()->text();
      QVERIFY2(!isa.isEmpty() && !isa.startsWith(QStringLiteral("machine code not available")) &&
                   isa != QStringLiteral("compiling..."),
               qPrintable(isa));
      // a node of the graph marks its OpenCL C line
      const std::vector<LaidOutNode>& nodes = w.graph()->layout().nodes;
      for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i].node->op() == uops::Op::Store) {
          w.graph()->select(static_cast<int>(i));
          break;
        }
      QVERIFY(!w.code()->markedLines().empty());
    }
    // the next window starts on the saved device
    MainWindow again;
    QCOMPARE(again.session().device(), QStringLiteral("CL:0"));
    QCOMPARE(again.deviceCombo()->currentData().toString(), QStringLiteral("CL:0"));
    QVERIFY(again.session().setDevice(QStringLiteral("CPU")));
  }

  // LOCAL exists on a CL device, not on the CPU (refused with the reason).
  void localSplitChecksTheTarget() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QVERIFY(chooseDevice(w, QStringLiteral("CL:0")));
    QString why = applyLocalSplit(w, 0, 0, 2);
    QVERIFY2(why.startsWith(QStringLiteral("applied")), qPrintable(why));
    std::vector<uops::Opt> after = w.session().currentOpts(0);
    QCOMPARE(after.size(), size_t{1});
    QCOMPARE(QString::fromStdString(uops::formatOpt(after.back())), QStringLiteral("Split(0, 2, LOCAL)"));

    QVERIFY(chooseDevice(w, QStringLiteral("CPU")));
    why = applyLocalSplit(w, 0, 0, 2);
    QVERIFY2(!why.startsWith(QStringLiteral("applied")) && why.contains(QStringLiteral("LOCAL")), qPrintable(why));
    QVERIFY(w.session().currentOpts(0).empty());
  }

  // The Run view defaults to the target device and runs the kernels the views show (OptOps included).
  void runsOnTheTargetDevice() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QVERIFY(chooseDevice(w, QStringLiteral("CL:0")));
    QCOMPARE(w.runPanel()->device()->currentData().toString(), QStringLiteral("CL:0"));
    QVERIFY(applyLocalSplit(w, 0, 0, 2).startsWith(QStringLiteral("applied")));
    w.runPanel()->checkBox()->setChecked(true); // the run is checked against the reference evaluator
    QVERIFY(w.session().checkReference());
    QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY(w.session().lastRun());
    QCOMPARE(w.session().lastRun()->device, QStringLiteral("CL:0"));
    QVERIFY2(w.session().lastRun()->error.isEmpty(), qPrintable(w.session().lastRun()->error));
    QVERIFY(w.session().lastRun()->check);
    QCOMPARE(w.session().lastRun()->check->status, uops::ReferenceCheck::Status::Matched);
    QVERIFY(chooseDevice(w, QStringLiteral("CPU")));
    QCOMPARE(w.runPanel()->device()->currentData().toString(), QStringLiteral("CPU"));
  }

  // BEAM on CL:0 reports progress and stops when cancelled.
  void beamOnTheClDevice() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QVERIFY(chooseDevice(w, QStringLiteral("CL:0")));
    QSignalSpy progress(&w.session().beam(), &BeamJob::progress);
    QStringList finished = viewstest::beamCancelledAfterTwo(w);
    QCOMPARE(finished.size(), 1);
    QVERIFY2(finished.front().startsWith(QStringLiteral("BEAM cancelled")), qPrintable(finished.front()));
    QVERIFY(progress.count() >= 2);
    QVERIFY(w.optimizer()->beamButton()->isEnabled());
    QCOMPARE(w.session().device(), QStringLiteral("CL:0"));
  }

private:
  QTemporaryDir m_settings, m_cache;
};

UOPSCOPE_TEST(TestTargetDevice);
#include "test_target_device.moc"
