// The Diff view: the line diff on its own (exact scripts, and on random texts
// a script that rebuilds both sides with as many common lines as their
// longest common subsequence), then the window: one kernel with and without
// an UPCAST, compiled and timed on the CPU, shown side by side.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"
#include "views/code/code_editor.h"

#include "views/code/line_diff.h"

#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <QRandomGenerator>
#include <QTableWidget>

#include <algorithm>

using namespace uops::views;

namespace {

QStringList lines(const char* text) { return QString::fromLatin1(text).split(QLatin1Char(' '), Qt::SkipEmptyParts); }

int lcs(const QStringList& a, const QStringList& b) {
  std::vector<std::vector<int>> t(static_cast<size_t>(a.size() + 1), std::vector<int>(static_cast<size_t>(b.size() + 1)));
  for (qsizetype i = 1; i <= a.size(); ++i)
    for (qsizetype j = 1; j <= b.size(); ++j)
      t[i][j] = a[i - 1] == b[j - 1] ? t[i - 1][j - 1] + 1 : std::max(t[i - 1][j], t[i][j - 1]);
  return t[a.size()][b.size()];
}

QString kinds(const std::vector<DiffLine>& d) {
  QString out;
  for (const DiffLine& l : d) out += l.kind == DiffKind::Same ? QLatin1Char('=') : l.kind == DiffKind::Removed ? QLatin1Char('-') : QLatin1Char('+');
  return out;
}

} // namespace

class TestKernelDiff : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void exactScripts() {
    QCOMPARE(kinds(lineDiff(lines("a b c"), lines("a b c"))), QStringLiteral("==="));
    QCOMPARE(kinds(lineDiff(lines("x a b c"), lines("a b d c"))), QStringLiteral("-==+="));
    QCOMPARE(kinds(lineDiff({}, lines("a b"))), QStringLiteral("++"));
    QCOMPARE(kinds(lineDiff(lines("a b"), {})), QStringLiteral("--"));
    AlignedDiff d = alignedDiff(QStringLiteral("x\na\nb\nc"), QStringLiteral("a\nb\nd\nc"));
    QCOMPARE(d.left, QStringLiteral("x\na\nb\n\nc"));
    QCOMPARE(d.right, QStringLiteral("\na\nb\nd\nc"));
    QCOMPARE(d.removed, 1);
    QCOMPARE(d.added, 1);
  }

  void randomTextsRebuildWithTheLongestCommonPart() {
    QRandomGenerator rng(7);
    for (int round = 0; round < 300; ++round) {
      QStringList a, b;
      for (int i = 0, n = rng.bounded(12); i < n; ++i) a << QString::number(rng.bounded(4));
      for (int i = 0, n = rng.bounded(12); i < n; ++i) b << QString::number(rng.bounded(4));
      std::vector<DiffLine> d = lineDiff(a, b);
      QStringList left, right;
      int same = 0;
      for (const DiffLine& l : d) {
        if (l.left >= 0) left << a[l.left];
        if (l.right >= 0) right << b[l.right];
        if (l.kind == DiffKind::Same) {
          QCOMPARE(a[l.left], b[l.right]);
          ++same;
        }
      }
      QCOMPARE(left, a);
      QCOMPARE(right, b);
      QCOMPARE(same, lcs(a, b));
    }
  }

  void comparesTwoOptOpChoices() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify"));
    QVERIFY(w.session().setDevice(QStringLiteral("CPU")));
    w.session().waitForIdle();
    QVERIFY(w.showView(QStringLiteral("diff")));
    DiffPanel* diff = w.diff();
    QCOMPARE(diff->kernel()->count(), 5);
    // kernel 1 with no OptOps against an UPCAST of its first axis
    diff->compare(1, QString(), QStringLiteral("Split(0, 2, UPCAST)"));
    diff->waitForResult();
    QTableWidget* s = diff->summary();
    QVERIFY2(!s->item(0, 0)->text().startsWith(QStringLiteral("failed")), qPrintable(s->item(0, 0)->text()));
    QVERIFY2(!s->item(0, 1)->text().startsWith(QStringLiteral("failed")), qPrintable(s->item(0, 1)->text()));
    QCOMPARE(s->item(2, 0)->text(), QStringLiteral("none"));
    QCOMPARE(s->item(2, 1)->text(), QStringLiteral("Split(0, 2, UPCAST)"));
    QVERIFY(s->item(1, 1)->text().contains(QStringLiteral("UPCAST2")));
    QVERIFY(!s->item(1, 0)->text().contains(QStringLiteral("UPCAST")));
    QVERIFY2(viewstest::shownMs(s->item(3, 0)->text()) > 0, qPrintable(s->item(3, 0)->text()));
    QVERIFY2(viewstest::shownMs(s->item(3, 1)->text()) > 0, qPrintable(s->item(3, 1)->text()));
    QVERIFY(diff->status()->text().startsWith(QStringLiteral("B runs ")));
    // the panes hold the two sources row-aligned, with their differences marked
    QCOMPARE(diff->sourceA()->lineCount(), diff->sourceB()->lineCount());
    // rows only one side has: marked on both sides, the same rows
    const auto marked = [](const CodeEditor* e) {
      std::vector<int> rows;
      for (CodeEditor::Mark m : {CodeEditor::Mark::Removed, CodeEditor::Mark::Added, CodeEditor::Mark::Missing})
        for (int row : e->markedLines(m)) rows.push_back(row);
      std::sort(rows.begin(), rows.end());
      return rows;
    };
    QVERIFY(!marked(diff->sourceA()).empty());
    QCOMPARE(marked(diff->sourceA()), marked(diff->sourceB()));
    QVERIFY(!diff->sourceA()->markedLines(CodeEditor::Mark::Removed).empty() ||
            !diff->sourceB()->markedLines(CodeEditor::Mark::Added).empty());
    QVERIFY(diff->sourceA()->text().contains(QStringLiteral("define")));
    QVERIFY(diff->machineA()->text() != diff->machineB()->text());
    // an OptOp that does not apply: that side says why, the other still shows
    diff->compare(1, QString(), QStringLiteral("Split(0, 7, UPCAST)"));
    diff->waitForResult();
    QVERIFY2(s->item(0, 1)->text().startsWith(QStringLiteral("failed: ")), qPrintable(s->item(0, 1)->text()));
    QVERIFY(!s->item(0, 0)->text().startsWith(QStringLiteral("failed")));
    QCOMPARE(diff->status()->text(), QStringLiteral("a side failed (its row says why)"));
  }
};

UOPSCOPE_TEST(TestKernelDiff);
#include "test_kernel_diff.moc"
