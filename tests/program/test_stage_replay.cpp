// Every stage's work is a recorded rewrite: for every bundled example, each
// of its schedules and every kernel, lowered for the CPU (with the hand-coded
// heuristics, so OptOps are applied) and for an OpenCL device, replaying each
// stage's recorded rewrites from the stage's input gives the stage's output
// node for node (core/pipeline/stage_replay.h).
#include "tests/support/test_registry.h"
#include "core/autobatch/module.h"
#include "core/ir/build.h"
#include "core/ir/text.h"
#include "core/rewrite/substitute_step.h"
#include "core/pipeline/stage_replay.h"
#include "core/program/scheduled_run.h"
#include "program_test.h"

#include <QDir>
#include <QtTest>

#include <set>

#include <fmt/ranges.h>

using namespace programtest;

namespace {

uops::CodegenTarget withHeuristics(uops::CodegenTarget t) {
  t.heuristics = true;
  t.threads = 2;
  t.vectorBits = 256;
  return t;
}

// Every schedule of the example (one when it has no realization points); a
// .uop file is one graph.
std::vector<std::vector<uops::UOpPtr>> scheduleRoots(const QString& file) {
  std::string path = (examplesDir() + QLatin1Char('/') + file).toStdString();
  if (file.endsWith(QStringLiteral(".uop"))) {
    QFile text(QString::fromStdString(path));
    if (!text.open(QIODevice::ReadOnly)) return {};
    return {{uops::parseGraph(text.readAll().toStdString())}};
  }
  uops::program::LoadedProgram p = uops::program::loadProgramFile(path);
  std::vector<std::vector<uops::UOpPtr>> out;
  if (p.schedules.empty()) {
    out.push_back(uops::program::rootsOf(p.outputTensors()));
    return out;
  }
  for (size_t k = 1; k <= p.schedules.size() + 1; ++k)
    out.push_back(uops::program::rootsOf(uops::program::scheduleGraphs(p, k)));
  return out;
}

} // namespace

class TestStageReplay : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { uops::autobatch::installAutobatchModule(); }

  void everyStageReplays_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("gpu");
    const QStringList files = QDir(examplesDir()).entryList({QStringLiteral("*.py"), QStringLiteral("*.uop")}, QDir::Files);
    for (const QString& file : files) {
      QTest::newRow(qPrintable(file + QStringLiteral(" CPU"))) << file << false;
      QTest::newRow(qPrintable(file + QStringLiteral(" CL"))) << file << true;
    }
  }

  void everyStageReplays() {
    QFETCH(QString, file);
    QFETCH(bool, gpu);
    uops::CodegenTarget target = gpu ? uops::openClTarget("CL:0", true) : withHeuristics(uops::cpuTarget());
    if (gpu) target.heuristics = true;
    size_t stages = 0;
    std::set<std::string> gaps; // every stage that does not replay, once per kind of gap
    for (const std::vector<uops::UOpPtr>& roots : scheduleRoots(file)) {
      uops::PipelineRun run = uops::runPipeline(roots, {.trace = true, .target = target, .rangeify = uops::rangeifyOptionsFor(target)});
      QVERIFY2(!run.failed(), run.failed() ? run.stages.back().error.c_str() : "");
      for (const uops::StageRecord& record : run.stages) {
        for (const std::string& gap : uops::replayGaps(record))
          gaps.insert(fmt::format("{}: {}", record.stage, gap));
        ++stages;
      }
    }
    QVERIFY(stages >= 2); // Callify and Rangeify at least (autobatch_fib computes its output as data)
    QVERIFY2(gaps.empty(), fmt::format("{}", fmt::join(gaps, "\n")).c_str());
  }

  // A change made outside the recorded steps is a gap, wherever it is
  void gapsAreFound() {
    uops::UOpPtr a = uops::constant(uops::dtypes::int32, 1);
    uops::UOpPtr b = uops::constant(uops::dtypes::int32, 2);
    uops::UOpPtr c = uops::constant(uops::dtypes::int32, 3);
    uops::StageRecord record{.stage = "Test", .input = a};
    {
      uops::TraceRecorder recorder;
      uops::recordWholeGraph("a to b", a, b);
      uops::recordWholeGraph("c to b", c, b); // starts from c, which no step made
      record.steps = recorder.takeSteps();
    }
    record.result = b;
    QCOMPARE(uops::replayGaps(record).size(), size_t{1});
    QVERIFY(uops::replayGaps(record)[0].find("'c to b' starts from a graph") == 0);
    record.result = c; // a result nothing made
    QCOMPARE(uops::replayGaps(record).size(), size_t{2});
    record.steps.erase(record.steps.begin() + 1);
    record.result = b;
    QVERIFY(uops::replayGaps(record).empty());
  }
};

UOPSCOPE_TEST(TestStageReplay);
#include "test_stage_replay.moc"
