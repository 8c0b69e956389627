// interpolate: linear (with and without align_corners), nearest and
// nearest-exact, up and down, over one or more trailing axes, against tinygrad.
//
// Expected numbers come from tinygrad a9069c177a9d on CPU: each row's comment
// is the tinygrad expression, with the inputs built as in values_data (pat is
// nntest::pat) and printed with .tolist() / .shape.
#include "tests/support/test_registry.h"
#include "tests/nn/nn_test.h"

using namespace uops;
using nntest::pat;

class TestInterpolate : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void values_data();
  void values() { nntest::checkValueRow(1e-6, 1e-6); }
  void errors();
};

void TestInterpolate::values_data() {
  nntest::addValueColumns();
  // img = Tensor.arange(12).reshape(1,1,3,4).float(); imgi = Tensor.arange(12).reshape(1,1,3,4)
  Tensor img = Tensor::arange(12).reshape({1, 1, 3, 4}).toFloat();
  Tensor seq = pat({2, 5}, 3, 7, 3, 0.5);
  Tensor imgi = Tensor::arange(12).reshape({1, 1, 3, 4});
  // img.interpolate(size=(6, 8))
  QTest::newRow("linear up") << interpolate(img, {6, 8}) << QStringLiteral("(1, 1, 6, 8)")
                             << QStringLiteral("float32")
                             << QList<double>{0, 0.25, 0.75, 1.25, 1.75, 2.25,  2.75,  3,
                                              1, 1.25, 1.75, 2.25, 2.75, 3.25,  3.75,  4,
                                              3, 3.25, 3.75, 4.25, 4.75, 5.25,  5.75,  6,
                                              5, 5.25, 5.75, 6.25, 6.75, 7.25,  7.75,  8,
                                              7, 7.25, 7.75, 8.25, 8.75, 9.25,  9.75,  10,
                                              8, 8.25, 8.75, 9.25, 9.75, 10.25, 10.75, 11};
  // img.interpolate(size=(2, 3))
  QTest::newRow("linear down") << interpolate(img, {2, 3}) << QStringLiteral("(1, 1, 2, 3)")
                               << QStringLiteral("float32")
                               << QList<double>{1.16666663, 2.5, 3.83333325,
                                                7.16666698, 8.5, 9.83333302};
  // img.interpolate(size=(5, 7), align_corners=True)
  QTest::newRow("linear align_corners")
      << interpolate(img, {5, 7}, "linear", true) << QStringLiteral("(1, 1, 5, 7)")
      << QStringLiteral("float32")
      << QList<double>{0,   0.5, 1,   1.5, 2, 2.5, 3, 2,   2.5, 3,    3.5, 4,
                       4.5, 5,   4,   4.5, 5, 5.5, 6, 6.5, 7,   6,    6.5, 7,
                       7.5, 8,   8.5, 9,   8, 8.5, 9, 9.5, 10,  10.5, 11};
  // img.interpolate(size=(7,))
  QTest::newRow("linear last axis only")
      << interpolate(img, {7}) << QStringLiteral("(1, 1, 3, 7)") << QStringLiteral("float32")
      << QList<double>{0, 0.357142866, 0.928571403, 1.5, 2.07142854, 2.64285707, 3,
                       4, 4.35714293,  4.92857122,  5.5, 6.07142878, 6.64285707, 7,
                       8, 8.35714245,  8.9285717,   9.5, 10.0714283, 10.6428576, 11};
  // img.interpolate(size=(6, 8), mode="nearest")
  QTest::newRow("nearest up") << interpolate(img, {6, 8}, "nearest")
                              << QStringLiteral("(1, 1, 6, 8)") << QStringLiteral("float32")
                              << QList<double>{0,  0,  1,  1,  2, 2, 3, 3, 0,  0,  1,  1,
                                               2,  2,  3,  3,  4, 4, 5, 5, 6,  6,  7,  7,
                                               4,  4,  5,  5,  6, 6, 7, 7, 8,  8,  9,  9,
                                               10, 10, 11, 11, 8, 8, 9, 9, 10, 10, 11, 11};
  // img.interpolate(size=(2, 3), mode="nearest")
  QTest::newRow("nearest down") << interpolate(img, {2, 3}, "nearest")
                                << QStringLiteral("(1, 1, 2, 3)") << QStringLiteral("float32")
                                << QList<double>{0, 1, 2, 4, 5, 6};
  // img.interpolate(size=(2, 3), mode="nearest-exact")
  QTest::newRow("nearest-exact") << interpolate(img, {2, 3}, "nearest-exact")
                                 << QStringLiteral("(1, 1, 2, 3)") << QStringLiteral("float32")
                                 << QList<double>{0, 2, 3, 8, 10, 11};
  // img.interpolate(size=(5, 7), mode="nearest-exact")
  QTest::newRow("nearest-exact up")
      << interpolate(img, {5, 7}, "nearest-exact") << QStringLiteral("(1, 1, 5, 7)")
      << QStringLiteral("float32")
      << QList<double>{0, 0, 1, 2, 2, 3, 3,  0,  0,  1,  2, 2, 3, 3,  4,  4,  5, 6,
                       6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 8, 8, 9, 10, 10, 11, 11};
  // seq.interpolate(size=(8,))
  QTest::newRow("1-D sequence") << interpolate(seq, {8}) << QStringLiteral("(2, 8)")
                                << QStringLiteral("float32")
                                << QList<double>{-1.5,     -0.84375, 0.09375, 1.03125,
                                                 0.875,    -0.375,   0.34375, 1,
                                                 -1,       -0.34375, 0.375,   -0.875,
                                                 -1.03125, -0.09375, 0.84375, 1.5};
  // seq.interpolate(size=(3, 4))
  QTest::newRow("batch axes resized too")
      << interpolate(seq, {3, 4}) << QStringLiteral("(3, 4)") << QStringLiteral("float32")
      << QList<double>{-1.3125,  0.5625, 0.25,    0.8125, -1.0625, 0.15625,
                       -0.15625, 1.0625, -0.8125, -0.25,  -0.5625, 1.3125};
  // imgi.interpolate(size=(5, 6))
  QTest::newRow("int input") << interpolate(imgi, {5, 6}) << QStringLiteral("(1, 1, 5, 6)")
                             << QStringLiteral("int32")
                             << QList<double>{0, 0, 1, 1, 2, 3, 1, 2, 2, 3, 4, 4, 4, 4,  5,
                                              5, 6, 7, 6, 6, 7, 8, 8, 9, 8, 8, 9, 9, 10, 11};
}

void TestInterpolate::errors() {
  Tensor img = Tensor::empty({1, 1, 3, 4});
  auto message = [&](const Shape& size, const std::string& mode, bool alignCorners) {
    try {
      interpolate(img, size, mode, alignCorners);
    } catch (const TensorError& e) {
      return QString::fromStdString(e.what());
    }
    return QStringLiteral("no error");
  };
  QCOMPARE(message({2, 2}, "cubic", false),
           QStringLiteral("only supports linear, nearest or nearest-exact interpolate"));
  QCOMPARE(
      message({2, 2}, "nearest", true),
      QStringLiteral("align_corners option can only be set with the interpolating mode linear"));
  QCOMPARE(message({}, "linear", false), QStringLiteral("invalid size=()"));
  QCOMPARE(message({1, 1, 1, 1, 1}, "linear", false),
           QStringLiteral("invalid size=(1, 1, 1, 1, 1)"));
}

UOPSCOPE_TEST(TestInterpolate);
#include "test_interpolate.moc"
