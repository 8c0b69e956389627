// The explorer's schedule list: a program's realization points in the
// toolbar, each lowered alone when chosen; the whole program by default.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"
#include "views/kernels/kernels_panel.h"

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

  void disabledWithoutRealizationPoints() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Callify"));
    QCOMPARE(w.scheduleCombo()->count(), 1);
    QVERIFY(!w.scheduleCombo()->isEnabled());
  }
};

UOPSCOPE_TEST(TestSchedules);
#include "test_schedules.moc"
