// The explorer's schedule list: a program's realization points in the
// toolbar, each lowered alone when chosen; the whole program by default.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"
#include "views/kernels/kernels_panel.h"

#include "core/ir/variable.h"

#include <QTest>

using namespace uops::views;

namespace {

const char* const kSteps = "from tinygrad import Tensor\n"
                           "w = Tensor([1.0, 2.0, 3.0])\n"
                           "for i in range(2):\n"
                           "  w.assign(w * 2 + 1)\n"
                           "  w.realize()\n"
                           "out = [w, w.sum()]\n";

void choose(MainWindow& w, int index) {
  w.scheduleCombo()->setCurrentIndex(index);
  Q_EMIT w.scheduleCombo()->activated(index);
  w.session().waitForIdle();
}

} // namespace

class TestSchedules : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void listsTheRealizationPoints() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QString::fromLatin1(kSteps), QStringLiteral("steps.py"));
    w.session().waitForIdle();
    ScheduleCombo* combo = w.scheduleCombo();
    QCOMPARE(combo->count(), 4);
    QVERIFY(combo->isEnabled());
    QCOMPARE(combo->itemText(0), QStringLiteral("Whole program"));
    QCOMPARE(combo->itemText(1), QStringLiteral("1 of 3: realize() at line 5"));
    QCOMPARE(combo->itemText(3), QStringLiteral("3 of 3: the outputs"));
    QCOMPARE(w.session().lowered().roots.size(), size_t{2});

    choose(w, 2); // the second step computes w alone, from the buffer the first wrote
    QCOMPARE(w.session().lowered().schedule, 2);
    QCOMPARE(w.session().schedule(), 2);
    QCOMPARE(combo->currentIndex(), 2);
    QCOMPARE(w.session().lowered().roots.size(), size_t{1});
    QVERIFY(w.session().stageCount() > 0);
    // both steps compute w * 2 + 1 from a buffer: the same kernel
    QCOMPARE(w.session().lowered().kernelSchedules, QStringList{QStringLiteral("1, 2")});
    QCOMPARE(w.kernels()->text(0, 5), QStringLiteral("1, 2"));

    choose(w, 0);
    QCOMPARE(w.session().lowered().schedule, 0);
    QCOMPARE(w.session().lowered().roots.size(), size_t{2});
  }

  // a program whose tensors only reach Python values (item() inside a
  // function) opens at its last realization point, not at an error
  void programWithoutOutputsOpensItsLastRealization() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QStringLiteral("from tinygrad import Tensor\n"
                                         "def main():\n"
                                         "  x = Tensor([1.0, 2.0, 3.0])\n"
                                         "  print(x.sum().item(), (x * x).sum().item())\n"
                                         "main()\n"),
                          QStringLiteral("main.py"));
    w.session().waitForIdle();
    QVERIFY2(w.session().lowered().error.isEmpty(), qPrintable(w.session().lowered().error));
    QCOMPARE(w.session().lowered().schedule, 2);
    QCOMPARE(w.scheduleCombo()->currentIndex(), 2);
    QCOMPARE(w.scheduleCombo()->itemText(2), QStringLiteral("2 of 3: item() at line 4"));
    QCOMPARE(w.session().lowered().roots.size(), size_t{1});
    QCOMPARE(w.session().lowered().printed, QStringLiteral("6.0 14.0\n"));
  }

  // a kernel that takes a variable is listed in every schedule that runs it,
  // whatever the value each bound
  void listsTheSchedulesOfAVariableKernel() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QString::fromLatin1(viewstest::kCacheRows), QStringLiteral("rows.py"));
    w.session().waitForIdle();
    choose(w, 3);
    QCOMPARE(w.session().variables(), (uops::VariableValues{{"start_pos", 3}}));
    QCOMPARE(w.session().lowered().kernelSchedules, QStringList{QStringLiteral("2, 3")});
    QCOMPARE(w.kernels()->text(0, 5), QStringLiteral("2, 3"));
  }

  // the kv-cache decoder: every kernel of a decode step's realization is
  // listed in that step's schedule, and one that takes start_pos in every
  // decode step's (the lowered schedule's buffers are data, the others'
  // versions, so the same kernel may number its buffers otherwise)
  void listsTheDecodeStepsOfEachKernel() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(viewstest::exampleText("kv_cache_decoder.py"), QStringLiteral("kv_cache_decoder.py"));
    w.session().waitForIdle();
    const int step = w.scheduleCombo()->findText(QStringLiteral("8 of 31: realize() (start_pos=3) at line 19"));
    QCOMPARE(step, 8);
    choose(w, step);
    const uops::PipelineRun& run = *w.session().lowered().run;
    const QStringList cells = w.session().lowered().kernelSchedules;
    QCOMPARE(size_t(cells.size()), run.kernels.size());
    QStringList withVariable;
    for (size_t i = 0; i < run.kernels.size(); ++i) {
      QVERIFY2(cells[int(i)].split(QStringLiteral(", ")).contains(QStringLiteral("8")), run.kernels[i].name.text.c_str());
      if (!run.kernels[i].variables.empty())
        withVariable << QString::fromStdString(run.kernels[i].name.text) + QStringLiteral(": ") + cells[int(i)];
    }
    // the token and position embeddings' lookups (one load each, the one-hot
    // sums collapsed) at every decode step's first realization and its two
    // after it; the cache write at each decode step's first
    const QString everyStep = QStringLiteral("8, 9, 10, 14, 15, 16, 20, 21, 22, 26, 27, 28");
    QCOMPARE(withVariable, (QStringList{QStringLiteral("E_4_4: ") + everyStep,
                                        QStringLiteral("E_4_4: ") + everyStep,
                                        QStringLiteral("E_2_12_2_2_4: 8, 14, 20, 26")}));
  }

  void disabledWithoutRealizationPoints() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QCOMPARE(w.scheduleCombo()->count(), 1);
    QVERIFY(!w.scheduleCombo()->isEnabled());
  }
};

UOPSCOPE_TEST(TestSchedules);
#include "test_schedules.moc"
