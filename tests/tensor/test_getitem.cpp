// Subscripts: the view ops each index form builds, shapes, and errors.
#include "tests/support/test_registry.h"
#include "tests/tensor/tensor_test.h"

#include <QTest>

#include <functional>

using namespace uops;
using tensortest::expr;
using tensortest::input;
using tensortest::qs;

namespace {

Slice sl(std::optional<int64_t> a = {}, std::optional<int64_t> b = {},
         std::optional<int64_t> c = {}) {
  return Slice{a, b, c};
}

} // namespace

class TestGetitem : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void views_data();
  void views();
  void shapes_data();
  void shapes();
  void tensorIndexUsesOneHotMasks();
  void errors_data();
  void errors();
};

void TestGetitem::views_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("expected");
  Tensor a = input({4, 6});
  auto row = [](const char* n, const Tensor& t, const char* e) { QTest::newRow(n) << t << qs(e); };
  row("int removes the axis", a.getitem({1}), "Reshape(Shrink(a, (1, 0), (1, 6)), (6,))");
  row("negative int counts from the end", a.getitem({-1, 2}),
      "Reshape(Shrink(a, (3, 2), (1, 1)), ())");
  row("slice", a.getitem({sl(1, 3)}), "Shrink(a, (1, 0), (2, 6))");
  row("full slice is nothing", a.getitem({sl()}), "a");
  row("ellipsis is nothing", a.getitem({ellipsis}), "a");
  row("None adds an axis", a.getitem({newAxis}), "Reshape(a, (1, 4, 6))");
  row("reverse is Flip", a.getitem({sl({}, {}, -1)}), "Flip(a, TF)");
  row("step pads, reshapes and keeps one of each group", a.getitem({sl(), sl({}, {}, 4)}),
      "Reshape(Shrink(Reshape(Pad(a, (0, 0), (4, 8)), (4, 1, 2, 4)), (0, 0, 0, 0), (4, 1, 2, 1)), "
      "(4, 2))");
  row("empty slice", a.getitem({sl(10, 20)}), "Shrink(a, (4, 0), (0, 6))");
}

void TestGetitem::views() {
  QFETCH(Tensor, t);
  QFETCH(QString, expected);
  QCOMPARE(qs(expr(t)), expected);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestGetitem::shapes_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("shape");
  Tensor a = input({5, 6}), b = input({2, 3, 4});
  Tensor i = input({4}, dtypes::int32), j = input({4}, dtypes::int32),
         m = input({2, 2}, dtypes::int32);
  auto row = [](const char* n, const Tensor& t, const char* s) { QTest::newRow(n) << t << qs(s); };
  row("a[i]", a.getitem({i}), "(4, 6)");
  row("a[i, j]", a.getitem({i, j}), "(4,)");
  row("a[:, j]", a.getitem({sl(), j}), "(5, 4)");
  row("a[i, 1:4]", a.getitem({i, sl(1, 4)}), "(4, 3)");
  row("a[2d index]", a.getitem({m}), "(2, 2, 6)");
  row("a[i[:, None], j[None, :]]",
      a.getitem({i.getitem({sl(), newAxis}), j.getitem({newAxis, sl()})}), "(4, 4)");
  row("a[1, j]", a.getitem({1, j}), "(4,)");
  row("0-d index tensor", a.getitem({Tensor::scalar(int64_t{2}, dtypes::int32)}), "(6,)");
  row("b[i', :, i'] moves index axes first",
      b.getitem({input({3}, dtypes::int32), sl(), input({3}, dtypes::int32)}), "(3, 3)");
  row("b[:, i', i'] keeps them in place",
      b.getitem({sl(), input({5}, dtypes::int32), input({5}, dtypes::int32)}), "(2, 5)");
  row("b[None, 0, None, :, None, -1]", b.getitem({newAxis, 0, newAxis, sl(), newAxis, -1}),
      "(1, 1, 3, 1)");
  row("b[1, ..., ::2]", b.getitem({1, ellipsis, sl({}, {}, 2)}), "(3, 2)");
  row("b[-100:2, 7:100]", b.getitem({sl(-100, 2), sl(7, 100)}), "(2, 0, 4)");
  row("b[4:0:-2]", input({6, 8}).getitem({sl(4, 0, -2), sl(6, 1, -3)}), "(2, 2)");
  row("bool tensor", input({3}, dtypes::bool_).getitem({input({2}, dtypes::int32)}), "(2,)");
}

void TestGetitem::shapes() {
  QFETCH(Tensor, t);
  QFETCH(QString, shape);
  QCOMPARE(qs(tensortest::shapeText(t)), shape);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestGetitem::tensorIndexUsesOneHotMasks() {
  Tensor a = input({3}), i = input({2}, dtypes::int32);
  Tensor r = a.getitem({i});
  // Negative indices wrap, then a one-hot mask over the axis selects by a sum.
  QCOMPARE(r.uop()->op(), Op::Reshape);
  QCOMPARE(r.uop()->src(0)->op(), Op::Reduce);
  QCOMPARE(r.uop()->src(0)->argAs<ReduceArg>().op, Op::Add);
  std::string text = expr(r);
  QVERIFY2(text.find("Where(CmpLt(b, 0), Add(b, 3), b)") != std::string::npos, text.c_str());
  QVERIFY2(text.find("CmpNe(CmpNe(") != std::string::npos, text.c_str());
  QCOMPARE(qs(tensortest::dtypeText(r)), QStringLiteral("float32"));
  // A bool tensor gathers with Max: a sum of bools saturates.
  Tensor bools = input({3}, dtypes::bool_).getitem({i});
  QCOMPARE(bools.uop()->src(0)->argAs<ReduceArg>().op, Op::Max);
}

void TestGetitem::errors_data() {
  QTest::addColumn<QString>("got");
  QTest::addColumn<QString>("expected");
  Tensor a = input({2, 3});
  auto row = [](const char* n, const std::function<void()>& f, const char* e) {
    QTest::newRow(n) << tensortest::errorOf(f) << qs(e);
  };
  row(
      "out of bounds", [&] { a.getitem({2}); }, "index=2 is out of bounds with size=2");
  row(
      "negative out of bounds", [&] { a.getitem({-3}); }, "index=-3 is out of bounds with size=2");
  row(
      "too many",
      [&] {
        a.getitem({0, 0, 0});
      },
      "too many indices (3) for 2D");
  row(
      "two ellipses",
      [&] {
        a.getitem({ellipsis, ellipsis});
      },
      "indices can only have a single ellipsis");
  row(
      "zero step", [&] { a.getitem({sl({}, {}, 0)}); },
      "index=slice(None, None, 0) cannot have 0 as step");
  row(
      "float index", [&] { a.getitem({input({1})}); }, "index dtype dtypes.float is not supported");
  row(
      "indices that do not broadcast",
      [&] {
        a.getitem({input({1, 2}, dtypes::int32), input({3}, dtypes::int32)});
      },
      "shape mismatch: objects cannot be broadcast to a single shape ((1, 2), (3,))");
  row(
      "gather rank", [&] { a.gather(0, input({1}, dtypes::int32)); },
      "self.ndim must equal index.ndim, self.ndim=2, index.ndim=1");
  row(
      "one_hot of floats", [&] { input({2}).oneHot(3); },
      "expect integer dtype, getting self.dtype=dtypes.float");
}

void TestGetitem::errors() {
  QFETCH(QString, got);
  QFETCH(QString, expected);
  QCOMPARE(got, expected);
}

UOPSCOPE_TEST(TestGetitem);
#include "test_getitem.moc"
