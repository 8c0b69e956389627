// Operand tiles in local memory (core/pipeline/operand_tiles.h) on the
// compile-only GPU targets: the exact tiles, loops and barriers a 256 x 256
// matmul gets after its OptOps, what PTX and AMDGPU code LLVM makes of them
// (shared-memory loads and stores, barriers), the remark that says why a
// kernel is not tiled, and that a CPU and PoCL get no tiles.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "backends/llvm/gpu_target.h"
#include "core/ir/graph_walk.h"
#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"
#include "core/pipeline/operand_tiles.h"
#include "core/remarks/remark_scope.h"

#include <QTest>

#include <algorithm>

using namespace uops;
using namespace kernelast;

namespace {

CodegenTarget gpuWithHeuristics(const std::string& arch) {
  CodegenTarget t = gpuCodegenTarget(*gpuTarget(arch));
  t.heuristics = true;
  return t;
}

struct Lowered {
  LoweredKernel kernel;
  std::vector<Remark> remarks;
};

Lowered lowerWithRemarks(const UOpPtr& ast, const CodegenTarget& target) {
  Lowered out;
  RemarkScope scope(&out.remarks);
  out.kernel = lowerKernel(ast, target);
  return out;
}

const UOpPtr& optimized(const LoweredKernel& k) {
  return k.stages.front().root;
}

// "<size>" of each LOCAL buffer, in id order.
QStringList localBuffers(const UOpPtr& ast) {
  std::vector<std::pair<int64_t, int64_t>> found;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Buffer && u->argAs<BufferArg>().addrSpace == AddrSpace::Local)
      found.emplace_back(u->argAs<BufferArg>().id, u->argAs<BufferArg>().size);
  std::sort(found.begin(), found.end());
  QStringList out;
  for (auto [id, size] : found)
    out << QString::number(size);
  return out;
}

int countOps(const UOpPtr& root, Op op) {
  int n = 0;
  for (const UOp* u : toposort(*root))
    n += u->op() == op;
  return n;
}

// The Reduce's ranges as "TYPE size", outermost first.
QStringList reduceRanges(const UOpPtr& ast) {
  QStringList out;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Reduce)
      for (size_t i = 1; i < u->src().size(); ++i)
        out << QStringLiteral("%1 %2")
                   .arg(QString::fromStdString(
                       std::string(axisTypeName(u->src(i)->argAs<RangeArg>().type))))
                   .arg(*constBound(*u->src(i)));
  return out;
}

QStringList tileRemarks(const std::vector<Remark>& remarks) {
  QStringList out;
  for (const Remark& r : remarks)
    if (r.name == "OperandTiles")
      out << QString::fromStdString(std::string(remarkKindName(r.kind)) + ": " + r.message);
  return out;
}

} // namespace

class TestOperandTiles : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the heuristics' OptOps (a 32 x 64 workgroup tile of 4 x 4 register tiles,
  // UNROLL 4) are unchanged; Optimize then splits the reduction into K-tiles
  // of 16 (16 x 4, UNROLL 4) and stages A's 32 x 16 and B's 16 x 64 tiles in
  // local memory: 6 KiB, A one float4 per work-item, B two
  void matmul256GetsTiles() {
    const Lowered l = lowerWithRemarks(matmul(256, 256, 256), gpuWithHeuristics("sm_90"));
    QCOMPARE(
        QString::fromStdString(formatOpts(l.kernel.opts)),
        QStringLiteral(
            "Split(1, 4, UPCAST); Split(0, 4, UPCAST); Split(2, 4, UNROLL); Split(0, 8, LOCAL); "
            "Split(1, 16, LOCAL)"));
    const UOpPtr& ast = optimized(l.kernel);
    QCOMPARE(localBuffers(ast), (QStringList{QStringLiteral("512"), QStringLiteral("1024")}));
    QCOMPARE(countOps(ast, Op::Barrier), 2);
    QCOMPARE(reduceRanges(ast),
             (QStringList{QStringLiteral("REDUCE 16"), QStringLiteral("REDUCE 4"),
                          QStringLiteral("UNROLL 4")}));
    QCOMPARE(tileRemarks(l.remarks),
             QStringList{QStringLiteral("passed: operand tiles in local memory (6144 bytes): the "
                                        "reduction r2 in K-tiles of 16 (4 "
                                        "iterations x UNROLL 4), 128 work-items copy Param 1 "
                                        "8x4x4x4 (512 elements; each work-item 1 "
                                        "4-wide copy), Param 2 4x4x16x4 (1024 elements; each "
                                        "work-item 2 4-wide copies); a barrier "
                                        "after the copy and one before the next K-tile's")});
    // the kernel without tiles has no local memory at all
    QCOMPARE(countOps(l.kernel.ast, Op::Barrier), 0);
  }

  // PTX: per K-tile each work-item loads 12 floats from global memory (A one
  // float4 as four loads, B two float4s), stores them to shared memory and
  // reads its register tile's 32 operands from there in each of the 4 inner
  // iterations; a barrier before the copy and one after it
  void ptxUsesSharedMemory() {
    const GpuTarget gpu = *gpuTarget("sm_90");
    const LoweredKernel k = lowerKernel(matmul(256, 256, 256), gpuWithHeuristics(gpu.arch));
    const QString ptx =
        QString::fromStdString(compileGpuAssembly(k.rendered.text, k.rendered.entry, gpu));
    QVERIFY2(ptx.contains(QStringLiteral(".shared .align")), qPrintable(ptx.left(2000)));
    QCOMPARE(ptx.count(QStringLiteral("ld.global.nc.v4.f32")), 2);
    QCOMPARE(ptx.count(QStringLiteral("ld.global.nc.f32")), 4);
    QCOMPARE(ptx.count(QStringLiteral("st.shared.f32")), 12);
    QCOMPARE(ptx.count(QStringLiteral("ld.shared.f32")), 32);
    QCOMPARE(ptx.count(QStringLiteral("fma.rn.f32")), 64);
    QCOMPARE(ptx.count(QStringLiteral("bar.sync")), 2);
  }

  // AMDGPU: LDS stores and loads (ds_store, ds_load) and s_barrier
  void gfx1100UsesLds() {
    const GpuTarget gpu = *gpuTarget("gfx1100");
    const LoweredKernel k = lowerKernel(matmul(256, 256, 256), gpuWithHeuristics(gpu.arch));
    const QString isa =
        QString::fromStdString(compileGpuAssembly(k.rendered.text, k.rendered.entry, gpu));
    QVERIFY2(isa.contains(QStringLiteral("ds_store")), qPrintable(isa.left(2000)));
    QVERIFY(isa.contains(QStringLiteral("ds_load")));
    QVERIFY(isa.contains(QStringLiteral("s_barrier")));
  }

  // 100 x 75 @ 75 x 130: no power of two divides the reduction, so there is
  // no K-tile; the remark says so
  void nonDividingShapeSaysWhy() {
    const Lowered l = lowerWithRemarks(matmul(100, 130, 75), gpuWithHeuristics("sm_90"));
    QCOMPARE(localBuffers(optimized(l.kernel)), QStringList{});
    QCOMPARE(tileRemarks(l.remarks),
             QStringList{QStringLiteral(
                 "missed: operand tiles in local memory not made: the reduction r2 (75 "
                 "iterations, UNROLL 1) has no K-tile of 4 elements or more")});
  }

  // a reduction too shallow for a K-tile: K = 2 leaves one of 2 elements
  void shallowReductionSaysWhy() {
    const Lowered l = lowerWithRemarks(matmul(256, 256, 2), gpuWithHeuristics("sm_90"));
    QCOMPARE(localBuffers(optimized(l.kernel)), QStringList{});
    QVERIFY2(tileRemarks(l.remarks).join(QString()).contains(
                 QStringLiteral("has no K-tile of 4 elements or more")),
             qPrintable(tileRemarks(l.remarks).join(QStringLiteral("\n"))));
  }

  // a CPU and an OpenCL driver on the host's CPU keep their kernels
  void cpuAndPoclGetNoTiles() {
    CodegenTarget cpu = cpuTarget();
    cpu.heuristics = true;
    CodegenTarget pocl = openClTarget("CL:0", true);
    pocl.heuristics = true;
    QVERIFY(!stagesOperandTiles(cpu));
    QVERIFY(!stagesOperandTiles(pocl));
    QVERIFY(stagesOperandTiles(openClTarget("CL:0")));
    for (const CodegenTarget& t : {cpu, pocl}) {
      const LoweredKernel k = lowerKernel(matmul(256, 256, 256), t);
      QCOMPARE(optimized(k), k.ast);
    }
  }
};

UOPSCOPE_TEST(TestOperandTiles);
#include "test_operand_tiles.moc"
