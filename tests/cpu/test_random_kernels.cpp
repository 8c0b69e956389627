// Tensor.rand's kernels take the call's Threefry key as an argument (a
// two-word uint32 buffer, core/tensor/random.cpp), so rand calls of one shape
// with different seeds are one kernel, compiled once, and still give
// tinygrad's numbers.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"
#include "tests/support/golden_text.h"

#include "backends/llvm/llvm_cpu_device.h"
#include "core/engine/device_registry.h"
#include "core/engine/program_run.h"
#include "core/ir/text.h"
#include "core/tensor/tensor.h"

#include <QtTest>

using namespace uops;

namespace {

// tinygrad (a9069c1): Tensor.manual_seed(s); Tensor.rand(7).tolist()
const std::vector<float> kSeed1 = {0.1631019115447998f, 0.6658283472061157f, 0.36252737045288086f,
                                   0.7425957918167114f, 0.029168009757995605f, 0.9111340045928955f,
                                   0.350740909576416f};
const std::vector<float> kSeed2 = {0.16543793678283691f, 0.2038484811782837f, 0.8600051403045654f,
                                   0.41174423694610596f, 0.7356743812561035f, 0.28845274448394775f,
                                   0.8449503183364868f};

std::vector<float> floatsOf(const HostTensor& t) {
  std::vector<float> out;
  for (int64_t i = 0; i < t.numel(); ++i) out.push_back(static_cast<float>(t.getDouble(i)));
  return out;
}

Tensor randWithSeed(int64_t seed) {
  Tensor::manualSeed(seed);
  return Tensor::rand({7});
}

// Kernels the CPU JIT had to make: compiled, or linked from the disk cache.
uint64_t jitKernelsMade() { return cpuJitStats().compiles + cpuJitStats().diskHits; }

// The lines of `text` that name `word`, each ending in a newline.
std::string linesNaming(const std::string& text, const std::string& word) {
  std::string out;
  for (const std::string& line : golden::lines(text))
    if (line.find(word) != std::string::npos) out += line + "\n";
  return out;
}

} // namespace

class TestRandomKernels : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // Both draws in one schedule: two launches of one compiled kernel.
  void seedsShareOneKernel() {
    std::vector<UOpPtr> roots{randWithSeed(1).uop(), randWithSeed(2).uop()};
    uint64_t before = jitKernelsMade();
    DeviceRun run = runProgram(openDevice("CPU"), roots, {});
    QCOMPARE(run.kernels, int64_t{2});
    QCOMPARE(jitKernelsMade() - before, uint64_t{1});
    QCOMPARE(floatsOf(run.outputs.at(0)), kSeed1);
    QCOMPARE(floatsOf(run.outputs.at(1)), kSeed2);
  }

  // A later program drawing with a seed no earlier draw used compiles
  // nothing new, and gives what the reference evaluator gives.
  void anotherSeedCompilesNothing() {
    runProgram(openDevice("CPU"), {randWithSeed(3).uop()}, {});
    uint64_t before = jitKernelsMade();
    std::vector<UOpPtr> roots{randWithSeed(4).uop()};
    DeviceRun run = runProgram(openDevice("CPU"), roots, {});
    QCOMPARE(jitKernelsMade() - before, uint64_t{0});
    QCOMPARE(floatsOf(run.outputs.at(0)), floatsOf(runProgram(openDevice("REF"), roots, {}).outputs.at(0)));
  }

  // The lowered kernel reads the key's two words from its second buffer.
  void kernelTakesTheKeyAsAnArgument() {
    PipelineRun run =
        runPipeline({randWithSeed(1).uop()}, {.trace = false, .target = runTarget(openDevice("CPU"), true)});
    QVERIFY(!run.failed());
    QCOMPARE(run.kernels.size(), size_t{1});
    const LoweredKernel& k = run.kernels.front();
    QString param = golden::difference(linesNaming(printGraph(k.ast), "slot=1"),
                                       "%11 = Param(%10) dtypes.uint.ptr(2) (2,) arg=(slot=1)\n");
    QVERIFY2(param.isEmpty(), qPrintable(param));
    const char* const expected =
        "define internal void @E_7(ptr noalias %data0, ptr noalias %data1, i64 %tid) #0 {\n"
        "  %v0 = getelementptr inbounds i32, ptr %data1, i64 0\n"
        "  %v3 = getelementptr inbounds i32, ptr %data1, i64 1\n";
    QString diff = golden::difference(linesNaming(k.rendered.text, "%data1"), expected);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
  }
};

UOPSCOPE_TEST(TestRandomKernels);
#include "test_random_kernels.moc"
