// A gather by a tensor index (x[idx], an embedding lookup) arrives from
// tinygrad's indexing as a sum over the table's rows of where(arange == idx,
// row, 0); Rangeify collapses it to a load of the one row (gated: an index
// outside the table reads 0, as the sum gives) when the arange equals the row
// at every row (core/pipeline/rangeify_reduce_collapse.cpp). The schedule
// (no loop over the table's rows) and the numbers against the reference
// evaluator, negative and out-of-range indices included.
#include "tests/support/test_registry.h"
#include "tests/support/reference_match.h"

#include "core/pipeline/codegen.h"
#include "core/tensor/tensor.h"

#include <QTest>

using namespace uops;

class TestGatherCollapse : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // 4096 lookups in a 32000 x 512 table: one elementwise kernel
  void lookupIsOneLoad() {
    Tensor table = Tensor::empty({32000, 512});
    Tensor idx = Tensor::empty({4096}, dtypes::int32);
    PipelineRun run = runPipeline({table.getitem({idx}).uop()}, {.trace = false});
    QVERIFY(!run.failed());
    QCOMPARE(run.schedule.kernels.size(), size_t{1});
    QVERIFY2(run.schedule.kernels[0].name.starts_with("E_"), run.schedule.kernels[0].name.c_str());
  }

  void resultsMatchTheReference() {
    Tensor emb = (Tensor::arange(int64_t{100 * 16}).cast(dtypes::float32) * 0.37).sin().reshape({100, 16}).contiguous();
    Tensor tok = Tensor::fromFlat({int64_t{3}, int64_t{99}, int64_t{0}, int64_t{42}, int64_t{-1}, int64_t{-100},
                                   int64_t{100}, int64_t{-101}},
                                  {2, 4}, dtypes::int32);
    const std::vector<UOpPtr> roots{(emb.getitem({tok}) * 2.0).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false});
    QVERIFY(!run.failed());
    // the lookup (the last kernel) loops over no row of the table
    QVERIFY2(run.schedule.kernels.back().name.starts_with("E_"), run.schedule.kernels.back().name.c_str());
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 0, 0);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }
};

UOPSCOPE_TEST(TestGatherCollapse);
#include "test_gather_collapse.moc"
