// The Rewrites view's filter: its context menu switches a rule off (or skips
// one rewrite) and the Session lowers again without it; a bar under the tree
// says what is skipped, and its Clear button brings every rewrite back.
// Run > Bisect finds a rule broken on purpose and opens its rewrite in
// Compare mode.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "views/bisect/bisect_runner.h"
#include "views/rewrites/rewrites_model.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace uops::views;

namespace {

const char* const kDoubled = "from tinygrad import Tensor\n"
                             "a = Tensor([1.0, 2.0, 3.0, 4.0])\n"
                             "b = Tensor([0.5, 0.25, 2.0, -1.0])\n"
                             "c = a * b\n"
                             "out = c + c\n";

// Shows the window with the doubled program lowered; false when it never appeared.
bool showDoubled(MainWindow& w) {
  w.resize(1400, 900);
  w.show();
  if (!QTest::qWaitForWindowExposed(&w)) return false;
  w.session().setSource(QString::fromLatin1(kDoubled), QStringLiteral("doubled.py"));
  w.session().waitForIdle();
  return true;
}

// How many rewrites of rule `name` the lowering shown made, over all stages.
int rewritesOf(const Session& s, const std::string& name) {
  int n = 0;
  for (int i = 0; i < s.stageCount(); ++i)
    for (const uops::TraceStep& step : s.stageRecord(i).steps)
      for (const uops::TraceRewrite& r : step.rewrites)
        n += r.rule.name() == name ? 1 : 0;
  return n;
}

// Selects the first stage with a rewrite of `name` and makes that rewrite the
// view's current row; false when there is none.
bool chooseRewriteOf(MainWindow& w, const std::string& name) {
  Session& s = w.session();
  for (int i = 0; i < s.stageCount(); ++i) {
    s.selectStage(i);
    s.waitForIdle();
    RewritesModel* model = w.rewrites()->rewritesModel();
    for (int n = 0; model->rewriteIndex(n).isValid(); ++n) {
      auto [step, k] = model->stepAndRewrite(model->rewriteIndex(n));
      if (s.stageRecord(i).steps[static_cast<size_t>(step)].rewrites[static_cast<size_t>(k)].rule.name() != name) continue;
      w.rewrites()->choose(n);
      s.waitForIdle();
      return true;
    }
  }
  return false;
}

QAction* menuAction(QMenu* menu, const char* name) {
  return menu->findChild<QAction*>(QString::fromLatin1(name));
}

} // namespace

class TestRewriteFilterView : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void switchRuleOffAndClear() {
    MainWindow w;
    QVERIFY(showDoubled(w));
    const int before = rewritesOf(w.session(), "x+x");
    QVERIFY(before > 0);
    auto* bar = w.rewrites()->findChild<QWidget*>(QStringLiteral("rewriteFilterBar"));
    QVERIFY(bar && !bar->isVisible());
    QVERIFY(chooseRewriteOf(w, "x+x"));
    QMenu* menu = w.rewrites()->contextMenuFor(w.rewrites()->currentIndex());
    QAction* off = menuAction(menu, "disableRule");
    QVERIFY(off);
    QVERIFY2(off->text().startsWith(QStringLiteral("Switch off rule 'x+x' (symbolic_add.cpp:")), qPrintable(off->text()));
    QVERIFY(!menuAction(menu, "clearRewriteFilterAction")->isEnabled());
    off->trigger();
    w.session().waitForIdle();
    QCOMPARE(w.session().rewriteFilter().disabledRules.size(), size_t(1));
    QCOMPARE(w.session().rewriteFilter().disabledRules[0].name, std::string("x+x"));
    QCOMPARE(rewritesOf(w.session(), "x+x"), 0);
    QVERIFY(bar->isVisible());
    auto* text = w.rewrites()->findChild<QLabel*>(QStringLiteral("rewriteFilterText"));
    QVERIFY2(text->text().startsWith(QStringLiteral("Rewrite filter: rule 'x+x' (symbolic_add.cpp:")),
             qPrintable(text->text()));
    // the program still lowers: x+x stays an Add
    QVERIFY(!w.session().run()->failed());
    QTest::mouseClick(w.rewrites()->findChild<QToolButton*>(QStringLiteral("clearRewriteFilter")), Qt::LeftButton);
    w.session().waitForIdle();
    QVERIFY(!w.session().rewriteFilter().active());
    QVERIFY(!bar->isVisible());
    QCOMPARE(rewritesOf(w.session(), "x+x"), before);
    delete menu;
  }

  void skipOneRewrite() {
    MainWindow w;
    QVERIFY(showDoubled(w));
    const int before = rewritesOf(w.session(), "x+x");
    QVERIFY(chooseRewriteOf(w, "x+x"));
    QMenu* menu = w.rewrites()->contextMenuFor(w.rewrites()->currentIndex());
    menuAction(menu, "skipRewrite")->trigger();
    w.session().waitForIdle();
    QCOMPARE(w.session().rewriteFilter().disabledApplications.size(), size_t(1));
    QVERIFY(w.session().rewriteFilter().disabledRules.empty());
    QVERIFY(!w.session().run()->failed());
    // that application is gone; a later pass may apply the rule to the node again
    QVERIFY(rewritesOf(w.session(), "x+x") <= before);
    QVERIFY(w.rewrites()->findChild<QWidget*>(QStringLiteral("rewriteFilterBar"))->isVisible());
    // a new program starts without the filter
    w.session().setSource(QString::fromLatin1(kDoubled), QStringLiteral("other.py"));
    w.session().waitForIdle();
    QVERIFY(!w.session().rewriteFilter().active());
    delete menu;
  }

  void bisectOpensTheBrokenRule() {
    qputenv("UOPSCOPE_INJECT_FAULT", "rule:x+x"); // x+x drops a term: c + c gives c
    MainWindow w;
    QVERIFY(showDoubled(w));
    auto* runner = w.findChild<BisectRunner*>();
    QVERIFY(runner);
    QSignalSpy finished(runner, &BisectRunner::finished);
    w.findChild<QAction*>(QStringLiteral("bisectAction"))->trigger();
    QVERIFY(finished.wait(120000));
    w.session().waitForIdle();
    qunsetenv("UOPSCOPE_INJECT_FAULT");
    QVERIFY2(runner->last().found, qPrintable(runner->last().summary));
    QVERIFY2(runner->last().summary.contains(QStringLiteral("rule 'x+x' (symbolic_add.cpp:")),
             qPrintable(runner->last().summary));
    QVERIFY(w.findChild<QAction*>(QStringLiteral("compareRewrites"))->isChecked());
    // the rewrite shown is the one found: x+x
    RewritesModel* model = w.rewrites()->rewritesModel();
    auto [step, k] = model->stepAndRewrite(w.rewrites()->currentIndex());
    QVERIFY(step >= 0 && k >= 0);
    const uops::StageRecord& record = w.session().stageRecord(w.session().selectedStage());
    QCOMPARE(record.steps[static_cast<size_t>(step)].rewrites[static_cast<size_t>(k)].rule.name(), std::string("x+x"));
  }
};

UOPSCOPE_TEST(TestRewriteFilterView);
#include "test_rewrite_filter_view.moc"
