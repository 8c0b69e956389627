// A run's timeline as a Trace Event Format file (core/export/chrome_trace.h),
// read back with a JSON reader: the exact events of a small hand-made
// timeline, then the trace of real runs: the data-parallel example on two
// virtual CPU devices (kernels on both, copies between them) and a program on
// one device, each event named and sized, in start order, never two at once
// on one device's track.
#include "tests/support/test_registry.h"
#include "core/export/chrome_trace.h"
#include "core/program/program.h"
#include "core/program/scheduled_run.h"
#include "tests/support/backend_devices.h"

#include <QtTest>

#include <map>
#include <set>

using namespace uops;
using nlohmann::json;

namespace {

// The trace as a file holds it, parsed again.
json roundTrip(const std::vector<TimelineEvent>& timeline, const std::vector<KernelLaunch>& launches) {
  return json::parse(chromeTrace(timeline, launches).dump(1));
}

std::vector<json> eventsOfPhase(const json& trace, const std::string& ph) {
  std::vector<json> out;
  for (const json& e : trace.at("traceEvents"))
    if (e.at("ph") == ph) out.push_back(e);
  return out;
}

// Device names by pid, from the process_name metadata.
std::map<int, std::string> processNames(const json& trace) {
  std::map<int, std::string> out;
  for (const json& e : eventsOfPhase(trace, "M"))
    if (e.at("name") == "process_name") out[e.at("pid").get<int>()] = e.at("args").at("name").get<std::string>();
  return out;
}

// Empty when the complete events are in start order and no two on one
// track overlap; else what is wrong.
QString orderProblem(const json& trace) {
  double last = -1;
  std::map<std::pair<int, int>, double> trackEnd;
  for (const json& e : eventsOfPhase(trace, "X")) {
    double ts = e.at("ts").get<double>(), dur = e.at("dur").get<double>();
    if (ts < last) return QStringLiteral("%1 starts before the event listed before it").arg(QString::fromStdString(e.at("name")));
    last = ts;
    std::pair<int, int> track{e.at("pid").get<int>(), e.at("tid").get<int>()};
    if (auto end = trackEnd.find(track); end != trackEnd.end() && ts < end->second - 1e-6)
      return QStringLiteral("%1 overlaps the event before it on its track").arg(QString::fromStdString(e.at("name")));
    trackEnd[track] = ts + dur;
  }
  return {};
}

DeviceRun runFile(const QString& path, int repeat) {
  program::LoadedProgram p = program::loadProgramFile(path.toStdString(), program::LoadOptions::on("CPU"));
  RunSettings settings;
  settings.repeat = repeat;
  return program::runScheduled(p, "CPU", settings);
}

} // namespace

class ChromeTraceTest : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void handMadeTimeline() {
    std::vector<KernelLaunch> launches{{.name = "r_4_16", .global = {4, 1, 1}, .local = {2}, .bytes = 320, .opts = "Split(0, 2, LOCAL)"}};
    std::vector<TimelineEvent> timeline{
        {.device = "CPU:1", .name = "copy CPU -> CPU:1", .copy = true, .startMs = 0.5, .endMs = 0.75, .run = 0,
         .kernel = -1, .bytes = 64, .source = "CPU"},
        {.device = "CPU", .name = "r_4_16", .copy = false, .startMs = 0, .endMs = 0.5, .run = 0, .kernel = 0,
         .bytes = 320, .source = {}},
        {.device = "CPU", .name = "r_4_16", .copy = false, .startMs = 0.25, .endMs = 1.0, .run = 1, .kernel = 0,
         .bytes = 320, .source = {}},
    };
    // run 1 starts where run 0 ended (0.75 ms)
    QCOMPARE(QString::fromStdString(chromeTrace(timeline, launches).dump()),
             QStringLiteral(
                 R"json({"traceEvents":[)json"
                 R"json({"name":"process_name","ph":"M","pid":1,"tid":1,"args":{"name":"CPU"}},)json"
                 R"json({"name":"process_sort_index","ph":"M","pid":1,"tid":1,"args":{"sort_index":0}},)json"
                 R"json({"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"CPU queue"}},)json"
                 R"json({"name":"process_name","ph":"M","pid":2,"tid":1,"args":{"name":"CPU:1"}},)json"
                 R"json({"name":"process_sort_index","ph":"M","pid":2,"tid":1,"args":{"sort_index":1}},)json"
                 R"json({"name":"thread_name","ph":"M","pid":2,"tid":1,"args":{"name":"CPU:1 queue"}},)json"
                 R"json({"name":"r_4_16","cat":"kernel","ph":"X","ts":0.0,"dur":500.0,"pid":1,"tid":1,"args":{"kernel":"r_4_16","launch":0,"run":0,"bytes":320,"global_size":[4,1,1],"local_size":[2],"opts":"Split(0, 2, LOCAL)"}},)json"
                 R"json({"name":"copy CPU -> CPU:1","cat":"copy","ph":"X","ts":500.0,"dur":250.0,"pid":2,"tid":1,"args":{"bytes":64,"source":"CPU","destination":"CPU:1","run":0}},)json"
                 R"json({"name":"r_4_16","cat":"kernel","ph":"X","ts":1000.0,"dur":750.0,"pid":1,"tid":1,"args":{"kernel":"r_4_16","launch":0,"run":1,"bytes":320,"global_size":[4,1,1],"local_size":[2],"opts":"Split(0, 2, LOCAL)"}}],)json"
                 R"json("displayTimeUnit":"ms"})json"));
  }

  // Two devices: each a named process; kernels on both, copies between them.
  void dataParallelRun() {
    DeviceRun run = runFile(QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples/data_parallel.py"), 2);
    QVERIFY(run.devices == 2);
    json trace = roundTrip(run.timeline, run.launches);
    QCOMPARE(trace.at("displayTimeUnit").get<std::string>(), std::string("ms"));
    std::map<int, std::string> names = processNames(trace);
    QCOMPARE(names.size(), size_t{2});
    QCOMPARE(names.at(1), std::string("CPU"));
    QCOMPARE(names.at(2), std::string("CPU:1"));
    QCOMPARE(orderProblem(trace), QString());
    std::vector<json> complete = eventsOfPhase(trace, "X");
    QCOMPARE(complete.size(), run.timeline.size());
    std::set<int> kernelPids;
    size_t kernels = 0, crossCopies = 0;
    for (const json& e : complete) {
      const json& args = e.at("args");
      QVERIFY(args.at("bytes").get<int64_t>() > 0);
      if (e.at("cat") == "kernel") {
        ++kernels;
        kernelPids.insert(e.at("pid").get<int>());
        const KernelLaunch& k = run.launches.at(args.at("launch").get<size_t>());
        QCOMPARE(e.at("name").get<std::string>(), k.name);
        QCOMPARE(args.at("global_size").get<std::vector<int64_t>>(), k.global);
        QCOMPARE(args.at("opts").get<std::string>(), k.opts);
        QVERIFY(!k.global.empty() && k.global[0] >= 1);
        continue;
      }
      QCOMPARE(e.at("cat").get<std::string>(), std::string("copy"));
      QCOMPARE(args.at("destination").get<std::string>(), names.at(e.at("pid").get<int>()));
      if (args.at("source") != "host" && args.at("source") != args.at("destination")) ++crossCopies;
    }
    QCOMPARE(kernels, 2 * run.launches.size()); // two runs, each kernel once
    QCOMPARE(kernelPids, (std::set<int>{1, 2}));
    QVERIFY(crossCopies > 0);
    QCOMPARE(crossCopies % 2, size_t{0}); // the same copies in both runs
  }

  // One device: one process, its kernels with their launch sizes and OptOps.
  void oneDeviceRun() {
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("mm.py"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("from tinygrad import Tensor\na = Tensor.ones(64, 64).contiguous()\nout = (a @ a).sum(1)\n");
    f.close();
    DeviceRun run = runFile(path, 3);
    json trace = roundTrip(run.timeline, run.launches);
    QCOMPARE(processNames(trace), (std::map<int, std::string>{{1, "CPU"}}));
    QCOMPARE(orderProblem(trace), QString());
    size_t kernels = 0;
    bool someOpts = false;
    for (const json& e : eventsOfPhase(trace, "X")) {
      if (e.at("cat") != "kernel") continue;
      ++kernels;
      const KernelLaunch& k = run.launches.at(e.at("args").at("launch").get<size_t>());
      QCOMPARE(e.at("name").get<std::string>(), k.name);
      QVERIFY(e.at("args").at("bytes").get<int64_t>() >= 64 * 4); // reads at least a row of floats
      someOpts = someOpts || !k.opts.empty();
    }
    QCOMPARE(kernels, 3 * run.launches.size());
    QVERIFY(someOpts); // the heuristics' OptOps on the matmul
  }
};

UOPSCOPE_TEST(ChromeTraceTest);
#include "test_chrome_trace.moc"
