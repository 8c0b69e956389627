// A long reduction into few values is split in two kernels (tinygrad's
// split_reduceop, core/pipeline/rangeify_early.cpp): k partial sums, then
// their sum; also where several axes are reduced, as a whole tensor's sum.
// Summed in a few long chains instead, each chain's sum dwarfed what it added.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"
#include "tests/support/cpu_targets.h"

#include "core/engine/device_schedule.h"
#include "core/engine/schedule_executor.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <cmath>

using namespace uops;

namespace {

// `out`'s one value on the CPU with the heuristics of two AVX2 cores, and how many kernels computed it.
std::pair<double, size_t> onTheCpu(const Tensor& out) {
  const std::vector<UOpPtr> roots{out.uop()};
  PipelineRun run = runPipeline(roots, {.trace = false, .target = testsupport::twoCoreCpu(256)});
  if (run.failed()) throw std::runtime_error("the pipeline failed");
  HostTensor got = runSchedule(openDevice("CPU"), run, zeroFilledInputs(roots)).outputs.at(0);
  return {got.getDouble(0), run.schedule.kernels.size()};
}

} // namespace

class TestSplitReduce : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // 2048 x 4096 values of 1/4096 + 1/2^20 (exact in float32) summed whole:
  // 2056 with partial sums of 32768 values; one kernel of four chains of two
  // million each rounded every add at a sum near 512
  void wholeTensorSum() {
    Tensor x = Tensor::full({2048, 4096}, 1.0 / 4096 + 1.0 / (1 << 20)).contiguous();
    const auto [sum, kernels] = onTheCpu(x.sum());
    QCOMPARE(kernels, size_t{3}); // the constant's copy, the partial sums, their sum
    QVERIFY2(std::fabs(sum - 2056.0) < 1e-3, qPrintable(QString::number(sum, 'g', 10)));
  }

  // a reduction over two axes into one value per row of a batch of 2 keeps
  // the split to the first reduced axis that divides; a short one is not split
  void fewOutputsAndShortSums() {
    Tensor x = Tensor::full({2, 512, 1024}, 1.0 / 1024 + 1.0 / (1 << 20)).contiguous();
    const auto [sum, kernels] = onTheCpu(x.sum({1, 2}).sum());
    QVERIFY2(std::fabs(sum - 2 * 512 * (1.0 + 1.0 / 1024)) < 1e-3, qPrintable(QString::number(sum, 'g', 10)));
    QCOMPARE(kernels, size_t{3}); // the copy, 2 x 16 partial sums, their sums summed
    QCOMPARE(onTheCpu(Tensor::full({64, 512}, 0.5).contiguous().sum()).second, size_t{2});
  }
};

UOPSCOPE_TEST(TestSplitReduce);
#include "test_split_reduce.moc"
