// A window that never waits: the program's text shows at once, lowering
// reports its stage and kernel, a new request supersedes the one in flight
// (whose result is dropped, never waited for), Stop cancels, text typed while
// a lowering runs stays, and an event-loop latency probe (a timer measuring its
// own lateness) records the GUI thread's longest stall while a user edits the
// bundled examples, steps stages, opens a 7,000-node graph and starts and
// cancels BEAM. The stalls go to the test log.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"
#include "views/program/program_editor.h"
#include "views/jobs/latest_job.h"
#include "views/jobs/work_pool.h"

#include <QAction>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QThreadPool>
#include <QTimer>

#include <algorithm>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

using namespace uops::views;

namespace {

// Measures how late a 5 ms timer fires on the GUI thread: the longest stall
// between start() and stop(), and where it happened.
class LatencyProbe : public QObject {
public:
  LatencyProbe() {
    m_timer.setInterval(5);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, [this] {
      qint64 late = m_clock.restart() - m_timer.interval();
      if (late > m_worst) {
        m_worst = late;
        m_where = m_phase;
      }
    });
  }
  void start() {
    m_clock.start();
    m_timer.start();
  }
  void phase(const QString& name) { m_phase = name; }
  qint64 worst() const { return m_worst; }
  const QString& where() const { return m_where; }

private:
  QTimer m_timer;
  QElapsedTimer m_clock;
  qint64 m_worst = 0;
  QString m_phase, m_where;
};

ProgramEditor* editor(MainWindow& w) { return w.program()->editor(); }
QLabel* programStatus(MainWindow& w) { return w.findChild<QLabel*>(QStringLiteral("programStatus")); }

} // namespace

class TestResponsive : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { viewstest::isolateSettings(m_settings); }

  void textShowsAtOnceAndLoweringReportsProgress() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy progress(&w.session(), &Session::loweringProgress);
    QString text = viewstest::exampleText("attention.py");
    w.session().setSource(text, QStringLiteral("attention.py"));
    // before any event is processed: the text is there, the lowering under way
    QCOMPARE(editor(w)->text(), text);
    QVERIFY(programStatus(w)->text().startsWith(QStringLiteral("lowering")));
    QVERIFY(w.session().lowering());
    w.session().waitForIdle();
    QVERIFY(w.session().run() && !w.session().run()->failed());
    const size_t kernels = w.session().run()->schedule.kernels.size();
    QVERIFY(progress.count() >= 2);
    QCOMPARE(progress.first().at(0).toString(), QStringLiteral("Callify"));
    QCOMPARE(progress.last().at(3).toInt(), static_cast<int>(2 + kernels * uops::codegenStages().size()));
    QStringList kernelsSeen;
    for (const QList<QVariant>& args : progress)
      if (!args.at(1).toString().isEmpty() && !kernelsSeen.contains(args.at(1).toString())) kernelsSeen << args.at(1).toString();
    QVERIFY(!kernelsSeen.isEmpty());
  }

  // A second request while the first lowers: only the second's result shows
  // (the first used to be waited for on the GUI thread, then shown too).
  void aNewRequestSupersedesTheOneInFlight() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    int lowered = 0; // programs lowered (each new program is also announced, without a run, as it starts)
    connect(&w.session(), &Session::programLowered, this, [&] { lowered += w.session().run() != nullptr; });
    QElapsedTimer clock;
    clock.start();
    w.session().setSource(viewstest::exampleText("gpt_block.py"), QStringLiteral("gpt_block.py"));
    w.session().setSource(viewstest::exampleText("matmul.py"), QStringLiteral("matmul.py"));
    qint64 returnedMs = clock.elapsed();
    w.session().waitForIdle();
    QCOMPARE(lowered, 1);
    QCOMPARE(w.session().lowered().name, QStringLiteral("matmul.py"));
    QCOMPARE(w.session().lowered().source, viewstest::exampleText("matmul.py"));
    qInfo("two setSource calls returned after %lld ms", returnedMs);
  }

  // Stop while an edit lowers: nothing new is shown, the last lowered
  // program stays, the status says so. (Another program's load clears the
  // last one at once: test_program_change.cpp.)
  void stopKeepsTheLastLoweredProgram() {
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify"));
    QSignalSpy lowered(&w.session(), &Session::programLowered);
    QSignalSpy cancelled(&w.session(), &Session::workCancelled);
    QString slow = viewstest::exampleText("lstm.py");
    w.session().editSource(slow);
    QAction* stop = w.findChild<QAction*>(QStringLiteral("stopAction"));
    QVERIFY(stop);
    stop->trigger();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!w.session().busy());
    w.session().waitForIdle();
    QCOMPARE(lowered.count(), 0);
    QCOMPARE(w.session().lowered().name, QStringLiteral("matmul.py"));
    QCOMPARE(editor(w)->text(), slow);
    QVERIFY2(programStatus(w)->text().contains(QStringLiteral("cancelled")), qPrintable(programStatus(w)->text()));
    QVERIFY(w.layoutProgress()->isHidden());
  }

  // Text typed while an earlier text lowers is kept when that lowering ends
  // (it used to be replaced by the lowered text).
  void typingWhileLoweringIsKept() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QString first = viewstest::exampleText("softmax.py");
    QString typed = first + QStringLiteral("\n# typed while it lowered\n");
    QString editorWhenLowered;
    connect(&w.session(), &Session::programLowered, this, [&] {
      if (editorWhenLowered.isEmpty()) editorWhenLowered = editor(w)->text();
    });
    w.session().setSource(first, QStringLiteral("softmax.py"));
    editor(w)->edit(typed);
    w.session().waitForIdle();
    QTest::qWait(700); // the edit's own lowering (after half a second without typing)
    w.session().waitForIdle();
    QCOMPARE(editorWhenLowered, typed);
    QCOMPARE(editor(w)->text(), typed);
    QCOMPARE(w.session().lowered().source, typed);
  }

  // The explorer's work runs on its own pool: Qt's raster engine draws lines
  // and fills on the global one, and a lowering there made painting wait for
  // it (150 ms stalls while stepping stages).
  void workLeavesQtsThreadPoolFree() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(viewstest::exampleText("lstm.py"), QStringLiteral("lstm.py"));
    QVERIFY(w.session().lowering());
    // (Qt's own painting may borrow a global thread for a moment)
    QTRY_VERIFY(workPool()->activeThreadCount() > 0 && QThreadPool::globalInstance()->activeThreadCount() == 0);
    w.session().cancelWork();
    w.session().waitForIdle();
  }

  // A job runs below the GUI thread's priority: on two cores the window
  // would otherwise wait its turn behind two busy workers.
  void jobsRunBelowTheWindow() {
#ifdef __linux__
    auto niceOfThisThread = [] { return getpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid))); };
    QObject context;
    LatestJob<int> job(&context);
    int seen = -100;
    job.start([&](const std::atomic<bool>&) { return niceOfThisThread(); }, [&](int nice) { seen = nice; });
    QTRY_VERIFY(seen != -100);
    QCOMPARE(seen, std::min(19, niceOfThisThread() + 10));
#else
    QSKIP("thread priorities are Linux's here");
#endif
  }

  void latencyWhileWorking() {
    MainWindow w;
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    LatencyProbe probe;
    probe.start();
    QStringList stalls;
    auto measure = [&](const QString& phase, const std::function<void()>& work) {
      LatencyProbe local;
      local.phase(phase);
      local.start();
      probe.phase(phase);
      QElapsedTimer took;
      took.start();
      work();
      w.session().waitForIdle();
      qint64 ms = took.elapsed();
      QTest::qWait(20); // what the last result's views do after it arrives
      stalls << QStringLiteral("%1: %2 ms (done in %3 ms)").arg(phase).arg(local.worst()).arg(ms);
    };
    // convnet_train runs three training steps on the CPU while it loads
    for (const char* name : {"attention.py", "convnet.py", "mlp_train.py", "convnet_train.py"}) {
      QString text = viewstest::exampleText(name);
      measure(QStringLiteral("open %1").arg(QString::fromLatin1(name)), [&] {
        w.session().setSource(text, QString::fromLatin1(name));
      });
      // the user edits: a few keystrokes, each restarting the relower timer
      measure(QStringLiteral("edit %1").arg(QString::fromLatin1(name)), [&] {
        editor(w)->moveToEnd();
        QTest::keyClick(editor(w)->textWidget(), Qt::Key_Return);
        for (const char* key : {"#", " ", "x"}) {
          QTest::qWait(30);
          QTest::keyClicks(editor(w)->textWidget(), QString::fromLatin1(key));
        }
        QTest::qWait(600);
      });
      measure(QStringLiteral("step stages of %1").arg(QString::fromLatin1(name)), [&] {
        for (int i = 0; i < std::min(w.session().stageCount(), 12); ++i) {
          w.session().selectStage(i);
          QTest::qWait(10);
        }
      });
    }
    measure(QStringLiteral("open a 7,000-node graph"), [&] {
      w.session().setSource(viewstest::chainProgram(1000), QStringLiteral("chain.py"));
      w.session().waitForIdle();
      w.session().selectStage(0); // it opens on a kernel: the whole program is chosen in Stages
    });
    QVERIFY(w.graph()->nodeCount() >= 6500);
    measure(QStringLiteral("leave the 7,000-node graph"), [&] { QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify")); });
    w.session().selectStage(w.session().findStage(QStringLiteral("Optimize"), 0));
    w.session().waitForIdle();
    measure(QStringLiteral("start and cancel BEAM"), [&] {
      w.session().startBeam(0, 2);
      QTest::qWait(200);
      w.session().beam().cancel();
    });
    qInfo("GUI thread stalls (worst per phase): %s", qPrintable(stalls.join(QStringLiteral("; "))));
    qInfo("worst overall: %lld ms in '%s'", probe.worst(), qPrintable(probe.where()));
  }

private:
  QTemporaryDir m_settings;
};

UOPSCOPE_TEST(TestResponsive);
#include "test_responsive.moc"
