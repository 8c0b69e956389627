// The compile-only GPU targets (backends/llvm/gpu_target.h): every kernel of
// every bundled example, of the programs here and of the public conformance
// programs (../shared/conformance/programs, where that corpus is beside the
// checkout), lowered with the GPU heuristics (gpu_heuristics.h), renders in the NVPTX dialect for sm_80 and sm_90 and in the
// AMDGPU dialect for gfx1100, and goes through LLVM's verifier, optimizer and
// code generator to PTX / AMDGPU assembly without an error. A matmul with
// LOCAL tiles and a GROUP_REDUCE keep their grid: thread indices, shared
// memory (address space 3) and barriers, checked in both the IR and the
// assembly.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"
#include "backends/llvm/gpu_target.h"
#include "core/autobatch/module.h"
#include "core/ir/text.h"
#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/program/scheduled_run.h"
#include "tests/program/program_test.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <fmt/format.h>

using namespace programtest;

namespace {

uops::CodegenTarget gpuTargetNamed(const std::string& arch, bool heuristics) {
  uops::CodegenTarget t = uops::gpuCodegenTarget(*uops::gpuTarget(arch));
  t.heuristics = heuristics;
  return t;
}

std::vector<std::vector<uops::UOpPtr>> gpuScheduleRoots(const std::string& path) {
  if (path.ends_with(".uop")) {
    QFile text(QString::fromStdString(path));
    if (!text.open(QIODevice::ReadOnly)) return {};
    return {{uops::parseGraph(text.readAll().toStdString())}};
  }
  uops::program::LoadedProgram p = uops::program::loadProgramFile(path, uops::program::LoadOptions::on("CPU"));
  std::vector<std::vector<uops::UOpPtr>> out;
  if (p.schedules.empty()) {
    out.push_back(uops::program::rootsOf(p.outputTensors()));
    return out;
  }
  for (size_t k = 1; k <= p.schedules.size() + 1; ++k)
    out.push_back(uops::program::rootsOf(uops::program::scheduleGraphs(p, k)));
  return out;
}

// A 64 x 64 matmul's kernel lowered for `arch` with OptOps `opts`.
uops::LoweredKernel matmulKernel(const std::string& arch, const std::string& opts) {
  uops::program::LoadedProgram p = uops::program::loadProgram(
      "matmul.py",
      "from tinygrad import Tensor\n"
      "a = Tensor.rand(64, 64)\n"
      "b = Tensor.rand(64, 64)\n"
      "out = a @ b\n");
  std::vector<uops::UOpPtr> roots = uops::program::rootsOf(p.outputTensors());
  uops::CodegenTarget target = gpuTargetNamed(arch, false);
  uops::PipelineRun scheduled = uops::runPipeline(roots, {.trace = false, .target = std::nullopt,
                                                          .rangeify = uops::rangeifyOptionsFor(target)});
  const uops::UOpPtr ast = scheduled.schedule.kernels.back().ast;
  return uops::lowerKernel(ast, target, uops::parseOpts(opts));
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

class TestGpuTargets : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { uops::autobatch::installAutobatchModule(); }

  void everyKernelCompiles_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("arch");
    QStringList files;
    for (const QString& f : QDir(examplesDir()).entryList({QStringLiteral("*.py"), QStringLiteral("*.uop")}, QDir::Files))
      files << examplesDir() + QLatin1Char('/') + f;
    const QString own = QStringLiteral(UOPSCOPE_SOURCE_DIR "/tests/cpu/gpu_programs");
    for (const QString& f : QDir(own).entryList({QStringLiteral("*.py")}, QDir::Files)) files << own + QLatin1Char('/') + f;
    const QString conformance = QStringLiteral(UOPSCOPE_SOURCE_DIR "/../shared/conformance/programs");
    for (const QString& f : QDir(conformance).entryList({QStringLiteral("*.py")}, QDir::Files))
      files << conformance + QLatin1Char('/') + f;
    for (const QString& file : files)
      for (const char* arch : {"sm_80", "sm_90", "gfx1100"})
        QTest::newRow(qPrintable(QFileInfo(file).dir().dirName() + QLatin1Char('/') + QFileInfo(file).fileName() + QLatin1Char(' ') + QLatin1String(arch)))
            << file << QString::fromLatin1(arch);
  }

  void everyKernelCompiles() {
    QFETCH(QString, file);
    QFETCH(QString, arch);
    const uops::GpuTarget gpu = *uops::gpuTarget(arch.toStdString());
    const uops::CodegenTarget target = gpuTargetNamed(gpu.arch, true);
    size_t kernels = 0;
    for (const std::vector<uops::UOpPtr>& roots : gpuScheduleRoots(file.toStdString())) {
      uops::PipelineRun run =
          uops::runPipeline(roots, {.trace = false, .target = target, .rangeify = uops::rangeifyOptionsFor(target)});
      QVERIFY2(!run.failed(), run.failed() ? run.stages.back().error.c_str() : "");
      for (const uops::LoweredKernel& k : run.kernels) {
        QCOMPARE(k.rendered.language, uops::RenderLanguage::LlvmIr);
        std::string assembly;
        try {
          assembly = uops::compileGpuAssembly(k.rendered.text, k.rendered.entry, gpu);
        } catch (const std::exception& e) {
          QFAIL(qPrintable(QString::fromStdString(fmt::format("{}: {}\n{}", k.name.text, e.what(), k.rendered.text))));
        }
        // the kernel is the assembly's entry point
        const std::string entry = gpu.backEnd == "NVPTX" ? ".entry " + k.rendered.entry + "(" : ".amdhsa_kernel " + k.rendered.entry;
        QVERIFY2(contains(assembly, entry), assembly.c_str());
        ++kernels;
      }
    }
    QVERIFY(kernels > 0 || file.endsWith(QStringLiteral("autobatch_fib.py")));
  }

  // LOCAL tiles: the grid's group and item indices, 64 x 64 work-items in
  // groups of 4 x 4
  void matmulWithLocalTilesNvptx() {
    uops::LoweredKernel k = matmulKernel("sm_90", "Split(0, 4, LOCAL); Split(1, 4, LOCAL)");
    const std::string& ir = k.rendered.text;
    QVERIFY2(contains(ir, "rendered by UOpScope for NVPTX (sm_90)"), ir.c_str());
    QVERIFY2(contains(ir, "call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()"), ir.c_str());
    QVERIFY2(contains(ir, "call i32 @llvm.nvvm.read.ptx.sreg.tid.y()"), ir.c_str());
    QVERIFY2(contains(ir, "!{ptr @" + k.rendered.entry + ", !\"kernel\", i32 1}"), ir.c_str());
    QCOMPARE(k.rendered.global, (std::vector<int64_t>{64, 64}));
    QCOMPARE(k.rendered.local, (std::vector<int64_t>{4, 4}));
    const std::string ptx = uops::compileGpuAssembly(ir, k.rendered.entry, *uops::gpuTarget("sm_90"));
    QVERIFY2(contains(ptx, ".target sm_90"), ptx.c_str());
    QVERIFY2(contains(ptx, ".visible .entry " + k.rendered.entry + "("), ptx.c_str());
    QVERIFY2(contains(ptx, "%ctaid.x") && contains(ptx, "%tid.y"), ptx.c_str());
    QVERIFY2(contains(ptx, "fma.rn.f32"), ptx.c_str());
  }

  void matmulWithLocalTilesAmdgpu() {
    uops::LoweredKernel k = matmulKernel("gfx1100", "Split(0, 4, LOCAL); Split(1, 4, LOCAL)");
    const std::string& ir = k.rendered.text;
    QVERIFY2(contains(ir, "define amdgpu_kernel void @" + k.rendered.entry + "("), ir.c_str());
    QVERIFY2(contains(ir, "call i32 @llvm.amdgcn.workitem.id.x()"), ir.c_str());
    QVERIFY2(contains(ir, "\"amdgpu-flat-work-group-size\"=\"16,16\""), ir.c_str());
    const std::string isa = uops::compileGpuAssembly(ir, k.rendered.entry, *uops::gpuTarget("gfx1100"));
    QVERIFY2(contains(isa, ".amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\""), isa.c_str());
    QVERIFY2(contains(isa, ".amdhsa_kernel " + k.rendered.entry), isa.c_str());
  }

  // GROUP_REDUCE: partial sums in shared memory / LDS, a barrier between the
  // work-items' stores and the group's reduction (64 work-items: more than
  // one wave of gfx1100, whose back end drops a barrier within one wave)
  void groupReduceUsesLocalMemory() {
    for (const char* arch : {"sm_80", "gfx1100"}) {
      uops::LoweredKernel k = matmulKernel(arch, "Split(2, 64, GROUP_REDUCE)");
      const std::string& ir = k.rendered.text;
      QVERIFY2(contains(ir, "internal addrspace(3) global ["), ir.c_str());
      const bool nvptx = std::string(arch).starts_with("sm_");
      QVERIFY2(contains(ir, nvptx ? "call void @llvm.nvvm.barrier0()" : "call void @llvm.amdgcn.s.barrier()"), ir.c_str());
      const std::string assembly = uops::compileGpuAssembly(ir, k.rendered.entry, *uops::gpuTarget(arch));
      QVERIFY2(contains(assembly, nvptx ? ".shared" : "ds_store"), assembly.c_str());
      QVERIFY2(contains(assembly, nvptx ? "bar.sync" : "s_barrier"), assembly.c_str());
    }
  }

  // the devices list registers these unchecked (gpu_device.cpp)
  void listedTargetsAreKnownToLlvm() {
    for (const std::string& name : uops::listedGpuTargets()) {
      const std::optional<uops::GpuTarget> checked = uops::gpuTarget(name);
      QVERIFY2(checked && checked->arch == name, name.c_str());
      QCOMPARE(checked->desc.triple, uops::spelledGpuTarget(name)->desc.triple);
    }
  }

  void unknownProcessorIsRefused() {
    QVERIFY(!uops::gpuTarget("CPU"));
    QVERIFY(!uops::gpuTarget("sm_x"));
    try {
      uops::gpuTarget("sm_12");
      QFAIL("sm_12 accepted");
    } catch (const std::exception& e) {
      QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("LLVM's NVPTX back end does not know the processor sm_12"));
    }
  }
};

UOPSCOPE_TEST(TestGpuTargets);
#include "test_gpu_targets.moc"
