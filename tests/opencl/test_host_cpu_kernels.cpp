// Kernels for an OpenCL driver on the host's CPU (PoCL), where a work-item is
// an iteration of a loop the driver writes: row kernels as on the CPU (a
// softmax in one kernel, its in-row loops kept as loops), a long sum's lanes
// as a GROUP_REDUCE of work-items reading consecutive elements, more than
// three GLOBAL axes sharing the grid's last dimension, and accumulator
// updates written as one expression OpenCL C may contract. Each runs on CL:0
// against the reference evaluator.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"
#include "tests/opencl/cl_test.h"

#include "core/opt/heuristics.h"
#include "core/pipeline/optimize.h"
#include "core/tensor/tensor.h"

#include <QRegularExpression>
#include <QTest>


#include <fmt/format.h>

using namespace uops;
using namespace cltest;

namespace {

CodegenTarget withHeuristics(CodegenTarget t) {
  t.heuristics = true;
  return t;
}

CodegenTarget hostCpu() {
  return withHeuristics(openClTarget("CL:0", true));
}

Tensor rows(int64_t r, int64_t c) {
  return (Tensor::arange(r * c).reshape({r, c}).cast(dtypes::float32) * 0.37).sin();
}

bool hasOp(const UOp& root, Op op) {
  for (const UOp* u : toposort(root))
    if (u->op() == op) return true;
  return false;
}

} // namespace

class TestClHostCpuKernels : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }

  // a softmax's rows are fused as on the CPU (the same kernels), not split
  // into a kernel per reduction as on a GPU
  void softmaxRowsFuseAsOnTheCpu() {
    std::vector<UOpPtr> roots{rows(24, 32).contiguous().softmax().uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = hostCpu()});
    QVERIFY2(!run.failed(), run.stages.back().error.c_str());
    const size_t cpu = runPipeline(roots, {.trace = false, .target = withHeuristics(cpuTarget())}).kernels.size();
    const size_t gpu =
        runPipeline(roots, {.trace = false, .target = withHeuristics(openClTarget("CL:0"))}).kernels.size();
    QCOMPARE(run.kernels.size(), cpu);
    QVERIFY2(gpu > cpu, fmt::format("{} kernels on a GPU, {} on the host", gpu, cpu).c_str());
    // the in-row loops stay loops: no workgroup axis on them, the rows are the grid
    const UOpPtr& ast = run.kernels.back().ast;
    int loops = 0, globals = 0;
    for (const UOp* u : toposort(*ast))
      if (u->op() == Op::Range) {
        loops += u->argAs<RangeArg>().type == AxisType::Loop;
        globals += u->argAs<RangeArg>().type == AxisType::Global;
      }
    QVERIFY2(loops >= 1 && globals >= 1, formatOpts(run.kernels.back().opts).c_str());
    std::string bad = differenceOnCl0(roots, run);
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // a long sum read along its reduction: 16 work-items reading consecutive
  // elements (longer than a small kernel's, kSmallKernelIterations)
  void longSumIsAGroupReduce() {
    UOpPtr kernel = kernelast::reduceRows(Op::Add, dtypes::float32, 8, 16384);
    CodegenTarget pocl = openClTarget("CL:0", true), gpu = openClTarget("CL:0");
    QCOMPARE(qs(formatOpts(heuristicOpts(optimize(kernel, pocl), optTargetOf(pocl)))),
             QStringLiteral("Split(1, 16, GROUP_REDUCE)"));
    // an OpenCL GPU takes the GPU heuristics' rule for few outputs (gpu_heuristics.h)
    QCOMPARE(qs(formatOpts(heuristicOpts(optimize(kernel, gpu), optTargetOf(gpu)))), QStringLiteral("Split(1, 256, GROUP_REDUCE)"));
    // small integers: every order of summation gives the same float32 sums
    Tensor ints = ((Tensor::arange(8 * 16384) % 7) - 3).reshape({8, 16384}).cast(dtypes::float32);
    std::vector<UOpPtr> roots{ints.contiguous().sum({1}).uop()};
    std::string bad = differenceOnCl0(roots, runPipeline(roots, {.trace = false, .target = hostCpu()}));
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // each accumulator of a work-item is a vector of work-items there: a
  // matmul's register tile is 16 x 4 (64 accumulators) where the CPU's is
  // 16 x 8, a row kernel's copies 8 where the CPU's are 16; values as the reference
  void copiesAreFewerThanOnTheCpu() {
    UOpPtr gemm = kernelast::matmul(64, 64, 64);
    CodegenTarget pocl = openClTarget("CL:0", true), cpu = cpuTarget();
    const std::string onPocl = formatOpts(heuristicOpts(optimize(gemm, pocl), optTargetOf(pocl)));
    QVERIFY2(onPocl.starts_with("Split(1, 16, UPCAST); Split(0, 4, UPCAST);"), onPocl.c_str());
    const std::string onCpu = formatOpts(heuristicOpts(optimize(gemm, cpu), optTargetOf(cpu)));
    if (cpu.vectorBits < 512) // AVX-512's tile is larger still
      QVERIFY2(onCpu.starts_with("Split(1, 16, UPCAST); Split(0, 8, UPCAST)"), onCpu.c_str());
    std::vector<UOpPtr> roots{rows(32, 256).contiguous().softmax().uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = hostCpu()});
    QVERIFY2(!run.failed(), run.stages.back().error.c_str());
    const std::string rowOpts = formatOpts(run.kernels.back().opts);
    QVERIFY2(rowOpts.find("UNROLL") != std::string::npos && rowOpts.find(", 16, UNROLL") == std::string::npos &&
                 rowOpts.find(", 16, UPCAST") == std::string::npos,
             rowOpts.c_str());
    std::string bad = differenceOnCl0(roots, run);
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // four output axes that cannot merge: the outer two share grid dimension 2,
  // no loop is left, and the index is split with plain / and %
  void fourGlobalAxesShareTheGrid() {
    Tensor x = Tensor::arange(int64_t{2 * 3 * 4 * 5}).reshape({2, 3, 4, 5}).cast(dtypes::float32).contiguous();
    std::vector<UOpPtr> roots{(x.permute({3, 1, 0, 2}) * 2.0).contiguous().uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = openClTarget("CL:0")});
    QVERIFY2(!run.failed(), run.stages.back().error.c_str());
    const LoweredKernel& k = run.kernels.back();
    QVERIFY2(!hasOp(*k.linear, Op::Range), k.rendered.text.c_str());
    QCOMPARE(k.rendered.global.size(), size_t{3});
    QCOMPARE(k.rendered.global[0] * k.rendered.global[1] * k.rendered.global[2], int64_t{120});
    QVERIFY2(k.rendered.text.find("idiv_long") == std::string::npos, k.rendered.text.c_str());
    std::string bad = differenceOnCl0(roots, run);
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // acc + a * b in one expression (contractible.h), as the CPU marks it `contract`
  void accumulatorUpdatesAreOneExpression() {
    std::vector<UOpPtr> roots{rows(8, 16).contiguous().matmul(rows(16, 8).contiguous()).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = openClTarget("CL:0")});
    QVERIFY2(!run.failed(), run.stages.back().error.c_str());
    const std::string& source = run.kernels.back().rendered.text;
    QVERIFY2(QRegularExpression(QStringLiteral(R"(float v\d+ = \(v\d+ \+ \(v\d+ \* v\d+\)\);)"))
                 .match(QString::fromStdString(source))
                 .hasMatch(),
             source.c_str());
    std::string bad = differenceOnCl0(roots, run);
    QVERIFY2(bad.empty(), bad.c_str());
  }
};

UOPSCOPE_TEST(TestClHostCpuKernels);
#include "test_host_cpu_kernels.moc"
