// Tensor cores of the compile-only GPU targets (core/ir/tensor_core.h,
// warp_fragment.h): TC on a float16 matmul spreads each tile over a warp of
// 32 work-items, rendered as mma.sync for sm_80 and later and as RDNA3's WMMA
// for gfx1100. There is no card here: the kernel interpreter runs the kernel
// as Optimize, Expand and Instruction Selection leave it, every work-item
// holding only its fragments as the hardware does, and the result must be
// the matmul's. Goldens: the PTX (sm_90) and AMDGPU assembly (gfx1100) of the
// TC matmul and of a matmul with LOCAL tiles, in tests/cpu/golden; after a
// deliberate change, regenerate them with
//   UOPSCOPE_GOLDEN_DUMP=1 build/tests/test_cpu gpu_tensor_cores
// (and review the diff). A mismatch writes <golden>.actual.
#include "tests/support/test_registry.h"
#include "tests/support/golden_text.h"
#include "backends/llvm/gpu_target.h"
#include "core/ir/graph_walk.h"
#include "core/opt/apply_opt.h"
#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"
#include "core/engine/kernel_interpreter.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"

#include <QtTest>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

using namespace uops;

namespace {

CodegenTarget tcTarget(const std::string& arch) { return gpuCodegenTarget(*gpuTarget(arch)); }

// a @ b of 64 x 64 matrices of small integers (exact in float16, and so is
// every sum of their products in float32)
std::vector<UOpPtr> tcMatmul(DType d) {
  Tensor a = ((Tensor::arange(int64_t{64 * 64}) % 7) - 3).cast(d).reshape({64, 64});
  Tensor b = ((Tensor::arange(int64_t{64 * 64}) * 5 % 11) - 5).cast(d).reshape({64, 64});
  return {a.matmul(b).uop()};
}

struct TcRun {
  Schedule schedule;
  size_t kernel = 0; // the matmul: the schedule's last kernel
  LoweredKernel lowered;
};

TcRun lowerTc(const std::vector<UOpPtr>& roots, const std::string& arch, const std::string& opts) {
  const CodegenTarget target = tcTarget(arch);
  PipelineRun run = runPipeline(roots, {.trace = false, .target = std::nullopt, .rangeify = rangeifyOptionsFor(target)});
  TcRun out{run.schedule, run.schedule.kernels.size() - 1, {}};
  out.lowered = lowerKernel(run.schedule.kernels.back().ast, target, parseOpts(opts));
  return out;
}

// The first element where the schedule, its kernel run as `ast`, differs
// from the reference evaluator's value, or "".
std::string firstDifference(const TcRun& r, const UOpPtr& ast, const std::vector<UOpPtr>& roots) {
  const UOpPtr& call = r.schedule.kernels.at(r.kernel).call;
  UOpList src = call->src();
  src[0] = ast;
  std::vector<HostTensor> got = evaluateSchedule(substitute(r.schedule.linear, {{call.get(), call->withSrc(std::move(src))}}));
  std::vector<HostTensor> want = ReferenceEvaluator().evaluate(roots);
  for (size_t i = 0; i < want.size(); ++i)
    for (int64_t e = 0; e < want[i].numel(); ++e)
      if (got.at(i).getDouble(e) != want[i].getDouble(e))
        return fmt::format("element {}: got {}, expected {}", e, got.at(i).getDouble(e), want[i].getDouble(e));
  return {};
}

const UOp* onlyWmma(const UOpPtr& ast) {
  const UOp* found = nullptr;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Wmma) {
      if (found) return nullptr;
      found = u;
    }
  return found;
}

std::string goldenPath(const std::string& name) { return std::string(UOPSCOPE_SOURCE_DIR "/tests/cpu/golden/") + name; }

// Compares `actual` with the golden file `name`.
QString goldenDifference(const std::string& actual, const std::string& name) {
  const std::string path = goldenPath(name);
  if (std::getenv("UOPSCOPE_GOLDEN_DUMP")) std::ofstream(path) << actual;
  std::ifstream in(path);
  std::stringstream expected;
  expected << in.rdbuf();
  QString diff = golden::difference(actual, expected.str());
  if (!diff.isEmpty()) std::ofstream(path + ".actual") << actual;
  return diff;
}

std::string assemblyOf(const LoweredKernel& k, const std::string& arch) {
  return compileGpuAssembly(k.rendered.text, k.rendered.entry, *gpuTarget(arch));
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

} // namespace

class TestGpuTensorCores : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // every work-item holds its fragments only; the interpreted kernel after
  // each stage is the matmul, exactly
  void fragmentsMultiplyAsTheMatmul_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("tile");
    QTest::newRow("sm_80 half") << "sm_80" << "half" << "16x8x16 nvidia";
    QTest::newRow("sm_90 bfloat16") << "sm_90" << "bfloat16" << "16x8x16 nvidia";
    QTest::newRow("gfx1100 half") << "gfx1100" << "half" << "16x16x16 amd";
  }
  void fragmentsMultiplyAsTheMatmul() {
    QFETCH(QString, arch);
    QFETCH(QString, dtype);
    QFETCH(QString, tile);
    const std::vector<UOpPtr> roots = tcMatmul(dtype == QStringLiteral("half") ? dtypes::float16 : dtypes::bfloat16);
    TcRun r = lowerTc(roots, arch.toStdString(), "TC(2)");
    const UOp* wmma = onlyWmma(r.lowered.ast);
    QVERIFY(wmma);
    QCOMPARE(QString::fromStdString(wmma->argAs<std::string>()), tile);
    // the warp's 32 lanes are the workgroup
    QCOMPARE(r.lowered.rendered.local, (std::vector<int64_t>{32, 1}));
    for (const StageSnapshot& s : r.lowered.stages) {
      if (s.stage != "Optimize" && s.stage != "Expand" && s.stage != "Instruction Selection") continue;
      std::string diff = firstDifference(r, s.root, roots);
      QVERIFY2(diff.empty(), fmt::format("after {}: {}", s.stage, diff).c_str());
    }
  }

  // tf32: the float32 factors lose their 13 low mantissa bits, as mma.sync reads them
  void tf32ReadsTruncatedFactors() {
    const std::vector<UOpPtr> roots = tcMatmul(dtypes::float32);
    TcRun r = lowerTc(roots, "sm_80", "TC(2)");
    QCOMPARE(QString::fromStdString(onlyWmma(r.lowered.ast)->argAs<std::string>()), QStringLiteral("16x8x8 nvidia"));
    QVERIFY(firstDifference(r, r.lowered.stages.at(1).root, roots).empty()); // small integers: exact in tf32
    QVERIFY2(has(assemblyOf(r.lowered, "sm_80"), "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"),
             r.lowered.rendered.text.c_str());
  }

  void goldenAssembly_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("opts");
    QTest::addColumn<QString>("golden");
    QTest::addColumn<QString>("instruction");
    QTest::newRow("tc sm_90") << "sm_90" << "half" << "TC(2)" << "matmul_tc_sm_90.ptx"
                              << "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32";
    QTest::newRow("tc gfx1100") << "gfx1100" << "half" << "TC(2)" << "matmul_tc_gfx1100.s"
                                << "v_wmma_f32_16x16x16_f16";
    QTest::newRow("local sm_90") << "sm_90" << "float" << "Split(0, 4, LOCAL); Split(1, 4, LOCAL)"
                                 << "matmul_local_sm_90.ptx" << "fma.rn.f32";
    QTest::newRow("local gfx1100") << "gfx1100" << "float" << "Split(0, 4, LOCAL); Split(1, 4, LOCAL)"
                                   << "matmul_local_gfx1100.s" << "v_fmac_f32";
  }
  void goldenAssembly() {
    QFETCH(QString, arch);
    QFETCH(QString, dtype);
    QFETCH(QString, opts);
    QFETCH(QString, golden);
    QFETCH(QString, instruction);
    TcRun r = lowerTc(tcMatmul(dtype == QStringLiteral("half") ? dtypes::float16 : dtypes::float32), arch.toStdString(),
                      opts.toStdString());
    const std::string assembly = assemblyOf(r.lowered, arch.toStdString());
    QVERIFY2(has(assembly, instruction.toStdString()), assembly.c_str());
    QString diff = goldenDifference(assembly, golden.toStdString());
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
  }

  // TC where the target has no matrix instruction UOpScope renders, or none
  // for the kernel's dtypes: refused with the reason
  void refusedWithoutTensorCores_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<QString>("dtype");
    QTest::addColumn<QString>("message");
    QTest::newRow("gfx90a") << "gfx90a" << "half"
                            << "TC(2): gfx90a has no tensor-core instructions UOpScope can use";
    QTest::newRow("sm_75") << "sm_75" << "half" << "TC(2): sm_75 has no tensor-core instructions UOpScope can use";
    QTest::newRow("gfx1100 float") << "gfx1100" << "float"
                                   << "TC(2): gfx1100's tensor cores multiply dtypes.half into dtypes.float "
                                      "(16x16x16 amd), not dtypes.float and dtypes.float into dtypes.float";
  }
  void refusedWithoutTensorCores() {
    QFETCH(QString, arch);
    QFETCH(QString, dtype);
    QFETCH(QString, message);
    const CodegenTarget target = tcTarget(arch.toStdString());
    PipelineRun run = runPipeline(tcMatmul(dtype == QStringLiteral("half") ? dtypes::float16 : dtypes::float32),
                                  {.trace = false, .target = std::nullopt, .rangeify = rangeifyOptionsFor(target)});
    try {
      applyOpt(run.schedule.kernels.back().ast, parseOpts("TC(2)")[0], optTargetOf(target));
      QFAIL("not refused");
    } catch (const OptError& e) {
      QCOMPARE(QString::fromStdString(e.what()), message);
    }
  }
};

UOPSCOPE_TEST(TestGpuTensorCores);
#include "test_gpu_tensor_cores.moc"
