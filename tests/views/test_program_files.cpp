// Getting programs in: File > Open Recent remembers the last files (QSettings,
// newest first), a .py file dropped on the window opens, edits re-lower once
// about 500 ms after the last keystroke, and a load error's message shows
// under its line (the program's own line when the library raised it).
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"

#include <QMenu>
#include <QMimeData>
#include "views/program/program_editor.h"
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace uops::views;

namespace {


} // namespace

class TestProgramFiles : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() {
    viewstest::isolateSettings(m_settings);
  }

  void remembersRecentFiles() {
    MainWindow w;
    QVERIFY(w.recentFiles()->paths().isEmpty());
    w.openFile(viewstest::examplePath("matmul.py"));
    w.session().waitForIdle();
    w.openFile(viewstest::examplePath("softmax.py"));
    w.session().waitForIdle();
    w.openFile(viewstest::examplePath("matmul.py"));
    w.session().waitForIdle();
    QStringList want{viewstest::examplePath("matmul.py"), viewstest::examplePath("softmax.py")};
    QCOMPARE(w.recentFiles()->paths(), want);
    // a new window's menu lists them, and choosing one opens it
    MainWindow next;
    auto* recent = next.findChild<QMenu*>(QStringLiteral("recentMenu"));
    QVERIFY(recent);
    QCOMPARE(recent->actions().size(), 2);
    QCOMPARE(recent->actions().at(1)->text(), QStringLiteral("softmax.py"));
    recent->actions().at(1)->trigger();
    next.session().waitForIdle();
    QCOMPARE(next.session().path(), viewstest::examplePath("softmax.py"));
    QCOMPARE(next.recentFiles()->paths().first(), viewstest::examplePath("softmax.py"));
  }

  void opensADroppedFile() {
    MainWindow w;
    auto drag = [&w](const QString& path) {
      QMimeData data;
      data.setUrls({QUrl::fromLocalFile(path)});
      QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
      QCoreApplication::sendEvent(&w, &enter);
      if (!enter.isAccepted()) return false;
      QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
      QCoreApplication::sendEvent(&w, &drop);
      return true;
    };
    QVERIFY(!drag(viewstest::examplePath("matmul.uop")));
    QVERIFY(w.session().path().isEmpty());
    QVERIFY(drag(viewstest::examplePath("softmax.py")));
    w.session().waitForIdle();
    QCOMPARE(w.session().path(), viewstest::examplePath("softmax.py"));
    QVERIFY(w.session().run() && !w.session().run()->failed());
  }

  void relowersAfterEdits() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(viewstest::examplePath("softmax.py"));
    w.session().waitForIdle();
    QSignalSpy lowered(&w.session(), &Session::programLowered);
    ProgramEditor* editor = w.program()->editor();
    editor->textWidget()->setFocus();
    editor->moveToEnd();
    QTest::keyClicks(editor->textWidget(), QStringLiteral("y = x + 1"));
    QTest::keyClick(editor->textWidget(), Qt::Key_Return);
    QTest::qWait(200);
    QCOMPARE(lowered.count(), 0); // still typing
    QTest::keyClicks(editor->textWidget(), QStringLiteral("out = [y]"));
    QTest::qWait(300);
    QCOMPARE(lowered.count(), 0); // 500 ms from the last keystroke, not the first
    QVERIFY(lowered.wait(2000));
    w.session().waitForIdle();
    QCOMPARE(lowered.count(), 1);
    QVERIFY(w.session().source().endsWith(QStringLiteral("out = [y]")));
    QCOMPARE(w.session().run()->schedule.kernels.size(), 1u);
  }

  void showsTheErrorAtItsLine() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QStringLiteral("from tinygrad import Tensor\na = Tensor([1, 2])\nb = a.nosuch()\n"),
                          QStringLiteral("bad.py"));
    w.session().waitForIdle();
    ProgramEditor* editor = w.program()->editor();
    QVERIFY(w.session().lowered().errorLine == 3);
    // the message annotated under its line, the line marked and its text underlined
    QCOMPARE(editor->annotation(3), w.session().lowered().error);
    QCOMPARE(editor->markedLines(ProgramEditor::Mark::Error), std::vector<int>{3});
    QVERIFY(editor->underlined(3));
    QVERIFY(!editor->underlined(2));
    // fixed, the annotation goes
    w.session().setSource(QStringLiteral("from tinygrad import Tensor\na = Tensor([1, 2])\nb = a + 1\n"),
                          QStringLiteral("bad.py"));
    w.session().waitForIdle();
    QVERIFY(editor->annotation(3).isEmpty());
    QVERIFY(editor->markedLines(ProgramEditor::Mark::Error).empty());
  }

  // A shape error raised inside nn.Linear marks the program's own line that
  // called the layer (not the library's line number in the program's text),
  // and the status shows the traceback through the program's calls.
  void marksTheProgramsLineOfALibraryError() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QStringLiteral("from tinygrad import Tensor, nn\n"
                                         "class Net:\n"
                                         "  def __init__(self):\n"
                                         "    self.l1 = nn.Linear(128, 64)\n"
                                         "    self.l2 = nn.Linear(32, 10)\n"
                                         "  def forward(self, x):\n"
                                         "    return self.l2(self.l1(x).relu())\n"
                                         "net = Net()\n"
                                         "out = net.forward(Tensor.ones(4, 128))\n"),
                          QStringLiteral("net.py"));
    w.session().waitForIdle();
    const QString error = w.session().lowered().error;
    QVERIFY2(error.startsWith(QStringLiteral("tinygrad/nn/__init__.py:")), qPrintable(error));
    QCOMPARE(w.session().lowered().errorLine, 7);
    ProgramEditor* editor = w.program()->editor();
    QCOMPARE(editor->markedLines(ProgramEditor::Mark::Error), std::vector<int>{7});
    QVERIFY(editor->underlined(7));
    QVERIFY(!editor->underlined(9));
    QCOMPARE(editor->annotation(7), error);
    // the traceback, the program's top level first, in the status under the editor
    const QString status = w.program()->status()->text();
    QVERIFY2(status.contains(QStringLiteral("Traceback (most recent call last):")),
             qPrintable(status));
    const qsizetype top = status.indexOf(QStringLiteral("line 9, in &lt;module&gt;"));
    const qsizetype forward = status.indexOf(QStringLiteral("line 7, in forward"));
    const qsizetype library = status.indexOf(QStringLiteral("tinygrad/nn/__init__.py&quot;, line"));
    QVERIFY2(top > 0 && forward > top && library > forward, qPrintable(status));
  }
};

UOPSCOPE_TEST(TestProgramFiles);
#include "test_program_files.moc"
