// The GPU heuristics (core/opt/gpu_heuristics.h), one rule at a time, on the
// compile-only targets: the exact OptOps each kind of kernel gets for sm_90
// (warps of 32) and gfx90a (waves of 64), and that a CPU and an OpenCL driver
// on the host's CPU keep their own rules.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "backends/llvm/gpu_target.h"
#include "core/opt/gpu_heuristics.h"
#include "core/opt/heuristics.h"
#include "core/render/codegen_target.h"
#include "core/pipeline/optimize.h"
#include "core/remarks/remark_scope.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

QString gpuOptsFor(const UOpPtr& kernel, const std::string& arch) {
  const CodegenTarget target = gpuCodegenTarget(*gpuTarget(arch));
  return QString::fromStdString(formatOpts(heuristicOpts(optimize(kernel, target), optTargetOf(target))));
}

// out[i] = sum_k w[i*n + k] * x[k] (slots: out 0, w 1, x 2).
UOpPtr matrixVector(int64_t m, int64_t n) {
  UOpPtr i = range(m, 0), k = range(n, 1, AxisType::Reduce);
  UOpPtr prod = load(buf(1, dtypes::float32, m * n), i * n + k) * load(buf(2, dtypes::float32, n), k);
  return sink({end(store(buf(0, dtypes::float32, m), i, reduceOver(prod, Op::Add, {k})), {i})});
}

} // namespace

class TestGpuHeuristics : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // a matmul: a 4 x 4 register tile (UPCAST on both output axes), the
  // reduction unrolled by 4, workgroups 16 columns wide of four warps
  void matmulGetsLocalAndRegisterTile() {
    UOpPtr mm = matmul(256, 256, 256);
    QCOMPARE(gpuOptsFor(mm, "sm_90"), QStringLiteral("Split(1, 4, UPCAST); Split(0, 4, UPCAST); Split(2, 4, UNROLL); "
                                                     "Split(0, 8, LOCAL); Split(1, 16, LOCAL)"));
    QCOMPARE(gpuOptsFor(mm, "gfx90a"), QStringLiteral("Split(1, 4, UPCAST); Split(0, 4, UPCAST); Split(2, 4, UNROLL); "
                                                      "Split(0, 16, LOCAL); Split(1, 16, LOCAL)"));
  }

  // a reduction with at most 2048 outputs: a workgroup shares each one
  void smallOutputReductionGetsGroupReduce() {
    QCOMPARE(gpuOptsFor(reduceRows(Op::Add, dtypes::float32, 64, 4096), "sm_90"),
             QStringLiteral("Split(1, 256, GROUP_REDUCE)"));
    QCOMPARE(gpuOptsFor(reduceRows(Op::Max, dtypes::float32, 1, 1 << 20), "gfx1100"),
             QStringLiteral("Split(1, 256, GROUP_REDUCE)"));
    // rows of 64: groups of 32 work-items, each reading two elements
    QCOMPARE(gpuOptsFor(reduceRows(Op::Add, dtypes::float32, 16, 64), "sm_80"),
             QStringLiteral("Split(1, 32, GROUP_REDUCE)"));
  }

  // a matrix-vector product: a warp per row, 4 rows per work-item, 4 row groups
  void matrixVectorGetsAWarpPerRow() {
    QCOMPARE(gpuOptsFor(matrixVector(4096, 4096), "sm_90"),
             QStringLiteral("Split(0, 4, UPCAST); Split(0, 4, LOCAL); Split(2, 32, GROUP_REDUCE)"));
  }

  // elementwise: float4 loads and stores (UPCAST 4), workgroups of four warps
  void elementwiseGetsLocalOfWholeWarps() {
    UOpPtr add = elementwise(Op::Add, dtypes::float32, 1 << 20);
    QCOMPARE(gpuOptsFor(add, "sm_90"), QStringLiteral("Split(0, 4, UPCAST); Split(0, 128, LOCAL)"));
    QCOMPARE(gpuOptsFor(add, "gfx90a"), QStringLiteral("Split(0, 4, UPCAST); Split(0, 256, LOCAL)"));
    // a grid smaller than a workgroup is one workgroup
    QCOMPARE(gpuOptsFor(elementwise(Op::Add, dtypes::float32, 64), "sm_90"),
             QStringLiteral("Split(0, 4, UPCAST); Split(0, 16, LOCAL)"));
  }

  // a reduction with many outputs and no reuse: no tile, float4 along the
  // output, the reduction unrolled
  void largeOutputReductionUnrolls() {
    QCOMPARE(gpuOptsFor(reduceRows(Op::Add, dtypes::float32, 1 << 16, 16), "sm_90"),
             QStringLiteral("Split(1, 4, UNROLL); Split(0, 4, UPCAST); Split(0, 128, LOCAL)"));
  }

  // each OptOp's remark names the rule that chose it; the facts say which
  // kind of kernel it is
  void remarksExplainEachChoice() {
    const CodegenTarget target = gpuCodegenTarget(*gpuTarget("sm_90"));
    std::vector<Remark> remarks;
    std::vector<Opt> opts;
    {
      RemarkScope scope(&remarks);
      opts = heuristicOpts(optimize(matrixVector(4096, 4096), target), optTargetOf(target));
    }
    QStringList applied, facts;
    for (const Remark& r : remarks) {
      if (r.name == "OptOp" && r.kind == RemarkKind::Passed) applied << QString::fromStdString(r.message);
      if (r.name == "Heuristics") facts << QString::fromStdString(r.message);
    }
    QCOMPARE(applied, (QStringList{
        QStringLiteral("Split(0, 4, UPCAST): matrix-vector: 4 rows per work-item share each vector element"),
        QStringLiteral("Split(0, 4, LOCAL): matrix-vector: 4 row groups per workgroup"),
        QStringLiteral("Split(2, 32, GROUP_REDUCE): matrix-vector: a warp's work-items read a row side by side and "
                       "reduce it together")}));
    QCOMPARE(facts, (QStringList{QStringLiteral("a matrix-vector product: one output axis, a reduction its matrix "
                                                "reads consecutively, a vector reused across the outputs")}));
    QCOMPARE(applied.size(), static_cast<qsizetype>(opts.size()));
  }

  // the capabilities pick the rules: warps for a GPU; a CPU and PoCL keep theirs
  void capabilitiesPickTheRules() {
    QVERIFY(usesGpuHeuristics(optTargetOf(gpuCodegenTarget(*gpuTarget("sm_90")))));
    QVERIFY(usesGpuHeuristics(optTargetOf(openClTarget("CL:0"))));
    QVERIFY(!usesGpuHeuristics(optTargetOf(openClTarget("CL:0", true))));
    QVERIFY(!usesGpuHeuristics(optTargetOf(cpuTarget())));
    const CodegenTarget sm = gpuCodegenTarget(*gpuTarget("sm_90")), gfx = gpuCodegenTarget(*gpuTarget("gfx942"));
    QVERIFY(sm.launchGrid && sm.locals && !sm.threadAxes && !sm.rowKernels && !sm.packOperands && !sm.hostCode);
    QCOMPARE(sm.warpSize, 32);
    QCOMPARE(gfx.warpSize, 64);
    QCOMPARE(gpuCodegenTarget(*gpuTarget("gfx1100")).warpSize, 32);
    const CodegenTarget cpu = cpuTarget();
    QVERIFY(!cpu.launchGrid && !cpu.locals && cpu.threadAxes && cpu.rowKernels && cpu.hostCode && !cpu.tensorCores.empty());
  }
};

UOPSCOPE_TEST(TestGpuHeuristics);
#include "test_gpu_heuristics.moc"
