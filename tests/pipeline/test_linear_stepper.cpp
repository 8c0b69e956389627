// The kernel stepper: a kernel's Linear run one instruction at a time gives
// the buffers the kernel AST's interpreter gives (elementwise, a reduction, a
// matmul with the heuristics' tiles, a padded gated load, the CPU's
// decomposed exp2), each step runs one instruction, a breakpoint stops before
// its instruction every time the loop comes back to it, and values read as
// the instruction computed them.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/ir/graph_walk.h"
#include "core/pipeline/codegen.h"
#include "core/render/codegen_target.h"
#include "core/engine/kernel_interpreter.h"
#include "core/engine/linear_stepper.h"

#include <QtTest>

#include <cmath>
#include <optional>

using namespace uops;

namespace {

CodegenTarget heuristicCpu() {
  CodegenTarget t = cpuTarget();
  t.heuristics = true;
  return t;
}

// out[i] = op(a[i]), i < n (slots: out 0, a 1).
UOpPtr unaryKernel(Op op, int64_t n) {
  using namespace kernelast;
  UOpPtr r = range(n, 0);
  UOpPtr value = alu(op, {load(buf(1, dtypes::float32, n), r)});
  return sink({end(store(buf(0, dtypes::float32, n), r, value), {r})});
}

// Buffers for the kernel's Params, inputs filled with small distinct values.
std::vector<HostTensor> buffersFor(const LoweredKernel& k) {
  std::vector<HostTensor> out;
  for (const KernelParam& p : k.params) {
    HostTensor t(p.dtype, Shape{p.size});
    for (int64_t i = 0; i < p.size; ++i)
      if (!p.written) p.dtype.isFloat() ? t.setDouble(i, std::sin(0.37 * double(i + p.slot))) : t.setInt(i, (i * 7 + p.slot) % 13 - 6);
    out.push_back(std::move(t));
  }
  return out;
}

// "" when stepping k's Linear to the end leaves what interpreting its AST
// leaves; `lanes` work-items run (a GPU kernel: all of them).
std::string stepMatchesInterpreter(const UOpPtr& ast, const CodegenTarget& target,
                                   std::optional<std::vector<Opt>> opts = {}, int64_t lanes = 1) {
  LoweredKernel k = lowerKernel(ast, target, opts);
  std::vector<HostTensor> want = buffersFor(k);
  LinearStepper stepper(k.linear, want, lanes);
  std::vector<HostTensor*> bound;
  for (HostTensor& t : want) bound.push_back(&t);
  runKernel(ast, bound);
  stepper.run({});
  if (!stepper.done()) return "not done";
  for (size_t p = 0; p < want.size(); ++p)
    for (int64_t i = 0; i < want[p].numel(); ++i) {
      double got = stepper.params()[p].getDouble(i), expected = want[p].getDouble(i);
      if (!(got == expected || std::abs(got - expected) <= 1e-6 + 1e-6 * std::abs(expected)))
        return "param " + std::to_string(p) + " element " + std::to_string(i) + ": " + std::to_string(got) +
               " vs " + std::to_string(expected);
    }
  return {};
}

} // namespace

class TestLinearStepper : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void matchesTheInterpreter_data() {
    QTest::addColumn<int>("which");
    int i = 0;
    for (const char* name : {"elementwise", "int elementwise", "row sums", "matmul (tiled)", "row max", "pad (gated loads)",
                             "exp2 (decomposed)"})
      QTest::newRow(name) << i++;
  }

  void matchesTheInterpreter() {
    QFETCH(int, which);
    const std::vector<UOpPtr> asts{kernelast::elementwise(Op::Mul, dtypes::float32, 37),
                                   kernelast::elementwise(Op::Add, dtypes::int32, 20),
                                   kernelast::reduceRows(Op::Add, dtypes::float32, 6, 40),
                                   kernelast::matmul(16, 12, 8),
                                   kernelast::reduceRows(Op::Max, dtypes::float32, 5, 9),
                                   kernelast::padKernel(dtypes::float32, 10, 2, 3),
                                   unaryKernel(Op::Exp2, 9)};
    std::string diff;
    try {
      diff = stepMatchesInterpreter(asts[static_cast<size_t>(which)], heuristicCpu());
    } catch (const std::exception& e) {
      diff = e.what();
    }
    QVERIFY2(diff.empty(), diff.c_str());
  }

  void stepsAndBreakpoints() {
    LoweredKernel k = lowerKernel(kernelast::reduceRows(Op::Add, dtypes::float32, 3, 4), cpuTarget());
    std::vector<HostTensor> buffers = buffersFor(k);
    LinearStepper s(k.linear, buffers);
    QCOMPARE(s.next(), size_t{0});
    s.step();
    QCOMPARE(s.next(), size_t{1});
    QCOMPARE(s.steps(), size_t{1});
    // a breakpoint on the accumulating Add: hit once per element, 3 x 4 times
    size_t add = 0;
    for (size_t i = 0; i < s.instructions().size(); ++i)
      if (s.instructions()[i]->op() == Op::Add && s.instructions()[i]->dtype() == dtypes::float32) add = i;
    QVERIFY(add > 0);
    int hits = 0;
    while (!s.done()) {
      s.run({add});
      if (s.done()) break;
      QCOMPARE(s.next(), add);
      ++hits;
    }
    QCOMPARE(hits, 12);
    // the sum of row 2 is what the store wrote last
    double row = 0;
    for (int j = 0; j < 4; ++j) row += buffers[1].getDouble(2 * 4 + j);
    QVERIFY(std::abs(s.params()[0].getDouble(2) - row) < 1e-5);
    QVERIFY(s.value(add).has_value());
  }

  // A GPU kernel's work-items as lanes: all of them give the whole result,
  // a GROUP_REDUCE's lanes share its LOCAL buffer and meet at its Barrier
  void lanesRunEveryWorkItem_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("elementwise, 37 items") << 0;
    QTest::newRow("row sums over GROUP_REDUCE 4") << 1;
    QTest::newRow("row sums, LOCAL 2 x GROUP_REDUCE 4") << 2;
    QTest::newRow("matmul, LOCAL 4") << 3;
    QTest::newRow("matmul 64, operand tiles in LOCAL memory") << 4;
    QTest::newRow("matmul 24 x 40 @ 40 x 20, operand tiles of 8-deep K-tiles") << 5;
  }
  void lanesRunEveryWorkItem() {
    QFETCH(int, which);
    const CodegenTarget gpu = openClTarget("CL:0");
    const std::vector<std::pair<UOpPtr, std::string>> cases{
        {kernelast::elementwise(Op::Mul, dtypes::float32, 37), ""},
        {kernelast::reduceRows(Op::Add, dtypes::float32, 3, 16), "Split(1, 4, GROUP_REDUCE)"},
        {kernelast::reduceRows(Op::Add, dtypes::float32, 4, 16), "Split(1, 4, GROUP_REDUCE); Split(0, 2, LOCAL)"},
        {kernelast::matmul(8, 4, 6), "Split(0, 4, LOCAL)"},
        {kernelast::matmul(64, 64, 64), "Split(1, 4, UPCAST); Split(0, 4, UPCAST); Split(2, 4, UNROLL); "
                                        "Split(0, 8, LOCAL); Split(1, 16, LOCAL)"},
        {kernelast::matmul(24, 20, 40), "Split(0, 2, UPCAST); Split(0, 4, LOCAL); Split(1, 4, LOCAL)"},
    };
    const auto& [ast, opts] = cases[static_cast<size_t>(which)];
    if (which >= 4) { // the work-items share A and B through LOCAL tiles between Barriers
      const UOpPtr optimized = lowerKernel(ast, gpu, parseOpts(opts)).stages.front().root;
      int tiles = 0;
      for (const UOp* u : toposort(*optimized))
        tiles += u->op() == Op::Buffer && u->argAs<BufferArg>().addrSpace == AddrSpace::Local;
      QCOMPARE(tiles, 2);
    }
    std::string diff;
    try {
      diff = stepMatchesInterpreter(ast, gpu, parseOpts(opts), 1'000'000);
    } catch (const std::exception& e) {
      diff = e.what();
    }
    QVERIFY2(diff.empty(), diff.c_str());
  }

  void lanesAreWorkItems() {
    LoweredKernel k = lowerKernel(kernelast::reduceRows(Op::Add, dtypes::float32, 3, 16), openClTarget("CL:0"),
                                  parseOpts("Split(1, 4, GROUP_REDUCE)"));
    std::vector<HostTensor> buffers = buffersFor(k);
    LinearStepper s(k.linear, buffers, 100);
    QCOMPARE(s.workItems(), int64_t{12}); // 3 groups of 4
    QCOMPARE(s.lanes(), int64_t{12});     // at most every work-item
    QCOMPARE(QString::fromStdString(s.laneName(6)), QStringLiteral("lidx0=2 gidx0=1"));
    // each lane reads its own work-item index
    size_t local = 0;
    for (size_t i = 0; i < s.instructions().size(); ++i)
      if (s.instructions()[i]->op() == Op::Special && s.instructions()[i]->argAs<std::string>() == "lidx0") local = i;
    s.run({local + 1});
    QCOMPARE(QString::fromStdString(*s.value(local, 6)), QStringLiteral("2"));
    QCOMPARE(QString::fromStdString(*s.value(local, 3)), QStringLiteral("3"));
    QVERIFY(!s.value(local, 12));
    // a CPU kernel is one lane
    LoweredKernel cpu = lowerKernel(kernelast::elementwise(Op::Add, dtypes::float32, 4), cpuTarget());
    QCOMPARE(LinearStepper(cpu.linear, buffersFor(cpu), 8).lanes(), int64_t{1});
  }

  void refusesWhatItCannotRun() {
    LoweredKernel k = lowerKernel(kernelast::elementwise(Op::Add, dtypes::float32, 4), cpuTarget());
    QVERIFY_THROWS_EXCEPTION(StepperError, LinearStepper(k.linear, {}));
  }
};

UOPSCOPE_TEST(TestLinearStepper);
#include "test_linear_stepper.moc"
