// Saving what was typed: File > Save writes the Program view's text to the
// program's file (Save As, or Save with no file yet, asks for a path), the
// title marks a text that differs from the one last loaded or saved, the
// window asks before edits would be dropped (another program, an example,
// closing), and edits keep the program's own name. The window's questions
// are answered through MainWindow::prompts(), as no modal dialog can be
// clicked under the offscreen platform.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "views/program/program_editor.h"

#include <QAction>
#include <QLabel>
#include <QMenu>

using namespace uops::views;

namespace {

QString readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// A copy of bundled example `name` in `dir`: tests write over it.
QString copyOfExample(const QTemporaryDir& dir, const char* name) {
  const QString path = dir.filePath(QString::fromLatin1(name));
  QFile::copy(viewstest::examplePath(name), path);
  QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
  return path;
}

QAction* action(MainWindow& w, const char* name) { return w.findChild<QAction*>(QLatin1String(name)); }

// Types a line at the end of the program, as a user does.
void typeLine(MainWindow& w, const QString& line) {
  ProgramEditor* editor = w.program()->editor();
  editor->textWidget()->setFocus();
  editor->moveToEnd();
  QTest::keyClick(editor->textWidget(), Qt::Key_Return);
  QTest::keyClicks(editor->textWidget(), line);
}

// The window shown with the program at `path` open and `line` typed at its end.
bool openAndType(MainWindow& w, const QString& path, const QString& line) {
  w.show();
  if (!QTest::qWaitForWindowExposed(&w)) return false;
  w.openFile(path);
  w.session().waitForIdle();
  typeLine(w, line);
  return true;
}

// Answers the unsaved-edits question with `answer`, recording each question asked.
void answerEdits(MainWindow& w, MainWindow::EditsAnswer answer, QStringList& asked) {
  w.prompts().unsavedEdits = [answer, &asked](const QString& question) {
    asked << question;
    return answer;
  };
}

} // namespace

class TestProgramSave : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void fileMenuHasSaveAndSaveAs() {
    MainWindow w;
    QVERIFY(action(w, "saveProgram"));
    QCOMPARE(action(w, "saveProgram")->shortcut(), QKeySequence(QKeySequence::Save));
    QCOMPARE(action(w, "saveProgramAs")->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
  }

  // typed text marks the title; Ctrl+S writes it over the program's file and clears the mark
  void saveWritesTheEditsToTheFile() {
    QTemporaryDir dir;
    const QString path = copyOfExample(dir, "softmax.py");
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify"));
    w.openFile(path);
    w.session().waitForIdle();
    QVERIFY(w.windowTitle().contains(path));
    QVERIFY(w.windowTitle().endsWith(QStringLiteral("[*]")));
    QVERIFY(!w.isWindowModified());
    typeLine(w, QStringLiteral("# saved"));
    QVERIFY(w.isWindowModified());
    QVERIFY(w.program()->modified());
    // undone by hand: the text is what was loaded again
    ProgramEditor* editor = w.program()->editor();
    editor->edit(readAll(path));
    QVERIFY(!w.isWindowModified());
    typeLine(w, QStringLiteral("# saved"));
    QVERIFY(w.isWindowModified());
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keySequence(editor->textWidget(), QKeySequence::Save); // Ctrl+S where the user types
    QCOMPARE(readAll(path), editor->text());
    QVERIFY(readAll(path).endsWith(QStringLiteral("\n# saved")));
    QVERIFY(!w.isWindowModified());
    QCOMPARE(w.session().path(), path);
    QCOMPARE(w.session().name(), QStringLiteral("softmax.py"));
    QCOMPARE(w.session().savedSource(), editor->text());
  }

  // an edit is lowered under the file's own name, even when the program's
  // first lowering was stopped (it used to become "program.py")
  void editsKeepTheProgramsName() {
    QTemporaryDir dir;
    const QString path = copyOfExample(dir, "softmax.py");
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(path);
    w.session().cancelWork(); // Esc while it loads
    w.session().waitForIdle();
    QVERIFY(!w.session().run()); // stopped before it was lowered
    QSignalSpy lowered(&w.session(), &Session::programLowered);
    typeLine(w, QStringLiteral("# edited"));
    QVERIFY(lowered.wait(3000));
    w.session().waitForIdle();
    QCOMPARE(w.session().lowered().name, QStringLiteral("softmax.py"));
    QVERIFY2(w.program()->status()->text().startsWith(QStringLiteral("softmax.py:")),
             qPrintable(w.program()->status()->text()));
    QCOMPARE(w.session().saved().name, QStringLiteral("softmax.py"));
    QCOMPARE(w.session().path(), path);
  }

  // a program with no file: Save asks for a path (".py" added), which becomes its file and name
  void saveWithoutAFileAsksForAPath() {
    QTemporaryDir dir;
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(viewstest::exampleText("softmax.py"), QStringLiteral("untitled.py"));
    w.session().waitForIdle();
    QVERIFY(w.session().path().isEmpty());
    typeLine(w, QStringLiteral("# mine"));
    QStringList captions;
    w.prompts().savePath = [&](const QString& caption, const QString& filter, const QString&) {
      captions << caption;
      return filter.contains(QStringLiteral("*.py")) ? dir.filePath(QStringLiteral("mine")) : QString();
    };
    action(w, "saveProgram")->trigger();
    QCOMPARE(captions, QStringList{QStringLiteral("Save the program")});
    const QString path = dir.filePath(QStringLiteral("mine.py"));
    QCOMPARE(readAll(path), w.program()->text());
    QCOMPARE(w.session().path(), path);
    QCOMPARE(w.session().name(), QStringLiteral("mine.py"));
    QVERIFY(w.windowTitle().contains(path));
    QVERIFY(!w.isWindowModified());
    // Save As again, cancelled: nothing changes
    w.prompts().savePath = [](const QString&, const QString&, const QString&) { return QString(); };
    typeLine(w, QStringLiteral("# more"));
    action(w, "saveProgramAs")->trigger();
    QCOMPARE(w.session().path(), path);
    QVERIFY(w.isWindowModified());
  }

  // opening another program with edits: Cancel keeps them, Save writes them
  // first, Discard drops them
  void openingAnotherProgramAsks() {
    QTemporaryDir dir;
    const QString path = copyOfExample(dir, "softmax.py");
    const QString original = readAll(path);
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(path);
    w.session().waitForIdle();
    QStringList asked;
    // unchanged: no question
    answerEdits(w, MainWindow::EditsAnswer::Cancel, asked);
    w.openFile(path);
    w.session().waitForIdle();
    QVERIFY(asked.isEmpty());

    typeLine(w, QStringLiteral("# kept"));
    const QString edited = w.program()->text();
    w.openFile(viewstest::examplePath("matmul.py"));
    w.session().waitForIdle();
    QCOMPARE(asked.size(), 1);
    QVERIFY2(asked[0].contains(QStringLiteral("softmax.py")), qPrintable(asked[0]));
    QCOMPARE(w.session().path(), path);
    QCOMPARE(w.program()->text(), edited);
    QVERIFY(w.isWindowModified());

    answerEdits(w, MainWindow::EditsAnswer::Save, asked);
    w.openFile(viewstest::examplePath("matmul.py"));
    w.session().waitForIdle();
    QCOMPARE(readAll(path), edited);
    QCOMPARE(w.session().path(), viewstest::examplePath("matmul.py"));
    QVERIFY(!w.isWindowModified());

    w.openFile(path);
    w.session().waitForIdle();
    typeLine(w, QStringLiteral("# dropped"));
    answerEdits(w, MainWindow::EditsAnswer::Discard, asked);
    w.openFile(viewstest::examplePath("matmul.py"));
    w.session().waitForIdle();
    QCOMPARE(asked.size(), 3);
    QCOMPARE(readAll(path), edited);
    QCOMPARE(w.program()->text(), viewstest::exampleText("matmul.py"));
    QVERIFY(!w.isWindowModified());
    QVERIFY(original != edited);
  }

  // File > Examples asks too
  void examplesAsk() {
    QTemporaryDir dir;
    const QString path = copyOfExample(dir, "softmax.py");
    MainWindow w;
    QVERIFY(openAndType(w, path, QStringLiteral("# kept")));
    QStringList asked;
    answerEdits(w, MainWindow::EditsAnswer::Cancel, asked);
    auto* examples = w.findChild<QMenu*>(QStringLiteral("examplesMenu"));
    QVERIFY(examples && !examples->actions().isEmpty());
    examples->actions().front()->trigger();
    w.session().waitForIdle();
    QCOMPARE(asked.size(), 1);
    QCOMPARE(w.session().path(), path);
    QVERIFY(w.program()->text().endsWith(QStringLiteral("# kept")));
  }

  // closing with edits: Cancel keeps the window open, Save writes them and closes
  void closingAsks() {
    QTemporaryDir dir;
    const QString path = copyOfExample(dir, "softmax.py");
    MainWindow w;
    QVERIFY(openAndType(w, path, QStringLiteral("# on close")));
    QStringList asked;
    answerEdits(w, MainWindow::EditsAnswer::Cancel, asked);
    QVERIFY(!w.close());
    QVERIFY(w.isVisible());
    QCOMPARE(asked.size(), 1);
    answerEdits(w, MainWindow::EditsAnswer::Save, asked);
    QVERIFY(w.close());
    QVERIFY(readAll(path).endsWith(QStringLiteral("\n# on close")));
  }

  // Export Kernel Report: a path without a suffix gets ".md"; one with a suffix is kept
  void kernelReportGetsMd() {
    QTemporaryDir dir;
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify"));
    w.session().selectStage(w.session().findStage(QStringLiteral("Render"), 1));
    w.session().waitForIdle();
    QString answer = dir.filePath(QStringLiteral("report"));
    w.prompts().savePath = [&answer](const QString&, const QString&, const QString&) { return answer; };
    action(w, "exportKernelReport")->trigger();
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("report.md"))));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("report"))));
    answer = dir.filePath(QStringLiteral("notes.txt"));
    action(w, "exportKernelReport")->trigger();
    QVERIFY(QFile::exists(answer));
    QVERIFY(readAll(answer).startsWith(QStringLiteral("# Kernel #1 ")));
  }
};

UOPSCOPE_TEST(TestProgramSave);
#include "test_program_save.moc"
