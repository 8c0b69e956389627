// uopscope's command line, run as a user starts it: --help and --version
// without a display, and every wrong option value an error (exit 1) that
// says what is valid, before a window opens.
#include "tests/support/test_registry.h"

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Result {
  int code = -1;
  QString out, err;
};

// uopscope with `args`; `display` false runs it with no platform plugin that could open a window.
Result uopscope(const QStringList& args, bool display = true) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  if (display) {
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
  } else {
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
  }
  p.setProcessEnvironment(env);
  p.start(QStringLiteral(UOPSCOPE_PATH), args);
  p.waitForFinished(120000);
  return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

const QString kExample = QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples/matmul.py");

} // namespace

class TestUopscopeCli : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void helpAndVersionNeedNoDisplay() {
    Result help = uopscope({QStringLiteral("--help")}, false);
    QCOMPARE(help.code, 0);
    for (const char* option : {"--device", "--view", "--stage", "--kernel", "--hide", "--steps", "--lanes", "--hover", "--screenshot",
                               "--screenshot-loading", "--version"})
      QVERIFY2(help.out.contains(QLatin1String(option)), option);
    for (const char* view : {"graph", "autobatch", "program", "stages", "rewrites", "kernels", "optimize", "code", "diff",
                             "inspector", "run", "roofline", "step", "why-not", "remarks", "memory", "throughput"})
      QVERIFY2(help.out.contains(QLatin1String(view)), view); // --help lists every view name
    Result version = uopscope({QStringLiteral("--version")}, false);
    QCOMPARE(version.code, 0);
    QVERIFY2(version.out.startsWith(QStringLiteral("uopscope ")), qPrintable(version.out));
  }

  void wrongValuesAreErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("hide") << QStringList{kExample, QStringLiteral("--hide"), QStringLiteral("constants,foo")}
                          << QStringLiteral("no node group 'foo' for --hide (groups: constants, index, movement, calls)");
    QTest::newRow("view") << QStringList{kExample, QStringLiteral("--view"), QStringLiteral("bogus")}
                          << QStringLiteral("no view 'bogus' (views: autobatch, code, diff, graph, inspector, kernels, memory, "
                                             "optimize, program, remarks, rewrites, roofline, run, stages, step, throughput, why-not)");
    QTest::newRow("steps") << QStringList{kExample, QStringLiteral("--steps"), QStringLiteral("x")}
                           << QStringLiteral("--steps wants a count, not 'x'");
    QTest::newRow("steps without a stage") << QStringList{kExample, QStringLiteral("--steps"), QStringLiteral("3")}
                                           << QStringLiteral("--steps needs --stage (a kernel's stage)");
    QTest::newRow("lanes") << QStringList{kExample, QStringLiteral("--lanes"), QStringLiteral("0")}
                           << QStringLiteral("--lanes wants a count of at least 1, not '0'");
    QTest::newRow("too many lanes") << QStringList{kExample, QStringLiteral("--lanes"), QStringLiteral("100")}
                                    << QStringLiteral("--lanes runs at most 64 work-items together, not 100");
    QTest::newRow("lanes without steps") << QStringList{kExample, QStringLiteral("--lanes"), QStringLiteral("4")}
                                         << QStringLiteral("--lanes needs --steps");
    QTest::newRow("line") << QStringList{kExample, QStringLiteral("--line"), QStringLiteral("0")}
                          << QStringLiteral("--line wants a line number from 1, not '0'");
    QTest::newRow("pass") << QStringList{kExample, QStringLiteral("--pass"), QStringLiteral("bogus")}
                          << QStringLiteral("no pass 'bogus' (passes: front end, types, allocation, lowering, fusion)");
    QTest::newRow("vm steps without a call")
        << QStringList{kExample, QStringLiteral("--vm-steps"), QStringLiteral("3"), QStringLiteral("--screenshot"),
                       QStringLiteral("/dev/null")}
        << QStringLiteral("--pass and --vm-steps: the program makes no @autobatch call");
    QTest::newRow("hover without a node")
        << QStringList{kExample, QStringLiteral("--hover"), QStringLiteral("--screenshot"), QStringLiteral("/dev/null")}
        << QStringLiteral("--hover: no node found to hover (--find names one)");
    QTest::newRow("device") << QStringList{kExample, QStringLiteral("--device"), QStringLiteral("tpu")}
                            << QStringLiteral("unknown device 'tpu': expected REF, INTERP, CPU, CPU:<n>, CL:<n> or CUDA:<n>");
    QTest::newRow("ref is no target") << QStringList{kExample, QStringLiteral("--device"), QStringLiteral("ref")}
                                      << QStringLiteral("REF cannot be the explorer's target");
    QTest::newRow("missing file") << QStringList{QStringLiteral("/nonexistent/prog.py")}
                                  << QStringLiteral("cannot open '/nonexistent/prog.py': no such file");
    QTest::newRow("loading shot without a shot")
        << QStringList{kExample, QStringLiteral("--screenshot-loading"), QStringLiteral("3")}
        << QStringLiteral("--screenshot-loading goes with --screenshot");
    QTest::newRow("diff without kernel") << QStringList{kExample, QStringLiteral("--diff"), QStringLiteral("")}
                                         << QStringLiteral("--diff goes with --stage and --kernel");
    QTest::newRow("kernel without stage") << QStringList{kExample, QStringLiteral("--kernel"), QStringLiteral("0")}
                                          << QStringLiteral("--kernel goes with --stage");
    QTest::newRow("stage") << QStringList{kExample, QStringLiteral("--stage"), QStringLiteral("Foo")}
                           << QStringLiteral("no stage 'Foo'; stages: Callify, Rangeify, Optimize");
    QTest::newRow("kernel stage needs a kernel")
        << QStringList{kExample, QStringLiteral("--stage"), QStringLiteral("expand")}
        << QStringLiteral("stage 'expand' runs per kernel: name one with --kernel");
    QTest::newRow("kernel") << QStringList{kExample, QStringLiteral("--stage"), QStringLiteral("Expand"),
                                           QStringLiteral("--kernel"), QStringLiteral("r_99")}
                            << QStringLiteral("no kernel 'r_99'; the schedule has ");
  }

  void wrongValuesAreErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    Result r = uopscope(args);
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
  }

  // a session saved by the window opens from the command line; a file that is
  // not one is an error naming it
  void opensASession() {
    QTemporaryDir dir;
    QString session = dir.filePath(QStringLiteral("s.uopscope")), shot = dir.filePath(QStringLiteral("shot.png"));
    QFile f(session);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"json({"uopscope_session": 1, "program": {"name": "tiny.py", "source":
              "from tinygrad import Tensor\nout = (Tensor.arange(64).reshape(8, 8) + 1).sum(1)\n"},
              "device": "CPU", "kernels": [{"index": 0, "opts": "Split(0, 2, UPCAST)"}],
              "view": {"stage": "Optimize", "kernel": 0, "hide": ["constants"]}})json");
    f.close();
    Result r = uopscope({session, QStringLiteral("--screenshot"), shot});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(QFile::exists(shot));
    QFile broken(dir.filePath(QStringLiteral("broken.uopscope")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("not json");
    broken.close();
    r = uopscope({broken.fileName()});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(broken.fileName() + QStringLiteral(": not a UOpScope session: JSON error")), qPrintable(r.err));
  }

  // a kernel named as uopc names it, in any case of device name
  void kernelByNameAndDeviceInAnyCase() {
    QTemporaryDir dir;
    QString shot = dir.filePath(QStringLiteral("shot.png"));
    Result r = uopscope({kExample, QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--stage"),
                         QStringLiteral("Expand"), QStringLiteral("--kernel"), QStringLiteral("0"),
                         QStringLiteral("--screenshot"), shot});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(QFile::exists(shot));
  }
};

UOPSCOPE_TEST(TestUopscopeCli);
#include "test_uopscope_cli.moc"
