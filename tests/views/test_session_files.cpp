// Saved sessions (.uopscope): the file format on its own (round trip, exact
// errors), then the window: a session saved after OptOps, a stage, hidden
// node groups and a raised view, reopened in a new window, gives them back.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include "views/common/time_text.h"
#include "views/session/saved_session.h"

#include "core/ir/axis_type.h"
#include "core/opt/kernel_ranges.h"
#include "core/pipeline/codegen.h"

#include <QAction>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStatusBar>
#include <QTabWidget>

using namespace uops::views;

namespace {

SavedSession sample() {
  SavedSession s;
  s.path = QStringLiteral("/tmp/matmul.py");
  s.name = QStringLiteral("matmul.py");
  s.source = QStringLiteral("from tinygrad import Tensor\nout = Tensor.ones(4, 4).sum()\n");
  s.device = QStringLiteral("CPU");
  s.schedule = 2;
  s.kernels[1] = {uops::parseOpts("Split(0, 4, UPCAST); Split(1, 2, UNROLL)"), {}};
  s.kernels[3] = {uops::parseOpts("Split(0, 2, THREAD)"), QStringLiteral("BEAM: Split(0, 2, THREAD) -> 0.0100 ms")};
  s.stage = QStringLiteral("Optimize");
  s.kernel = 1;
  s.centralView = QStringLiteral("autobatch");
  s.compare = true;
  s.hidden = {QStringLiteral("constants"), QStringLiteral("calls")};
  s.windowState = QByteArray("\x00\x01state\xff", 8);
  return s;
}

QString errorOf(const QByteArray& json) {
  try {
    parseSavedSession(json);
  } catch (const SessionFileError& e) {
    return QString::fromUtf8(e.what());
  }
  return {};
}

} // namespace

class TestSessionFiles : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void roundTrip() {
    SavedSession s = sample();
    QByteArray json = toJson(s);
    QVERIFY(parseSavedSession(json) == s);
    QJsonObject root = QJsonDocument::fromJson(json).object();
    QCOMPARE(root.value(QStringLiteral("uopscope_session")).toInt(), 1);
    QCOMPARE(root.value(QStringLiteral("device")).toString(), QStringLiteral("CPU"));
    // OptOps in their text form, as uopc --opts takes them
    QVERIFY(json.contains("\"opts\": \"Split(0, 4, UPCAST); Split(1, 2, UNROLL)\""));
  }

  void errorsSayWhatIsWrong_data() {
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << QByteArray("{\"uopscope_session\": 1,") << QStringLiteral("not a UOpScope session: JSON error at offset");
    QTest::newRow("array") << QByteArray("[]") << QStringLiteral("not a UOpScope session: the top level is not an object");
    QTest::newRow("other json") << QByteArray("{\"name\": 1}") << QStringLiteral("not a UOpScope session: no \"uopscope_session\" version");
    QTest::newRow("version") << QByteArray("{\"uopscope_session\": 7}")
                             << QStringLiteral("not a UOpScope session: version 7 (this uopscope reads version 1)");
    QTest::newRow("no name") << QByteArray("{\"uopscope_session\": 1, \"program\": {\"source\": \"x\"}}")
                             << QStringLiteral("not a UOpScope session: the program has no name");
    QTest::newRow("type") << QByteArray("{\"uopscope_session\": 1, \"program\": {\"name\": \"a.py\"}, \"device\": 3}")
                          << QStringLiteral("not a UOpScope session: session.device has the wrong type");
    QTest::newRow("opts") << QByteArray("{\"uopscope_session\": 1, \"program\": {\"name\": \"a.py\"}, "
                                        "\"kernels\": [{\"index\": 2, \"opts\": \"Split(0, 4, SIDEWAYS)\"}]}")
                          << QStringLiteral("not a UOpScope session: kernel 2's OptOps: ");
  }

  void errorsSayWhatIsWrong() {
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    QString error = errorOf(json);
    QVERIFY2(error.startsWith(message), qPrintable(error));
  }

  // OptOps on a kernel, a kernel's stage, hidden constants, the Code dock
  // raised: saved, then reopened in a new window
  void windowRestoresASavedSession() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("matmul.uopscope"));
    std::vector<uops::Opt> opts;
    SavedSession before;
    {
      MainWindow w;
      QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify"));
      QVERIFY(w.session().setDevice(QStringLiteral("CPU")));
      w.session().waitForIdle();
      QCOMPARE(w.session().applyOpt(1, uops::Opt{uops::OptOpKind::Split, 0, 2, uops::AxisType::Upcast, false, 0}),
               QString());
      w.session().waitForIdle();
      opts = w.session().currentOpts(1);
      QVERIFY(!opts.empty());
      w.session().selectStage(w.session().findStage(QStringLiteral("Optimize"), 1));
      w.session().waitForIdle();
      w.setHiddenGroups({QStringLiteral("constants")});
      w.showView(QStringLiteral("code"));
      QCOMPARE(w.saveSession(file), QString());
      before = w.session().saved();
    }
    QVERIFY(QFile::exists(file));
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.openFile(file);
    w.session().waitForIdle();
    QCoreApplication::processEvents(); // the view state, applied once the program lowered
    w.session().waitForIdle();
    QCOMPARE(w.session().source(), before.source);
    QCOMPARE(w.session().device(), QStringLiteral("CPU"));
    QCOMPARE(w.session().currentOpts(1), opts);
    QCOMPARE(w.session().kernelOpts().size(), size_t{1});
    const uops::StageRecord& r = w.session().stageRecord(w.session().selectedStage());
    QCOMPARE(QString::fromStdString(r.stage), QStringLiteral("Optimize"));
    QCOMPARE(r.kernelIndex, size_t{1});
    QVERIFY(w.session().layouts().layoutOptions().filter.constants);
    QVERIFY(w.findChild<QAction*>(QStringLiteral("hideConstants"))->isChecked());
    QVERIFY(w.session().saved() == before);
    QVERIFY(w.windowTitle().contains(QStringLiteral("matmul.uopscope")));
  }

  // the selected kernel as Markdown: its OptOps and their origin, ranges,
  // times from the last run, source and machine code
  void exportsAKernelReport() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("kernel.md"));
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify"));
    QVERIFY(w.session().setDevice(QStringLiteral("CPU")));
    w.session().waitForIdle();
    QVERIFY(w.exportKernelReport(file).startsWith(QStringLiteral("select a kernel's stage first")));
    w.session().runOn(QStringLiteral("CPU"), 3);
    w.session().waitForIdle();
    w.session().selectStage(w.session().findStage(QStringLiteral("Render"), 1));
    w.session().waitForIdle();
    const uops::LoweredKernel* k = w.session().selectedKernel();
    QVERIFY(k);
    QVERIFY(!w.session().machineCodeOf(1).isEmpty());
    QCOMPARE(w.exportKernelReport(file), QString());
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString report = QString::fromUtf8(f.readAll());
    const QString name = QString::fromStdString(k->name.text);
    QVERIFY2(report.startsWith(QStringLiteral("# Kernel #1 ") + name + QLatin1Char('\n')), qPrintable(report.left(200)));
    QVERIFY(report.contains(QStringLiteral("- device: CPU")));
    const QString opts = k->opts.empty() ? QStringLiteral("none") : QString::fromStdString(uops::formatOpts(k->opts));
    QVERIFY2(report.contains(QStringLiteral("- OptOps: ") + opts + QStringLiteral(" (the heuristics)")),
             qPrintable(report.left(400)));
    QVERIFY(report.contains(QStringLiteral("| 0 | %1 | %2 |")
                                .arg(k->name.sizes[0])
                                .arg(QString::fromUtf8(uops::axisTypeName(k->name.types[0]).data()))));
    const uops::KernelTimes& times = w.session().lastRun()->kernels[1];
    QVERIFY2(report.contains(QStringLiteral("median %1, min %2 over 3 runs on CPU")
                                 .arg(timeText(times.medianMs()), timeText(times.minMs()))),
             qPrintable(report));
    QVERIFY(report.contains(QStringLiteral("```llvm\n")));
    QVERIFY(report.contains(QString::fromStdString(k->rendered.text).left(200)));
    QVERIFY(report.contains(QStringLiteral("## Machine code\n\n```asm\n") + w.session().machineCodeOf(1).left(100)));
  }

  // a broken file: an error naming it, the open program untouched
  void brokenFileIsAnError() {
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("broken.uopscope"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"uopscope_session\": 2}");
    f.close();
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "softmax.py", "Rangeify"));
    QString source = w.session().source();
    QCOMPARE(w.openSession(file), file + QStringLiteral(": not a UOpScope session: version 2 (this uopscope reads version 1)"));
    w.openFile(file);
    QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("version 2")));
    QCOMPARE(w.session().source(), source);
  }
};

UOPSCOPE_TEST(TestSessionFiles);
#include "test_session_files.moc"
