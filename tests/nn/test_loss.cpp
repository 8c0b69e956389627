// Losses: crossEntropy, sparseCategoricalCrossentropy, nllLoss,
// binaryCrossentropy(Logits) against tinygrad, for every reduction,
// ignore_index, label_smoothing and class weights, and their errors.
//
// Expected numbers come from tinygrad a9069c177a9d on CPU: each row's comment
// is the tinygrad expression, with the inputs built as in values_data (pat is
// nntest::pat) and printed with .tolist() / .shape.
#include "tests/support/test_registry.h"
#include "tests/nn/nn_test.h"

#include <functional>

using namespace uops;
using nntest::pat;

class TestLoss : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void values_data();
  void values() { nntest::checkValueRow(1e-5, 1e-6); }
  void errors();
};

void TestLoss::values_data() {
  nntest::addValueColumns();
  Tensor logits =
      Tensor::fromList({{2.0, -1.0, 0.5, 0.0}, {0.1, 0.2, 3.0, -2.0}, {-1.0, -1.0, -1.0, 5.0}});
  Tensor y = Tensor::fromList({0, 2, 1});
  Tensor probs =
      Tensor::fromList({{0.7, 0.1, 0.1, 0.1}, {0.0, 0.0, 1.0, 0.0}, {0.25, 0.25, 0.25, 0.25}});
  Tensor l3 = pat({2, 3, 4}, 5, 11, 5, 0.5);
  Tensor y3 = Tensor::fromList({{0, 3, 1}, {2, 2, 0}});
  Tensor lp = logits.logSoftmax();
  Tensor cw = Tensor::fromList({1.0, 2.0, 0.5, 1.0});
  Tensor p = Tensor::fromList({0.9, 0.2, 0.6, 0.01});
  Tensor t = Tensor::fromList({1.0, 0.0, 1.0, 0.0});
  Tensor z = p * 4.0 - 2.0;
  // logits.cross_entropy(y)
  QTest::newRow("ce labels") << crossEntropy(logits, y) << QStringLiteral("()")
                             << QStringLiteral("float32") << QList<double>{2.15512681};
  // logits.cross_entropy(y, reduction="none")
  QTest::newRow("ce none") << crossEntropy(logits, y, "none") << QStringLiteral("(3,)")
                           << QStringLiteral("float32")
                           << QList<double>{0.342349619, 0.115621798, 6.00740862};
  // logits.cross_entropy(y, reduction="sum")
  QTest::newRow("ce sum") << crossEntropy(logits, y, "sum") << QStringLiteral("()")
                          << QStringLiteral("float32") << QList<double>{6.46538019};
  // logits.cross_entropy(probs, reduction="sum")
  QTest::newRow("ce probs") << crossEntropy(logits, probs, "sum") << QStringLiteral("()")
                            << QStringLiteral("float32") << QList<double>{5.61538029};
  // logits.cross_entropy(y, label_smoothing=0.1)
  QTest::newRow("ce label_smoothing")
      << crossEntropy(logits, y, "mean", 0.1) << QStringLiteral("()") << QStringLiteral("float32")
      << QList<double>{2.24845982};
  // logits[0].cross_entropy(probs[0])
  QTest::newRow("ce 1-D probs") << crossEntropy(logits.getitem({0}), probs.getitem({0}))
                                << QStringLiteral("()") << QStringLiteral("float32")
                                << QList<double>{0.992349625};
  // l3.cross_entropy(Tensor([[0, 1, 2, 0], [2, 0, 1, 1]]), reduction="none")
  QTest::newRow("ce 3-D classes on axis 1")
      << crossEntropy(l3, Tensor::fromList({{0, 1, 2, 0}, {2, 0, 1, 1}}), "none")
      << QStringLiteral("(2, 4)") << QStringLiteral("float32")
      << QList<double>{4.8213501,  1.40760589,  2.40760589, 0.407605946,
                       2.40760589, 0.407605886, 1.40760589, 1.40760589};
  // logits.sparse_categorical_crossentropy(y)
  QTest::newRow("sparse") << sparseCategoricalCrossentropy(logits, y) << QStringLiteral("()")
                          << QStringLiteral("float32") << QList<double>{2.15512681};
  // logits.sparse_categorical_crossentropy(y, reduction="sum")
  QTest::newRow("sparse sum") << sparseCategoricalCrossentropy(logits, y, -1, 0.0, "sum")
                              << QStringLiteral("()") << QStringLiteral("float32")
                              << QList<double>{6.46538019};
  // logits.sparse_categorical_crossentropy(y, reduction="none")
  QTest::newRow("sparse none") << sparseCategoricalCrossentropy(logits, y, -1, 0.0, "none")
                               << QStringLiteral("(3,)") << QStringLiteral("float32")
                               << QList<double>{0.342349619, 0.115621798, 6.00740862};
  // logits.sparse_categorical_crossentropy(y, ignore_index=2)
  QTest::newRow("sparse ignore_index")
      << sparseCategoricalCrossentropy(logits, y, 2) << QStringLiteral("()")
      << QStringLiteral("float32") << QList<double>{3.17487907};
  // logits.sparse_categorical_crossentropy(y, ignore_index=2, reduction="none")
  QTest::newRow("sparse ignore_index none")
      << sparseCategoricalCrossentropy(logits, y, 2, 0.0, "none") << QStringLiteral("(3,)")
      << QStringLiteral("float32") << QList<double>{0.342349619, -0, 6.00740862};
  // logits.sparse_categorical_crossentropy(y, label_smoothing=0.2)
  QTest::newRow("sparse label_smoothing")
      << sparseCategoricalCrossentropy(logits, y, -1, 0.2) << QStringLiteral("()")
      << QStringLiteral("float32") << QList<double>{2.34179354};
  // logits.sparse_categorical_crossentropy(y, ignore_index=0, label_smoothing=0.3)
  QTest::newRow("sparse smoothing and ignore")
      << sparseCategoricalCrossentropy(logits, y, 0, 0.3) << QStringLiteral("()")
      << QStringLiteral("float32") << QList<double>{3.23776507};
  // l3.sparse_categorical_crossentropy(y3)
  QTest::newRow("sparse 3-D") << sparseCategoricalCrossentropy(l3, y3) << QStringLiteral("()")
                              << QStringLiteral("float32") << QList<double>{3.80567312};
  // lp.nll_loss(y)
  QTest::newRow("nll") << nllLoss(lp, y) << QStringLiteral("()") << QStringLiteral("float32")
                       << QList<double>{2.15512681};
  // lp.nll_loss(y, cw)
  QTest::newRow("nll weight") << nllLoss(lp, y, cw) << QStringLiteral("()")
                              << QStringLiteral("float32") << QList<double>{3.54713655};
  // lp.nll_loss(y, ignore_index=2)
  QTest::newRow("nll ignore_index") << nllLoss(lp, y, std::nullopt, 2) << QStringLiteral("()")
                                    << QStringLiteral("float32") << QList<double>{3.17487907};
  // lp.nll_loss(y, cw, ignore_index=0, reduction="none")
  QTest::newRow("nll weight ignore none")
      << nllLoss(lp, y, cw, 0, "none") << QStringLiteral("(3,)") << QStringLiteral("float32")
      << QList<double>{0, 0.0578108989, 12.0148172};
  // lp.nll_loss(y, reduction="sum")
  QTest::newRow("nll sum") << nllLoss(lp, y, std::nullopt, std::nullopt, "sum")
                           << QStringLiteral("()") << QStringLiteral("float32")
                           << QList<double>{6.46538019};
  // p.binary_crossentropy(t)
  QTest::newRow("bce") << binaryCrossentropy(p, t) << QStringLiteral("()")
                       << QStringLiteral("float32") << QList<double>{0.212344989};
  // p.binary_crossentropy(t, reduction="none")
  QTest::newRow("bce none") << binaryCrossentropy(p, t, "none") << QStringLiteral("(4,)")
                            << QStringLiteral("float32")
                            << QList<double>{0.105360538, 0.223143548, 0.510825574, 0.0100503266};
  // p.binary_crossentropy(Tensor([1, 0, 1, 0]), reduction="sum")
  QTest::newRow("bce sum int targets")
      << binaryCrossentropy(p, Tensor::fromList({1, 0, 1, 0}), "sum") << QStringLiteral("()")
      << QStringLiteral("float32") << QList<double>{0.849379957};
  // z.binary_crossentropy_logits(t)
  QTest::newRow("bce logits") << binaryCrossentropyLogits(z, t) << QStringLiteral("()")
                              << QStringLiteral("float32") << QList<double>{0.272994846};
  // z.binary_crossentropy_logits(t, reduction="none")
  QTest::newRow("bce logits none")
      << binaryCrossentropyLogits(z, t, "none") << QStringLiteral("(4,)")
      << QStringLiteral("float32")
      << QList<double>{0.183900759, 0.263282448, 0.513015211, 0.131780982};
  // z.binary_crossentropy_logits(t, pos_weight=Tensor([2.0, 1.0, 0.5, 3.0]))
  QTest::newRow("bce logits pos_weight")
      << binaryCrossentropyLogits(z, t, "mean", Tensor::fromList({2.0, 1.0, 0.5, 3.0}))
      << QStringLiteral("()") << QStringLiteral("float32") << QList<double>{0.254843146};
  // Tensor([100.0, -100.0]).binary_crossentropy_logits(Tensor([0.0, 1.0]), reduction="none")
  QTest::newRow("bce logits large")
      << binaryCrossentropyLogits(Tensor::fromList({100.0, -100.0}), Tensor::fromList({0.0, 1.0}),
                                  "none")
      << QStringLiteral("(2,)") << QStringLiteral("float32") << QList<double>{100, 100};
}

void TestLoss::errors() {
  Tensor logits = Tensor::empty({3, 4});
  Tensor y = Tensor::fromList({0, 2, 1});
  auto message = [](const std::function<Tensor()>& build) {
    try {
      build();
    } catch (const TensorError& e) {
      return QString::fromStdString(e.what());
    }
    return QStringLiteral("no error");
  };
  QCOMPARE(message([=] { return crossEntropy(logits, y, "avg"); }),
           QStringLiteral("reduction='avg' must be one of ('mean', 'sum', 'none')"));
  QCOMPARE(message([=] { return binaryCrossentropy(logits, logits, "total"); }),
           QStringLiteral("reduction='total' must be one of ('mean', 'sum', 'none')"));
  QCOMPARE(message([=] {
             return crossEntropy(logits, Tensor::fromList({0, 1}));
           }),
           QStringLiteral("shape mismatch: self.shape=(3, 4), Y.shape=(2,)"));
  QCOMPARE(message([=] { return crossEntropy(logits, y, "mean", 1.5); }),
           QStringLiteral("label_smoothing must be in [0.0, 1.0]"));
  QCOMPARE(message([=] { return sparseCategoricalCrossentropy(logits, y, -1, -0.1); }),
           QStringLiteral("label_smoothing must be in [0.0, 1.0]"));
  QCOMPARE(message([=] {
             return sparseCategoricalCrossentropy(logits, Tensor::fromList({0.0, 1.0, 2.0}));
           }),
           QStringLiteral("_one_hot_along_dim expects int index tensor, getting dtypes.float"));
}

UOPSCOPE_TEST(TestLoss);
#include "test_loss.moc"
