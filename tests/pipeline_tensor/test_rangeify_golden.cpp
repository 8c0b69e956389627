// Golden kernel ASTs: small programs built with the Tensor API, lowered by
// Callify and Rangeify; the kernel split (names in launch order), the printed
// AST of the simplest kernels, and every schedule run by the kernel
// interpreter against the reference evaluator on the original graph.
// UOPSCOPE_GOLDEN_DUMP=1 prints the actual text.
#include "tests/support/test_registry.h"
#include "core/nn/norm.h"
#include "core/tensor/tensor.h"
#include "tests/pipeline/rangeify_test.h"
#include "tests/support/golden_text.h"

#include <QTest>

#include <cstdlib>

using namespace uops;
using namespace rangeifytest;

namespace {

Tensor in(const Shape& shape) { return Tensor::empty(shape); }

Schedule lowered(const std::vector<Tensor>& outs, std::vector<UOpPtr>& roots) {
  for (const Tensor& t : outs) roots.push_back(t.uop());
  Schedule s = lowerToSchedule(roots);
  if (std::getenv("UOPSCOPE_GOLDEN_DUMP")) fmt::print("{}", kernelsText(s));
  return s;
}

const char* const kAddText = R"(# E_3_4
%0 = Const() dtypes.index () arg=12
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(12) (12,) arg=(slot=0)
%3 = Const() dtypes.index () arg=3
%4 = Range(%3) dtypes.index () arg=(0, LOOP)
%5 = Const() dtypes.index () arg=4
%6 = Mul(%4, %5) dtypes.index ()
%7 = Range(%5) dtypes.index () arg=(1, LOOP)
%8 = Add(%6, %7) dtypes.index ()
%9 = Index(%2, %8) dtypes.float.ptr(12) ()
%10 = Param(%1) dtypes.float.ptr(12) (12,) arg=(slot=1)
%11 = Index(%10, %8) dtypes.float.ptr(12) ()
%12 = Load(%11) dtypes.float () arg=(addrspace=GLOBAL)
%13 = Param(%1) dtypes.float.ptr(12) (12,) arg=(slot=2)
%14 = Index(%13, %8) dtypes.float.ptr(12) ()
%15 = Load(%14) dtypes.float () arg=(addrspace=GLOBAL)
%16 = Add(%12, %15) dtypes.float ()
%17 = Store(%9, %16) dtypes.void ()
%18 = End(%17, %4, %7) dtypes.void ()
%19 = Sink(%18) dtypes.void ()
)";

const char* const kSumText = R"(# r_3_4
%0 = Const() dtypes.index () arg=3
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(3) (3,) arg=(slot=0)
%3 = Range(%0) dtypes.index () arg=(0, LOOP)
%4 = Index(%2, %3) dtypes.float.ptr(3) ()
%5 = Const() dtypes.index () arg=12
%6 = Stack(%5) dtypes.index (1,)
%7 = Param(%6) dtypes.float.ptr(12) (12,) arg=(slot=1)
%8 = Const() dtypes.index () arg=4
%9 = Mul(%3, %8) dtypes.index ()
%10 = Range(%8) dtypes.index () arg=(1, REDUCE)
%11 = Add(%9, %10) dtypes.index ()
%12 = Index(%7, %11) dtypes.float.ptr(12) ()
%13 = Load(%12) dtypes.float () arg=(addrspace=GLOBAL)
%14 = Reduce(%13, %10) dtypes.float () arg=(Add, axes=())
%15 = Store(%4, %14) dtypes.void ()
%16 = End(%15, %3) dtypes.void ()
%17 = Sink(%16) dtypes.void ()
)";

} // namespace

class TestRangeifyGolden : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void goldenText_data();
  void goldenText();
  void kernelSplit_data();
  void kernelSplit();
  void countingSumsCollapse_data();
  void countingSumsCollapse();
  void buffersNumberedByFirstUse();
};

void TestRangeifyGolden::goldenText_data() {
  QTest::addColumn<int>("which");
  QTest::addColumn<QString>("expected");
  QTest::newRow("add") << 0 << QString::fromUtf8(kAddText);
  QTest::newRow("sum") << 1 << QString::fromUtf8(kSumText);
}

void TestRangeifyGolden::goldenText() {
  QFETCH(int, which);
  QFETCH(QString, expected);
  Tensor a = in({3, 4}), b = in({3, 4});
  std::vector<UOpPtr> roots;
  Schedule s = lowered({which == 0 ? a + b : a.sum(1)}, roots);
  QString diff = golden::difference(kernelsText(s), expected.toStdString());
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestRangeifyGolden::kernelSplit_data() {
  QTest::addColumn<int>("which");
  QTest::addColumn<QStringList>("kernels");
  QTest::newRow("add") << 0 << QStringList{QStringLiteral("E_3_4")};
  QTest::newRow("sum") << 1 << QStringList{QStringLiteral("r_3_4")};
  QTest::newRow("permute add") << 2 << QStringList{QStringLiteral("E_4_3")};
  QTest::newRow("pad") << 3 << QStringList{QStringLiteral("E_5_6")};
  QTest::newRow("matmul") << 4 << QStringList{QStringLiteral("r_3_3_4")};
  // a row's max and sum are computed once per row, before its elements: one
  // kernel that reads each row from memory once
  QTest::newRow("softmax") << 5 << QStringList{QStringLiteral("r_3_4_4_4")};
  // an output another output reads is a buffer of its own shape, read back by the second
  // (tinygrad fuses the relu into the second matmul: 2 kernels; we keep it a buffer)
  QTest::newRow("output read by another")
      << 6 << QStringList{QStringLiteral("r_3_3_4"), QStringLiteral("E_3_3"), QStringLiteral("r_3_3_3")};
  // an empty slice is an empty buffer that no kernel writes
  QTest::newRow("empty slice") << 7 << QStringList{};
  // an output that only views an input is that input, also where another output reads the view
  QTest::newRow("input view read by another") << 8 << QStringList{QStringLiteral("E_4_3")};
  // mean and variance of a row, then its elements: one kernel
  QTest::newRow("layernorm") << 9 << QStringList{QStringLiteral("r_3_4_4_4")};
  // column sums broadcast along the outer (row) loop would be recomputed for
  // every row: a kernel of their own
  QTest::newRow("minus column sums") << 10 << QStringList{QStringLiteral("r_4_3"), QStringLiteral("E_3_4")};
  // a softmax read transposed: its rows are the reader's inner loop, so the
  // reductions are not computed there (they would be, once per element)
  // a softmax's rows feeding a matmul: inlined there, its exp would be
  // computed again for every column of the product; the matmul reads a buffer
  QTest::newRow("softmax then matmul") << 12 << QStringList{QStringLiteral("r_3_4_4_4"), QStringLiteral("r_3_3_4")};
  // rand's counter is a sum over data-less ranges: left to realization and the
  // reduce collapse, not fused as a row reduction into the hash's kernel
  QTest::newRow("rand") << 13 << QStringList{QStringLiteral("E_128_256")};
  // a softmax over a matmul's rows: each element is a reduction, so the rows'
  // max and sum would compute the matmul again; the product is a buffer
  QTest::newRow("matmul then softmax")
      << 14 << QStringList{QStringLiteral("r_3_3_4"), QStringLiteral("r_3_3"), QStringLiteral("r_3_3_3")};
  // a long axis summed to one value: 256 partial sums (a kernel with outputs
  // to spread over cores), then their sum
  QTest::newRow("long sum") << 15 << QStringList{QStringLiteral("r_256_256"), QStringLiteral("r_256")};
  QTest::newRow("softmax transposed") << 11 << QStringList{QStringLiteral("r_3_4_4"), QStringLiteral("r_3_4_4"), QStringLiteral("E_4_3")};
}

void TestRangeifyGolden::kernelSplit() {
  QFETCH(int, which);
  QFETCH(QStringList, kernels);
  Tensor a = in({3, 4}), b = in({3, 4}), c = in({4, 3});
  std::vector<Tensor> cases = {
      a + b,
      a.sum(1),
      a.permute({1, 0}) + c,
      a.pad({std::pair<int64_t, int64_t>{1, 1}, std::pair<int64_t, int64_t>{0, 2}}),
      a.matmul(c),
      a.softmax(),
  };
  Tensor mm = a.matmul(c);
  std::vector<std::vector<Tensor>> outs;
  for (const Tensor& t : cases) outs.push_back({t});
  outs.push_back({mm, mm.relu().matmul(mm)});
  outs.push_back({a.shrink({std::pair<int64_t, int64_t>{2, 2}, std::pair<int64_t, int64_t>{0, 4}})});
  Tensor view = a.reshape({4, 3});
  outs.push_back({view, view.sin()});
  outs.push_back({layernorm(a)});
  outs.push_back({a - a.sum(0, true)});
  outs.push_back({a.softmax().permute({1, 0})});
  outs.push_back({a.softmax().matmul(c)});
  outs.push_back({Tensor::rand({128, 256})});
  outs.push_back({a.matmul(c).softmax()});
  outs.push_back({in({1 << 16}).sum()});
  std::vector<UOpPtr> roots;
  Schedule s = lowered(outs.at(static_cast<size_t>(which)), roots);
  QStringList names;
  for (const std::string& n : kernelNames(s)) names << qs(n);
  QCOMPARE(names, kernels);
  auto bad = mismatch(roots, s, randomInputs(roots));
  QVERIFY2(!bad, bad ? bad->c_str() : "");
}

// Sums that count where a comparison linear in their range holds (arange is a
// prefix sum of ones; rand counts its elements the same way) are closed
// forms after Rangeify: elementwise kernels, equal to the evaluator's values.
void TestRangeifyGolden::countingSumsCollapse_data() {
  QTest::addColumn<int>("which");
  QTest::addColumn<QStringList>("kernels");
  QTest::newRow("arange int") << 0 << QStringList{QStringLiteral("E_12")};
  QTest::newRow("arange float, step 3") << 1 << QStringList{QStringLiteral("E_5")};
  QTest::newRow("ones cumsum") << 2 << QStringList{QStringLiteral("E_7")};
  QTest::newRow("rand") << 3 << QStringList{QStringLiteral("E_4_6")};
  // a running sum of data reads its loads in every iteration: no closed form
  QTest::newRow("cumsum of data") << 4 << QStringList{QStringLiteral("r_4_4")};
}

void TestRangeifyGolden::countingSumsCollapse() {
  QFETCH(int, which);
  QFETCH(QStringList, kernels);
  Tensor::manualSeed(7);
  std::vector<Tensor> cases = {
      Tensor::arange(int64_t{12}),
      Tensor::arange(1.5, 15.0, 3.0),
      Tensor::ones({7}).cumsum(0),
      Tensor::rand({4, 6}),
      in({4}).cumsum(0),
  };
  std::vector<UOpPtr> roots;
  Schedule s = lowered({cases.at(static_cast<size_t>(which))}, roots);
  QStringList names;
  for (const std::string& n : kernelNames(s)) names << qs(n);
  QCOMPARE(names, kernels);
  auto bad = mismatch(roots, s, randomInputs(roots));
  QVERIFY2(!bad, bad ? bad->c_str() : "");
}

// Params are numbered in order of first use in the simplified kernel (slot 0
// the stored buffer), whatever order the graph before simplification read the
// buffers in, and the launch binds the buffers in that order: the same matmul
// on a row of a larger buffer created before its other operand, and on one
// created after it, is one kernel AST (so one compiled kernel).
void TestRangeifyGolden::buffersNumberedByFirstUse() {
  Tensor cacheFirst = in({2, 16, 4});
  Tensor scoresFirst = in({4, 8}), scoresSecond = in({4, 8});
  Tensor cacheSecond = in({2, 16, 4});
  auto row = [](const Tensor& cache) {
    using Bounds = std::pair<int64_t, int64_t>;
    return cache.shrink({Bounds{1, 2}, Bounds{0, 8}, Bounds{0, 4}}).reshape({8, 4});
  };
  std::vector<UOpPtr> roots;
  Schedule s = lowered({scoresFirst.matmul(row(cacheFirst)), scoresSecond.matmul(row(cacheSecond))}, roots);
  QCOMPARE(s.kernels.size(), size_t{2});
  for (const ScheduledKernel& k : s.kernels) {
    std::vector<int64_t> slots;
    for (const UOp* u : toposort(*k.ast))
      if (u->op() == Op::Param) slots.push_back(u->argAs<ParamArg>().slot);
    QCOMPARE(slots, (std::vector<int64_t>{0, 1, 2}));
  }
  QVERIFY(s.kernels[0].ast == s.kernels[1].ast);
  auto bad = mismatch(roots, s, randomInputs(roots));
  QVERIFY2(!bad, bad ? bad->c_str() : "");
}

UOPSCOPE_TEST(TestRangeifyGolden);
#include "test_rangeify_golden.moc"
