// File > Export Trace and File > Export HTML Report in the real window: the
// trace of a run on two devices read back as JSON (a named process per
// device, every kernel and copy of the run with its sizes), the report of a
// run with the graph Graphviz drew, and the message when there is nothing to
// export yet.
#include "tests/support/test_registry.h"
#include "tests/views/views_test.h"

#include <QAction>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStatusBar>

using namespace uops::views;

namespace {

QAction* exportAction(MainWindow& w, const char* name) { return w.findChild<QAction*>(QLatin1String(name)); }

QByteArray readBytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Runs the open program on the target device, as Run > Run on the target device does.
bool runNow(MainWindow& w) {
  w.session().runOn(w.session().device(), 2);
  w.session().waitForIdle();
  return w.session().lastRun() && w.session().lastRun()->error.isEmpty();
}

} // namespace

class TestExports : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void nothingToExportYet() {
    QTemporaryDir dir;
    MainWindow w;
    w.openFile(viewstest::examplePath("matmul.py"));
    w.session().waitForIdle();
    QString path = dir.filePath(QStringLiteral("trace.json"));
    w.prompts().savePath = [&path](const QString&, const QString&, const QString&) { return path; };
    exportAction(w, "exportTrace")->trigger();
    QVERIFY(!QFile::exists(path));
    QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("run the program first")),
             qPrintable(w.statusBar()->currentMessage()));
  }

  void traceOfTwoDevices() {
    QTemporaryDir dir;
    MainWindow w;
    w.openFile(viewstest::examplePath("data_parallel.py"));
    w.session().waitForIdle();
    QVERIFY(runNow(w));
    const DeviceRunResult& run = *w.session().lastRun();
    QCOMPARE(run.devices, int64_t{2});
    QString answer = dir.filePath(QStringLiteral("run")); // ".json" added
    w.prompts().savePath = [&answer](const QString&, const QString& filter, const QString&) {
      return filter.contains(QStringLiteral("json")) ? answer : QString();
    };
    exportAction(w, "exportTrace")->trigger();
    QJsonParseError error;
    QJsonDocument doc = QJsonDocument::fromJson(readBytes(answer + QStringLiteral(".json")), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(doc.object().value(QStringLiteral("displayTimeUnit")).toString(), QStringLiteral("ms"));
    QStringList processes;
    int kernels = 0, copies = 0;
    for (const QJsonValue& v : doc.object().value(QStringLiteral("traceEvents")).toArray()) {
      QJsonObject e = v.toObject();
      QJsonObject args = e.value(QStringLiteral("args")).toObject();
      if (e.value(QStringLiteral("name")).toString() == QStringLiteral("process_name"))
        processes << args.value(QStringLiteral("name")).toString();
      if (e.value(QStringLiteral("ph")).toString() != QStringLiteral("X")) continue;
      QVERIFY(args.value(QStringLiteral("bytes")).toInteger() > 0);
      if (e.value(QStringLiteral("cat")).toString() == QStringLiteral("copy")) {
        ++copies;
        QVERIFY(!args.value(QStringLiteral("source")).toString().isEmpty());
        continue;
      }
      ++kernels;
      QVERIFY(!args.value(QStringLiteral("global_size")).toArray().isEmpty());
    }
    QCOMPARE(processes, QStringList({QStringLiteral("CPU"), QStringLiteral("CPU:1")}));
    QCOMPARE(kernels, 2 * static_cast<int>(run.launches.size())); // two runs
    QCOMPARE(kernels + copies, static_cast<int>(run.timeline.size()));
    QVERIFY(copies > 0);
  }

  void htmlReportOfARun() {
    QTemporaryDir dir;
    MainWindow w;
    QVERIFY(viewstest::showAt(w, "matmul.py", "Rangeify"));
    QVERIFY(runNow(w));
    QString answer = dir.filePath(QStringLiteral("matmul")); // ".html" added
    w.prompts().savePath = [&answer](const QString&, const QString& filter, const QString&) {
      return filter.contains(QStringLiteral("html")) ? answer : QString();
    };
    exportAction(w, "exportHtmlReport")->trigger();
    // written on a worker; the GUI thread goes on meanwhile
    QTRY_VERIFY_WITH_TIMEOUT(w.statusBar()->currentMessage().startsWith(QStringLiteral("wrote the HTML report")), 120000);
    QString html = QString::fromUtf8(readBytes(answer + QStringLiteral(".html")));
    QVERIFY2(html.startsWith(QStringLiteral("<!DOCTYPE html>")), qPrintable(w.statusBar()->currentMessage()));
    QVERIFY(!html.contains(QStringLiteral("http://")) && !html.contains(QStringLiteral("https://")));
    QVERIFY(html.contains(QStringLiteral("<h2>Graph after Rangeify</h2>")));
    QVERIFY(html.contains(QStringLiteral("class=\"node\""))); // Graphviz drew it
    for (const uops::LoweredKernel& k : w.session().run()->kernels)
      QVERIFY(html.contains(QString::fromStdString(k.name.text)));
    QCOMPARE(html.count(QStringLiteral("<pre class=\"isa\">")), static_cast<int>(w.session().run()->kernels.size()));
    QVERIFY(html.contains(QStringLiteral("over 2 runs on CPU")));
  }
};

UOPSCOPE_TEST(TestExports);
#include "test_exports.moc"
