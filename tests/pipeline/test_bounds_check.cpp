// The bounds check: accesses proven in bounds from min_max, gated ones under
// their gate, and the exact error for a kernel that cannot be proven safe.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/pipeline/bounds_check.h"
#include "core/pipeline/codegen.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

QString messageOf(const UOpPtr& kernel) {
  try {
    lowerKernel(kernel);
  } catch (const BoundsError& e) {
    return QString::fromUtf8(e.what());
  }
  return QStringLiteral("<accepted>");
}

// out[i] = a[idx(i)] for i < n, with a of `size` elements.
UOpPtr gather(int64_t n, int64_t size, const std::function<UOpPtr(const UOpPtr&)>& idx) {
  UOpPtr r = range(n, 0);
  return sink({end(
      store(buf(0, dtypes::float32, n), r, load(buf(1, dtypes::float32, size), idx(r))), {r})});
}

} // namespace

class TestBoundsCheck : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void inBoundsAccepted();
  void readPastTheEndRefused();
  void negativeIndexRefused();
  void storeRefused();
  void reductionIndexRefused();
  void gatedPadAccepted();
  void gateTooWideRefused();
  void gateThatNeverHoldsAccepted();
  void listsEveryViolation();
  void termsBoundedByTheirOwnPoints();
  void undecidedAccessIsGated();
};

void TestBoundsCheck::inBoundsAccepted() {
  QCOMPARE(messageOf(elementwise(Op::Add, dtypes::float32, 16)), QStringLiteral("<accepted>"));
  QCOMPARE(messageOf(reduceRows(Op::Add, dtypes::float32, 4, 8)), QStringLiteral("<accepted>"));
  // reversed: 15 - i stays in [0, 15]
  QCOMPARE(messageOf(gather(16, 16, [](auto r) { return constIndex(15) - r; })),
           QStringLiteral("<accepted>"));
  QCOMPARE(messageOf(gather(16, 8, [](auto r) { return r % 8; })), QStringLiteral("<accepted>"));
}

void TestBoundsCheck::readPastTheEndRefused() {
  QCOMPARE(messageOf(gather(16, 16, [](auto r) { return r + 1; })),
           QStringLiteral("kernel E_16: load from Param 1 may be out of bounds: index r0+1 lies "
                          "in [1, 16], the buffer has 16 elements"));
}

void TestBoundsCheck::negativeIndexRefused() {
  QCOMPARE(messageOf(gather(16, 32, [](auto r) { return r * 2 - 3; })),
           QStringLiteral("kernel E_16: load from Param 1 may be out of bounds: index r0*2+-3 lies "
                          "in [-3, 27], the buffer has 32 elements"));
}

void TestBoundsCheck::storeRefused() {
  UOpPtr r = range(10, 0);
  UOpPtr k =
      sink({end(store(buf(0, dtypes::int32, 9), r, load(buf(1, dtypes::int32, 10), r)), {r})});
  QCOMPARE(messageOf(k), QStringLiteral("kernel E_10: store to Param 0 may be out of bounds: index "
                                        "r0 lies in [0, 9], the buffer has 9 elements"));
}

void TestBoundsCheck::reductionIndexRefused() {
  // rows of 8 read from a buffer of 31: the last row runs one past the end
  UOpPtr i = range(4, 0), j = range(8, 1, AxisType::Reduce);
  UOpPtr value = reduceOver(load(buf(1, dtypes::float32, 31), i * 8 + j), Op::Add, {j});
  UOpPtr k = sink({end(store(buf(0, dtypes::float32, 4), i, value), {i})});
  QCOMPARE(messageOf(k), QStringLiteral("kernel r_4_8: load from Param 1 may be out of bounds: "
                                        "index r0*8+r1 lies in [0, 31], the buffer has 31 "
                                        "elements"));
}

// a[i - 2] is read only where 2 <= i < 6: in bounds under the gate.
void TestBoundsCheck::gatedPadAccepted() {
  QCOMPARE(messageOf(padKernel(dtypes::float32, 4, 2, 3)), QStringLiteral("<accepted>"));
  std::vector<BoundsViolation> v = findUnsafeAccesses(padKernel(dtypes::int8, 5, 1, 1));
  QVERIFY(v.empty());
}

// The gate admits i = 6, where a[i - 2] = a[4] is past the end of a[4].
void TestBoundsCheck::gateTooWideRefused() {
  UOpPtr i = range(9, 0);
  UOpPtr gate = atLeast(i, 2) & lt(i, 7);
  UOpPtr value = gatedLoad(buf(1, dtypes::float32, 4), i - 2, constant(dtypes::float32, 0.0), gate);
  UOpPtr k = sink({end(store(buf(0, dtypes::float32, 9), i, value), {i})});
  QCOMPARE(messageOf(k), QStringLiteral("kernel E_9: load from Param 1 may be out of bounds: index "
                                        "r0+-2 lies in [0, 4], the buffer has 4 elements"));
}

void TestBoundsCheck::gateThatNeverHoldsAccepted() {
  UOpPtr i = range(9, 0);
  UOpPtr ld = load(buf(2, dtypes::int32, 1), constIndex(0));
  UOpPtr gate = lt(i, 3) & atLeast(i, 5) & ne(ld, 0); // i < 3 and i >= 5
  UOpPtr value =
      gatedLoad(buf(1, dtypes::int32, 4), i + 100, constant(dtypes::int32, int64_t{7}), gate);
  UOpPtr k = sink({end(store(buf(0, dtypes::int32, 9), i, value), {i})});
  QCOMPARE(messageOf(k), QStringLiteral("<accepted>"));
}

void TestBoundsCheck::listsEveryViolation() {
  UOpPtr r = range(8, 0);
  UOpPtr k =
      sink({end(store(buf(0, dtypes::int32, 7), r,
                      load(buf(1, dtypes::int32, 8), r + 1) + load(buf(2, dtypes::int32, 8), r)),
                {r})});
  std::vector<BoundsViolation> v = findUnsafeAccesses(k);
  QCOMPARE(v.size(), size_t(2));
  QCOMPARE(v[0].slot, int64_t(1));
  QCOMPARE(v[0].write, false);
  QCOMPARE(v[1].slot, int64_t(0));
  QCOMPARE(v[1].write, true);
  QCOMPARE(QString::fromStdString(describe(v[1], "k")),
           QStringLiteral("kernel k: store to Param 0 may be out of bounds: index r0 lies in [0, "
                          "7], the buffer has 7 elements"));
}


// A transposed convolution's gradient reads base + (e) % 3 * c where e never
// goes below 0, though intervals say it may: e = r1 - r2 + (r2*3+2)//3 is r1.
// The whole index has too many points to try (2^17 * 9); its mod term alone
// has 9, which bound it to [0, 2].
void TestBoundsCheck::termsBoundedByTheirOwnPoints() {
  constexpr int64_t n = int64_t{1} << 17;
  UOpPtr r0 = range(n, 0), r1 = range(3, 1), r2 = range(3, 2);
  UOpPtr e = r1 - r2 + (r2 * 3 + 2) / 3;
  UOpPtr idx = r0 * 3 + e % 3;
  QVERIFY(idx->minMax().lo == -2); // what intervals alone prove
  UOpPtr k = sink({end(store(buf(0, dtypes::float32, n), r0, load(buf(1, dtypes::float32, 3 * n), idx)),
                       {r0, r1, r2})});
  QVERIFY(findUnsafeAccesses(k).empty());
}

// An index no proof decides and too many points to refute: gated by
// 0 <= index < size rather than refused; then nothing is left to prove.
void TestBoundsCheck::undecidedAccessIsGated() {
  constexpr int64_t n = int64_t{1} << 19;
  UOpPtr r0 = range(n, 0), r1 = range(3, 1);
  UOpPtr idx = (r0 - r1 + (r1 * 3 + 2) / 3) % 5; // r0 % 5, in [0, 4]
  UOpPtr k = sink({end(store(buf(0, dtypes::float32, n), r0, load(buf(1, dtypes::float32, 5), idx)),
                       {r0, r1})});
  QCOMPARE(findUnsafeAccesses(k).size(), size_t(1));
  UOpPtr guarded = guardUnprovenAccesses(k);
  QVERIFY(findUnsafeAccesses(guarded).empty());
  int gatedLoads = 0;
  for (const UOp* u : toposort(*guarded))
    if (u->op() == Op::Load && u->src().size() == 3) ++gatedLoads;
  QCOMPARE(gatedLoads, 1);
  // a point out of bounds for certain is not gated: the kernel stays refused
  UOpPtr past = gather(16, 16, [](auto r) { return r + 1; });
  QCOMPARE(guardUnprovenAccesses(past), past);
}

UOPSCOPE_TEST(TestBoundsCheck);
#include "test_bounds_check.moc"
