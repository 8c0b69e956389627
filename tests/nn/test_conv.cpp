// conv2d and convTranspose2d: output shapes over many argument combinations,
// values against tinygrad, and the errors a user can cause.
//
// Expected numbers come from tinygrad a9069c177a9d on CPU: each row's comment
// is the tinygrad expression, with the inputs built as in convValues_data (pat
// is nntest::pat) and printed with .tolist() / .shape.
#include "tests/support/test_registry.h"
#include "tests/nn/nn_test.h"

#include <functional>

using namespace uops;
using nntest::pat;

using nntest::Build;

class TestConv : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void convValues_data();
  void convValues() { nntest::checkValueRow(); }
  void convShapes_data();
  void convShapes() { checkShape(); }
  void convTransposeShapes_data();
  void convTransposeShapes() { checkShape(); }
  void errors();

private:
  static void checkShape();
};

void TestConv::checkShape() {
  QFETCH(Build, build);
  QFETCH(QString, shape);
  QCOMPARE(nntest::shapeText(build()), shape);
}

void TestConv::convValues_data() {
  nntest::addValueColumns();
  Tensor x = pat({1, 2, 5, 5}, 7, 11, 5, 0.25);
  Tensor w = pat({3, 2, 3, 3}, 5, 13, 6, 0.125);
  Tensor b = Tensor::fromList({0.5, -1.0, 0.25});
  Tensor wg = pat({4, 1, 3, 3}, 3, 7, 3, 0.5);
  Tensor x1 = pat({2, 2, 7}, 3, 5, 2, 0.5);
  Tensor w1 = pat({3, 2, 3}, 2, 7, 3, 0.25);
  Tensor x3 = pat({1, 1, 4, 4, 4}, 5, 9, 4, 0.5);
  Tensor w3 = pat({2, 1, 2, 2, 2}, 3, 5, 2, 0.5);
  // xi = (Tensor.arange(2*4*4) % 5 - 2).reshape(1,2,4,4)
  Tensor xi = (Tensor::arange(2 * 4 * 4).mod(5) - 2).reshape({1, 2, 4, 4});
  // wi = (Tensor.arange(2*2*2*2) % 3 - 1).reshape(2,2,2,2)
  Tensor wi = (Tensor::arange(2 * 2 * 2 * 2).mod(3) - 1).reshape({2, 2, 2, 2});
  Tensor xt = pat({1, 2, 3, 3}, 3, 7, 3, 0.5);
  Tensor wt = pat({2, 3, 2, 2}, 5, 9, 4, 0.25);
  Tensor wtg = pat({2, 2, 3, 3}, 2, 7, 3, 0.5);
  Tensor bt = Tensor::fromList({0.5, -0.5, 1.0});
  // conv2d
  // x.conv2d(w)
  QTest::newRow("default") << conv2d(x, w) << QStringLiteral("(1, 3, 3, 3)")
                           << QStringLiteral("float32")
                           << QList<double>{-0.78125, -0.03125, 1.75,     -0.125, -0.75,   1.375,
                                            3.625,    -0.78125, -0.03125, -1.5,   0.3125,  -1.3125,
                                            0.6875,   1.46875,  0.1875,   1.5,    -1.5,    0.3125,
                                            -0.59375, -0.5625,  0.5,      2.3125, 1.65625, -1.40625,
                                            -0.625,   -0.59375, -0.5625};
  // x.conv2d(w, b)
  QTest::newRow("bias") << conv2d(x, w, {.bias = b}) << QStringLiteral("(1, 3, 3, 3)")
                        << QStringLiteral("float32")
                        << QList<double>{-0.28125, 0.46875,  2.25,    0.375,  -0.25,   1.875,
                                         4.125,    -0.28125, 0.46875, -2.5,   -0.6875, -2.3125,
                                         -0.3125,  0.46875,  -0.8125, 0.5,    -2.5,    -0.6875,
                                         -0.34375, -0.3125,  0.75,    2.5625, 1.90625, -1.15625,
                                         -0.375,   -0.34375, -0.3125};
  // x.conv2d(w, padding=1)
  QTest::newRow("padding=1")
      << conv2d(x, w, {.padding = 1}) << QStringLiteral("(1, 3, 5, 5)") << QStringLiteral("float32")
      << QList<double>{-1.0625,  0.1875,   1.84375,  -0.625,   -0.6875,  3.5,     -0.78125,
                       -0.03125, 1.75,     -1.34375, -0.625,   -0.125,   -0.75,   1.375,
                       0.5625,   -1.65625, 3.625,    -0.78125, -0.03125, 1.78125, -0.4375,
                       -1.5,     0.25,     -0.40625, -0.34375, 0.875,    0.6875,  0.5,
                       1,        -0.875,   1.875,    -1.5,     0.3125,   -1.3125, 1.1875,
                       -1.15625, 0.6875,   1.46875,  0.1875,   0.875,    -1.4375, 1.5,
                       -1.5,     0.3125,   -0.8125,  0.5,      -2,       1.09375, 1.78125,
                       -1.1875,  2.40625,  0.78125,  -1.25,    2.21875,  -1.0625, -0.15625,
                       -0.59375, -0.5625,  0.5,      0.875,    -2.09375, 2.3125,  1.65625,
                       -1.40625, 1.1875,   -1.625,   -0.625,   -0.59375, -0.5625, -0.5625,
                       0.625,    -2.09375, 1.125,    1.9375,   -0.8125};
  // x.conv2d(w, stride=2, padding=1)
  QTest::newRow("stride=2 padding=1")
      << conv2d(x, w, {.stride = 2, .padding = 1}) << QStringLiteral("(1, 3, 3, 3)")
      << QStringLiteral("float32")
      << QList<double>{-1.0625,  1.84375,  -0.6875, -0.625,  -0.75,   0.5625,   -0.4375,
                       0.25,     -0.34375, 0.875,   0.5,     -0.875,  -1.15625, 1.46875,
                       0.875,    0.5,      1.09375, -1.1875, 2.40625, -1.25,    -1.0625,
                       -2.09375, 1.65625,  1.1875,  0.625,   1.125,   -0.8125};
  // x.conv2d(w, stride=(2, 1))
  QTest::newRow("stride=(2,1)") << conv2d(x, w, {.stride = {2, 1}})
                                << QStringLiteral("(1, 3, 2, 3)") << QStringLiteral("float32")
                                << QList<double>{-0.78125, -0.03125, 1.75,     3.625,   -0.78125,
                                                 -0.03125, -1.5,     0.3125,   -1.3125, 1.5,
                                                 -1.5,     0.3125,   -0.59375, -0.5625, 0.5,
                                                 -0.625,   -0.59375, -0.5625};
  // x.conv2d(w, dilation=2, padding=2)
  QTest::newRow("dilation=2 padding=2")
      << conv2d(x, w, {.dilation = 2, .padding = 2}) << QStringLiteral("(1, 3, 5, 5)")
      << QStringLiteral("float32")
      << QList<double>{
             -1.5,     -0.1875,  0.84375,  0.34375, 0.0625,   0.25,    -0.84375, 1.21875, 0.3125,
             0.03125,  2.625,    -1.15625, 0.53125, 1.40625,  0.6875,  0.25,     1,       -0.5625,
             -1.09375, 0.71875,  -1.5,     1.65625, -1.09375, 0.40625, 1.53125,  0.6875,  0,
             -0.53125, 1.75,     -0.1875,  -1.375,  0.6875,   0.9375,  -1.40625, 0.78125, 1.8125,
             0.65625,  -1.25,    0.78125,  1.40625, 0.25,     -0.3125, -0.4375,  0.4375,  -1.375,
             -0.84375, 1,        0.25,     -1.0625, 0.90625,  1.65625, -1.03125, 1.34375, 1.53125,
             -0.4375,  0.25,     1,        -0.5625, -1.09375, 0.71875, -0.21875, 1.25,    -2.21875,
             0.5625,   1.3125,   0.25,     0,       -0.3125,  0.75,    -1.4375,  -1,      1.15625,
             -0.03125, -0.90625, 0.6875};
  // x.conv2d(w, dilation=(1, 2))
  QTest::newRow("dilation=(1,2)") << conv2d(x, w, {.dilation = {1, 2}})
                                  << QStringLiteral("(1, 3, 3, 1)") << QStringLiteral("float32")
                                  << QList<double>{0.6875, 1.6875,  -1.4375, -1.8125, 0.71875,
                                                   -0.875, 0.15625, -1.0625, -1.9375};
  // x.conv2d(w, padding=(1, 2))
  QTest::newRow("padding per axis (1,2)")
      << conv2d(x, w, {.padding = {1, 2}}) << QStringLiteral("(1, 3, 5, 7)")
      << QStringLiteral("float32")
      << QList<double>{-0.75,    -1.0625,  0.1875,   1.84375,  -0.625,   -0.6875,  -0.0625,
                       -1.4375,  3.5,      -0.78125, -0.03125, 1.75,     -1.34375, -0.25,
                       -0.28125, -0.625,   -0.125,   -0.75,    1.375,    0.5625,   -1.3125,
                       -0.15625, -1.65625, 3.625,    -0.78125, -0.03125, 1.78125,  -1,
                       0.625,    -0.4375,  -1.5,     0.25,     -0.40625, -0.34375, 0.8125,
                       -0.53125, 0.875,    0.6875,   0.5,      1,        -0.875,   -0.25,
                       -1.125,   1.875,    -1.5,     0.3125,   -1.3125,  1.1875,   -0.3125,
                       0,        -1.15625, 0.6875,   1.46875,  0.1875,   0.875,    -0.25,
                       -0.25,    -1.4375,  1.5,      -1.5,     0.3125,   -0.8125,  1.1875,
                       0.4375,   0.5,      -2,       1.09375,  1.78125,  -1.1875,  -0.375,
                       -1.53125, 2.40625,  0.78125,  -1.25,    2.21875,  -1.0625,  -0.4375,
                       -1.21875, -0.15625, -0.59375, -0.5625,  0.5,      0.875,    -0.78125,
                       0.6875,   -2.09375, 2.3125,   1.65625,  -1.40625, 1.1875,   -0.40625,
                       0.875,    -1.625,   -0.625,   -0.59375, -0.5625,  -0.5625,  1.34375,
                       0.25,     0.625,    -2.09375, 1.125,    1.9375,   -0.8125,  0.0625};
  // x.conv2d(w, padding=(2, 0, 1, 1))
  QTest::newRow("padding flat (2,0,1,1)")
      << conv2d(x, w, {.padding = {2, 0, 1, 1}}) << QStringLiteral("(1, 3, 5, 5)")
      << QStringLiteral("float32")
      << QList<double>{-0.75,    -1.0625,  0.1875,   1.84375,  -0.625,   -1.4375,  3.5,
                       -0.78125, -0.03125, 1.75,     -0.28125, -0.625,   -0.125,   -0.75,
                       1.375,    -0.15625, -1.65625, 3.625,    -0.78125, -0.03125, 0.625,
                       -0.4375,  -1.5,     0.25,     -0.40625, -0.53125, 0.875,    0.6875,
                       0.5,      1,        -1.125,   1.875,    -1.5,     0.3125,   -1.3125,
                       0,        -1.15625, 0.6875,   1.46875,  0.1875,   -0.25,    -1.4375,
                       1.5,      -1.5,     0.3125,   0.4375,   0.5,      -2,       1.09375,
                       1.78125,  -1.53125, 2.40625,  0.78125,  -1.25,    2.21875,  -1.21875,
                       -0.15625, -0.59375, -0.5625,  0.5,      0.6875,   -2.09375, 2.3125,
                       1.65625,  -1.40625, 0.875,    -1.625,   -0.625,   -0.59375, -0.5625,
                       0.25,     0.625,    -2.09375, 1.125,    1.9375};
  // x.conv2d(w, padding=(1, -1, 0, -1))
  QTest::newRow("negative padding crops")
      << conv2d(x, w, {.padding = {1, -1, 0, -1}}) << QStringLiteral("(1, 3, 2, 3)")
      << QStringLiteral("float32")
      << QList<double>{3.5,      -0.78125, -0.03125, -0.625,   -0.125, -0.75,
                       1.875,    -1.5,     0.3125,   -1.15625, 0.6875, 1.46875,
                       -0.15625, -0.59375, -0.5625,  -2.09375, 2.3125, 1.65625};
  // x.conv2d(wg, groups=2)
  QTest::newRow("groups=2") << conv2d(x, wg, {.groups = 2}) << QStringLiteral("(1, 4, 3, 3)")
                            << QStringLiteral("float32")
                            << QList<double>{4.25,   0.25,   0.375,  0.75,   -3.25,  -0.375,
                                             0,      4.25,   0.25,   -3.5,   3.75,   -4.125,
                                             -4.375, 4.25,   -0.875, -1.125, -3.5,   3.75,
                                             3,      -1.125, -2.5,   -2.5,   -1.125, 3,
                                             -2.5,   3,      -1.125, -1.125, 1.25,   -3.25,
                                             -4.375, 3.5,    4.5,    -3.5,   -1.125, 1.25};
  // x.conv2d(wg, Tensor([1.0, 2.0, 3.0, 4.0]), groups=2, stride=2, padding=1)
  QTest::newRow("groups=2 bias stride padding")
      << conv2d(x, wg,
                {.bias = Tensor::fromList({1.0, 2.0, 3.0, 4.0}),
                 .groups = 2,
                 .stride = 2,
                 .padding = 1})
      << QStringLiteral("(1, 4, 3, 3)") << QStringLiteral("float32")
      << QList<double>{0.375, -0.5,   -1,    3.125, -2.25, 5.5,   0.875, 0.5,   0.25,
                       -1,    -0.125, 2,     5.875, 6.25,  -0.25, 1.875, -0.75, 1.75,
                       1.625, 4.75,   2.625, 7.25,  1.875, 1.25,  1.75,  2.25,  3.625,
                       2,     6.75,   7,     8.5,   7.5,   0.625, 3.25,  1.25,  6.5};
  // x1.conv2d(w1, stride=2, padding=1)
  QTest::newRow("1-D") << conv2d(x1, w1, {.stride = 2, .padding = 1}) << QStringLiteral("(2, 3, 4)")
                       << QStringLiteral("float32")
                       << QList<double>{0.625, 0.75,   -2,   -0.25, -0.25, 1.125,  1.125, -0.25,
                                        -0.25, -2,     0.75, 0.625, -0.5,  -0.375, 0.625, 0.875,
                                        0.875, -0.125, -2,   0.5,   0.5,   1,      0.625, -0.75};
  // x3.conv2d(w3, padding=(1, 0, 0))
  QTest::newRow("3-D") << conv2d(x3, w3, {.padding = {1, 0, 0}})
                       << QStringLiteral("(1, 2, 5, 3, 3)") << QStringLiteral("float32")
                       << QList<double>{
                              -1.75, 2.5,   -2.25, -0.5,  -0.75, -1,    3,     -1.75, 2.5,   3,
                              0.5,   2.5,   -2.5,  1.75,  -0.75, -3.5,  3,     0.5,   -1,    -3.5,
                              3,     2.5,   0,     -2.5,  -0.75, -1,    -3.5,  1.75,  -0.75, -1,
                              3,     0.5,   2.5,   -2.5,  1.75,  -0.75, -2.5,  -0.25, -0.25, -0.25,
                              -2.5,  4.25,  4.25,  -2.5,  -0.25, 0,     -1.25, -0.25, 4,     -1.75,
                              3.75,  -1,    0,     -1.25, -2.25, -2.25, 0,     -2.25, 2.25,  2.25,
                              2.25,  -2.25, -2.25, 2.25,  2.25,  -2.25, 0,     -2.25, -2.25, 2.25,
                              2.25,  2.25,  2.25,  2.25,  2.25,  -2.25, -2.25, 0,     -2.25, 2.25,
                              2.25,  -1,    -2,    3.75,  4,     -1.5,  -0.25, 0,     -1,    -2};
  // xi.conv2d(wi)
  QTest::newRow("int") << conv2d(xi, wi) << QStringLiteral("(1, 2, 3, 3)")
                       << QStringLiteral("int32")
                       << QList<double>{8,  2,  1,  -6, 8,  2,  -5, -6, 8,
                                        -3, -3, -3, 12, -3, -3, -3, 12, -3};
  // x.conv2d(w, dtype=dtypes.float16)
  QTest::newRow("accumulate dtype")
      << conv2d(x, w, {.dtype = dtypes::float16}) << QStringLiteral("(1, 3, 3, 3)")
      << QStringLiteral("float16")
      << QList<double>{-0.78125, -0.03125, 1.75,     -0.125, -0.75,    1.375,   3.625,
                       -0.78125, -0.03125, -1.5,     0.3125, -1.3125,  0.6875,  1.46875,
                       0.1875,   1.5,      -1.5,     0.3125, -0.59375, -0.5625, 0.5,
                       2.3125,   1.65625,  -1.40625, -0.625, -0.59375, -0.5625};
  // conv_transpose2d
  // xt.conv_transpose2d(wt)
  QTest::newRow("transpose default")
      << convTranspose2d(xt, wt) << QStringLiteral("(1, 3, 4, 4)") << QStringLiteral("float32")
      << QList<double>{2.25,   -1.375, -0.75,  -0.125, 2.25,   -1.875, 0,      1,
                       -0.875, 2,      -1.375, 0.125,  -0.375, 2.5,    -1.5,   0.125,
                       2.25,   -1.625, 0.25,   1.125,  -1.875, -1,     -1.75,  1,
                       0.875,  1.125,  1.25,   -1.375, -0.125, -0.625, -0.625, -0.125,
                       -1.125, 2.625,  -1,     -1,     -0.375, 2.125,  -0.125, -0.125,
                       0.375,  -2,     2.75,   -0.625, 0.125,  -1.5,   2.5,    -0.375};
  // xt.conv_transpose2d(wt, bt)
  QTest::newRow("transpose bias") << convTranspose2d(xt, wt, {.bias = bt})
                                  << QStringLiteral("(1, 3, 4, 4)") << QStringLiteral("float32")
                                  << QList<double>{2.75,   -0.875, -0.25,  0.375,  2.75,   -1.375,
                                                   0.5,    1.5,    -0.375, 2.5,    -0.875, 0.625,
                                                   0.125,  3,      -1,     0.625,  1.75,   -2.125,
                                                   -0.25,  0.625,  -2.375, -1.5,   -2.25,  0.5,
                                                   0.375,  0.625,  0.75,   -1.875, -0.625, -1.125,
                                                   -1.125, -0.625, -0.125, 3.625,  0,      0,
                                                   0.625,  3.125,  0.875,  0.875,  1.375,  -1,
                                                   3.75,   0.375,  1.125,  -0.5,   3.5,    0.625};
  // xt.conv_transpose2d(wt, stride=2)
  QTest::newRow("transpose stride=2")
      << convTranspose2d(xt, wt, {.stride = 2}) << QStringLiteral("(1, 3, 6, 6)")
      << QStringLiteral("float32")
      << QList<double>{
             2.25,   -1.125, -0.25,  0.25,   -1,     -0.125, 2.25,   -1.125, -0.375, 0.125,  -0.375,
             0.5,    0,      0.375,  -0.75,  0,      0.25,   0.5,    -0.375, 0,      -0.375, 0.375,
             -0.375, -0.125, -0.5,   0.125,  2.25,   -1.125, -0.25,  0.25,   -0.375, 0.25,   2.25,
             -1.125, -0.375, 0.125,  2.25,   -1.125, -0.5,   0,      0.25,   1.125,  -1.125, -1.125,
             0.5,    -0.125, -1.375, 1.75,   -0.75,  -0.375, 0,      0.75,   -1,     -0.75,  1.125,
             -0.75,  -0.75,  1.125,  1.75,   -1.375, -0.25,  0.375,  2.25,   -1.125, -0.5,   0,
             -0.125, 0.5,    -1.125, -1.125, 0.5,    -0.125, -1.125, 2.25,   0.375,  -0.25,  -0.75,
             -1,     -1.125, 2.25,   0.25,   -0.375, -0.125, -0.375, 0.75,   0,      -0.375, -0.75,
             1.125,  0.25,   0.375,  -0.375, 0,      -0.375, 0.5,    -0.375, 0,      -0.5,   -1.125,
             2.25,   0.375,  -0.25,  0.125,  -0.375, -1.125, 2.25,   0.25,   -0.375};
  // xt.conv_transpose2d(wt, stride=(1, 2))
  QTest::newRow("transpose stride=(1,2)")
      << convTranspose2d(xt, wt, {.stride = {1, 2}}) << QStringLiteral("(1, 3, 4, 6)")
      << QStringLiteral("float32")
      << QList<double>{2.25,   -1.125, -0.25,  0.25,   -1,     -0.125, 2.25,   -0.75,  -1.125,
                       0.125,  -0.125, 1,      -0.875, 0.125,  1.875,  -0.75,  -0.625, 0.125,
                       -0.375, 0.25,   2.25,   -1.125, -0.375, 0.125,  2.25,   -1.125, -0.5,
                       0,      0.25,   1.125,  -1.875, -1.5,   0.5,    0.625,  -2.375, 1,
                       0.875,  -0.375, 1.5,    0,      1.25,   -1.375, -0.125, 0.5,    -1.125,
                       -1.125, 0.5,    -0.125, -1.125, 2.25,   0.375,  -0.25,  -0.75,  -1,
                       -0.375, 2.25,   -0.125, -1.125, 1,      -0.125, 0.375,  -0.875, -1.125,
                       1.875,  0.875,  -0.625, 0.125,  -0.375, -1.125, 2.25,   0.25,   -0.375};
  // xt.conv_transpose2d(wt, stride=2, padding=1, output_padding=1)
  QTest::newRow("transpose stride padding output_padding")
      << convTranspose2d(xt, wt, {.stride = 2, .padding = 1, .outputPadding = 1})
      << QStringLiteral("(1, 3, 5, 5)") << QStringLiteral("float32")
      << QList<double>{
             -1.125, -0.375, 0.125,  -0.375, 0.5,    0.375,  -0.75,  0,      0.25,   0.5,    0,
             -0.375, 0.375,  -0.375, -0.125, 0.125,  2.25,   -1.125, -0.25,  0.25,   0.25,   2.25,
             -1.125, -0.375, 0.125,  -1.125, 0.5,    -0.125, -1.375, 1.75,   -0.375, 0,      0.75,
             -1,     -0.75,  -0.75,  -0.75,  1.125,  1.75,   -1.375, 0.375,  2.25,   -1.125, -0.5,
             0,      0.5,    -1.125, -1.125, 0.5,    -0.125, 2.25,   0.25,   -0.375, -0.125, -0.375,
             0,      -0.375, -0.75,  1.125,  0.25,   -0.375, 0,      -0.375, 0.5,    -0.375, -0.5,
             -1.125, 2.25,   0.375,  -0.25,  -0.375, -1.125, 2.25,   0.25,   -0.375};
  // xt.conv_transpose2d(wt, dilation=2)
  QTest::newRow("transpose dilation=2")
      << convTranspose2d(xt, wt, {.dilation = 2}) << QStringLiteral("(1, 3, 5, 5)")
      << QStringLiteral("float32")
      << QList<double>{
             2.25,   -0.25,  -2.125, 0.25,   -0.125, 0,      -0.75,  0.625, 0,      0.5,    1.75,
             1.875,  -1.625, -1,     0.75,   -0.375, -0.375, -0.375, 0.375, -0.125, -0.375, 2.25,
             -0.125, -1.125, 0.125,  2.25,   -0.5,   -0.875, 0,      1.125, -0.75,  0,      -1.375,
             0.75,   -0.75,  -1.375, 2.75,   -2.625, -1.25,  1.75,   1.125, -0.75,  1,      1.125,
             -1.375, -0.125, -1.125, 1,      -1.125, -0.125, -1.125, 0.375, 1.5,    -0.25,  -1,
             0.75,   -0.375, 1.125,  -0.75,  0.25,   -1.125, -0.875, 2,     1.875,  -0.625, 0.375,
             0,      0.125,  -0.375, -0.375, 0.125,  -1.125, -0.125, 2.25,  -0.375};
  // xt.conv_transpose2d(wt, padding=(0, 1))
  QTest::newRow("transpose padding (0,1)")
      << convTranspose2d(xt, wt, {.padding = {0, 1}}) << QStringLiteral("(1, 3, 4, 2)")
      << QStringLiteral("float32")
      << QList<double>{-1.375, -0.75, -1.875, 0,      2,     -1.375, 2.5,    -1.5,
                       -1.625, 0.25,  -1,     -1.75,  1.125, 1.25,   -0.625, -0.625,
                       2.625,  -1,    2.125,  -0.125, -2,    2.75,   -1.5,   2.5};
  // xt.conv_transpose2d(wtg, groups=2, stride=2)
  QTest::newRow("transpose groups=2")
      << convTranspose2d(xt, wtg, {.groups = 2, .stride = 2}) << QStringLiteral("(1, 4, 7, 7)")
      << QStringLiteral("float32")
      << QList<double>{2.25,  0.75,  -0.75, -0,    -2.25, -0.75, 0.75,  -2.25, 1.5,   0,     -0,
                       2.25,  -1.5,  0,     -0.75, 2.5,   -1,    -0.5,  3.5,   -1.75, -1.25, -0.75,
                       0.5,   1.5,   -1,    -1.5,  1,     -0,    -1.25, 0.5,   3.75,  -0.75, -2.25,
                       1.5,   0.5,   0.75,  -0.5,  -2.25, 1.5,   0,     -0,    0,     0.5,   -0.75,
                       -1.75, 2.25,  0.75,  -0,    -0,    -0.75, -2.25, 1.5,   0,     0.75,  2.25,
                       -1.5,  -0,    -1.5,  2.25,  0,     0,     1.5,   -2.25, 0.5,   -1.5,  -1.25,
                       1.5,   -2.25, -0.75, 3.25,  -0,    -0.5,  0.75,  1,     -1.5,  -1,    1.5,
                       0.5,   0.5,   -2.5,  -1.75, 3.5,   -0.5,  -1.5,  0,     0.5,   -0.75, -1.5,
                       2.25,  0,     -0,    -0.25, 0.25,  1.5,   -0.75, -2.25, 0,     0,     -1.5,
                       0,     2,     -0,    -1.5,  0,     1,     -2.25, -0.75, 1.5,   0.25,  -1.75,
                       -0.5,  0.5,   3.25,  -1.5,  -2.25, 0.5,   3.5,   -1,    -1.5,  1.5,   0.5,
                       -1.25, -0.25, 2.5,   0.75,  -0.75, -1.5,  1,     -0.75, -0.5,  -0.25, 1.5,
                       -0.5,  -0,    -0,    -2.25, -0.75, 1.5,   0.25,  -0.25, 0,     -0,    2.25,
                       -1.5,  -0.75, 0.5,   -0,    1.5,   -2.25, -1.25, 0.75,  1.25,  -1.5,  -0.5,
                       0.75,  2.25,  -1.75, -0.75, 1,     1.5,   -1,    -1,    3,     -1.25, -1.25,
                       -1,    3.25,  -0.75, -0.5,  -1.5,  1.25,  0.75,  -1.25, -2.25, 1.5,   0,
                       -1,    3,     -1.75, -2,    -0.75, 2.5,   0,     0,     0.75,  2.25,  -1.75,
                       -0.75, 0.5,   0,     0,     0,     1.5,   -2.25, -0.5,  0.75};
}

void TestConv::convShapes_data() {
  QTest::addColumn<Build>("build");
  QTest::addColumn<QString>("shape");
  // x = Tensor.empty(2, 4, 9, 11); x.conv2d(Tensor.empty(6, 4 // g, 3, 2), groups=g, stride=s,
  // dilation=d, padding=p).shape
  Tensor x = Tensor::empty({2, 4, 9, 11});
  QTest::newRow("g=1 s=1 d=1 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}));
  }) << QStringLiteral("(2, 6, 7, 10)");
  QTest::newRow("g=1 s=1 d=1 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.padding = 1});
  }) << QStringLiteral("(2, 6, 9, 12)");
  QTest::newRow("g=1 s=1 d=1 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 9, 14)");
  QTest::newRow("g=1 s=1 d=1 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 12, 11)");
  QTest::newRow("g=1 s=1 d=1 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.padding = -1});
  }) << QStringLiteral("(2, 6, 5, 8)");
  QTest::newRow("g=1 s=1 d=2 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.dilation = 2});
  }) << QStringLiteral("(2, 6, 5, 9)");
  QTest::newRow("g=1 s=1 d=2 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 7, 11)");
  QTest::newRow("g=1 s=1 d=2 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.dilation = 2, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 7, 13)");
  QTest::newRow("g=1 s=1 d=2 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.dilation = 2, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 10, 10)");
  QTest::newRow("g=1 s=1 d=2 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.dilation = 2, .padding = -1});
  }) << QStringLiteral("(2, 6, 3, 7)");
  QTest::newRow("g=1 s=2 d=1 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = 2});
  }) << QStringLiteral("(2, 6, 4, 5)");
  QTest::newRow("g=1 s=2 d=1 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 5, 6)");
  QTest::newRow("g=1 s=2 d=1 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = 2, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 5, 7)");
  QTest::newRow("g=1 s=2 d=1 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = 2, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 6, 6)");
  QTest::newRow("g=1 s=2 d=1 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = 2, .padding = -1});
  }) << QStringLiteral("(2, 6, 3, 4)");
  QTest::newRow("g=1 s=2 d=2 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = 2, .dilation = 2});
  }) << QStringLiteral("(2, 6, 3, 5)");
  QTest::newRow("g=1 s=2 d=2 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = 2, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 4, 6)");
  QTest::newRow("g=1 s=2 d=2 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = 2, .dilation = 2, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 4, 7)");
  QTest::newRow("g=1 s=2 d=2 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}),
                  {.stride = 2, .dilation = 2, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 5, 5)");
  QTest::newRow("g=1 s=2 d=2 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = 2, .dilation = 2, .padding = -1});
  }) << QStringLiteral("(2, 6, 2, 4)");
  QTest::newRow("g=1 s=(2, 3) d=1 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = {2, 3}});
  }) << QStringLiteral("(2, 6, 4, 4)");
  QTest::newRow("g=1 s=(2, 3) d=1 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = {2, 3}, .padding = 1});
  }) << QStringLiteral("(2, 6, 5, 4)");
  QTest::newRow("g=1 s=(2, 3) d=1 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = {2, 3}, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 5, 5)");
  QTest::newRow("g=1 s=(2, 3) d=1 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = {2, 3}, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 6, 4)");
  QTest::newRow("g=1 s=(2, 3) d=1 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = {2, 3}, .padding = -1});
  }) << QStringLiteral("(2, 6, 3, 3)");
  QTest::newRow("g=1 s=(2, 3) d=2 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = {2, 3}, .dilation = 2});
  }) << QStringLiteral("(2, 6, 3, 3)");
  QTest::newRow("g=1 s=(2, 3) d=2 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = {2, 3}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 4, 4)");
  QTest::newRow("g=1 s=(2, 3) d=2 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}),
                  {.stride = {2, 3}, .dilation = 2, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 4, 5)");
  QTest::newRow("g=1 s=(2, 3) d=2 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}),
                  {.stride = {2, 3}, .dilation = 2, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 5, 4)");
  QTest::newRow("g=1 s=(2, 3) d=2 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 4, 3, 2}), {.stride = {2, 3}, .dilation = 2, .padding = -1});
  }) << QStringLiteral("(2, 6, 2, 3)");
  QTest::newRow("g=2 s=1 d=1 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2});
  }) << QStringLiteral("(2, 6, 7, 10)");
  QTest::newRow("g=2 s=1 d=1 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 9, 12)");
  QTest::newRow("g=2 s=1 d=1 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 9, 14)");
  QTest::newRow("g=2 s=1 d=1 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 12, 11)");
  QTest::newRow("g=2 s=1 d=1 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .padding = -1});
  }) << QStringLiteral("(2, 6, 5, 8)");
  QTest::newRow("g=2 s=1 d=2 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .dilation = 2});
  }) << QStringLiteral("(2, 6, 5, 9)");
  QTest::newRow("g=2 s=1 d=2 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 7, 11)");
  QTest::newRow("g=2 s=1 d=2 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .dilation = 2, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 7, 13)");
  QTest::newRow("g=2 s=1 d=2 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .dilation = 2, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 10, 10)");
  QTest::newRow("g=2 s=1 d=2 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .dilation = 2, .padding = -1});
  }) << QStringLiteral("(2, 6, 3, 7)");
  QTest::newRow("g=2 s=2 d=1 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .stride = 2});
  }) << QStringLiteral("(2, 6, 4, 5)");
  QTest::newRow("g=2 s=2 d=1 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .stride = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 5, 6)");
  QTest::newRow("g=2 s=2 d=1 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .stride = 2, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 5, 7)");
  QTest::newRow("g=2 s=2 d=1 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = 2, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 6, 6)");
  QTest::newRow("g=2 s=2 d=1 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .stride = 2, .padding = -1});
  }) << QStringLiteral("(2, 6, 3, 4)");
  QTest::newRow("g=2 s=2 d=2 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .stride = 2, .dilation = 2});
  }) << QStringLiteral("(2, 6, 3, 5)");
  QTest::newRow("g=2 s=2 d=2 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = 2, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 4, 6)");
  QTest::newRow("g=2 s=2 d=2 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = 2, .dilation = 2, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 4, 7)");
  QTest::newRow("g=2 s=2 d=2 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = 2, .dilation = 2, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 5, 5)");
  QTest::newRow("g=2 s=2 d=2 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = 2, .dilation = 2, .padding = -1});
  }) << QStringLiteral("(2, 6, 2, 4)");
  QTest::newRow("g=2 s=(2, 3) d=1 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .stride = {2, 3}});
  }) << QStringLiteral("(2, 6, 4, 4)");
  QTest::newRow("g=2 s=(2, 3) d=1 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .stride = {2, 3}, .padding = 1});
  }) << QStringLiteral("(2, 6, 5, 4)");
  QTest::newRow("g=2 s=(2, 3) d=1 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = {2, 3}, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 5, 5)");
  QTest::newRow("g=2 s=(2, 3) d=1 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = {2, 3}, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 6, 4)");
  QTest::newRow("g=2 s=(2, 3) d=1 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .stride = {2, 3}, .padding = -1});
  }) << QStringLiteral("(2, 6, 3, 3)");
  QTest::newRow("g=2 s=(2, 3) d=2 p=0") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}), {.groups = 2, .stride = {2, 3}, .dilation = 2});
  }) << QStringLiteral("(2, 6, 3, 3)");
  QTest::newRow("g=2 s=(2, 3) d=2 p=1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = {2, 3}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 4, 4)");
  QTest::newRow("g=2 s=(2, 3) d=2 p=(1, 2)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = {2, 3}, .dilation = 2, .padding = {1, 2}});
  }) << QStringLiteral("(2, 6, 4, 5)");
  QTest::newRow("g=2 s=(2, 3) d=2 p=(1, 0, 2, 3)") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = {2, 3}, .dilation = 2, .padding = {1, 0, 2, 3}});
  }) << QStringLiteral("(2, 6, 5, 4)");
  QTest::newRow("g=2 s=(2, 3) d=2 p=-1") << Build([=] {
    return conv2d(x, Tensor::empty({6, 2, 3, 2}),
                  {.groups = 2, .stride = {2, 3}, .dilation = 2, .padding = -1});
  }) << QStringLiteral("(2, 6, 2, 3)");
}

void TestConv::convTransposeShapes_data() {
  QTest::addColumn<Build>("build");
  QTest::addColumn<QString>("shape");
  // x = Tensor.empty(2, 4, 5, 6); x.conv_transpose2d(Tensor.empty(4, 3, 3, 2), groups=g, stride=s,
  // dilation=d, padding=p, output_padding=op).shape
  Tensor x = Tensor::empty({2, 4, 5, 6});
  QTest::newRow("g=1 s=1 d=1 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}));
  }) << QStringLiteral("(2, 3, 7, 7)");
  QTest::newRow("g=1 s=1 d=1 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.padding = 1});
  }) << QStringLiteral("(2, 3, 5, 5)");
  QTest::newRow("g=1 s=1 d=1 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.padding = {2, 1}});
  }) << QStringLiteral("(2, 3, 3, 5)");
  QTest::newRow("g=1 s=1 d=2 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.dilation = 2});
  }) << QStringLiteral("(2, 3, 9, 8)");
  QTest::newRow("g=1 s=1 d=2 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.dilation = 2, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 10, 9)");
  QTest::newRow("g=1 s=1 d=2 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 7, 6)");
  QTest::newRow("g=1 s=1 d=2 p=1 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.dilation = 2, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 8, 7)");
  QTest::newRow("g=1 s=1 d=2 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.dilation = 2, .padding = {2, 1}});
  }) << QStringLiteral("(2, 3, 5, 6)");
  QTest::newRow("g=1 s=1 d=2 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.dilation = 2, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 6, 7)");
  QTest::newRow("g=1 s=2 d=1 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = 2});
  }) << QStringLiteral("(2, 3, 11, 12)");
  QTest::newRow("g=1 s=2 d=1 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = 2, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 12, 13)");
  QTest::newRow("g=1 s=2 d=1 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 9, 10)");
  QTest::newRow("g=1 s=2 d=1 p=1 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = 2, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 10, 11)");
  QTest::newRow("g=1 s=2 d=1 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = 2, .padding = {2, 1}});
  }) << QStringLiteral("(2, 3, 7, 10)");
  QTest::newRow("g=1 s=2 d=1 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = 2, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 8, 11)");
  QTest::newRow("g=1 s=2 d=2 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = 2, .dilation = 2});
  }) << QStringLiteral("(2, 3, 13, 13)");
  QTest::newRow("g=1 s=2 d=2 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = 2, .dilation = 2, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 14, 14)");
  QTest::newRow("g=1 s=2 d=2 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = 2, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 11, 11)");
  QTest::newRow("g=1 s=2 d=2 p=1 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = 2, .dilation = 2, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 12, 12)");
  QTest::newRow("g=1 s=2 d=2 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = 2, .dilation = 2, .padding = {2, 1}});
  }) << QStringLiteral("(2, 3, 9, 11)");
  QTest::newRow("g=1 s=2 d=2 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = 2, .dilation = 2, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 10, 12)");
  QTest::newRow("g=1 s=(3, 2) d=1 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = {3, 2}});
  }) << QStringLiteral("(2, 3, 15, 12)");
  QTest::newRow("g=1 s=(3, 2) d=1 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = {3, 2}, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 16, 13)");
  QTest::newRow("g=1 s=(3, 2) d=1 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = {3, 2}, .padding = 1});
  }) << QStringLiteral("(2, 3, 13, 10)");
  QTest::newRow("g=1 s=(3, 2) d=1 p=1 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = {3, 2}, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 14, 11)");
  QTest::newRow("g=1 s=(3, 2) d=1 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = {3, 2}, .padding = {2, 1}});
  }) << QStringLiteral("(2, 3, 11, 10)");
  QTest::newRow("g=1 s=(3, 2) d=1 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = {3, 2}, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 12, 11)");
  QTest::newRow("g=1 s=(3, 2) d=2 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.stride = {3, 2}, .dilation = 2});
  }) << QStringLiteral("(2, 3, 17, 13)");
  QTest::newRow("g=1 s=(3, 2) d=2 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = {3, 2}, .dilation = 2, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 18, 14)");
  QTest::newRow("g=1 s=(3, 2) d=2 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = {3, 2}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 15, 11)");
  QTest::newRow("g=1 s=(3, 2) d=2 p=1 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = {3, 2}, .dilation = 2, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 16, 12)");
  QTest::newRow("g=1 s=(3, 2) d=2 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.stride = {3, 2}, .dilation = 2, .padding = {2, 1}});
  }) << QStringLiteral("(2, 3, 13, 11)");
  QTest::newRow("g=1 s=(3, 2) d=2 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(
        x, Tensor::empty({4, 3, 3, 2}),
        {.stride = {3, 2}, .dilation = 2, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 3, 14, 12)");
  QTest::newRow("g=2 s=1 d=1 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.groups = 2});
  }) << QStringLiteral("(2, 6, 7, 7)");
  QTest::newRow("g=2 s=1 d=1 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.groups = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 5, 5)");
  QTest::newRow("g=2 s=1 d=1 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.groups = 2, .padding = {2, 1}});
  }) << QStringLiteral("(2, 6, 3, 5)");
  QTest::newRow("g=2 s=1 d=2 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.groups = 2, .dilation = 2});
  }) << QStringLiteral("(2, 6, 9, 8)");
  QTest::newRow("g=2 s=1 d=2 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .dilation = 2, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 10, 9)");
  QTest::newRow("g=2 s=1 d=2 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 7, 6)");
  QTest::newRow("g=2 s=1 d=2 p=1 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .dilation = 2, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 8, 7)");
  QTest::newRow("g=2 s=1 d=2 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .dilation = 2, .padding = {2, 1}});
  }) << QStringLiteral("(2, 6, 5, 6)");
  QTest::newRow("g=2 s=1 d=2 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .dilation = 2, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 6, 7)");
  QTest::newRow("g=2 s=2 d=1 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.groups = 2, .stride = 2});
  }) << QStringLiteral("(2, 6, 11, 12)");
  QTest::newRow("g=2 s=2 d=1 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = 2, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 12, 13)");
  QTest::newRow("g=2 s=2 d=1 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 9, 10)");
  QTest::newRow("g=2 s=2 d=1 p=1 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = 2, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 10, 11)");
  QTest::newRow("g=2 s=2 d=1 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = 2, .padding = {2, 1}});
  }) << QStringLiteral("(2, 6, 7, 10)");
  QTest::newRow("g=2 s=2 d=1 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = 2, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 8, 11)");
  QTest::newRow("g=2 s=2 d=2 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = 2, .dilation = 2});
  }) << QStringLiteral("(2, 6, 13, 13)");
  QTest::newRow("g=2 s=2 d=2 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = 2, .dilation = 2, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 14, 14)");
  QTest::newRow("g=2 s=2 d=2 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = 2, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 11, 11)");
  QTest::newRow("g=2 s=2 d=2 p=1 op=1") << Build([=] {
    return convTranspose2d(
        x, Tensor::empty({4, 3, 3, 2}),
        {.groups = 2, .stride = 2, .dilation = 2, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 12, 12)");
  QTest::newRow("g=2 s=2 d=2 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = 2, .dilation = 2, .padding = {2, 1}});
  }) << QStringLiteral("(2, 6, 9, 11)");
  QTest::newRow("g=2 s=2 d=2 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(
        x, Tensor::empty({4, 3, 3, 2}),
        {.groups = 2, .stride = 2, .dilation = 2, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 10, 12)");
  QTest::newRow("g=2 s=(3, 2) d=1 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}), {.groups = 2, .stride = {3, 2}});
  }) << QStringLiteral("(2, 6, 15, 12)");
  QTest::newRow("g=2 s=(3, 2) d=1 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = {3, 2}, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 16, 13)");
  QTest::newRow("g=2 s=(3, 2) d=1 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = {3, 2}, .padding = 1});
  }) << QStringLiteral("(2, 6, 13, 10)");
  QTest::newRow("g=2 s=(3, 2) d=1 p=1 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = {3, 2}, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 14, 11)");
  QTest::newRow("g=2 s=(3, 2) d=1 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = {3, 2}, .padding = {2, 1}});
  }) << QStringLiteral("(2, 6, 11, 10)");
  QTest::newRow("g=2 s=(3, 2) d=1 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = {3, 2}, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 12, 11)");
  QTest::newRow("g=2 s=(3, 2) d=2 p=0 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = {3, 2}, .dilation = 2});
  }) << QStringLiteral("(2, 6, 17, 13)");
  QTest::newRow("g=2 s=(3, 2) d=2 p=0 op=1") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = {3, 2}, .dilation = 2, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 18, 14)");
  QTest::newRow("g=2 s=(3, 2) d=2 p=1 op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = {3, 2}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 6, 15, 11)");
  QTest::newRow("g=2 s=(3, 2) d=2 p=1 op=1") << Build([=] {
    return convTranspose2d(
        x, Tensor::empty({4, 3, 3, 2}),
        {.groups = 2, .stride = {3, 2}, .dilation = 2, .padding = 1, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 16, 12)");
  QTest::newRow("g=2 s=(3, 2) d=2 p=(2, 1) op=0") << Build([=] {
    return convTranspose2d(x, Tensor::empty({4, 3, 3, 2}),
                           {.groups = 2, .stride = {3, 2}, .dilation = 2, .padding = {2, 1}});
  }) << QStringLiteral("(2, 6, 13, 11)");
  QTest::newRow("g=2 s=(3, 2) d=2 p=(2, 1) op=1") << Build([=] {
    return convTranspose2d(
        x, Tensor::empty({4, 3, 3, 2}),
        {.groups = 2, .stride = {3, 2}, .dilation = 2, .padding = {2, 1}, .outputPadding = 1});
  }) << QStringLiteral("(2, 6, 14, 12)");
}

// Errors name the offending argument, with tinygrad's message where it has one.
void TestConv::errors() {
  Tensor x = Tensor::empty({1, 4, 6, 6});
  auto message = [](const Build& build) {
    try {
      build();
    } catch (const TensorError& e) {
      return QString::fromStdString(e.what());
    }
    return QStringLiteral("no error");
  };
  QCOMPARE(message([=] {
             return conv2d(x, Tensor::empty({2, 3, 3, 3}));
           }),
           QStringLiteral("Input Tensor shape (1, 4, 6, 6) does not match the shape of the weights "
                          "(2, 3, 3, 3). (3 vs. 4)"));
  QCOMPARE(message([=] {
             return conv2d(x, Tensor::empty({3, 2, 3, 3}), {.groups = 2});
           }),
           QStringLiteral("groups=2 must divide the output channels 3"));
  QCOMPARE(message([=] {
             return conv2d(x, Tensor::empty({2, 4, 3, 3}), {.padding = {1, 2, 3}});
           }),
           QStringLiteral("Padding must be an int or a sequence of length 2 or 4, but got "
                          "padding=(1, 2, 3) with dims=2."));
  QCOMPARE(message([=] {
             return conv2d(x, Tensor::empty({2, 4, 3, 3}), {.stride = {1, 2, 3}});
           }),
           QStringLiteral("stride=(1, 2, 3) must be an int or a tuple of length 2"));
  QCOMPARE(message([=] {
             return conv2d(x, Tensor::empty({2, 4, 7, 3}));
           }),
           QStringLiteral("kernel size cannot be greater than actual input size"));
  QCOMPARE(message([=] {
             return convTranspose2d(x, Tensor::empty({4, 2, 3, 3}), {.outputPadding = {1}});
           }),
           QStringLiteral("output_padding=(1,) must be an int or a tuple of length 2"));
}

UOPSCOPE_TEST(TestConv);
#include "test_conv.moc"
