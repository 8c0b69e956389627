// The CPU heuristics' tile for a copy of whole lines into another order
// (core/opt/line_copy_rules.h): a matmul's B packed in 16-column panels
// (core/pipeline/rangeify_pack.cpp). The exact OptOps, the Zen 5 machine code
// of the copy (one 16-float load and store per line) and its results against
// the kernel interpreter; copies that are not such a copy keep the
// elementwise schedule.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"
#include "tests/support/zen5_loop.h"

#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"

#include <QTest>

#include <map>

using namespace uops;
using namespace kernelast;

namespace {

// out[p, k, i] = b[k, p*16 + i]: b (rows x cols) packed in panels of 16
// columns, [cols / 16, rows, 16], as Rangeify copies a large matmul operand
// (slots: out 0, b 1).
UOpPtr packPanels(int64_t rows, int64_t cols) {
  UOpPtr p = range(cols / 16, 0), k = range(rows, 1), i = range(16, 2);
  UOpPtr value = load(buf(1, dtypes::float32, rows * cols), k * cols + p * 16 + i);
  return sink({end(store(buf(0, dtypes::float32, rows * cols), p * (rows * 16) + k * 16 + i, value), {p, k, i})});
}

// out[i, j] = a[i, j] + 1: consecutive on both sides, nothing to reorder
UOpPtr addOne(int64_t rows, int64_t cols) {
  UOpPtr i = range(rows, 0), j = range(cols, 1);
  UOpPtr value = load(buf(1, dtypes::float32, rows * cols), i * cols + j) + constant(dtypes::float32, 1.0);
  return sink({end(store(buf(0, dtypes::float32, rows * cols), i * cols + j, value), {i, j})});
}

} // namespace

class TestLineCopySchedule : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // the 1024 gemm's B: the rows' loop outside the panels', each line one
  // vector, 8 rows a step, the row blocks across the cores
  void packOpts() {
    QCOMPARE(cpuschedule::heuristicOptsText(packPanels(1024, 1024)),
             QStringLiteral("Swap(0, 1); Split(2, 16, UPCAST); Split(0, 8, UPCAST); Split(0, 2, THREAD)"));
    // with AVX2 the same (a line is two vectors)
    QCOMPARE(cpuschedule::heuristicOptsText(packPanels(1024, 1024), cpuschedule::narrowTarget()),
             QStringLiteral(
                 "Swap(0, 1); Split(2, 16, UPCAST); Split(0, 8, UPCAST); Split(0, 2, THREAD)"));
  }

  // a node budget the whole line's copies exceed: after the swap, the
  // elementwise UPCAST by 4 (not the swap alone)
  void overTheCopyBudget() {
    OptTarget small = cpuschedule::wideTarget();
    small.maxExpandedNodes = 100;
    QCOMPARE(cpuschedule::heuristicOptsText(packPanels(1024, 1024), small),
             QStringLiteral("Swap(0, 1); Split(2, 4, UPCAST); Split(0, 2, THREAD)"));
  }

  // a copy in the same order keeps the elementwise schedule
  void plainCopyOpts() {
    QCOMPARE(cpuschedule::heuristicOptsText(addOne(1024, 1024)),
             QStringLiteral("Split(1, 4, UPCAST); Split(0, 2, THREAD)"));
  }

  // each step of the innermost loop moves 8 rows' lines (128 floats; nested
  // as before, 4 floats of one row), on Zen 5 8 loads and 8 stores of 16
  // floats (LLVM unrolls the panels' loop by two: 32), nothing narrower
  void packMachineCode() {
    UOpPtr kernel = packPanels(1024, 1024);
    LoweredKernel lowered = lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, cpuschedule::wideTarget()));
    std::map<std::string, int> ops = cpuschedule::innermostLoopOps(*lowered.linear);
    QCOMPARE(ops["Load"], 128);
    QCOMPARE(ops["Store"], 128);
    std::map<std::string, int> isa = zen5loop::functionIsa(lowered, {"vmov"});
    QVERIFY2(isa["vmovups zmm"] + isa["vmovaps zmm"] == 32, zen5loop::isaText(isa).c_str());
    QVERIFY2(isa["vmovups xmm"] + isa["vmovups ymm"] + isa["vmovaps xmm"] + isa["vmovaps ymm"] + isa["vmovss xmm"] == 0,
             zen5loop::isaText(isa).c_str());
  }

  // the tiled copy moves every element where the interpreter does
  void resultsMatchTheInterpreter() {
    // too little work to share between the cores, and under 2^16 iterations a
    // kernel without a reduction keeps to the small copy budget: one row a step
    QCOMPARE(cpuschedule::heuristicOptsText(packPanels(64, 64)), QStringLiteral("Swap(0, 1); Split(2, 16, UPCAST)"));
    QCOMPARE(cpuschedule::mismatchWithInterpreter(packPanels(64, 64)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(packPanels(1024, 1024)), QString());
  }
};

UOPSCOPE_TEST(TestLineCopySchedule);
#include "test_line_copy_schedule.moc"
