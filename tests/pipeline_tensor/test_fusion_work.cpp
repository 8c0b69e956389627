// Fusion never multiplies work: programs whose inputs are computed (no loads,
// so every reduction looks cheap to recompute) keep each reduction computed
// once per element. The kernel split of a matmul chain, y.T @ y, attention and
// a product read by several reductions; no kernel computes a reduction again
// along a loop it does not depend on (recomputedReductions, checked here to
// find one in a hand-written kernel); every schedule run by the kernel
// interpreter against the reference evaluator.
#include "tests/support/test_registry.h"
#include "core/ir/text.h"
#include "core/nn/attention.h"
#include "core/opt/kernel_work.h"
#include "core/tensor/tensor.h"
#include "tests/pipeline/rangeify_test.h"

#include <QTest>

#include <cstdlib>

using namespace uops;
using namespace rangeifytest;

namespace {

// sin(k * scale) over a rows x cols grid: data computed in the kernels that read it
Tensor computed(int64_t rows, int64_t cols, double scale) {
  return (Tensor::arange(rows * cols).reshape({rows, cols}).cast(dtypes::float32) * scale).sin();
}

// out[i, j] = sum_k (sum_l a[i, l] * b[l, k]) * c[k, j], the inner product
// computed for every j: the shape of the kernel the rule forbids
const char* const kNestedProduct = R"(%0 = Const() dtypes.index () arg=4
%1 = Const() dtypes.index () arg=16
%2 = Stack(%1) dtypes.index (1,)
%3 = Param(%2) dtypes.float.ptr(16) (16,) arg=(slot=0)
%4 = Range(%0) dtypes.index () arg=(0, LOOP)
%5 = Range(%0) dtypes.index () arg=(1, LOOP)
%6 = Mul(%4, %0) dtypes.index ()
%7 = Add(%6, %5) dtypes.index ()
%8 = Index(%3, %7) dtypes.float.ptr(16) ()
%9 = Param(%2) dtypes.float.ptr(16) (16,) arg=(slot=1)
%10 = Range(%0) dtypes.index () arg=(2, REDUCE)
%11 = Range(%0) dtypes.index () arg=(3, REDUCE)
%12 = Add(%6, %11) dtypes.index ()
%13 = Index(%9, %12) dtypes.float.ptr(16) ()
%14 = Load(%13) dtypes.float () arg=(addrspace=GLOBAL)
%15 = Param(%2) dtypes.float.ptr(16) (16,) arg=(slot=2)
%16 = Mul(%11, %0) dtypes.index ()
%17 = Add(%16, %10) dtypes.index ()
%18 = Index(%15, %17) dtypes.float.ptr(16) ()
%19 = Load(%18) dtypes.float () arg=(addrspace=GLOBAL)
%20 = Mul(%14, %19) dtypes.float ()
%21 = Reduce(%20, %11) dtypes.float () arg=(Add, axes=())
%22 = Param(%2) dtypes.float.ptr(16) (16,) arg=(slot=3)
%23 = Mul(%10, %0) dtypes.index ()
%24 = Add(%23, %5) dtypes.index ()
%25 = Index(%22, %24) dtypes.float.ptr(16) ()
%26 = Load(%25) dtypes.float () arg=(addrspace=GLOBAL)
%27 = Mul(%21, %26) dtypes.float ()
%28 = Reduce(%27, %10) dtypes.float () arg=(Add, axes=())
%29 = Store(%8, %28) dtypes.void ()
%30 = End(%29, %4, %5) dtypes.void ()
%31 = Sink(%30) dtypes.void ()
)";

} // namespace

class TestFusionWork : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void checkerFindsRecomputation() {
    std::vector<std::string> found = recomputedReductions(parseGraph(kNestedProduct));
    QCOMPARE(found.size(), size_t{1});
    QCOMPARE(qs(found[0]), QStringLiteral("a Add reduction is computed again along axis 1 (LOOP 4)"));
    // the same product stored per (i, k): computed once per element
    Tensor a = computed(4, 4, 0.1), b = computed(4, 4, 0.2);
    std::vector<UOpPtr> roots{a.matmul(b).uop()};
    for (const ScheduledKernel& k : lowerToSchedule(roots).kernels)
      QVERIFY(recomputedReductions(k.ast).empty());
  }

  void kernelSplit_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QStringList>("kernels");
    // (a @ b) @ c, then y.T @ y: each input's sines computed once (E_...),
    // not per element of the products; each product a kernel of its own; the
    // outer product reads y twice at its reduce loop, so y is a buffer
    // (tinygrad makes one kernel that computes the chain again for each of
    // the 24 x 24 outputs). An arange longer than 256 is a prefix sum in two
    // levels (block sums, then the blocks' prefix): two kernels each.
    QTest::newRow("matmul chain then y.T @ y")
        << 0
        << QStringList{QStringLiteral("r_6_256_256"), QStringLiteral("r_6_6"), QStringLiteral("E_56_24"), QStringLiteral("r_12_256_256"), QStringLiteral("r_12_12"), QStringLiteral("E_40_72"), QStringLiteral("r_16_256_256"), QStringLiteral("r_16_16"), QStringLiteral("E_72_56"), QStringLiteral("r_40_56_72"), QStringLiteral("r_40_24_56"), QStringLiteral("r_24_24_40")};
    QTest::newRow("y.T @ y") << 1 << QStringList{QStringLiteral("E_6_7"), QStringLiteral("E_7_5"), QStringLiteral("r_6_5_7"), QStringLiteral("r_5_5_6")};
    // no kernel computes a reduction or a transcendental again inside a
    // reduction's loop: values read there (the inputs' sines, the rows'
    // max) are buffers
    QTest::newRow("attention") << 2
                               << QStringList{QStringLiteral("E_2_4_8"), QStringLiteral("r_2_4_4_8"), QStringLiteral("r_2_4_4"), QStringLiteral("r_2_4_4_4"), QStringLiteral("E_2_4_8"), QStringLiteral("r_2_4_8_4")};
    // a product read by a matmul, a sum and a column max is computed once
    QTest::newRow("product read by three reductions")
        << 3
        << QStringList{QStringLiteral("E_8_6"), QStringLiteral("E_12_10"), QStringLiteral("E_10_8"), QStringLiteral("r_12_8_10"), QStringLiteral("r_12_6_8"), QStringLiteral("r_12_8"), QStringLiteral("r_8_12")};
  }

  void kernelSplit() {
    QFETCH(int, which);
    QFETCH(QStringList, kernels);
    std::vector<Tensor> outs;
    if (which == 0) {
      Tensor y = computed(40, 72, 0.01).matmul(computed(72, 56, 0.02)).matmul(computed(56, 24, 0.03));
      outs = {y.transpose().matmul(y)};
    } else if (which == 1) {
      Tensor y = computed(6, 7, 0.1).matmul(computed(7, 5, 0.2));
      outs = {y.transpose().matmul(y)};
    } else if (which == 2) {
      Tensor x = (Tensor::arange(int64_t{2 * 4 * 8}).reshape({2, 4, 8}).cast(dtypes::float32) * 0.1).sin();
      outs = {scaledDotProductAttention(x * 0.5, x.flip({1}), x.cos(), {.isCausal = true})};
    } else {
      Tensor ab = computed(12, 10, 0.01).matmul(computed(10, 8, 0.02));
      outs = {ab.matmul(computed(8, 6, 0.03)), ab.sum(), ab.max({0})};
    }
    std::vector<UOpPtr> roots;
    for (const Tensor& t : outs) roots.push_back(t.uop());
    Schedule s = lowerToSchedule(roots);
    if (std::getenv("UOPSCOPE_GOLDEN_DUMP")) fmt::print("{}", kernelsText(s));
    QStringList names;
    for (const std::string& n : kernelNames(s)) names << qs(n);
    QCOMPARE(names, kernels);
    for (const ScheduledKernel& k : s.kernels) {
      std::vector<std::string> found = recomputedReductions(k.ast);
      QVERIFY2(found.empty(), qPrintable(qs(k.name + ": " + (found.empty() ? "" : found[0]))));
    }
    auto bad = mismatch(roots, s, randomInputs(roots));
    QVERIFY2(!bad, bad ? bad->c_str() : "");
  }
};

UOPSCOPE_TEST(TestFusionWork);
#include "test_fusion_work.moc"
