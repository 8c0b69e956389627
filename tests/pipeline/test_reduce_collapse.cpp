// Counting sums in closed form (rangeify_reduce_collapse.cpp): out[x] = sum
// over r < n of where(s*r + x < k, a, 0), or of its negation, for positive and
// negative coefficients s. The collapsed kernel has no Reduce left and gives
// the same numbers as the loop, run by the kernel interpreter; sums the rule
// must not touch keep their Reduce.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/engine/kernel_interpreter.h"
#include "core/pipeline/rangeify_steps.h"
#include "core/rewrite/graph_rewrite.h"
#include "core/symbolic/symbolic.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

constexpr int64_t kOutputs = 40;

// out[x] for x < kOutputs: sum over r < n of where(cond(s*r + x), a, 0).
UOpPtr countingKernel(int64_t s, int64_t n, int64_t k, bool negated, const UOpPtr& a) {
  UOpPtr x = range(kOutputs, 0), r = range(n, 1, AxisType::Reduce);
  UOpPtr cond = lt(r * s + x, constIndex(k));
  if (negated) cond = ne(cond, constant(dtypes::bool_, true));
  UOpPtr value = reduceOver(where(cond, a, constant(a->dtype(), int64_t{0})), Op::Add, {r});
  return sink({end(store(buf(0, a->dtype(), kOutputs), x, value), {x})});
}

UOpPtr collapsed(const UOpPtr& kernel) {
  return graphRewrite(kernel, pmSymbolic() + pmReduceCollapse(), {.name = "collapse"});
}

bool hasReduce(const UOpPtr& kernel) {
  for (const UOp* u : toposort(*kernel))
    if (u->op() == Op::Reduce) return true;
  return false;
}

std::vector<int64_t> run(const UOpPtr& kernel) {
  HostTensor out(dtypes::int32, {kOutputs});
  std::vector<HostTensor*> params{&out};
  runKernel(*UOp::make(Op::Call, dtypes::void_, {kernel}), params);
  std::vector<int64_t> v;
  for (int64_t i = 0; i < kOutputs; ++i) v.push_back(out.getInt(i));
  return v;
}

} // namespace

class TestReduceCollapse : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void closedForm_data() {
    QTest::addColumn<int>("s");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("k");
    QTest::addColumn<bool>("negated");
    QTest::newRow("r + x < 25") << 1 << 16 << 25 << false;
    QTest::newRow("!(r + x < 25)") << 1 << 16 << 25 << true;
    QTest::newRow("x - r < 10") << -1 << 16 << 10 << false;
    QTest::newRow("!(x - r < 10)") << -1 << 16 << 10 << true;
    QTest::newRow("3r + x < 31") << 3 << 12 << 31 << false;
    QTest::newRow("!(3r + x < 31)") << 3 << 12 << 31 << true;
    QTest::newRow("x - 4r < 7") << -4 << 9 << 7 << false;
    QTest::newRow("!(x - 4r < 7)") << -4 << 9 << 7 << true;
    QTest::newRow("256r + x < 280") << 256 << 3 << 280 << false;
  }
  void closedForm() {
    QFETCH(int, s);
    QFETCH(int, n);
    QFETCH(int, k);
    QFETCH(bool, negated);
    UOpPtr loop = countingKernel(s, n, k, negated, constant(dtypes::int32, int64_t{5}));
    UOpPtr closed = collapsed(loop);
    QVERIFY(!hasReduce(closed));
    std::vector<int64_t> want = run(loop);
    QCOMPARE(run(closed), want);
    // the sums are not all alike: the rows above test something
    QVERIFY(std::adjacent_find(want.begin(), want.end(), std::not_equal_to<>()) != want.end());
  }

  // a value read along r, a float that does not sum exactly, and a product keep their Reduce
  void leftAlone() {
    UOpPtr r = range(16, 1, AxisType::Reduce);
    UOpPtr data = load(buf(1, dtypes::int32, 16), r);
    UOpPtr kernel = countingKernel(1, 16, 25, false, data);
    QVERIFY(hasReduce(collapsed(kernel)));
    QVERIFY(hasReduce(collapsed(countingKernel(1, 16, 25, false, constant(dtypes::float32, 0.1)))));
    QVERIFY(!hasReduce(collapsed(countingKernel(1, 16, 25, false, constant(dtypes::float32, 2.0)))));
  }
};

UOPSCOPE_TEST(TestReduceCollapse);
#include "test_reduce_collapse.moc"
