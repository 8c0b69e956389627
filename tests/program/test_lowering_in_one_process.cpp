// Programs lowered one after another in one process render the same kernels
// every time: what lowering keeps on interned nodes (the rules of pure rule
// sets that did not match them, pattern_matcher.h) never goes stale, while
// the graphs that taught it are alive, after they died, or with the trace on.
#include "tests/support/test_registry.h"
#include "core/pipeline/pipeline_runner.h"
#include "program_test.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace programtest;

namespace {

struct Lowered {
  uops::program::LoadedProgram program; // keeps the graphs alive
  uops::PipelineRun run;
  std::vector<std::string> kernels; // rendered source, in schedule order
};

Lowered lower(const char* example, bool trace = false) {
  std::string path = (examplesDir() + QLatin1Char('/') + QLatin1String(example)).toStdString();
  Lowered out{uops::program::loadProgramFile(path), {}, {}};
  uops::CodegenTarget target = uops::cpuTarget();
  target.heuristics = true;
  out.run = uops::runPipeline(uops::program::rootsOf(out.program.outputTensors()), {.trace = trace, .target = target});
  for (const uops::LoweredKernel& k : out.run.kernels) out.kernels.push_back(k.rendered.text);
  return out;
}

} // namespace

class TestLoweringInOneProcess : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void programsAlternate() {
    std::vector<std::string> first;
    {
      Lowered attention = lower("attention.py");
      Lowered mlp = lower("mlp_train.py");
      QVERIFY(!attention.run.failed() && !mlp.run.failed());
      QVERIFY(attention.kernels.size() >= 3);
      // again while the first runs' graphs are alive: the same nodes, with what they learned
      QCOMPARE(lower("attention.py").kernels, attention.kernels);
      QCOMPARE(lower("mlp_train.py", true).kernels, mlp.kernels);
      first = attention.kernels;
    }
    // and after they died: new nodes, perhaps at the same addresses
    QCOMPARE(lower("attention.py").kernels, first);
  }
};

UOPSCOPE_TEST(TestLoweringInOneProcess);
#include "test_lowering_in_one_process.moc"
