// Compile-only GPU targets in the explorer: the toolbar lists sm_90 and
// gfx1100 marked "compile only"; lowered for one, the Code view shows its
// LLVM IR (NVPTX / AMDGPU dialect) and its PTX / AMDGPU assembly in the ISA
// pane, LOCAL OptOps apply, and Run says there is no such device here.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "views/code/code_editor.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

using namespace uops::views;

namespace {

bool chooseTarget(MainWindow& w, const QString& device) {
  int index = w.deviceCombo()->findData(device);
  if (index < 0) return false;
  w.deviceCombo()->setCurrentIndex(index);
  Q_EMIT w.deviceCombo()->activated(index);
  w.session().waitForIdle();
  return true;
}

// The Render stage of kernel `kernel`, with the ISA pane's text once compiled.
QString renderAndIsa(MainWindow& w, int kernel) {
  int render = w.session().findStage(QStringLiteral("Render"), kernel);
  if (render < 0) return {};
  w.session().selectStage(render);
  w.session().waitForIdle();
  return w.code()->isa()->text();
}

} // namespace

class TestCompileOnlyTarget : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
    viewstest::isolateSettings(m_settings);
    qputenv("UOPSCOPE_CACHE_DIR", m_cache.path().toUtf8());
  }

  void listedAsCompileOnly() {
    MainWindow w;
    for (const char* name : {"sm_80", "sm_90", "gfx1100"}) {
      int index = w.deviceCombo()->findData(QString::fromLatin1(name));
      QVERIFY2(index >= 0, name);
      QVERIFY2(w.deviceCombo()->itemText(index).contains(QStringLiteral("compile only")),
               qPrintable(w.deviceCombo()->itemText(index)));
    }
    QCOMPARE(w.deviceCombo()->itemData(0).toString(), QStringLiteral("CPU"));
  }

  void ptxForSm90() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QVERIFY(chooseTarget(w, QStringLiteral("sm_90")));
    QVERIFY(w.session().run() && !w.session().run()->failed());
    QCOMPARE(QString::fromStdString(w.session().run()->kernels.at(0).target.device), QStringLiteral("sm_90"));
    const QString isa = renderAndIsa(w, 0);
    QCOMPARE(w.code()->source()->language(), CodeLanguage::LlvmIr);
    QVERIFY2(w.code()->source()->text().contains(QStringLiteral("@llvm.nvvm.read.ptx.sreg.")),
             qPrintable(w.code()->source()->text()));
    QVERIFY2(isa.contains(QStringLiteral(".target sm_90")) && isa.contains(QStringLiteral(".entry ")), qPrintable(isa));
  }

  void amdgpuIsaForGfx1100() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QVERIFY(chooseTarget(w, QStringLiteral("gfx1100")));
    const QString isa = renderAndIsa(w, 0);
    QVERIFY2(w.code()->source()->text().contains(QStringLiteral("define amdgpu_kernel void @")),
             qPrintable(w.code()->source()->text()));
    QVERIFY2(isa.contains(QStringLiteral("amdgcn-amd-amdhsa--gfx1100")), qPrintable(isa));
  }

  // OptOps by hand: LOCAL is a GPU's, so it applies here
  void localSplitApplies() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QVERIFY(chooseTarget(w, QStringLiteral("sm_80")));
    w.session().setOpts(0, std::vector<uops::Opt>{});
    w.session().waitForIdle();
    OptimizePanel* o = w.optimizer();
    o->kernel()->setCurrentIndex(0);
    o->op()->setCurrentText(QStringLiteral("Split"));
    o->axis()->setValue(0);
    o->amount()->setValue(2);
    o->target()->setCurrentText(QStringLiteral("LOCAL"));
    QTest::mouseClick(o->applyButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY2(o->reason()->text().startsWith(QStringLiteral("applied")), qPrintable(o->reason()->text()));
    QVERIFY(w.session().run()->kernels.at(0).rendered.local.size() >= 1);
  }

  void runSaysThereIsNoDevice() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QVERIFY(chooseTarget(w, QStringLiteral("sm_90")));
    QCOMPARE(w.runPanel()->device()->currentData().toString(), QStringLiteral("sm_90"));
    QTest::mouseClick(w.runPanel()->runButton(), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY(w.session().lastRun());
    QVERIFY2(w.session().lastRun()->error.contains(QStringLiteral("sm_90 is a compile-only target: there is no such device here")),
             qPrintable(w.session().lastRun()->error));
    QVERIFY(chooseTarget(w, QStringLiteral("CPU")));
  }

private:
  QTemporaryDir m_settings, m_cache;
};

UOPSCOPE_TEST(TestCompileOnlyTarget);
#include "test_compile_only_target.moc"
