// Movement ops: their UOps, shapes and errors.
#include "tests/support/test_registry.h"
#include "tests/tensor/tensor_test.h"

#include <QTest>

#include <functional>

using namespace uops;
using tensortest::expr;
using tensortest::input;
using tensortest::qs;

namespace {

using P = std::pair<int64_t, int64_t>;

} // namespace

class TestMovement : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void graphs_data();
  void graphs();
  void shapes_data();
  void shapes();
  void noOpsReturnTheSameGraph();
  void errors_data();
  void errors();
};

void TestMovement::graphs_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("expected");
  Tensor a = input({2, 3});
  auto row = [](const char* n, const Tensor& t, const char* e) { QTest::newRow(n) << t << qs(e); };
  row("reshape with -1", a.reshape({-1, 2}), "Reshape(a, (3, 2))");
  row("permute", a.permute({1, 0}), "Permute(a, (1, 0))");
  row("T", a.T(), "Permute(a, (1, 0))");
  row("flip", a.flip({-1}), "Flip(a, FT)");
  row("expand", input({3, 1}).expand({-1, 4}), "Expand(a, (3, 4))");
  row("expand adds axes on the left", input({3}).expand({2, 3}),
      "Expand(Reshape(a, (1, 3)), (2, 3))");
  row("shrink", a.shrink({P{0, 1}, std::nullopt}), "Shrink(a, (0, 0), (1, 3))");
  row("pad is Pad(x, offsets, shape)", a.pad({P{1, 0}, P{0, 2}}), "Pad(a, (1, 0), (3, 5))");
  row("negative pad crops first", a.pad({P{-1, 0}, P{1, -1}}),
      "Pad(Shrink(a, (1, 0), (1, 2)), (0, 1), (1, 3))");
  row("pad with a value masks the border", a.pad({P{1, 0}, std::nullopt}, "constant", -1.0),
      "Where(Pad(True, (1, 0), (3, 3)), Pad(a, (1, 0), (3, 3)), -1.0)");
  row("flat pad starts at the last axis", a.padFlat({1, 0}), "Pad(a, (0, 1), (2, 4))");
  row("stack is the Stack op", a.stack({a}, 0), "Stack(a, a)");
  row("stack on axis 1 permutes", a.stack({a}, 1), "Permute(Stack(a, a), (1, 0, 2))");
  row("cat of equal sizes stacks", a.cat({a}, 0), "Reshape(Stack(a, a), (4, 3))");
  row("cat of unequal sizes pads and adds", a.cat({input({1, 3})}, 0),
      "Add(Pad(a, (0, 0), (3, 3)), Pad(b, (2, 0), (3, 3)))");
  row("repeat", input({2}).repeat({3}), "Reshape(Expand(Reshape(a, (1, 2)), (3, 2)), (6,))");
  row("repeat_interleave", input({2}).repeatInterleave(3),
      "Reshape(Expand(Reshape(a, (2, 1)), (2, 3)), (6,))");
  row("squeeze", input({1, 2, 1}).squeeze(), "Reshape(a, (2,))");
  row("unsqueeze", a.unsqueeze(1), "Reshape(a, (2, 1, 3))");
  row("roll repeats and shrinks", input({5}).roll({2}),
      "Shrink(Reshape(Expand(Reshape(a, (1, 5)), (2, 5)), (10,)), (3,), (5,))");
  row("pad_to", a.padTo({4, -1}), "Pad(a, (0, 0), (4, 3))");
}

void TestMovement::graphs() {
  QFETCH(Tensor, t);
  QFETCH(QString, expected);
  QCOMPARE(qs(expr(t)), expected);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestMovement::shapes_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("shape");
  Tensor a = input({4, 5}), c = input({2, 3, 4});
  auto row = [](const char* n, const Tensor& t, const char* s) { QTest::newRow(n) << t << qs(s); };
  row("reflect", a.pad({P{2, 2}, P{2, 2}}, "reflect"), "(8, 9)");
  row("replicate", a.pad({P{1, 1}, P{1, 1}}, "replicate"), "(6, 7)");
  row("circular", a.pad({P{1, 1}, P{1, 1}}, "circular"), "(6, 7)");
  row("reflect with a crop", a.pad({P{-1, 2}, P{0, 0}}, "reflect"), "(5, 5)");
  row("split by size", c.split(2, 1)[1], "(2, 1, 4)");
  row("split sizes", c.split(Ints{1, 3}, -1)[1], "(2, 3, 3)");
  row("chunk", c.chunk(3, 2)[0], "(2, 3, 2)");
  row("flatten(1)", c.flatten(1), "(2, 12)");
  row("flatten of a scalar", Tensor::scalar(1.0).flatten(), "(1,)");
  row("unflatten", c.unflatten(-1, {2, -1}), "(2, 3, 2, 2)");
  row("transpose", c.transpose(0, 2), "(4, 3, 2)");
  row("diag", input({3}).diag(), "(3, 3)");
  row("diagonal", c.diagonal(), "(4, 2)");
  row("diagonal offset", input({3, 4}).diagonal(1), "(3,)");
  row("diagonal negative offset", input({3, 4}).diagonal(-1), "(2,)");
  row("unfold", input({7}).unfold(0, 3, 2), "(3, 3)");
  row("unfold 2d", input({2, 6}).unfold(1, 2, 2), "(2, 3, 2)");
  row("pool", input({1, 1, 5, 5}).pool({3, 3}, {2}), "(1, 1, 2, 2, 3, 3)");
  row("pool with dilation", input({8, 8}).pool({2, 2}, {1}, {2}), "(6, 6, 2, 2)");
  row("meshgrid ij", Tensor::meshgrid({input({2}), input({3})})[0], "(2, 3)");
  row("meshgrid xy", Tensor::meshgrid({input({2}), input({3})}, "xy")[1], "(3, 2)");
  row("triu", a.triu(1), "(4, 5)");
  row("tril", a.tril(-1), "(4, 5)");
  row("repeat adds leading axes", input({2, 3}).repeat({2, 1, 1}), "(2, 2, 3)");
  row("roll on two dims", input({2, 3}).roll({1, -1}, Ints{0, 1}), "(2, 3)");
}

void TestMovement::shapes() {
  QFETCH(Tensor, t);
  QFETCH(QString, shape);
  QCOMPARE(qs(tensortest::shapeText(t)), shape);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestMovement::noOpsReturnTheSameGraph() {
  Tensor a = input({2, 3});
  QVERIFY(a.reshape({2, 3}).uop() == a.uop());
  QVERIFY(a.permute({0, 1}).uop() == a.uop());
  QVERIFY(a.flip({}).uop() == a.uop());
  QVERIFY(a.expand({2, 3}).uop() == a.uop());
  QVERIFY(a.shrink({std::nullopt, std::nullopt}).uop() == a.uop());
  QVERIFY(a.pad({std::nullopt, std::nullopt}).uop() == a.uop());
  QVERIFY(a.squeeze(0).uop() == a.uop());
  QVERIFY(a.cat({}, 1).uop() == a.uop());
}

void TestMovement::errors_data() {
  QTest::addColumn<QString>("got");
  QTest::addColumn<QString>("expected");
  Tensor a = input({2, 3});
  auto row = [](const char* n, const std::function<void()>& f, const char* e) {
    QTest::newRow(n) << tensortest::errorOf(f) << qs(e);
  };
  row(
      "reshape",
      [&] {
        a.reshape({4, 2});
      },
      "size mismatch, can't reshape ((2, 3)) -> ((4, 2))");
  row(
      "reshape two -1",
      [&] {
        a.reshape({-1, -1});
      },
      "only one dimension can be inferred using -1, getting (-1, -1)");
  row(
      "reshape negative",
      [&] {
        a.reshape({-2, -3});
      },
      "size mismatch, can't reshape ((2, 3)) -> ((-2, -3))");
  row(
      "expand",
      [&] {
        a.expand({4, 3});
      },
      "cannot broadcast (2, 3) to new_shape=(4, 3)");
  row(
      "expand to fewer dims", [&] { a.expand({3}); },
      "cannot broadcast (2, 3) to new_shape=(1, 3)");
  row(
      "permute",
      [&] {
        a.permute({0, 0});
      },
      "order is not a valid permutation, getting (0, 0)");
  row(
      "permute axis",
      [&] {
        a.permute({0, 2});
      },
      "dim=2 out of range [-2, 1]");
  row(
      "flip twice",
      [&] {
        a.flip({0, 0});
      },
      "dim can appear at most once, getting (0, 0)");
  row(
      "shrink",
      [&] {
        a.shrink({P{0, 3}, P{0, 3}});
      },
      "invalid shrink ((0, 3), (0, 3)) for (2, 3)");
  row(
      "shrink rank",
      [&] {
        a.shrink({P{0, 1}});
      },
      "self.ndim=2 != len(arg)=1");
  row(
      "pad length",
      [&] {
        a.pad({P{1, 1}});
      },
      "padding length is improper, padding=((1, 1),) self.ndim=2");
  row(
      "flat pad odd",
      [&] {
        a.padFlat({1, 1, 1});
      },
      "Flat padding must have even number of pads");
  row(
      "pad mode",
      [&] {
        a.pad({P{1, 1}, std::nullopt}, "foo");
      },
      "mode='foo' is not supported");
  row(
      "reflect too far",
      [&] {
        a.pad({std::nullopt, P{3, 0}}, "reflect");
      },
      "Padding (3, 0) should be less than the input size=3 for dim=1.");
  row(
      "circular too far",
      [&] {
        a.pad({P{3, 0}, std::nullopt}, "circular");
      },
      "Padding value causes wrapping around more than once.");
  row(
      "stack",
      [&] {
        a.stack({input({2, 2})});
      },
      "all shapes must match for stack, got [(2, 3), (2, 2)]");
  row(
      "cat",
      [&] {
        a.cat({input({2, 2})}, 0);
      },
      "cannot cat (2, 3) with (2, 2) along dim 0");
  row(
      "split",
      [&] {
        a.split(Ints{1, 1}, 1);
      },
      "expect sizes to sum exactly to 3, but got 2");
  row(
      "chunk", [&] { a.chunk(0); }, "expect chunks to be greater than 0, got: 0");
  row(
      "repeat too few", [&] { a.repeat({2}); },
      "size mismatch, can't reshape ((2, 3)) -> ((1, 2))");
  row(
      "unsqueeze", [&] { a.unsqueeze(4); }, "dim=4 out of range [-3, 2]");
  row(
      "squeeze", [&] { a.squeeze(3); }, "dim=3 out of range [-2, 1]");
  row(
      "unflatten",
      [&] {
        a.unflatten(1, {2, 2});
      },
      "size mismatch, can't reshape ((2, 3)) -> ((2, 2, 2))");
  row(
      "diag", [&] { a.diag(); }, "expect input to be 1-D, getting 2-D");
  row(
      "diagonal", [&] { a.diagonal(0, 1, -1); }, "dim1 and dim2 cannot be the same dimension");
  row(
      "roll",
      [&] {
        a.roll({1, 2}, Ints{0});
      },
      "len(dims)=1 != len(shifts)=2");
  row(
      "unfold", [&] { a.unfold(1, 4, 1); },
      "maximum size for tensor at dimension 1 is 3 but size is 4");
  row(
      "unfold step", [&] { a.unfold(1, 2, 0); }, "step must be > 0 but got step=0");
  row(
      "meshgrid",
      [&] {
        Tensor::meshgrid({a, a}, "ab");
      },
      "indexing must be in (\"ij\", \"xy\"), got ab");
  row(
      "pool", [&] { input({2}).pool({3}); },
      "kernel size cannot be greater than actual input size");
  Tensor s = Tensor::scalar(1.0);
  row(
      "cat of 0-d", [&] { s.cat({s}); }, "zero-dimensional tensor cannot be concatenated");
  row(
      "split of 0-d", [&] { s.split(1); }, "dimension specified as 0 but tensor has no dimensions");
  row(
      "size of 0-d", [&] { (void)s.size(-1); },
      "dimension specified as -1 but tensor has no dimensions");
}

void TestMovement::errors() {
  QFETCH(QString, got);
  QFETCH(QString, expected);
  QCOMPARE(got, expected);
}

UOPSCOPE_TEST(TestMovement);
#include "test_movement.moc"
