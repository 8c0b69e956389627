// Reduce through the reference evaluator: each op, each choice of axes, and
// accumulation in the dtype's own arithmetic.
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include <QTest>

#include <limits>

using namespace uops;
using namespace uops::testing;

class TestReduce : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void opsAndAxes_data() {
    QTest::addColumn<int>("op");
    QTest::addColumn<QList<qlonglong>>("axes");
    QTest::addColumn<QString>("expected");
    // Over arange(6).reshape(2, 3) + 1 = [[1, 2, 3], [4, 5, 6]].
    QTest::newRow("add axis 0") << int(Op::Add) << QList<qlonglong>{0}
                                << qs("int32 (1, 3) [5, 7, 9]");
    QTest::newRow("add axis 1") << int(Op::Add) << QList<qlonglong>{1}
                                << qs("int32 (2, 1) [6, 15]");
    QTest::newRow("add both") << int(Op::Add) << QList<qlonglong>{0, 1} << qs("int32 (1, 1) [21]");
    QTest::newRow("add none") << int(Op::Add) << QList<qlonglong>{}
                              << qs("int32 (2, 3) [1, 2, 3, 4, 5, 6]");
    QTest::newRow("max axis 0") << int(Op::Max) << QList<qlonglong>{0}
                                << qs("int32 (1, 3) [4, 5, 6]");
    QTest::newRow("max axis 1") << int(Op::Max) << QList<qlonglong>{1} << qs("int32 (2, 1) [3, 6]");
    QTest::newRow("mul axis 1") << int(Op::Mul) << QList<qlonglong>{1}
                                << qs("int32 (2, 1) [6, 120]");
    QTest::newRow("mul both") << int(Op::Mul) << QList<qlonglong>{1, 0} << qs("int32 (1, 1) [720]");
  }
  void opsAndAxes() {
    QFETCH(int, op);
    QFETCH(QList<qlonglong>, axes);
    QFETCH(QString, expected);
    auto t = arange(dtypes::int32, {2, 3}) + 1;
    QCOMPARE(show(eval(reduce(t, static_cast<Op>(op), Ints(axes.begin(), axes.end())))), expected);
  }

  void middleAxisOfRank3() {
    auto t = arange(dtypes::int32, {2, 3, 2});
    QCOMPARE(show(eval(reduce(t, Op::Add, {1}))), qs("int32 (2, 1, 2) [6, 9, 24, 27]"));
    QCOMPARE(show(eval(reduce(t, Op::Max, {0, 2}))), qs("int32 (1, 3, 1) [7, 9, 11]"));
  }

  void integersWrapWhileAccumulating() {
    auto t = literalInts(dtypes::int8, {3}, {100, 100, 100});
    QCOMPARE(show(eval(reduce(t, Op::Add, {0}))), qs("int8 (1,) [44]"));
    auto u = literalInts(dtypes::uint8, {2}, {16, 17});
    QCOMPARE(show(eval(reduce(u, Op::Mul, {0}))), qs("uint8 (1,) [16]"));
    auto s = literalInts(dtypes::int8, {3}, {-5, -3, -100});
    QCOMPARE(show(eval(reduce(s, Op::Max, {0}))), qs("int8 (1,) [-3]"));
  }

  void floatsAccumulateSequentiallyInFloat() {
    // In float32, 1e8 + 1 is 1e8: the order-faithful sum is 1, a double sum would be 2.
    auto t = literalDoubles(dtypes::float32, {4}, {1e8, 1, -1e8, 1});
    QCOMPARE(show(eval(reduce(t, Op::Add, {0}))), qs("float32 (1,) [1]"));
    auto h = literalDoubles(dtypes::float16, {3}, {2048, 1, 1});
    QCOMPARE(show(eval(reduce(h, Op::Add, {0}))), qs("float16 (1,) [2048]"));
  }

  void floatMaxAndNaN() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    auto t = literalDoubles(dtypes::float32, {2, 3}, {1, nan, 3, -inf, -5, -2});
    QCOMPARE(show(eval(reduce(t, Op::Max, {1}))), qs("float32 (2, 1) [nan, -2]"));
    QCOMPARE(show(eval(reduce(t, Op::Add, {0}))), qs("float32 (1, 3) [-inf, nan, 1]"));
    auto negInf = literalDoubles(dtypes::float32, {2}, {-inf, -inf});
    QCOMPARE(show(eval(reduce(negInf, Op::Max, {0}))), qs("float32 (1,) [-inf]"));
  }

  void boolsReduceAsOrAndAnd() {
    auto t = literalInts(dtypes::bool_, {2, 3}, {0, 1, 1, 0, 0, 0});
    QCOMPARE(show(eval(reduce(t, Op::Add, {1}))), qs("bool (2, 1) [true, false]"));
    QCOMPARE(show(eval(reduce(t, Op::Max, {1}))), qs("bool (2, 1) [true, false]"));
    QCOMPARE(show(eval(reduce(t, Op::Mul, {0}))), qs("bool (1, 3) [false, false, false]"));
  }

  void emptyAxisGivesIdentity() {
    auto e = reshape(literalInts(dtypes::int32, {0}, {}), {2, 0});
    QCOMPARE(show(eval(reduce(e, Op::Add, {1}))), qs("int32 (2, 1) [0, 0]"));
    QCOMPARE(show(eval(reduce(e, Op::Mul, {1}))), qs("int32 (2, 1) [1, 1]"));
    QCOMPARE(show(eval(reduce(e, Op::Max, {1}))), qs("int32 (2, 1) [-2147483648, -2147483648]"));
  }

  void reduceOverRangesIsKernelLevel() {
    auto t = arange(dtypes::int32, {3});
    auto r = UOp::make(Op::Reduce, dtypes::int32, {t, range(3, 0)}, ReduceArg{Op::Add, {}});
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(r));
  }
};

UOPSCOPE_TEST(TestReduce);
#include "test_reduce.moc"
