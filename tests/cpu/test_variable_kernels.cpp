// A symbolic variable as a kernel argument (core/ir/variable.h): a cache row
// read at start_pos lowers and compiles once, and runs for start_pos 5, 6
// and 7 with the value passed at launch, on the CPU and on INTERP, giving
// what REF gives with the value substituted; a bound variable carries its
// value until unbindVariables takes it out.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"

#include "backends/llvm/llvm_cpu_device.h"
#include "core/ir/build.h"
#include "core/ir/text.h"
#include "core/ir/bound_variable.h"
#include "core/ir/variable.h"
#include "core/engine/program_run.h"
#include "core/engine/schedule_cache.h"
#include "core/engine/device_registry.h"
#include "core/tensor/tensor.h"

#include <QtTest>

using namespace uops;

namespace {

constexpr int64_t kRows = 12, kCols = 4;

// cache[start_pos, :] * 2: the row a decode step reads, start_pos in the
// kernel's index arithmetic (`pos`: the variable, or the variable bound).
UOpPtr rowAtStartPos(int64_t scale = 2, UOpPtr pos = variable("start_pos", 1, kRows - 1)) {
  Tensor cache =
      Tensor::arange(Scalar(int64_t{kRows * kCols})).cast(dtypes::float32).reshape({kRows, kCols}).contiguous();
  Tensor row(shrinkAt(cache.uop(), {pos, constIndex(0)}, {1, kCols}));
  return (row * Scalar(scale)).uop();
}

std::vector<double> valuesOf(const HostTensor& t) {
  std::vector<double> out;
  for (int64_t i = 0; i < t.numel(); ++i) out.push_back(t.getDouble(i));
  return out;
}

std::vector<double> expectedRow(int64_t pos, int64_t scale = 2) {
  std::vector<double> out;
  for (int64_t j = 0; j < kCols; ++j) out.push_back(static_cast<double>(scale * (pos * kCols + j)));
  return out;
}

// Kernels the CPU JIT had to make: compiled, or linked from the disk cache.
uint64_t kernelsMade() { return cpuJitStats().compiles + cpuJitStats().diskHits; }

} // namespace

class TestVariableKernels : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void variableIsARangedScalarParam() {
    UOpPtr pos = variable("start_pos", 1, 11);
    QVERIFY(isVariable(*pos));
    QCOMPARE(toString(pos->minMax()), std::string("[1, 11]"));
    QCOMPARE(pos->shape(), Shape{});
    // the offset's max decides whether a shrink fits: [1, 11] + 1 <= 12
    Tensor cache = Tensor::zeros({12});
    QCOMPARE(shrinkAt(cache.uop(), {pos}, {1})->shape(), Shape{1});
    std::string text = printGraph(pos);
    QVERIFY2(text.find("var=\"start_pos\", min=1, max=11") != std::string::npos, text.c_str());
    QCOMPARE(parseGraph(text), pos);
  }

  void cpuCompilesOnceForEveryValue() {
    std::vector<UOpPtr> roots{rowAtStartPos()};
    ScheduleCacheStats before = scheduleCacheStats();
    for (int64_t pos : {5, 6, 7}) {
      RunSettings settings;
      settings.variables = {{"start_pos", pos}};
      DeviceRun run = runProgram(openDevice("CPU"), roots, settings);
      DeviceRun ref = runProgram(openDevice("REF"), roots, settings);
      QCOMPARE(valuesOf(run.outputs.at(0)), expectedRow(pos));
      QCOMPARE(valuesOf(ref.outputs.at(0)), expectedRow(pos));
      QVERIFY(run.kernels > 0);
    }
    ScheduleCacheStats after = scheduleCacheStats();
    QCOMPARE(after.misses - before.misses, uint64_t{1}); // lowered and compiled for position 5 only
    QCOMPARE(after.hits - before.hits, uint64_t{2});     // 6 and 7 ran the same kernels
  }

  // Given OptOps, a run lowers again (no schedule cache), but the kernels
  // still take the variable: the second position compiles nothing new.
  void optOpsRunCompilesOnceForEveryValue() {
    constexpr int64_t scale = 7; // a kernel text no other test compiles
    std::vector<UOpPtr> roots{rowAtStartPos(scale)};
    std::vector<uint64_t> made;
    for (int64_t pos : {5, 6}) {
      RunSettings settings;
      settings.opts[0] = {}; // hand-given (none) for the first kernel: the lowering path
      settings.variables = {{"start_pos", pos}};
      uint64_t before = kernelsMade();
      DeviceRun run = runProgram(openDevice("CPU"), roots, settings);
      made.push_back(kernelsMade() - before);
      QCOMPARE(valuesOf(run.outputs.at(0)), expectedRow(pos, scale));
    }
    QVERIFY(made[0] > 0);
    QCOMPARE(made[1], uint64_t{0});
  }

  void interpRunsWithTheBoundValue() {
    std::vector<UOpPtr> roots{rowAtStartPos()};
    for (int64_t pos : {5, 6, 7}) {
      RunSettings settings;
      settings.variables = {{"start_pos", pos}};
      QCOMPARE(valuesOf(runProgram(openDevice("INTERP"), roots, settings).outputs.at(0)), expectedRow(pos));
    }
  }

  void kernelTakesTheVariableAsAnArgument() {
    PipelineRun run = runPipeline({rowAtStartPos()}, {.trace = false, .target = runTarget(openDevice("CPU"), true)});
    QVERIFY2(!run.failed(), run.failed() ? "lowering failed" : "");
    int withVariable = 0;
    for (const LoweredKernel& k : run.kernels) {
      if (k.variables.empty()) continue;
      ++withVariable;
      QCOMPARE(k.variables, (std::vector<VariableRange>{{"start_pos", 1, 11}}));
      QVERIFY2(k.rendered.text.find(" %start_pos") != std::string::npos, k.rendered.text.c_str());
    }
    QCOMPARE(withVariable, 1);
  }

  // A bound variable carries its value (tinygrad's BIND): graphs bound to 5
  // and 6 differ, unbinding gives back one graph and each its value, binding
  // gives each its own value; one variable bound to two values in one graph
  // folds to constants.
  void boundValueIsInTheGraph() {
    UOpPtr at5 = rowAtStartPos(2, boundVariable("start_pos", 1, kRows - 1, 5));
    UOpPtr at6 = rowAtStartPos(2, boundVariable("start_pos", 1, kRows - 1, 6));
    QVERIFY(at5 != at6);
    QCOMPARE(parseGraph(printGraph(at5)), at5);
    UnboundGraphs u5 = unbindVariables(std::vector<UOpPtr>{at5});
    UnboundGraphs u6 = unbindVariables(std::vector<UOpPtr>{at6});
    QCOMPARE(u5.roots, std::vector<UOpPtr>{rowAtStartPos()});
    QCOMPARE(u6.roots, u5.roots);
    QCOMPARE(u5.values, (VariableValues{{"start_pos", 5}}));
    QCOMPARE(u6.values, (VariableValues{{"start_pos", 6}}));
    // bindVariables gives a bound variable its own value, whatever the run's
    QCOMPARE(valuesOf(runProgram(openDevice("REF"), bindVariables(std::vector<UOpPtr>{at6}, {{"start_pos", 9}}), {})
                          .outputs.at(0)),
             expectedRow(6));
    UOpPtr both = (Tensor(at5) + Tensor(at6)).uop();
    UnboundGraphs folded = unbindVariables(std::vector<UOpPtr>{both});
    QCOMPARE(folded.folded, std::vector<std::string>{"start_pos"});
    QVERIFY(folded.values.empty());
    QVERIFY(variablesOf(folded.roots).empty());
    std::vector<double> sum = expectedRow(5);
    for (size_t j = 0; j < sum.size(); ++j) sum[j] += expectedRow(6)[j];
    QCOMPARE(valuesOf(runProgram(openDevice("CPU"), folded.roots, {}).outputs.at(0)), sum);
  }

  void unboundVariableIsAnError() {
    std::vector<UOpPtr> roots{rowAtStartPos()};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runProgram(openDevice("CPU"), roots, {}));
    RunSettings outside;
    outside.variables = {{"start_pos", 12}};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, runProgram(openDevice("REF"), {rowAtStartPos()}, outside));
  }
};

UOPSCOPE_TEST(TestVariableKernels);
#include "test_variable_kernels.moc"
