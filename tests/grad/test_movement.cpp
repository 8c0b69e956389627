// Gradients through movement ops and indexing against central differences
// (float64), and the conformance program grad_movement_ops.py.
#include "tests/support/test_registry.h"
#include "tests/grad/grad_test.h"

#include <QTest>

using namespace uops;
using gradtest::checkGradients;
using gradtest::Input;
using gradtest::qs;

namespace {

// Uneven values; `k` tells inputs of one case apart. Equal literals would be
// one interned node, and so one tensor as far as gradients can tell.
Input ramp(const Shape& shape, int k = 0) {
  Input in{shape, {}};
  for (int64_t i = 0; i < shapeProduct(shape); ++i)
    in.data.push_back(0.3 * static_cast<double>(i) - 1.1 + 0.05 * static_cast<double>(i * i % 7) +
                      0.13 * k);
  return in;
}

} // namespace

class TestMovementGradients : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void finiteDifferences_data();
  void finiteDifferences();
  void conformanceGradMovementOps();
};

void TestMovementGradients::finiteDifferences_data() {
  QTest::addColumn<gradtest::Fn>("f");
  QTest::addColumn<std::vector<Input>>("inputs");
  using V = const std::vector<Tensor>&;
  auto row = [](const char* name, gradtest::Fn f, std::vector<Input> in) {
    QTest::newRow(name) << std::move(f) << std::move(in);
  };
  // Each output is multiplied by the input again somewhere, so a wrong
  // inverse movement shows up as a wrong value, not only a wrong shape.
  row("reshape",
      [](V v) {
        return v[0].reshape({3, 4}) * v[0].reshape({3, 4}).flip({0});
      },
      {ramp({2, 6})});
  row("expand",
      [](V v) {
        return v[0].reshape({3, 1}).expand({3, 4}) * v[1];
      },
      {ramp({3}), ramp({3, 4}, 1)});
  row("permute",
      [](V v) {
        return v[0].permute({2, 0, 1}) * v[1];
      },
      {ramp({2, 3, 4}), ramp({4, 2, 3}, 1)});
  row("transpose", [](V v) { return v[0].T().matmul(v[0]); }, {ramp({3, 2})});
  row("pad constant",
      [](V v) {
        return v[0].pad({PadPair{{1, 2}}, PadPair{{0, 1}}}, "constant", 0.5) * v[1];
      },
      {ramp({2, 3}), ramp({5, 4}, 1)});
  row("pad reflect",
      [](V v) {
        return v[0].pad({std::nullopt, PadPair{{2, 1}}}, "reflect") * v[1];
      },
      {ramp({2, 4}), ramp({2, 7}, 1)});
  row("pad replicate",
      [](V v) {
        return v[0].pad({PadPair{{1, 1}}, std::nullopt}, "replicate") * v[1];
      },
      {ramp({2, 3}), ramp({4, 3}, 1)});
  row("pad circular",
      [](V v) {
        return v[0].pad({PadPair{{0, 2}}}, "circular") * v[1];
      },
      {ramp({4}), ramp({6}, 1)});
  row("negative pad crops",
      [](V v) {
        return v[0].pad({PadPair{{-1, 1}}}) * v[1];
      },
      {ramp({4}), ramp({4}, 1)});
  row("shrink",
      [](V v) {
        return v[0].shrink({ShrinkPair{{1, 3}}, ShrinkPair{{0, 2}}}) * v[1];
      },
      {ramp({4, 3}), ramp({2, 2}, 1)});
  row("flip", [](V v) { return v[0].flip({0, 1}) * v[0]; }, {ramp({2, 3})});
  row("cat",
      [](V v) {
        return v[0].cat({v[1], v[0]}, 1) * v[2];
      },
      {ramp({2, 2}), ramp({2, 3}, 1), ramp({2, 7}, 2)});
  row("stack", [](V v) { return v[0].stack({v[1] * v[0]}, 1) * v[2]; },
      {ramp({2, 3}), ramp({2, 3}, 1), ramp({2, 2, 3}, 2)});
  row("repeat", [](V v) { return v[0].repeat({2, 3}) * v[1]; }, {ramp({2, 2}), ramp({4, 6}, 1)});
  row("roll", [](V v) { return v[0].roll({1, -1}, Ints{0, 1}) * v[0]; }, {ramp({3, 4})});
  row("getitem slices",
      [](V v) {
        return v[0].getitem({Slice{1, -1, {}}, Slice{{}, {}, 2}}) * v[1];
      },
      {ramp({4, 5}), ramp({2, 3}, 1)});
  row("getitem negative step",
      [](V v) {
        return v[0].getitem({Slice{{}, {}, -2}, 1}) * v[1];
      },
      {ramp({5, 3}), ramp({3}, 1)});
  row("getitem none ellipsis",
      [](V v) {
        return v[0].getitem({newAxis, ellipsis, 0}) * v[1];
      },
      {ramp({2, 3, 2}), ramp({1, 2, 3}, 1)});
  row("getitem tensor index",
      [](V v) {
        return v[0].getitem({Tensor::fromList({2, 0, 2})}) * v[1];
      },
      {ramp({3, 4}), ramp({3, 4}, 1)});
  row("gather",
      [](V v) {
        return v[0].gather(1, Tensor::fromList({{0, 0}, {2, 1}})) * v[1];
      },
      {ramp({2, 3}), ramp({2, 2}, 1)});
  // A convolution written with movement ops: pad, sliding windows, weights, sum.
  row("conv by pad and pool",
      [](V v) {
        Tensor windows = v[0].pad({std::nullopt, PadPair{{1, 1}}, PadPair{{1, 1}}}).pool({3, 3});
        return (windows * v[1]).sum({-2, -1});
      },
      {ramp({2, 4, 4}), ramp({3, 3}, 1)});
  row("strided pool", [](V v) { return v[0].pool({2, 2}, {2, 2}).max({-2, -1}); }, {ramp({4, 4})});
  row("unfold triu", [](V v) { return v[0].unfold(0, 2, 1).triu() * v[0].unfold(0, 2, 1); },
      {ramp({5})});
}

void TestMovementGradients::finiteDifferences() {
  QFETCH(gradtest::Fn, f);
  QFETCH(std::vector<Input>, inputs);
  QCOMPARE(qs(checkGradients(f, inputs)), QString());
}

// conformance/programs/grad_movement_ops.py
void TestMovementGradients::conformanceGradMovementOps() {
  Tensor a = Tensor::fromList({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
  Tensor b = Tensor::fromList({0.5, -1.0, 2.0});
  Tensor w = Tensor::fromList(
      {{1.0, -1.0, 2.0, 0.5}, {0.0, 3.0, 1.0, -2.0}, {2.0, 1.0, 0.0, 1.0}, {1.0, 1.0, 1.0, 1.0}});
  Tensor p = a.pad({PadPair{{1, 0}}, PadPair{{0, 1}}}).getitem({Slice{}, Slice{{}, {}, -1}}).T();
  Tensor c = a.cat({b.reshape({1, 3})}, 0);
  Tensor g = c.getitem({Tensor::fromList({2, 0, 2})});
  Tensor loss = (p * p.flip({0})).sum() + (c.permute({1, 0}).matmul(c)).sum() * 0.1 +
                (g * b.expand({3, 3})).sum() +
                (p.reshape({12}) * w.reshape({16}).getitem({Slice{2, 14, {}}})).sum();
  backward(loss);
  QCOMPARE(qs(gradtest::compareValues(gradtest::values(loss), {111.32499694824219})), QString());
  QCOMPARE(qs(gradtest::compareValues(
               gradtest::values(*a.grad()),
               {2.700000047683716, 7.199999809265137, 8.199999809265137, 4.0, 15.0, 11.0})),
           QString());
  QCOMPARE(
      qs(gradtest::compareValues(gradtest::values(*b.grad()),
                                 {3.299999952316284, -1.7000000476837158, 11.300000190734863})),
      QString());
  QCOMPARE(qs(gradtest::compareValues(
               gradtest::values(*w.grad()),
               {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 3.0, 6.0, 0.0, 2.0, 5.0, 0.0, 1.0, 4.0, 0.0, 0.0})),
           QString());
}

UOPSCOPE_TEST(TestMovementGradients);
#include "test_movement.moc"
