// The Stages tree by stage (stage > kernels) or by kernel (kernel > stages,
// View > Stages by kernel): the same records either way, the selection kept
// when the grouping changes, and Next stage moving down one kernel's list.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "views/stages/stages_model.h"
#include "views/stages/stages_panel.h"

#include <QAction>
#include <QTest>

using namespace uops::views;

class TestStagesTree : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void groupsByKernel() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    Session& s = w.session();
    const int kernels = static_cast<int>(s.run()->kernels.size());
    QVERIFY(kernels >= 2);
    s.selectStage(s.findStage(QStringLiteral("Expand"), 1));
    const int selected = s.selectedStage();
    StagesModel* model = w.stages()->stagesModel();
    const int byStageRows = model->rowCount();
    auto* action = w.findChild<QAction*>(QStringLiteral("stagesByKernel"));
    QVERIFY(action);
    action->trigger();
    QVERIFY(model->byKernel());
    // Callify and Rangeify, then one group per kernel
    QCOMPARE(model->rowCount(), 2 + kernels);
    QCOMPARE(model->index(0, 0).data().toString(), QStringLiteral("Callify"));
    const QModelIndex k1 = model->index(2 + 1, 0);
    QVERIFY2(k1.data().toString().startsWith(QStringLiteral("#1 ")), qPrintable(k1.data().toString()));
    QStringList stages;
    for (int r = 0; r < model->rowCount(k1); ++r) stages << model->index(r, 0, k1).data().toString();
    QCOMPARE(stages.first(), QStringLiteral("Optimize"));
    QVERIFY(stages.contains(QStringLiteral("Expand")));
    QCOMPARE(stages.last(), QStringLiteral("Render"));
    // the selection stays, on kernel #1's Expand row
    QCOMPARE(s.selectedStage(), selected);
    QCOMPARE(w.stages()->currentIndex().parent(), k1);
    QCOMPARE(w.stages()->currentIndex().data().toString(), QStringLiteral("Expand"));
    // next stage: the row below in the same kernel
    w.stages()->step(1);
    const QModelIndex next = w.stages()->currentIndex();
    QCOMPARE(next.parent(), k1);
    QCOMPARE(next.row(), stages.indexOf(QStringLiteral("Expand")) + 1);
    // choosing a row selects its record
    w.stages()->setCurrentIndex(model->index(0, 0, model->index(2, 0)));
    QCOMPARE(s.stageRecord(s.selectedStage()).kernelIndex, size_t{0});
    QCOMPARE(QString::fromStdString(s.stageRecord(s.selectedStage()).stage), QStringLiteral("Optimize"));
    action->trigger();
    QCOMPARE(model->rowCount(), byStageRows);
  }
};

UOPSCOPE_TEST(TestStagesTree);
#include "test_stages_tree.moc"
