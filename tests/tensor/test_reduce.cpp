// Reductions: Reduce nodes, axis forms, keepdim, accumulation dtypes, errors.
#include "tests/support/test_registry.h"
#include "tests/tensor/tensor_test.h"

#include <QTest>

#include <functional>

using namespace uops;
using tensortest::expr;
using tensortest::input;
using tensortest::qs;

class TestReduce : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void graphs_data();
  void graphs();
  void shapesAndDtypes_data();
  void shapesAndDtypes();
  void errors();
};

void TestReduce::graphs_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("expected");
  Tensor a = input({2, 3}), one = input({2, 1});
  auto row = [](const char* n, const Tensor& t, const char* e) { QTest::newRow(n) << t << qs(e); };
  row("sum keeps reduced axes as 1 then reshapes", a.sum(1), "Reshape(Reduce(a, Add, (1,)), (2,))");
  row("keepdim", a.sum(1, true), "Reduce(a, Add, (1,))");
  row("all axes", a.sum(), "Reshape(Reduce(a, Add, (0, 1)), ())");
  row("negative axis", a.max(-2), "Reshape(Reduce(a, Max, (0,)), (3,))");
  row("tuple of axes", input({2, 3, 4}).sum({0, 2}), "Reshape(Reduce(a, Add, (0, 2)), (3,))");
  row("size-1 axes are not reduced", one.sum(1), "Reshape(a, (2,))");
  row("empty tuple reduces nothing", a.sum(Ints{}), "a");
  row("int sum accumulates in int32", input({2}, dtypes::int8).sum(),
      "Reshape(Reduce(Cast(a, int), Add, (0,)), ())");
  row("half sum accumulates in float32", input({2}, dtypes::float16).sum(),
      "Cast(Reshape(Reduce(Cast(a, float), Add, (0,)), ()), half)");
  row("bool sum counts in int32", input({2}, dtypes::bool_).sum(),
      "Reshape(Reduce(Cast(a, int), Add, (0,)), ())");
  row("prod", a.prod(0), "Reshape(Reduce(a, Mul, (0,)), (3,))");
  row("min of floats is -max(-x)", a.min(0),
      "Mul(Reshape(Reduce(Mul(a, -1.0), Max, (0,)), (3,)), -1.0)");
  row("min of ints is ~max(~x)", input({2}, dtypes::int32).min(),
      "Xor(Reshape(Reduce(Xor(a, -1), Max, (0,)), ()), -1)");
  row("any is a Max of bools", input({2}, dtypes::int32).any(),
      "Reshape(Reduce(Cast(a, bool), Max, (0,)), ())");
  row("all is not any(not x)", input({2}, dtypes::bool_).all(),
      "Reshape(CmpNe(Reduce(CmpNe(a, True), Max, (0,)), True), ())");
  row("mean is sum times 1/n", a.mean(1), "Mul(Reshape(Reduce(a, Add, (1,)), (2,)), Recip(3.0))");
  // tinygrad's contraction order: every operand laid out over the sorted
  // letters (the ellipsis first), one product left to right, one sum over all
  // contracted letters at once (j and k), not a pairwise chain of matmuls
  row("einsum of three with an ellipsis is one product and one sum",
      Tensor::einsum("...ij,...jk,...kl->...il", {input({2, 3, 4}), input({2, 4, 5}), input({2, 5, 6})}),
      "Reshape(Reduce(Mul(Expand(Mul(Expand(Reshape(a, (2, 3, 4, 1, 1)), (2, 3, 4, 5, 1)), "
      "Expand(Reshape(b, (2, 1, 4, 5, 1)), (2, 3, 4, 5, 1))), (2, 3, 4, 5, 6)), "
      "Expand(Reshape(c, (2, 1, 1, 5, 6)), (2, 3, 4, 5, 6))), Add, (2, 3)), (2, 3, 6))");
  row("sum with dtype", a.sum(0, false, dtypes::float64),
      "Reshape(Reduce(Cast(a, double), Add, (0,)), (3,))");
}

void TestReduce::graphs() {
  QFETCH(Tensor, t);
  QFETCH(QString, expected);
  QCOMPARE(qs(expr(t)), expected);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestReduce::shapesAndDtypes_data() {
  QTest::addColumn<Tensor>("t");
  QTest::addColumn<QString>("shape");
  QTest::addColumn<QString>("dtype");
  Tensor a = input({3, 4}), i = input({3, 4}, dtypes::int32);
  auto row = [](const char* n, const Tensor& t, const char* s, const char* d) {
    QTest::newRow(n) << t << qs(s) << qs(d);
  };
  row("mean of ints", i.mean(), "()", "float32");
  row("var", a.var(1), "(3,)", "float32");
  row("var correction 0 keepdim", a.var(0, true, 0), "(1, 4)", "float32");
  row("var of ints", i.var(), "()", "float32");
  row("std", a.std({0, 1}, true), "(1, 1)", "float32");
  row("var_mean", a.varMean(1).second, "(3,)", "float32");
  row("softmax", a.softmax(), "(3, 4)", "float32");
  row("log_softmax axis 0", a.logSoftmax(0), "(3, 4)", "float32");
  row("softmin", a.softmin(), "(3, 4)", "float32");
  row("logsumexp", a.logsumexp(1), "(3,)", "float32");
  row("logsumexp all", a.logsumexp(), "()", "float32");
  row("logsumexp keepdim", a.logsumexp(-1, true), "(3, 1)", "float32");
  row("argmax", a.argmax(), "()", "int32");
  row("argmax axis keepdim", a.argmax(1, true), "(3, 1)", "int32");
  row("argmin of ints", i.argmin(0), "(4,)", "int32");
  row("cumsum", a.cumsum(1), "(3, 4)", "float32");
  row("cumsum of ints is int32", input({5}, dtypes::int8).cumsum(), "(5,)", "int32");
  row("cumsum of bools is int32", input({5}, dtypes::bool_).cumsum(), "(5,)", "int32");
  row("cumsum of uint8 is uint32", input({5}, dtypes::uint8).cumsum(), "(5,)", "uint32");
  row("long cumsum is chunked", input({1000}).cumsum(), "(1000,)", "float32");
  row("cumprod", a.cumprod(0), "(3, 4)", "float32");
  row("cummax values", a.cummax(1).first, "(3, 4)", "float32");
  row("cummax indices", a.cummax(1).second, "(3, 4)", "int32");
  row("cummin", i.cummin(0).first, "(3, 4)", "int32");
  row("logcumsumexp", a.logcumsumexp(1), "(3, 4)", "float32");
  row("sort values", a.sort().first, "(3, 4)", "float32");
  row("sort indices", a.sort(0, true).second, "(3, 4)", "int32");
  row("argsort of 5", input({5}).argsort(), "(5,)", "int32");
  row("topk", a.topk(2).first, "(3, 2)", "float32");
  row("prod of bools", input({3}, dtypes::bool_).prod(), "()", "bool");
  row("max of a scalar", Tensor::scalar(1.0).max(), "()", "float32");
  row("dot", a.dot(input({4, 5})), "(3, 5)", "float32");
  row("matmul vector", a.matmul(input({4})), "(3,)", "float32");
  row("matmul batched", input({2, 3, 4}).matmul(input({4, 2})), "(2, 3, 2)", "float32");
  row("int matmul", i.matmul(input({4, 2}, dtypes::int32)), "(3, 2)", "int32");
  row("half matmul", input({2, 2}, dtypes::float16).matmul(input({2, 2}, dtypes::float16)),
      "(2, 2)", "float16");
  row("einsum", Tensor::einsum("ij,jk->ik", {a, input({4, 5})}), "(3, 5)", "float32");
  row("einsum implicit", Tensor::einsum("ij,jk", {a, input({4, 5})}), "(3, 5)", "float32");
  row("einsum transpose", Tensor::einsum("ij->ji", {a}), "(4, 3)", "float32");
  row("einsum trace", Tensor::einsum("ii->", {input({3, 3})}), "()", "float32");
  row("einsum ellipsis", Tensor::einsum("...ij,...jk->...ik", {input({2, 3, 4}), input({2, 4, 5})}),
      "(2, 3, 5)", "float32");
  row("scatter_reduce",
      Tensor::zeros({5}).scatterReduce(0, input({7}, dtypes::int32), input({7}), "sum"), "(5,)",
      "float32");
  row("scatter_reduce amax",
      Tensor::zeros({5}).scatterReduce(0, input({7}, dtypes::int32), input({7}), "amax", false),
      "(5,)", "float32");
  row("scatter_reduce mean",
      Tensor::zeros({5}).scatterReduce(0, input({7}, dtypes::int32), input({7}), "mean"), "(5,)",
      "float32");
  row("scatter", a.scatter(1, input({3, 2}, dtypes::int32), input({3, 2})), "(3, 4)", "float32");
  row("scatter scalar add", a.scatter(1, input({3, 2}, dtypes::int32), 1.0, "add"), "(3, 4)",
      "float32");
}

void TestReduce::shapesAndDtypes() {
  QFETCH(Tensor, t);
  QFETCH(QString, shape);
  QFETCH(QString, dtype);
  QCOMPARE(qs(tensortest::shapeText(t)), shape);
  QCOMPARE(qs(tensortest::dtypeText(t)), dtype);
  QCOMPARE(qs(tensortest::verifyText(t)), QString());
}

void TestReduce::errors() {
  auto errorOf = [](const std::function<void()>& f) -> QString {
    try {
      f();
    } catch (const TensorError& e) {
      return qs(e.what());
    }
    return QStringLiteral("no error");
  };
  Tensor a = input({2, 3});
  QCOMPARE(errorOf([&] { a.sum(2); }), QStringLiteral("dim=2 out of range [-2, 1]"));
  QCOMPARE(errorOf([&] { a.sum(-3); }), QStringLiteral("dim=-3 out of range [-2, 1]"));
  QCOMPARE(errorOf([&] { a.argmax(3); }), QStringLiteral("dim=3 out of range [-2, 1]"));
  QCOMPARE(errorOf([&] { a.cummax(3); }), QStringLiteral("dim=3 out of range [-2, 1]"));
  QCOMPARE(errorOf([&] { a.matmul(a); }), QStringLiteral("cannot dot (2, 3) and (2, 3)"));
  QCOMPARE(errorOf([&] { Tensor::scalar(1.0).matmul(a); }),
           QStringLiteral("both tensors need to be at least 1D, got 0D and 2D"));
  QCOMPARE(errorOf([&] { a.topk(4); }), QStringLiteral("selected index k=4 is out of range"));
  QCOMPARE(errorOf([&] { Tensor::einsum("ij,jk->ik", {a}); }),
           QStringLiteral("number of operands doesn't match, expected 2, got 1"));
  QCOMPARE(errorOf([&] {
             a.scatterReduce(0, input({2, 3}, dtypes::int32), a, "max");
           }),
           QStringLiteral("reduce='max' must be one of 'sum', 'prod', 'mean', 'amax', 'amin'"));
  QCOMPARE(errorOf([&] {
             a.scatter(0, input({2, 3}, dtypes::int32), a, "add");
           }),
           QStringLiteral("non-scalar src is not supported with reduce arg. use scatter_reduce"));
}

UOPSCOPE_TEST(TestReduce);
#include "test_reduce.moc"
