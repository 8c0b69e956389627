// The Kernels view over its model: a row per kernel of the lowered program's
// snapshot (names as everywhere, colored by AxisType through a delegate, no
// widget per cell), the medians once the program ran, a new snapshot when a
// new program is lowered; the model keeps its snapshot alive on its own.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/pipeline/pipeline_runner.h"
#include "views/kernels/kernels_model.h"
#include "views/kernels/kernels_panel.h"

#include <QTest>

using namespace uops;
using namespace uops::views;

class TestKernelsModel : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void rowsFollowTheSession() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "convnet.py", "Rangeify"));
    const PipelineRun* run = w.session().run();
    KernelsPanel* table = w.kernels();
    QCOMPARE(table->model()->rowCount(), static_cast<int>(run->kernels.size()));
    for (int i = 0; i < table->model()->rowCount(); ++i) {
      QCOMPARE(table->text(i, KernelsModel::Number), QStringLiteral("#%1").arg(i));
      QCOMPARE(table->text(i, KernelsModel::Kernel), QString::fromStdString(run->kernelName(static_cast<size_t>(i))));
      QVERIFY(table->model()->index(i, KernelsModel::Kernel).data(KernelsModel::kRichTextRole).toString().contains(
          QStringLiteral("<span style='color:#")));
      QVERIFY(!table->indexWidget(table->model()->index(i, KernelsModel::Kernel)));
    }
    QVERIFY(table->text(0, KernelsModel::Median).isEmpty());
    w.session().runOn(QStringLiteral("CPU"), 1);
    w.session().waitForIdle();
    QVERIFY2(viewstest::shownMs(table->text(0, KernelsModel::Median)) >= 0, qPrintable(table->text(0, KernelsModel::Median)));
    w.openFile(viewstest::examplePath("matmul.py"));
    w.session().waitForIdle();
    QCOMPARE(table->model()->rowCount(), 5);
    QVERIFY(table->text(0, KernelsModel::Median).isEmpty()); // not run yet
  }

  void keepsItsSnapshot() {
    KernelsModel model;
    {
      auto run = std::make_shared<PipelineRun>();
      run->kernels.resize(2);
      run->kernels[1].name.text = "r_4_3";
      model.setSnapshot(run, {QStringLiteral("1, 2")}, {0.5});
    } // the only other owner is gone
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.index(0, KernelsModel::Schedules).data().toString(), QStringLiteral("1, 2"));
    QVERIFY(!model.index(1, KernelsModel::Schedules).data().isValid());
    QCOMPARE(model.index(0, KernelsModel::Median).data().toString(), QStringLiteral("500.0 µs"));
    QCOMPARE(model.headerData(KernelsModel::Opts, Qt::Horizontal).toString(), QStringLiteral("OptOps"));
  }

private:
  QTemporaryDir m_settings;
};

UOPSCOPE_TEST(TestKernelsModel);
#include "test_kernels_model.moc"
