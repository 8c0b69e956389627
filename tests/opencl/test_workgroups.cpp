// Workgroups on CL:0: LOCAL axes (get_local_id), GROUP_REDUCE through local
// memory with barriers, the rendered OpenCL C of a small kernel, and seeded
// random OptOp sequences with LOCAL and GROUP_REDUCE on tensor programs, run
// and compared with the reference evaluator.
#include "tests/support/test_registry.h"
#include "tests/support/golden_text.h"
#include "tests/support/kernel_ast.h"
#include "tests/opencl/cl_test.h"

#include "backends/opencl/cl_kernel.h"
#include "core/engine/device_schedule.h"
#include "core/engine/device_registry.h"
#include "core/opt/apply_opt.h"
#include "core/opt/heuristics.h"
#include "core/opt/kernel_ranges.h"
#include "core/pipeline/codegen.h"
#include "core/render/codegen_error.h"
#include "core/pipeline/optimize.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <cmath>
#include <random>

#include <fmt/format.h>

using namespace uops;
using namespace cltest;

namespace {

// out[i] = sum_k in[i*16 + k], rows split over 2 work-items, each row's sum
// over 4 work-items that meet in local memory. The second sum starts after the first is in
// local memory, so one register holds both in turn.
const char* const kRowSumSource = R"(// kernel r_4_2_4_4: rendered by UOpScope for OpenCL
__kernel void r_4_2_4_4(__global float* restrict data0, __global const float* restrict data1) {
  float reg0[1];
  __local float temp4[8];
  long gidx0 = get_group_id(0);
  long v0 = ((long)((ulong)gidx0 * (ulong)((long)2L)));
  long lidx1 = get_local_id(1);
  long v1 = ((long)((ulong)v0 + (ulong)lidx1));
  long v2 = ((long)((ulong)gidx0 * (ulong)((long)32L)));
  long v3 = ((long)((ulong)lidx1 * (ulong)((long)16L)));
  long lidx0 = get_local_id(0);
  long v4 = ((long)((ulong)lidx1 * (ulong)((long)4L)));
  long v5 = ((long)((ulong)v4 + (ulong)lidx0));
  bool v6 = (lidx0 < ((long)1L));
  reg0[((long)0L)] = 0x0p+0f;
  for (long r1 = 0; r1 < ((long)4L); r1++) {
    float v7 = reg0[((long)0L)];
    long v8 = ((long)((ulong)r1 * (ulong)((long)4L)));
    long v9 = ((long)((ulong)v2 + (ulong)v8));
    long v10 = ((long)((ulong)v9 + (ulong)v3));
    long v11 = ((long)((ulong)v10 + (ulong)lidx0));
    float v12 = data1[v11];
    float v13 = (v7 + v12);
    reg0[((long)0L)] = v13;
  }
  float v14 = reg0[((long)0L)];
  barrier(CLK_LOCAL_MEM_FENCE);
  temp4[v5] = v14;
  barrier(CLK_LOCAL_MEM_FENCE);
  reg0[((long)0L)] = 0x0p+0f;
  for (long r5 = 0; r5 < ((long)4L); r5++) {
    float v15 = reg0[((long)0L)];
    long v16 = ((long)((ulong)v4 + (ulong)r5));
    float v17 = temp4[v16];
    float v18 = (v15 + v17);
    reg0[((long)0L)] = v18;
  }
  float v19 = reg0[((long)0L)];
  if (v6) data0[v1] = v19;
}
)";

const OptTarget kCl0{.device = "CL:0", .hasLocals = true, .hasThreads = false, .threads = 1, .tensorCores = {}, .maxWorkgroup = 256};

// Every OptOp the applier accepts on `ast` among a menu weighted to workgroups.
std::vector<Opt> validNext(const UOpPtr& ast, const std::vector<Opt>& applied) {
  std::vector<Opt> menu;
  int axes = static_cast<int>(kernelRanges(ast).size());
  for (int a = 0; a < axes; ++a)
    for (int64_t f : {2, 3, 4, 8})
      for (AxisType t : {AxisType::Local, AxisType::GroupReduce, AxisType::Upcast, AxisType::Unroll}) {
        menu.push_back({OptOpKind::Split, a, f, t, false, 0});
        if (t == AxisType::GroupReduce) menu.push_back({OptOpKind::Split, a, f, t, true, 0});
      }
  std::vector<Opt> ok;
  for (const Opt& o : menu) {
    try {
      applyOpt(ast, o, kCl0, applied);
      ok.push_back(o);
    } catch (const OptError&) {
    }
  }
  return ok;
}

// The first element where CL:0 with these OptOps differs from the reference evaluator, or "".
std::string compare(const std::vector<UOpPtr>& roots, const KernelOpts& opts) {
  return differenceOnCl0(roots, runPipeline(roots, {.trace = false, .target = openClTarget("CL:0")}, opts));
}

std::vector<UOpPtr> program(int which) {
  // quarter-integers: sums are exact in any order
  Tensor a = (Tensor::arange(int64_t{24 * 32}).reshape({24, 32}).mod(int64_t{13}) - 6).cast(dtypes::float32) * 0.25;
  Tensor b = (Tensor::arange(int64_t{32 * 16}).reshape({32, 16}).mod(int64_t{7}) - 3).cast(dtypes::float32) * 0.5;
  switch (which) {
  case 0: return {a.matmul(b).uop()};
  case 1: return {a.sum({1}).uop(), a.max({0}).uop()};
  case 2: return {a.softmax().uop()};
  default: return {a.sum().uop()};
  }
}

} // namespace

class TestClWorkgroups : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { QVERIFY2(haveCl0(), noCl0()); }

  void renderedRowSum() {
    UOpPtr kernel = kernelast::reduceRows(Op::Add, dtypes::float32, 8, 16);
    LoweredKernel k =
        lowerKernel(kernel, openClTarget("CL:0"), parseOpts("Split(0, 2, LOCAL); Split(2, 4, GROUP_REDUCE)"));
    QString diff = golden::difference(k.rendered.text, kRowSumSource);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
    QCOMPARE(k.rendered.global, (std::vector<int64_t>{16, 2}));
    QCOMPARE(k.rendered.local, (std::vector<int64_t>{4, 2}));
  }

  void randomSequences_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("matmul") << 0;
    QTest::newRow("row sums and column max") << 1;
    QTest::newRow("softmax") << 2;
    QTest::newRow("sum of all") << 3;
  }

  void randomSequences() {
    QFETCH(int, which);
    std::vector<UOpPtr> roots = program(which);
    PipelineRun plain = runPipeline(roots, {.trace = false, .target = openClTarget("CL:0")});
    QVERIFY(!plain.failed());
    std::mt19937_64 rng(4321 + static_cast<uint64_t>(which));
    int withWorkgroups = 0;
    for (int trial = 0; trial < 10; ++trial) {
      size_t k = std::uniform_int_distribution<size_t>(0, plain.kernels.size() - 1)(rng);
      UOpPtr current = plain.kernels[k].ast;
      std::vector<Opt> opts;
      for (int s = 0, n = std::uniform_int_distribution<int>(1, 3)(rng); s < n; ++s) {
        std::vector<Opt> next = validNext(current, opts);
        if (next.empty()) break;
        Opt pick = next[std::uniform_int_distribution<size_t>(0, next.size() - 1)(rng)];
        current = applyOpt(current, pick, kCl0, opts);
        opts.push_back(pick);
      }
      for (const Opt& o : opts) withWorkgroups += o.target == AxisType::Local || o.target == AxisType::GroupReduce;
      std::string bad = compare(roots, {{k, opts}});
      QVERIFY2(bad.empty(), fmt::format("kernel {} with {}: {}", k, formatOpts(opts), bad).c_str());
    }
    QVERIFY(withWorkgroups > 0);
  }

  // the heuristics give a matmul workgroups on CL and keep its results: the
  // CPU's rules with LOCAL parts where there are no warps (kCl0), the GPU's on
  // a GPU (a 24 x 16 output is small there: its reduction is grouped)
  void heuristicWorkgroups() {
    UOpPtr kernel = kernelast::matmul(64, 64, 64);
    std::vector<Opt> opts = heuristicOpts(optimize(kernel, openClTarget("CL:0")), kCl0);
    QCOMPARE(QString::fromStdString(formatOpts(opts)),
             QStringLiteral("Split(1, 16, UPCAST); Split(0, 8, UPCAST); Split(1, 4, LOCAL); Split(0, 8, LOCAL)"));
    std::vector<UOpPtr> roots = program(0);
    PipelineRun run = runPipeline(roots, {.trace = false, .target = [] {
                                            CodegenTarget t = openClTarget("CL:0");
                                            t.heuristics = true;
                                            return t;
                                          }()});
    QVERIFY(!run.failed());
    QCOMPARE(QString::fromStdString(formatOpts(run.kernels[0].opts)), QStringLiteral("Split(2, 16, GROUP_REDUCE)"));
    std::string bad = compare(roots, {{0, run.kernels[0].opts}});
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // an elementwise kernel on a driver that vectorizes across work-items (PoCL):
  // its lanes are LOCAL's, no UPCAST; a GPU gets float4 (UPCAST 4) and
  // workgroups of four warps
  void elementwiseLanesOnAWorkItemVectorizer() {
    UOpPtr kernel = kernelast::elementwise(Op::Add, dtypes::float32, 1 << 20);
    CodegenTarget pocl = openClTarget("CL:0", true), gpu = openClTarget("CL:0");
    QVERIFY(pocl.workItemVectorizer && !gpu.workItemVectorizer);
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(optimize(kernel, pocl), optTargetOf(pocl)))),
             QStringLiteral("Split(0, 128, LOCAL)"));
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(optimize(kernel, gpu), optTargetOf(gpu)))),
             QStringLiteral("Split(0, 4, UPCAST); Split(0, 128, LOCAL)"));
  }

  // a small kernel on a driver that vectorizes across work-items: no OptOps,
  // work-groups of one, a quick build; one element more than kSmallGridItems,
  // or a GPU, and it is lowered as before
  void smallKernelsOnAWorkItemVectorizer() {
    CodegenTarget pocl = openClTarget("CL:0", true), gpu = openClTarget("CL:0");
    pocl.heuristics = gpu.heuristics = true;
    UOpPtr small = kernelast::elementwise(Op::Add, dtypes::float32, kSmallGridItems);
    UOpPtr larger = kernelast::elementwise(Op::Add, dtypes::float32, kSmallGridItems + 4);
    QVERIFY(isSmallKernel(small) && !isSmallKernel(larger));
    QVERIFY(!isSmallKernel(kernelast::reduceRows(Op::Add, dtypes::float32, 8, kSmallKernelIterations)));
    LoweredKernel k = lowerKernel(small, pocl);
    QVERIFY(k.opts.empty());
    QCOMPARE(k.rendered.local, std::vector<int64_t>{1});
    QVERIFY(k.rendered.quickBuild);
    QCOMPARE(QString::fromLatin1(openClBuildOptions(true)),
             QString::fromLatin1(kOpenClBuildOptions) + QStringLiteral(" -cl-opt-disable"));
    LoweredKernel l = lowerKernel(larger, pocl);
    QVERIFY(!l.opts.empty() && !l.rendered.quickBuild);
    LoweredKernel g = lowerKernel(small, gpu);
    QVERIFY(!g.opts.empty() && !g.rendered.quickBuild);
  }

  // CPUs have no workgroups: the applier says so
  void cpuRejectsWorkgroups() {
    UOpPtr kernel = kernelast::reduceRows(Op::Add, dtypes::float32, 8, 16);
    try {
      lowerKernel(kernel, cpuTarget(), parseOpts("Split(1, 4, GROUP_REDUCE)"));
      QFAIL("GROUP_REDUCE was accepted on the CPU");
    } catch (const OptError& e) {
      QVERIFY2(std::string(e.what()).find("no local memory") != std::string::npos, e.what());
    }
  }

  // a workgroup has at most three dimensions
  void fourWorkgroupAxesAreRefused() {
    UOpPtr kernel = kernelast::reduceRows(Op::Add, dtypes::float32, 16, 16);
    try {
      lowerKernel(kernel, openClTarget("CL:0"),
                  parseOpts("Split(0, 2, LOCAL); Split(0, 2, LOCAL); Split(0, 2, LOCAL); Split(4, 4, GROUP_REDUCE)"));
      QFAIL("four workgroup axes were accepted");
    } catch (const CodegenError& e) {
      QVERIFY2(std::string(e.what()).find("at most three dimensions") != std::string::npos, e.what());
    }
  }
};

UOPSCOPE_TEST(TestClWorkgroups);
#include "test_workgroups.moc"
