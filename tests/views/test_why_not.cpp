// The "Why not" view: a node selected in a stage lists the rules of the
// stage's passes that could match its op, each with why it did not (or that
// its pattern matches); a rule chosen there steps to its next rewrite in the
// stage, as a breakpoint would.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include "core/ir/uop.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace uops;
using namespace uops::views;

class TestWhyNot : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void listsTheRulesOfTheNodesOp() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    const StageRecord& r = w.session().stageRecord(w.session().selectedStage());
    // a node of the graph shown with the op some rule of the stage matched
    // (not a pass recorded as rewrites, substitute_step.h: it has no pattern)
    const TraceRewrite* first = nullptr;
    const UOp* node = nullptr;
    for (const TraceStep& s : r.steps) {
      if (s.rules.empty()) continue;
      for (const TraceRewrite& rw : s.rewrites)
        for (const LaidOutNode& n : w.graph()->layout().nodes)
          if (!node && n.node->op() == rw.matched->op()) {
            node = n.node;
            first = &rw;
          }
    }
    QVERIFY(node && first);
    w.session().selectNode(node);
    QTreeWidget* rules = w.whyNot()->rules();
    QVERIFY(rules->topLevelItemCount() > 0);
    QVERIFY2(w.whyNot()->heading()->text().startsWith(QString::fromUtf8(opName(node->op()).data())),
             qPrintable(w.whyNot()->heading()->text()));
    bool listed = false;
    for (int i = 0; i < rules->topLevelItemCount(); ++i) {
      QTreeWidgetItem* item = rules->topLevelItem(i);
      QVERIFY(!item->text(1).isEmpty());
      QVERIFY2(item->text(2).contains(QStringLiteral(".cpp:")), qPrintable(item->text(2)));
      listed |= item->text(0) == QString::fromStdString(first->rule.name());
    }
    QVERIFY2(listed, first->rule.name().c_str());
    // nothing selected: nothing listed
    w.session().selectNode(nullptr);
    QCOMPARE(rules->topLevelItemCount(), 0);
  }

  // "Next match" walks a rule's rewrites in order, then says there are no more
  void nextMatchStepsThroughARulesRewrites() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    const StageRecord& r = w.session().stageRecord(w.session().selectedStage());
    // the rule with the most rewrites in this stage, and where they are
    std::map<std::string, std::vector<std::pair<int, int>>> at;
    for (size_t s = 0; s < r.steps.size(); ++s)
      for (size_t k = 0; k < r.steps[s].rewrites.size(); ++k)
        at[r.steps[s].rewrites[k].rule.name()].emplace_back(static_cast<int>(s), static_cast<int>(k));
    auto most = std::max_element(at.begin(), at.end(), [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); });
    QVERIFY(most != at.end() && most->second.size() >= 2);
    const TraceRewrite& example = r.steps[static_cast<size_t>(most->second[0].first)].rewrites[static_cast<size_t>(most->second[0].second)];
    const UOp* node = nullptr;
    for (const LaidOutNode& n : w.graph()->layout().nodes)
      if (n.node->op() == example.matched->op()) node = n.node;
    QVERIFY(node);
    w.session().selectNode(node);
    QTreeWidget* rules = w.whyNot()->rules();
    for (int i = 0; i < rules->topLevelItemCount(); ++i)
      if (rules->topLevelItem(i)->text(0) == QString::fromStdString(most->first))
        rules->setCurrentItem(rules->topLevelItem(i));
    QVERIFY(rules->currentItem());
    QSignalSpy shown(&w.session(), &Session::rewriteShown);
    for (const auto& [step, k] : most->second) {
      QVERIFY(w.whyNot()->nextMatch());
      QCOMPARE(shown.last().at(0).toInt(), step);
      QCOMPARE(shown.last().at(1).toInt(), k);
      w.session().waitForIdle();
    }
    QVERIFY(!w.whyNot()->nextMatch());
  }
};

UOPSCOPE_TEST(TestWhyNot);
#include "test_why_not.moc"
