// The Stages and Rewrites trees over their models: every stage record has
// one row (kernel stages grouped), the rewrite counts are the records', the
// n-th rewrite maps to its step and back, the models pass Qt's model tester,
// and they keep their snapshot alive after the Session has replaced it; the
// snapshot they let go of is freed on a worker, not on the GUI thread.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/pipeline/pipeline_runner.h"
#include "views/kernels/kernels_model.h"
#include "views/rewrites/rewrites_model.h"
#include "views/jobs/work_pool.h"
#include "views/stages/stages_model.h"

#include <QAbstractItemModelTester>
#include <QThread>
#include <QThreadPool>
#include <QTest>

#include <mutex>

using namespace uops;
using namespace uops::views;

class TestTraceModels : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void stagesModelListsEveryRecord() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "convnet.py", "Rangeify"));
    std::shared_ptr<const PipelineRun> run = w.session().lowered().run;
    StagesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRun(run);
    QCOMPARE(model.rowCount(), 2 + 6); // Callify, Rangeify, then a group per kernel stage
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("Callify"));
    QCOMPARE(model.index(2, 0).data().toString(), QStringLiteral("Optimize"));
    QCOMPARE(model.index(2, 0).data(StagesModel::kRecordRole).toInt(), -1);
    QCOMPARE(model.rowCount(model.index(2, 0)), static_cast<int>(run->kernels.size()));
    for (int record = 0; record < static_cast<int>(run->stages.size()); ++record) {
      const QModelIndex at = model.indexOfRecord(record);
      QVERIFY(at.isValid());
      QCOMPARE(at.data(StagesModel::kRecordRole).toInt(), record);
      size_t rewrites = 0;
      for (const TraceStep& s : run->stages[static_cast<size_t>(record)].steps) rewrites += s.rewrites.size();
      QCOMPARE(at.siblingAtColumn(StagesModel::Rewrites).data().toString(), QString::number(rewrites));
    }
    // the model holds its snapshot: another program lowered, its rows still read
    w.openFile(QStringLiteral(UOPSCOPE_EXAMPLES_DIR "/matmul.py"));
    w.session().waitForIdle();
    run.reset();
    QCOMPARE(model.index(0, 0).data().toString(), QStringLiteral("Callify"));
  }

  void rewritesModelNumbersEveryRewrite() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    RewritesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int record = w.session().selectedStage();
    model.setStage(w.session().lowered().run, record);
    const StageRecord& r = w.session().stageRecord(record);
    int n = 0;
    for (size_t s = 0; s < r.steps.size(); ++s) {
      if (r.steps[s].snapshot) continue;
      for (size_t k = 0; k < r.steps[s].rewrites.size(); ++k, ++n) {
        const QModelIndex at = model.rewriteIndex(n);
        QVERIFY(at.isValid());
        QCOMPARE(model.rewriteNumber(at), n);
        QCOMPARE(model.stepAndRewrite(at), std::make_pair(static_cast<int>(s), static_cast<int>(k)));
        QCOMPARE(at.data().toString(), QString::fromStdString(r.steps[s].rewrites[k].rule.name()));
      }
    }
    QVERIFY(n > 10);
    QVERIFY(!model.rewriteIndex(n).isValid());
    QCOMPARE(model.rewriteNumber(model.index(0, 0)), -1); // a pass is no rewrite
    model.setStage(nullptr, -1);
    QCOMPARE(model.rowCount(), 0);
  }

  // A big program's graphs take tens of milliseconds to free: a model
  // replacing its snapshot leaves that to the work pool.
  void oldSnapshotsAreFreedOffTheGuiThread() {
    StagesModel stages;
    RewritesModel rewrites;
    KernelsModel kernels;
    std::vector<QThread*> freedOn;
    std::mutex mutex;
    auto tracked = [&] {
      return std::shared_ptr<const PipelineRun>(new PipelineRun, [&](const PipelineRun* r) {
        std::lock_guard lock(mutex);
        freedOn.push_back(QThread::currentThread());
        delete r;
      });
    };
    stages.setRun(tracked());
    rewrites.setStage(tracked(), -1);
    kernels.setSnapshot(tracked(), {}, {});
    stages.setRun(nullptr);
    rewrites.setStage(nullptr, -1);
    kernels.setSnapshot(nullptr, {}, {});
    QVERIFY(workPool()->waitForDone(5000));
    QCOMPARE(freedOn.size(), size_t{3});
    for (QThread* t : freedOn) QVERIFY(t != QThread::currentThread());
  }

private:
  QTemporaryDir m_settings;
};

UOPSCOPE_TEST(TestTraceModels);
#include "test_trace_models.moc"
