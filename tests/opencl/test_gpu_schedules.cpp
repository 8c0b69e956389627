// GPU-scheduled kernels compute what the reference evaluator does: the GPU
// heuristics' OptOps (core/opt/gpu_heuristics.h, as an OpenCL device that is a
// GPU gets them: the same rules as sm_NN and gfxNNNN) for matmuls (with their
// operand tiles in local memory, core/pipeline/operand_tiles.h), a reduction
// with a small output and a matrix-vector product, rendered as OpenCL C and
// run on CL:0 (PoCL where there is no GPU), every element compared.
#include "tests/support/test_registry.h"
#include "tests/opencl/cl_test.h"

#include "core/ir/graph_walk.h"
#include "core/opt/opt.h"
#include "core/render/codegen_target.h"
#include "core/tensor/tensor.h"

#include <QTest>

using namespace uops;
using namespace cltest;

namespace {

// quarter-integers in [-1.5, 1.5]: every sum below is exact in any order;
// realized in a kernel of their own, so the kernels below load them
Tensor quarters(int64_t rows, int64_t cols, int64_t seed) {
  return (((Tensor::arange(rows * cols).reshape({rows, cols}) + seed).mod(int64_t{13}) - 6)
              .cast(dtypes::float32) *
          0.25)
      .contiguous();
}

CodegenTarget gpuOnCl() {
  CodegenTarget t = openClTarget("CL:0");
  t.heuristics = true;
  return t;
}

} // namespace

class TestGpuSchedules : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }

  void schedules_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("opts");
    // the last kernel's LOCAL buffers after Optimize (GROUP_REDUCE's come later)
    QTest::addColumn<int>("tiles");
    const QString matmulOpts =
        QStringLiteral("Split(1, 4, UPCAST); Split(0, 4, UPCAST); Split(2, 4, UNROLL); "
                       "Split(0, 8, LOCAL); Split(1, 16, LOCAL)");
    QTest::newRow("matmul 64") << 0 << matmulOpts << 2;
    QTest::newRow("row sums") << 1 << QStringLiteral("Split(1, 256, GROUP_REDUCE)") << 0;
    QTest::newRow("matrix-vector") << 2
                                   << QStringLiteral("Split(0, 4, UPCAST); Split(0, 4, LOCAL); "
                                                     "Split(2, 32, GROUP_REDUCE)")
                                   << 0;
    QTest::newRow("matmul 256") << 3 << matmulOpts << 2;
    QTest::newRow("matmul 100x75 @ 75x130")
        << 4 << QStringLiteral("Split(0, 4, UPCAST); Split(1, 2, LOCAL)") << 0;
    QTest::newRow("batched matmul 4 x 64x48 @ 48x96")
        << 5
        << QStringLiteral("Split(2, 4, UPCAST); Split(1, 4, UPCAST); Split(3, 4, UNROLL); "
                          "Split(1, 16, LOCAL); Split(2, 8, LOCAL)")
        << 2;
  }

  void schedules() {
    QFETCH(int, which);
    QFETCH(QString, opts);
    QFETCH(int, tiles);
    Tensor out = which == 0   ? quarters(64, 64, 0).matmul(quarters(64, 64, 5))
                 : which == 1 ? quarters(32, 1024, 0).sum({1})
                 : which == 2 ? quarters(256, 512, 0).matmul(quarters(1, 512, 3).reshape({512}))
                 : which == 3 ? quarters(256, 256, 0).matmul(quarters(256, 256, 5))
                 : which == 4 ? quarters(100, 75, 0).matmul(quarters(75, 130, 5))
                              : quarters(4 * 64, 48, 0)
                                    .reshape({4, 64, 48})
                                    .matmul(quarters(4 * 48, 96, 5).reshape({4, 48, 96}));
    std::vector<UOpPtr> roots{out.uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = gpuOnCl()});
    QVERIFY2(!run.failed(), run.failed() ? run.stages.back().error.c_str() : "");
    QCOMPARE(QString::fromStdString(formatOpts(run.kernels.back().opts)), opts);
    int locals = 0;
    for (const UOp* u : toposort(*run.kernels.back().stages.front().root))
      locals += u->op() == Op::Buffer && u->argAs<BufferArg>().addrSpace == AddrSpace::Local;
    QCOMPARE(locals, tiles);
    const std::string bad = differenceOnCl0(roots, run);
    QVERIFY2(bad.empty(), bad.c_str());
  }
};

UOPSCOPE_TEST(TestGpuSchedules);
#include "test_gpu_schedules.moc"
