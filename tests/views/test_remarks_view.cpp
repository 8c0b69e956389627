// The Remarks view (beside Why not): a kernel's Render stage lists its
// stages' remarks and, once compiled for them while the view is on screen,
// LLVM's; the Code view marks their IR lines in its margin; choosing a
// remark marks its program line and selects its IR line's node. A
// whole-program stage lists Rangeify's fusion remarks.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"
#include "views/code/code_panel.h"
#include "views/remarks/remarks_panel.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

#include <algorithm>

using namespace uops;
using namespace uops::views;

namespace {

// (a @ b) @ c over computed operands: the inner product stays a buffer (kernel 0)
const QString kRemarksChain = QStringLiteral(R"(from tinygrad import Tensor
a = Tensor.arange(4096).reshape(64, 64).float() * 0.1
b = Tensor.arange(4096).reshape(64, 64).float() * 0.2
c = Tensor.arange(4096).reshape(64, 64).float() * 0.3
t = a @ b
out = t @ c
)");

QStringList remarkColumn(QTreeWidget* tree, int c) {
  QStringList out;
  for (int i = 0; i < tree->topLevelItemCount(); ++i) out << tree->topLevelItem(i)->text(c);
  return out;
}

} // namespace

class TestRemarksView : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void kernelRemarksWithLlvmsAndMarginMarks() {
    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(kRemarksChain, QStringLiteral("chain.py"));
    w.session().waitForIdle();
    auto* panel = w.findChild<RemarksPanel*>();
    QVERIFY(panel);
    // a whole-program stage: Rangeify's remarks, the kept inner product among them
    w.session().selectStage(w.session().findStage(QStringLiteral("Rangeify"), -1));
    QCOMPARE(panel->kernel(), int64_t{-1});
    QVERIFY2(remarkColumn(panel->remarks(), RemarksPanel::kMessage).join(QLatin1Char('\n')).contains(
                 QStringLiteral("the sum would be recomputed 64 times")),
             qPrintable(remarkColumn(panel->remarks(), RemarksPanel::kMessage).join(QLatin1Char('\n'))));
    // kernel 1's Render stage, the view on screen: LLVM's remarks join the core's
    QSignalSpy ready(&w.session(), &Session::compilerRemarksReady);
    QVERIFY(w.showView(QStringLiteral("remarks")));
    w.session().selectStage(w.session().findStage(QStringLiteral("Render"), 1));
    QCOMPARE(panel->kernel(), int64_t{1});
    w.session().waitForIdle();
    QCOMPARE(ready.count(), 1);
    QCOMPARE(ready.first().first().toInt(), 1);
    const QStringList origins = remarkColumn(panel->remarks(), RemarksPanel::kOrigin);
    QVERIFY2(origins.contains(QStringLiteral("Optimize")), qPrintable(origins.join(QLatin1Char(' '))));
    QVERIFY2(origins.contains(QStringLiteral("inline")), qPrintable(origins.join(QLatin1Char(' '))));
    QVERIFY2(panel->heading()->text().startsWith(QStringLiteral("#1 ")), qPrintable(panel->heading()->text()));
    QVERIFY(!panel->heading()->text().contains(QStringLiteral("compiling")));
    // every IR line a remark names is marked in the Code view's margin, and only those
    auto* code = w.findChild<CodePanel*>();
    QVERIFY(code);
    std::vector<int> expected;
    for (const QString& line : remarkColumn(panel->remarks(), RemarksPanel::kIrLine))
      if (!line.isEmpty()) expected.push_back(line.toInt() - 1);
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    QVERIFY(!expected.empty());
    QCOMPARE(code->remarkLines(), expected);
    // choosing a remark with a program line and an IR line marks both
    QTreeWidget* tree = panel->remarks();
    int row = -1;
    for (int i = 0; i < tree->topLevelItemCount() && row < 0; ++i)
      if (!tree->topLevelItem(i)->text(RemarksPanel::kLine).isEmpty() &&
          !tree->topLevelItem(i)->text(RemarksPanel::kIrLine).isEmpty())
        row = i;
    QVERIFY(row >= 0);
    tree->setCurrentItem(tree->topLevelItem(row));
    QCOMPARE(w.session().programLine(), tree->topLevelItem(row)->text(RemarksPanel::kLine).toInt());
    const int irLine = tree->topLevelItem(row)->text(RemarksPanel::kIrLine).toInt();
    QVERIFY(code->markedLines() == std::vector<int>{irLine - 1} ||
            std::find(code->markedLines().begin(), code->markedLines().end(), irLine - 1) != code->markedLines().end());
    // the kinds filter lists only missed remarks
    panel->kinds()->setCurrentText(QStringLiteral("missed"));
    for (const QString& kind : remarkColumn(tree, RemarksPanel::kKind)) QCOMPARE(kind, QStringLiteral("missed"));
    // selecting the kernel again compiles nothing more
    w.session().selectStage(w.session().findStage(QStringLiteral("Linearize"), 1));
    w.session().selectStage(w.session().findStage(QStringLiteral("Render"), 1));
    w.session().waitForIdle();
    QCOMPARE(ready.count(), 1);
  }
};

UOPSCOPE_TEST(TestRemarksView);
#include "test_remarks_view.moc"
