// layernorm, batchnorm, linear and dropout: values against tinygrad and the
// argument forms (int or tuple axes, None weights, tinygrad's weight layout).
//
// Expected numbers come from tinygrad a9069c177a9d on CPU: each row's comment
// is the tinygrad expression, with the inputs built as in values_data (pat is
// nntest::pat) and printed with .tolist() / .shape.
#include "tests/support/test_registry.h"
#include "tests/nn/nn_test.h"

using namespace uops;
using nntest::pat;

class TestLayers : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void values_data();
  void values() { nntest::checkValueRow(1e-5, 1e-5); }
  void batchnormNegativeAxis();
  void dropoutOutsideTraining();
  void dropoutTraining();
  void dropoutErrors();
};

void TestLayers::values_data() {
  nntest::addValueColumns();
  Tensor h = pat({3, 5}, 3, 7, 3, 0.5);
  Tensor x4 = pat({2, 3, 2, 2}, 5, 11, 5, 0.5);
  Tensor g = Tensor::fromList({1.0, 0.5, 2.0});
  Tensor bt = Tensor::fromList({0.0, -1.0, 0.25});
  // mean = x4.mean(axis=(0, 2, 3)); invstd = (x4.var(axis=(0, 2, 3), correction=0) + 1e-5).rsqrt()
  Tensor mean = x4.mean({0, 2, 3});
  Tensor invstd = (x4.var({0, 2, 3}, false, 0) + 1e-5).rsqrt();
  Tensor m2 = pat({3, 2}, 2, 5, 2, 0.25);
  Tensor xl = pat({2, 3}, 5, 7, 3, 0.5);
  Tensor wl = pat({3, 4}, 3, 5, 2, 0.25);
  Tensor bl = Tensor::fromList({0.5, -0.5, 1.0, 0.0});
  // h.layernorm()
  QTest::newRow("layernorm") << layernorm(h) << QStringLiteral("(3, 5)")
                             << QStringLiteral("float32")
                             << QList<double>{-1.49853075,  -0.0936581716, 1.31121433,
                                              -0.561949015, 0.842923462,   -0.842923462,
                                              0.561949015,  -1.31121433,   0.0936581716,
                                              1.49853075,   -0.215664268,  1.4018178,
                                              -0.754824996, 0.86265713,    -1.29398572};
  // h.layernorm(axis=0)
  QTest::newRow("layernorm axis=0")
      << layernorm(h, 0) << QStringLiteral("(3, 5)") << QStringLiteral("float32")
      << QList<double>{-1.22470808, -1.22470808, 1.39699733,   -1.22470808, 0.507999003,
                       0,           0,           -0.88899827,  0,           0.88899827,
                       1.22470808,  1.22470808,  -0.507999003, 1.22470808,  -1.39699733};
  // h.layernorm(eps=0.5)
  QTest::newRow("layernorm eps") << layernorm(h, -1, 0.5) << QStringLiteral("(3, 5)")
                                 << QStringLiteral("float32")
                                 << QList<double>{-1.24939013,  -0.0780868828, 1.0932163,
                                                  -0.468521297, 0.702781916,   -0.702781916,
                                                  0.468521297,  -1.0932163,    0.0780868828,
                                                  1.24939013,   -0.171498567,  1.11474073,
                                                  -0.600245059, 0.685994327,   -1.02899158};
  // x4.layernorm(axis=(1, 2, 3))
  QTest::newRow("layernorm axis tuple")
      << layernorm(x4, {1, 2, 3}) << QStringLiteral("(2, 3, 2, 2)") << QStringLiteral("float32")
      << QList<double>{-1.37715101, 0.125195548,  1.62754202,   -0.175273761,
                       1.32707274,  -0.475743055, 1.02660346,   -0.776212335,
                       0.726134181, -1.07668173,  0.425664872,  -1.37715101,
                       0,           1.65144205,   -0.33028841,  1.32115364,
                       -0.66057682, 0.990865231,  -0.990865231, 0.66057682,
                       -1.32115364, 0.33028841,   -1.65144205,  0};
  // x4.batchnorm(g, bt, mean, invstd)
  QTest::newRow("batchnorm") << batchnorm(x4, g, bt, mean, invstd) << QStringLiteral("(2, 3, 2, 2)")
                             << QStringLiteral("float32")
                             << QList<double>{
                                    -1.7828083,   -0.265524656, 1.25175905,   -0.568981349,
                                    -0.334484279, -1.3993094,   -0.511955142, -1.57678032,
                                    2.91206288,   -1.34723771,  2.20217943,   -2.05712104,
                                    -0.265524656, 1.25175905,   -0.568981349, 0.948302269,
                                    -1.3993094,   -0.511955142, -1.57678032,  -0.689426005,
                                    -1.34723771,  2.20217943,   -2.05712104,  1.49229598};
  // x4.batchnorm(None, None, mean, invstd)
  QTest::newRow("batchnorm no affine")
      << batchnorm(x4, std::nullopt, std::nullopt, mean, invstd) << QStringLiteral("(2, 3, 2, 2)")
      << QStringLiteral("float32")
      << QList<double>{-1.7828083,   -0.265524656, 1.25175905,   -0.568981349, 1.33103144,
                       -0.798618853, 0.976089716,  -1.15356052,  1.33103144,   -0.798618853,
                       0.976089716,  -1.15356052,  -0.265524656, 1.25175905,   -0.568981349,
                       0.948302269,  -0.798618853, 0.976089716,  -1.15356052,  0.62114799,
                       -0.798618853, 0.976089716,  -1.15356052,  0.62114799};
  // x4.batchnorm(g, None, mean, Tensor(2.0))
  QTest::newRow("batchnorm scalar invstd")
      << batchnorm(x4, g, std::nullopt, mean, Tensor::scalar(2.0)) << QStringLiteral("(2, 3, 2, 2)")
      << QStringLiteral("float32")
      << QList<double>{-5.875, -0.875, 4.125,  -1.875, 1.875,  -1.125, 1.375,  -1.625,
                       7.5,    -4.5,   5.5,    -6.5,   -0.875, 4.125,  -1.875, 3.125,
                       -1.125, 1.375,  -1.625, 0.875,  -4.5,   5.5,    -6.5,   3.5};
  // x4.batchnorm(None, Tensor.ones(3, 2), m2, m2 + 1.0, axis=(1, 2))
  QTest::newRow("batchnorm axis tuple")
      << batchnorm(x4, std::nullopt, Tensor::ones({3, 2}), m2, m2 + 1.0, {1, 2})
      << QStringLiteral("(2, 3, 2, 2)") << QStringLiteral("float32")
      << QList<double>{0,      1.25,    3.5,    0.5,    3.25,    -1.25,  2.3125, 0.0625,
                       1.9375, -1.8125, 1.5,    0,      1.25,    2.5,    0.5,    3,
                       -1.25,  2.5,     0.0625, 1.9375, -1.8125, 1.3125, 0,      1.25};
  // xl.linear(wl)
  QTest::newRow("linear") << linear(xl, wl) << QStringLiteral("(2, 4)") << QStringLiteral("float32")
                          << QList<double>{0.75, -0.875, 0.625, -1, 0.75, -1, 0.375, -0.75};
  // xl.linear(wl, bl)
  QTest::newRow("linear bias") << linear(xl, wl, bl) << QStringLiteral("(2, 4)")
                               << QStringLiteral("float32")
                               << QList<double>{1.25, -1.375, 1.625, -1, 1.25, -1.5, 1.375, -0.75};
  // xl.linear(Tensor([1.0, 2.0, -1.0]), Tensor([0.5, 0.25, 0.0]))
  QTest::newRow("linear 1-D weight")
      << linear(xl, Tensor::fromList({1.0, 2.0, -1.0}), Tensor::fromList({0.5, 0.25, 0.0}))
      << QStringLiteral("(2, 3)") << QStringLiteral("float32")
      << QList<double>{-1, 2.25, 0, -0.5, 3.25, -0.5};
  // xl.linear(wl, bl, dtype=dtypes.float16)
  QTest::newRow("linear dtype") << linear(xl, wl, bl, dtypes::float16) << QStringLiteral("(2, 4)")
                                << QStringLiteral("float16")
                                << QList<double>{1.25, -1.375, 1.625, -1, 1.25, -1.5, 1.375, -0.75};
  // Tensor([[1, 2], [3, 4]]).linear(Tensor([[1, 2], [3, 4]]), Tensor([1, 2]))
  QTest::newRow("linear int") << linear(Tensor::fromList({{1, 2}, {3, 4}}),
                                        Tensor::fromList({{1, 2}, {3, 4}}),
                                        Tensor::fromList({1, 2}))
                              << QStringLiteral("(2, 2)") << QStringLiteral("int32")
                              << QList<double>{8, 12, 16, 24};
}

// tinygrad compares axes unresolved (only non-negative ones work there); here
// -3 is axis 1 of a 4-D input, the same statistics shape (1, 3, 1, 1).
void TestLayers::batchnormNegativeAxis() {
  Tensor x4 = pat({2, 3, 2, 2}, 5, 11, 5, 0.5);
  Tensor mean = x4.mean({0, 2, 3}), invstd = x4.var({0, 2, 3}, false, 0).add(1e-5).rsqrt();
  QCOMPARE(nntest::values(batchnorm(x4, std::nullopt, std::nullopt, mean, invstd, -3)),
           nntest::values(batchnorm(x4, std::nullopt, std::nullopt, mean, invstd, 1)));
}

// Without training (tinygrad's default TRAINING=0) dropout is x itself.
void TestLayers::dropoutOutsideTraining() {
  Tensor x = Tensor::arange(6).toFloat();
  QVERIFY(dropout(x).uop() == x.uop());
  QVERIFY(dropout(x, 0.9).uop() == x.uop());
  QVERIFY(dropout(x, 0.0, true).uop() == x.uop());
  QCOMPARE(nntest::values(dropout(x, 1.0, true)), QList<double>(6, 0.0));
}

// Training masks with Tensor::rand's stream, so a seed gives tinygrad's mask:
//   Tensor.manual_seed(42); x = Tensor.arange(12).reshape(3,4).float() + 1.0
//   with Context(TRAINING=1): x.dropout(0.5).tolist()
//   Tensor.manual_seed(7)
//   with Context(TRAINING=1): x.dropout(0.25).tolist()
void TestLayers::dropoutTraining() {
  Tensor x = Tensor::arange(12).reshape({3, 4}).toFloat() + 1.0;
  Tensor::manualSeed(42);
  Tensor half = dropout(x, 0.5, true);
  QCOMPARE(
      nntest::mismatch(nntest::values(half), {0, 4, 6, 8, 0, 12, 14, 0, 18, 0, 0, 24}, 1e-6, 0),
      QString());
  Tensor::manualSeed(7);
  Tensor quarter = dropout(x, 0.25, true);
  QCOMPARE(nntest::mismatch(nntest::values(quarter),
                            {0.0, 2.6666667461395264, 4.0, 5.333333492279053, 6.6666669845581055,
                             8.0, 0.0, 10.666666984558105, 0.0, 0.0, 0.0, 16.0},
                            1e-6, 0),
           QString());
}

void TestLayers::dropoutErrors() {
  Tensor x = Tensor::arange(3).toFloat();
  QVERIFY_THROWS_EXCEPTION(TensorError, dropout(x, 1.5));
  try {
    dropout(x, -1.0);
  } catch (const TensorError& e) {
    QCOMPARE(QString::fromStdString(e.what()), QStringLiteral("p=-1.0 is out of range [0, 1]"));
  }
}

UOPSCOPE_TEST(TestLayers);
#include "test_layers.moc"
