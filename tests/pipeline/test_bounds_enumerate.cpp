// The bounds check's point-by-point proof: a gate over a compound index that
// intervals cannot narrow is proven by trying every point, a real overrun
// under such a gate is still found, and too many points give no proof.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/pipeline/bounds_enumerate.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

class TestBoundsEnumerate : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // i = 4*t + l over [0, 12); reads a[i - 3] where 3 <= i < 11 (a has 8 elements)
  void compoundGate() {
    UOpPtr t = range(3, 0, AxisType::Thread), l = range(4, 1);
    UOpPtr i = t * 4 + l;
    UOpPtr gate = atLeast(i, 3) & lt(i, 11);
    QVERIFY(provenByEnumeration(i - 3, gate, 8));
    // a gate one element too wide lets i - 3 reach 8
    QVERIFY(!provenByEnumeration(i - 3, atLeast(i, 3) & lt(i, 12), 8));
    // no gate at all: i - 3 starts at -3
    QVERIFY(!provenByEnumeration(i - 3, nullptr, 10));
    QVERIFY(provenByEnumeration(i, nullptr, 12));
  }

  void divisionAndModulo() {
    UOpPtr r = range(24, 0);
    QVERIFY(provenByEnumeration((r % 6) * 4 + r / 6, nullptr, 24));
    QVERIFY(!provenByEnumeration((r % 6) * 4 + r / 6, nullptr, 23));
  }

  // Too many points, or a gate that reads memory: no proof.
  void noProof() {
    UOpPtr a = range(1024, 0), b = range(1024, 1);
    QVERIFY(!provenByEnumeration(a + b * 0, nullptr, 1 << 20));
    UOpPtr r = range(8, 0);
    UOpPtr dataGate = lt(load(buf(1, dtypes::int32, 8), r), constant(dtypes::int32, int64_t{5}));
    QVERIFY(!provenByEnumeration(r, dataGate, 8));
  }
};

UOPSCOPE_TEST(TestBoundsEnumerate);
#include "test_bounds_enumerate.moc"
