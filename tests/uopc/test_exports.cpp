// uopc's exports, run as a user runs them: `uopc run --trace-out` writes the
// run's timeline as a Trace Event Format JSON (two devices: two named
// processes, kernels with their launch sizes, copies between them), and
// `uopc report` a self-contained HTML file with Graphviz's SVG of the graph;
// on REF, --trace-out is an error that says why.
#include "tests/support/uopc_process.h"
#include "tests/support/test_registry.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

using ExportRun = uops::testsupport::UopcRun;

ExportRun runUopc(const QStringList& args) {
  return uops::testsupport::runUopcProcess(args);
}

QByteArray fileBytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

const QString kExamples = QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples/");

} // namespace

class TestExports : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void traceOfDataParallel() {
    QTemporaryDir dir;
    QString trace = dir.filePath(QStringLiteral("trace.json"));
    ExportRun r = runUopc({QStringLiteral("run"), kExamples + QStringLiteral("data_parallel.py"), QStringLiteral("--device"),
                           QStringLiteral("CPU"), QStringLiteral("--trace-out"), trace});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonParseError error;
    QJsonObject doc = QJsonDocument::fromJson(fileBytes(trace), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QStringList processes;
    QSet<int> kernelPids;
    int crossCopies = 0;
    double last = -1;
    for (const QJsonValue& v : doc.value(QStringLiteral("traceEvents")).toArray()) {
      QJsonObject e = v.toObject();
      QJsonObject args = e.value(QStringLiteral("args")).toObject();
      if (e.value(QStringLiteral("name")).toString() == QStringLiteral("process_name"))
        processes << args.value(QStringLiteral("name")).toString();
      if (e.value(QStringLiteral("ph")).toString() != QStringLiteral("X")) continue;
      double ts = e.value(QStringLiteral("ts")).toDouble();
      QVERIFY(ts >= last);
      last = ts;
      if (e.value(QStringLiteral("cat")).toString() == QStringLiteral("kernel")) {
        kernelPids.insert(e.value(QStringLiteral("pid")).toInt());
        QCOMPARE(args.value(QStringLiteral("kernel")).toString(), e.value(QStringLiteral("name")).toString());
        QVERIFY(!args.value(QStringLiteral("global_size")).toArray().isEmpty());
        QVERIFY(args.value(QStringLiteral("bytes")).toInteger() > 0);
      } else if (args.value(QStringLiteral("source")).toString() == QStringLiteral("CPU") &&
                 args.value(QStringLiteral("destination")).toString() == QStringLiteral("CPU:1")) {
        ++crossCopies;
        QVERIFY(args.value(QStringLiteral("bytes")).toInteger() > 0);
      }
    }
    QCOMPARE(processes, QStringList({QStringLiteral("CPU"), QStringLiteral("CPU:1")}));
    QCOMPARE(kernelPids, (QSet<int>{1, 2}));
    QVERIFY(crossCopies > 0);
  }

  void traceNeedsKernels() {
    QTemporaryDir dir;
    ExportRun r = runUopc({QStringLiteral("run"), kExamples + QStringLiteral("matmul.py"), QStringLiteral("--device"),
                           QStringLiteral("REF"), QStringLiteral("--trace-out"), dir.filePath(QStringLiteral("t.json"))});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.err.trimmed(), QStringLiteral("uopc run: --trace-out does not apply to REF: the reference evaluator "
                                             "launches no kernels (run on CPU, INTERP or CL:<n>)"));
  }

  void htmlReport() {
    QTemporaryDir dir;
    QString html = dir.filePath(QStringLiteral("report.html"));
    ExportRun r = runUopc({QStringLiteral("report"), kExamples + QStringLiteral("matmul.py"), QStringLiteral("--device"),
                           QStringLiteral("CPU"), QStringLiteral("-o"), html, QStringLiteral("--repeat"), QStringLiteral("2"),
                           QStringLiteral("--no-roofline")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.startsWith(QStringLiteral("wrote ") + html + QStringLiteral(": ")), qPrintable(r.out));
    QString text = QString::fromUtf8(fileBytes(html));
    QVERIFY(text.startsWith(QStringLiteral("<!DOCTYPE html>")));
    QVERIFY(!text.contains(QStringLiteral("http://")) && !text.contains(QStringLiteral("https://")));
    QVERIFY(text.contains(QStringLiteral("<h2>Graph after Rangeify</h2>")));
    QVERIFY(text.contains(QStringLiteral("<g id=\"node1\" class=\"node\">"))); // Graphviz's SVG, inline
    QVERIFY(text.contains(QStringLiteral("over 2 runs on CPU")));
    QVERIFY(text.contains(QStringLiteral("no roofline: uopc report ran with --no-roofline")));
    // each kernel `uopc opts` lists ("#0 E_4_6  LL  (none)"), by its place and name
    ExportRun opts = runUopc({QStringLiteral("opts"), kExamples + QStringLiteral("matmul.py"), QStringLiteral("--device"),
                              QStringLiteral("CPU")});
    QCOMPARE(opts.code, 0);
    const QStringList lines = opts.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(!lines.isEmpty());
    for (const QString& line : lines) {
      QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
      QString index = words.at(0).mid(1);
      QVERIFY2(text.contains(QStringLiteral("<summary>kernel %1: %2</summary>").arg(index, words.at(1))), qPrintable(line));
    }
    QVERIFY(text.contains(QStringLiteral("<pre class=\"isa\">")));
  }
};

UOPSCOPE_TEST(TestExports);
#include "test_exports.moc"
