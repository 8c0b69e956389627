// maxPool2d and avgPool2d: output shapes over many argument combinations,
// values against tinygrad (ceil mode, padding forms, count_include_pad,
// return_indices), ceil-mode padding and errors.
//
// Expected numbers come from tinygrad a9069c177a9d on CPU: each row's comment
// is the tinygrad expression, with the inputs built as in values_data (pat is
// nntest::pat) and printed with .tolist() / .shape.
#include "tests/support/test_registry.h"
#include "tests/nn/nn_test.h"

#include <functional>

using namespace uops;
using nntest::pat;

using nntest::Build;

class TestPool : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void values_data();
  void values() { nntest::checkValueRow(); }
  void shapes_data();
  void shapes();
  void ceilModePadding();
  void errors();
};

void TestPool::values_data() {
  nntest::addValueColumns();
  Tensor xp = pat({1, 2, 6, 6}, 7, 13, 6, 0.5);
  Tensor xq = pat({1, 1, 5, 7}, 5, 11, 5, 0.5);
  // xi = (Tensor.arange(2*5*5) * 7 % 13 - 6).reshape(1,2,5,5)
  Tensor xi = (Tensor::arange(2 * 5 * 5) * 7).mod(13).sub(6).reshape({1, 2, 5, 5});
  // xp.max_pool2d()
  QTest::newRow("max default") << maxPool2d(xp) << QStringLiteral("(1, 2, 3, 3)")
                               << QStringLiteral("float32")
                               << QList<double>{2, 2.5, 3, 1.5, 2, 2.5, 3,   2, 2.5,
                                                3, 1.5, 2, 2.5, 3, 2,   2.5, 3, 1.5};
  // xp.max_pool2d(kernel_size=(3, 3), stride=2, padding=1)
  QTest::newRow("max k=3 s=2 p=1")
      << maxPool2d(xp, {.kernelSize = {3, 3}, .stride = 2, .padding = 1})
      << QStringLiteral("(1, 2, 3, 3)") << QStringLiteral("float32")
      << QList<double>{2, 2.5, 3, 2, 2.5, 3, 3, 2, 2.5, 3, 3, 2, 2.5, 3, 2, 2.5, 3, 3};
  // xp.max_pool2d(kernel_size=3)
  QTest::newRow("max int kernel") << maxPool2d(xp, {.kernelSize = 3})
                                  << QStringLiteral("(1, 2, 2, 2)") << QStringLiteral("float32")
                                  << QList<double>{2, 3, 3, 2.5, 3, 2, 2.5, 3};
  // xq.max_pool2d(kernel_size=(2, 3), stride=(1, 2))
  QTest::newRow("max k=(2,3) s=(1,2)")
      << maxPool2d(xq, {.kernelSize = {2, 3}, .stride = {1, 2}}) << QStringLiteral("(1, 1, 4, 3)")
      << QStringLiteral("float32")
      << QList<double>{2.5, 2.5, 2.5, 2, 1.5, 2.5, 2, 2.5, 2, 1.5, 2.5, 2};
  // xp.max_pool2d(kernel_size=(2, 2), dilation=2)
  QTest::newRow("max dilation=2") << maxPool2d(xp, {.kernelSize = {2, 2}, .dilation = 2})
                                  << QStringLiteral("(1, 2, 2, 2)") << QStringLiteral("float32")
                                  << QList<double>{0.5, 1, 3, 1, 3, 3, 3, 3};
  // xq.max_pool2d(ceil_mode=True)
  QTest::newRow("max ceil_mode") << maxPool2d(xq, {.ceilMode = true})
                                 << QStringLiteral("(1, 1, 3, 4)") << QStringLiteral("float32")
                                 << QList<double>{1, 2.5, 2, 2.5, 2, 2.5, 2, -1, 1.5, 1, 0.5, 0};
  // xq.max_pool2d(kernel_size=(3, 3), stride=2, padding=1, ceil_mode=True)
  QTest::newRow("max ceil_mode k=3 s=2 p=1")
      << maxPool2d(xq, {.kernelSize = {3, 3}, .stride = 2, .padding = 1, .ceilMode = true})
      << QStringLiteral("(1, 1, 3, 4)") << QStringLiteral("float32")
      << QList<double>{1, 2.5, 2, 2.5, 2, 2.5, 2.5, 2.5, 1.5, 2.5, 2.5, 2};
  // xq.max_pool2d(kernel_size=(2, 2), stride=1, padding=(1, 0, 0, 1))
  QTest::newRow("max flat padding")
      << maxPool2d(xq, {.kernelSize = {2, 2}, .stride = 1, .padding = {1, 0, 0, 1}})
      << QStringLiteral("(1, 1, 5, 7)") << QStringLiteral("float32")
      << QList<double>{-1.5, 1,   2.5, 2.5, 2,   2,   2.5, -0.5, 2,   2,   1.5, 1.5,
                       1,    2.5, 0.5, 2,   2,   2.5, 2.5, 2,    2,   1.5, 1.5, 1,
                       2.5,  2.5, 2,   2,   1.5, 1.5, 1,   1,    0.5, 0.5, 0};
  // xq.max_pool2d(kernel_size=(3,), stride=2)
  QTest::newRow("max 1-D kernel") << maxPool2d(xq, {.kernelSize = {3}, .stride = 2})
                                  << QStringLiteral("(1, 1, 5, 3)") << QStringLiteral("float32")
                                  << QList<double>{2.5, 2.5, 2,   1, 0.5, 2.5, 2,  1.5,
                                                   1,   0.5, 2.5, 2, 1.5, 1,   0.5};
  // xi.max_pool2d(kernel_size=(3, 3), stride=2, padding=1)
  QTest::newRow("max int input padded")
      << maxPool2d(xi, {.kernelSize = {3, 3}, .stride = 2, .padding = 1})
      << QStringLiteral("(1, 2, 3, 3)") << QStringLiteral("int32")
      << QList<double>{3, 4, 5, 6, 6, 5, 4, 5, 6, 3, 4, 4, 5, 6, 4, 4, 5, 5};
  // xp.avg_pool2d()
  QTest::newRow("avg default") << avgPool2d(xp) << QStringLiteral("(1, 2, 3, 3)")
                               << QStringLiteral("float32")
                               << QList<double>{-0.5,  0,     0.5,  -0.75,  -0.25, 0.25,
                                                0.625, -0.5,  0,    0.375,  -0.75, -0.25,
                                                0.125, 0.625, -0.5, -0.125, 0.375, -0.75};
  // xp.avg_pool2d(kernel_size=(3, 3), stride=2, padding=1)
  QTest::newRow("avg k=3 s=2 p=1")
      << avgPool2d(xp, {.kernelSize = {3, 3}, .stride = 2, .padding = 1})
      << QStringLiteral("(1, 2, 3, 3)") << QStringLiteral("float32")
      << QList<double>{
             -0.222222224, 0.277777791,  0.611111104,  -0.277777791, -0.222222224, 0.277777791,
             0.277777791,  -0.111111112, 0.388888896,  0.166666672,  -0.222222224, -0.611111104,
             -0.055555556, 0.111111112,  -0.111111112, -0.222222224, 0.222222224,  0};
  // xp.avg_pool2d(kernel_size=(3, 3), stride=2, padding=1, count_include_pad=False)
  QTest::newRow("avg k=3 s=2 p=1 exclude pad")
      << avgPool2d(xp, {.kernelSize = {3, 3}, .stride = 2, .padding = 1, .countIncludePad = false})
      << QStringLiteral("(1, 2, 3, 3)") << QStringLiteral("float32")
      << QList<double>{
             -0.5,          0.416666687,  0.916666687,  -0.416666687, -0.222222224, 0.277777791,
             0.416666687,   -0.111111112, 0.388888896,  0.375,        -0.333333343, -0.916666687,
             -0.0833333358, 0.111111112,  -0.111111112, -0.333333343, 0.222222224,  0};
  // xq.avg_pool2d(ceil_mode=True)
  QTest::newRow("avg ceil_mode") << avgPool2d(xq, {.ceilMode = true})
                                 << QStringLiteral("(1, 1, 3, 4)") << QStringLiteral("float32")
                                 << QList<double>{-0.75, 0.125, -0.375, 2,    -0.125, 0.75,
                                                  0.25,  -1.5,  0,      -0.5, -1,     0};
  // xq.avg_pool2d(kernel_size=(3, 3), stride=2, padding=1, ceil_mode=True)
  QTest::newRow("avg ceil_mode k=3 s=2 p=1")
      << avgPool2d(xq, {.kernelSize = {3, 3}, .stride = 2, .padding = 1, .ceilMode = true})
      << QStringLiteral("(1, 1, 3, 4)") << QStringLiteral("float32") << QList<double>{-0.333333343,
                                                                                      0.166666672,
                                                                                      -0.166666672,
                                                                                      0.333333343,
                                                                                      -0.111111112,
                                                                                      0.222222224,
                                                                                      0.333333343,
                                                                                      0.277777791,
                                                                                      -0.222222224,
                                                                                      -0.277777791,
                                                                                      0,
                                                                                      -0.166666672};
  // xq.avg_pool2d(kernel_size=(3, 3), stride=2, padding=1, ceil_mode=True, count_include_pad=False)
  QTest::newRow("avg ceil_mode exclude pad")
      << avgPool2d(xq, {.kernelSize = {3, 3},
                        .stride = 2,
                        .padding = 1,
                        .ceilMode = true,
                        .countIncludePad = false})
      << QStringLiteral("(1, 1, 3, 4)") << QStringLiteral("float32")
      << QList<double>{-0.75,        0.25,         -0.25,       0.75,
                       -0.166666672, 0.222222224,  0.333333343, 0.416666687,
                       -0.5,         -0.416666687, 0,           -0.375};
  // xq.avg_pool2d(kernel_size=(2, 2), stride=1, dilation=2, padding=(1, 2))
  QTest::newRow("avg dilation=2 padding (1,2)")
      << avgPool2d(xq, {.kernelSize = {2, 2}, .stride = 1, .dilation = 2, .padding = {1, 2}})
      << QStringLiteral("(1, 1, 5, 9)") << QStringLiteral("float32")
      << QList<double>{-0.375, 0.25,   -0.875, 0.375, -1.125, 0.125, 0,      0,      0.625,
                       -0.75,  0.5,    -0.375, 0.75,  0.5,    0.25,  0,      0,      -0.125,
                       -0.25,  -0.375, -0.75,  0.375, -1.25,  1.25,  -0.375, 0.5,    0.375,
                       0.25,   0.125,  0.25,   0,     -0.25,  -0.5,  -0.75,  -0.375, -0.5,
                       0.125,  -0.625, 0.125,  0,     -0.125, 1.125, -0.375, 0.5,    -0.25};
  // xi.avg_pool2d()
  QTest::newRow("avg int input") << avgPool2d(xi) << QStringLiteral("(1, 2, 2, 2)")
                                 << QStringLiteral("float32")
                                 << QList<double>{-1.25, -0.25, 0.5, -1.75, -1.75, -0.75, 0, 1};
  // xp.max_pool2d(return_indices=True)[1]
  QTest::newRow("max indices default")
      << maxPool2dWithIndices(xp).second << QStringLiteral("(1, 2, 3, 3)")
      << QStringLiteral("int32")
      << QList<double>{7, 9, 11, 18, 20, 22, 24, 33, 35, 1, 8, 10, 12, 14, 23, 25, 27, 34};
  // xp.max_pool2d(return_indices=True)[0]
  QTest::newRow("max indices values")
      << maxPool2dWithIndices(xp).first << QStringLiteral("(1, 2, 3, 3)")
      << QStringLiteral("float32")
      << QList<double>{2, 2.5, 3, 1.5, 2, 2.5, 3, 2, 2.5, 3, 1.5, 2, 2.5, 3, 2, 2.5, 3, 1.5};
  // xq.max_pool2d(kernel_size=(3, 3), stride=2, padding=1, return_indices=True)[1]
  QTest::newRow("max indices padded")
      << maxPool2dWithIndices(xq, {.kernelSize = {3, 3}, .stride = 2, .padding = 1}).second
      << QStringLiteral("(1, 1, 3, 4)") << QStringLiteral("int32")
      << QList<double>{8, 2, 4, 13, 15, 24, 24, 13, 28, 24, 24, 26};
  // Tensor.ones(1, 1, 4, 4).max_pool2d(return_indices=True)[1]
  QTest::newRow("max indices ties")
      << maxPool2dWithIndices(Tensor::ones({1, 1, 4, 4})).second << QStringLiteral("(1, 1, 2, 2)")
      << QStringLiteral("int32") << QList<double>{0, 2, 8, 10};
  // t = Tensor([[[[1.,5,2,0],[3,4,8,1],[0,2,6,7],[9,1,3,2]]]]); o, i = t.max_pool2d(return_indices=True)
  Tensor t = Tensor::fromFlat({1.0, 5.0, 2.0, 0.0, 3.0, 4.0, 8.0, 1.0, 0.0, 2.0, 6.0, 7.0, 9.0, 1.0,
                               3.0, 2.0},
                              {1, 1, 4, 4});
  auto [pooled, where] = maxPool2dWithIndices(t);
  // Tensor.max_unpool2d(o, i)
  QTest::newRow("max unpool") << maxUnpool2d(pooled, where) << QStringLiteral("(1, 1, 4, 4)")
                              << QStringLiteral("float32")
                              << QList<double>{0, 5, 0, 0, 0, 0, 8, 0, 0, 0, 0, 7, 9, 0, 0, 0};
  // Tensor.max_unpool2d(o, i, output_size=(5, 5)): the indices read in the wider rows
  QTest::newRow("max unpool output size")
      << maxUnpool2d(pooled, where, {.outputSize = Ints{5, 5}}) << QStringLiteral("(1, 1, 5, 5)")
      << QStringLiteral("float32")
      << QList<double>{0, 5, 0, 0, 0, 0, 8, 0, 0, 0, 0, 7, 9, 0, 0,
                       0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
  // o, i = t.max_pool2d(kernel_size=(3,3), stride=2, padding=1, return_indices=True)
  // Tensor.max_unpool2d(o, i, kernel_size=(3,3), stride=2, padding=1): colliding indices add up
  auto [pooled3, where3] = maxPool2dWithIndices(t, {.kernelSize = {3, 3}, .stride = 2, .padding = 1});
  QTest::newRow("max unpool padded")
      << maxUnpool2d(pooled3, where3, {.kernelSize = {3, 3}, .stride = 2, .padding = 1})
      << QStringLiteral("(1, 1, 3, 3)") << QStringLiteral("float32")
      << QList<double>{0, 5, 0, 0, 0, 0, 16, 0, 0};
}

void TestPool::shapes_data() {
  QTest::addColumn<Build>("build");
  QTest::addColumn<QString>("shape");
  // x = Tensor.empty(2, 3, 7, 10); x.max_pool2d(k, s, d, p, ceil).shape and
  // x.avg_pool2d(k, s, d, p, ceil).shape
  Tensor x = Tensor::empty({2, 3, 7, 10});
  QTest::newRow("max k=2 s=None d=1 p=0 ceil=False")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2}); }) << QStringLiteral("(2, 3, 3, 5)");
  QTest::newRow("max k=2 s=None d=1 p=0 ceil=True")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .ceilMode = true}); })
      << QStringLiteral("(2, 3, 4, 5)");
  QTest::newRow("max k=2 s=None d=1 p=1 ceil=False")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .padding = 1}); })
      << QStringLiteral("(2, 3, 4, 6)");
  QTest::newRow("max k=2 s=None d=1 p=1 ceil=True")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .padding = 1, .ceilMode = true}); })
      << QStringLiteral("(2, 3, 4, 6)");
  QTest::newRow("max k=2 s=None d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 4, 5)");
  QTest::newRow("max k=2 s=None d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 6)");
  QTest::newRow("max k=2 s=None d=2 p=0 ceil=False")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .dilation = 2}); })
      << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("max k=2 s=None d=2 p=0 ceil=True")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .dilation = 2, .ceilMode = true}); })
      << QStringLiteral("(2, 3, 3, 5)");
  QTest::newRow("max k=2 s=None d=2 p=1 ceil=False")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .dilation = 2, .padding = 1}); })
      << QStringLiteral("(2, 3, 4, 5)");
  QTest::newRow("max k=2 s=None d=2 p=1 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 6)");
  QTest::newRow("max k=2 s=None d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 3, 5)");
  QTest::newRow("max k=2 s=None d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(x,
                     {.kernelSize = 2, .dilation = 2, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 5)");
  QTest::newRow("max k=2 s=1 d=1 p=0 ceil=False")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .stride = 1}); })
      << QStringLiteral("(2, 3, 6, 9)");
  QTest::newRow("max k=2 s=1 d=1 p=0 ceil=True")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .stride = 1, .ceilMode = true}); })
      << QStringLiteral("(2, 3, 6, 9)");
  QTest::newRow("max k=2 s=1 d=1 p=1 ceil=False")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .stride = 1, .padding = 1}); })
      << QStringLiteral("(2, 3, 8, 11)");
  QTest::newRow("max k=2 s=1 d=1 p=1 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = 1, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 8, 11)");
  QTest::newRow("max k=2 s=1 d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = 1, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 7, 10)");
  QTest::newRow("max k=2 s=1 d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = 1, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 7, 10)");
  QTest::newRow("max k=2 s=1 d=2 p=0 ceil=False")
      << Build([=] { return maxPool2d(x, {.kernelSize = 2, .stride = 1, .dilation = 2}); })
      << QStringLiteral("(2, 3, 5, 8)");
  QTest::newRow("max k=2 s=1 d=2 p=0 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = 1, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 5, 8)");
  QTest::newRow("max k=2 s=1 d=2 p=1 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = 1, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 7, 10)");
  QTest::newRow("max k=2 s=1 d=2 p=1 ceil=True") << Build([=] {
    return maxPool2d(x,
                     {.kernelSize = 2, .stride = 1, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 7, 10)");
  QTest::newRow("max k=2 s=1 d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = 1, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 6, 9)");
  QTest::newRow("max k=2 s=1 d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(
        x,
        {.kernelSize = 2, .stride = 1, .dilation = 2, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 6, 9)");
  QTest::newRow("max k=2 s=(2, 3) d=1 p=0 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = {2, 3}});
  }) << QStringLiteral("(2, 3, 3, 3)");
  QTest::newRow("max k=2 s=(2, 3) d=1 p=0 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=2 s=(2, 3) d=1 p=1 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .padding = 1});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=2 s=(2, 3) d=1 p=1 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=2 s=(2, 3) d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=2 s=(2, 3) d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(
        x, {.kernelSize = 2, .stride = {2, 3}, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=2 s=(2, 3) d=2 p=0 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .dilation = 2});
  }) << QStringLiteral("(2, 3, 3, 3)");
  QTest::newRow("max k=2 s=(2, 3) d=2 p=0 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("max k=2 s=(2, 3) d=2 p=1 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=2 s=(2, 3) d=2 p=1 ceil=True") << Build([=] {
    return maxPool2d(
        x, {.kernelSize = 2, .stride = {2, 3}, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=2 s=(2, 3) d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x,
                     {.kernelSize = 2, .stride = {2, 3}, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 3, 3)");
  QTest::newRow("max k=2 s=(2, 3) d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = 2,
                         .stride = {2, 3},
                         .dilation = 2,
                         .padding = {1, 0, 0, 1},
                         .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=(3, 2) s=None d=1 p=0 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("max k=(3, 2) s=None d=1 p=0 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 5)");
  QTest::newRow("max k=(3, 2) s=None d=1 p=1 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .padding = 1});
  }) << QStringLiteral("(2, 3, 3, 6)");
  QTest::newRow("max k=(3, 2) s=None d=1 p=1 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 6)");
  QTest::newRow("max k=(3, 2) s=None d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("max k=(3, 2) s=None d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 6)");
  QTest::newRow("max k=(3, 2) s=None d=2 p=0 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .dilation = 2});
  }) << QStringLiteral("(2, 3, 1, 4)");
  QTest::newRow("max k=(3, 2) s=None d=2 p=0 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("max k=(3, 2) s=None d=2 p=1 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("max k=(3, 2) s=None d=2 p=1 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 6)");
  QTest::newRow("max k=(3, 2) s=None d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("max k=(3, 2) s=None d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(
        x, {.kernelSize = {3, 2}, .dilation = 2, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("max k=(3, 2) s=1 d=1 p=0 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = 1});
  }) << QStringLiteral("(2, 3, 5, 9)");
  QTest::newRow("max k=(3, 2) s=1 d=1 p=0 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 5, 9)");
  QTest::newRow("max k=(3, 2) s=1 d=1 p=1 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .padding = 1});
  }) << QStringLiteral("(2, 3, 7, 11)");
  QTest::newRow("max k=(3, 2) s=1 d=1 p=1 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 7, 11)");
  QTest::newRow("max k=(3, 2) s=1 d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 6, 10)");
  QTest::newRow("max k=(3, 2) s=1 d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(
        x, {.kernelSize = {3, 2}, .stride = 1, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 6, 10)");
  QTest::newRow("max k=(3, 2) s=1 d=2 p=0 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .dilation = 2});
  }) << QStringLiteral("(2, 3, 3, 8)");
  QTest::newRow("max k=(3, 2) s=1 d=2 p=0 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 8)");
  QTest::newRow("max k=(3, 2) s=1 d=2 p=1 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 5, 10)");
  QTest::newRow("max k=(3, 2) s=1 d=2 p=1 ceil=True") << Build([=] {
    return maxPool2d(
        x, {.kernelSize = {3, 2}, .stride = 1, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 5, 10)");
  QTest::newRow("max k=(3, 2) s=1 d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x,
                     {.kernelSize = {3, 2}, .stride = 1, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 4, 9)");
  QTest::newRow("max k=(3, 2) s=1 d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2},
                         .stride = 1,
                         .dilation = 2,
                         .padding = {1, 0, 0, 1},
                         .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 9)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=1 p=0 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}});
  }) << QStringLiteral("(2, 3, 3, 3)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=1 p=0 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=1 p=1 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .padding = 1});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=1 p=1 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(
        x, {.kernelSize = {3, 2}, .stride = {2, 3}, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=2 p=0 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2});
  }) << QStringLiteral("(2, 3, 2, 3)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=2 p=0 ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 2, 4)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=2 p=1 ceil=False") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=2 p=1 ceil=True") << Build([=] {
    return maxPool2d(
        x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return maxPool2d(
        x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 2, 3)");
  QTest::newRow("max k=(3, 2) s=(2, 3) d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return maxPool2d(x, {.kernelSize = {3, 2},
                         .stride = {2, 3},
                         .dilation = 2,
                         .padding = {1, 0, 0, 1},
                         .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("avg k=2 s=None d=1 p=0 ceil=False")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2}); }) << QStringLiteral("(2, 3, 3, 5)");
  QTest::newRow("avg k=2 s=None d=1 p=0 ceil=True")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .ceilMode = true}); })
      << QStringLiteral("(2, 3, 4, 5)");
  QTest::newRow("avg k=2 s=None d=1 p=1 ceil=False")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .padding = 1}); })
      << QStringLiteral("(2, 3, 4, 6)");
  QTest::newRow("avg k=2 s=None d=1 p=1 ceil=True")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .padding = 1, .ceilMode = true}); })
      << QStringLiteral("(2, 3, 4, 6)");
  QTest::newRow("avg k=2 s=None d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 4, 5)");
  QTest::newRow("avg k=2 s=None d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 6)");
  QTest::newRow("avg k=2 s=None d=2 p=0 ceil=False")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .dilation = 2}); })
      << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("avg k=2 s=None d=2 p=0 ceil=True")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .dilation = 2, .ceilMode = true}); })
      << QStringLiteral("(2, 3, 3, 5)");
  QTest::newRow("avg k=2 s=None d=2 p=1 ceil=False")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .dilation = 2, .padding = 1}); })
      << QStringLiteral("(2, 3, 4, 5)");
  QTest::newRow("avg k=2 s=None d=2 p=1 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 6)");
  QTest::newRow("avg k=2 s=None d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 3, 5)");
  QTest::newRow("avg k=2 s=None d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(x,
                     {.kernelSize = 2, .dilation = 2, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 5)");
  QTest::newRow("avg k=2 s=1 d=1 p=0 ceil=False")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .stride = 1}); })
      << QStringLiteral("(2, 3, 6, 9)");
  QTest::newRow("avg k=2 s=1 d=1 p=0 ceil=True")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .stride = 1, .ceilMode = true}); })
      << QStringLiteral("(2, 3, 6, 9)");
  QTest::newRow("avg k=2 s=1 d=1 p=1 ceil=False")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .stride = 1, .padding = 1}); })
      << QStringLiteral("(2, 3, 8, 11)");
  QTest::newRow("avg k=2 s=1 d=1 p=1 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = 1, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 8, 11)");
  QTest::newRow("avg k=2 s=1 d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = 1, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 7, 10)");
  QTest::newRow("avg k=2 s=1 d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = 1, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 7, 10)");
  QTest::newRow("avg k=2 s=1 d=2 p=0 ceil=False")
      << Build([=] { return avgPool2d(x, {.kernelSize = 2, .stride = 1, .dilation = 2}); })
      << QStringLiteral("(2, 3, 5, 8)");
  QTest::newRow("avg k=2 s=1 d=2 p=0 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = 1, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 5, 8)");
  QTest::newRow("avg k=2 s=1 d=2 p=1 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = 1, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 7, 10)");
  QTest::newRow("avg k=2 s=1 d=2 p=1 ceil=True") << Build([=] {
    return avgPool2d(x,
                     {.kernelSize = 2, .stride = 1, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 7, 10)");
  QTest::newRow("avg k=2 s=1 d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = 1, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 6, 9)");
  QTest::newRow("avg k=2 s=1 d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(
        x,
        {.kernelSize = 2, .stride = 1, .dilation = 2, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 6, 9)");
  QTest::newRow("avg k=2 s=(2, 3) d=1 p=0 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = {2, 3}});
  }) << QStringLiteral("(2, 3, 3, 3)");
  QTest::newRow("avg k=2 s=(2, 3) d=1 p=0 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=2 s=(2, 3) d=1 p=1 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .padding = 1});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=2 s=(2, 3) d=1 p=1 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=2 s=(2, 3) d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=2 s=(2, 3) d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(
        x, {.kernelSize = 2, .stride = {2, 3}, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=2 s=(2, 3) d=2 p=0 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .dilation = 2});
  }) << QStringLiteral("(2, 3, 3, 3)");
  QTest::newRow("avg k=2 s=(2, 3) d=2 p=0 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("avg k=2 s=(2, 3) d=2 p=1 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2, .stride = {2, 3}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=2 s=(2, 3) d=2 p=1 ceil=True") << Build([=] {
    return avgPool2d(
        x, {.kernelSize = 2, .stride = {2, 3}, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=2 s=(2, 3) d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x,
                     {.kernelSize = 2, .stride = {2, 3}, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 3, 3)");
  QTest::newRow("avg k=2 s=(2, 3) d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = 2,
                         .stride = {2, 3},
                         .dilation = 2,
                         .padding = {1, 0, 0, 1},
                         .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=(3, 2) s=None d=1 p=0 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("avg k=(3, 2) s=None d=1 p=0 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 5)");
  QTest::newRow("avg k=(3, 2) s=None d=1 p=1 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .padding = 1});
  }) << QStringLiteral("(2, 3, 3, 6)");
  QTest::newRow("avg k=(3, 2) s=None d=1 p=1 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 6)");
  QTest::newRow("avg k=(3, 2) s=None d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("avg k=(3, 2) s=None d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 6)");
  QTest::newRow("avg k=(3, 2) s=None d=2 p=0 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .dilation = 2});
  }) << QStringLiteral("(2, 3, 1, 4)");
  QTest::newRow("avg k=(3, 2) s=None d=2 p=0 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("avg k=(3, 2) s=None d=2 p=1 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("avg k=(3, 2) s=None d=2 p=1 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 6)");
  QTest::newRow("avg k=(3, 2) s=None d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("avg k=(3, 2) s=None d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(
        x, {.kernelSize = {3, 2}, .dilation = 2, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 2, 5)");
  QTest::newRow("avg k=(3, 2) s=1 d=1 p=0 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = 1});
  }) << QStringLiteral("(2, 3, 5, 9)");
  QTest::newRow("avg k=(3, 2) s=1 d=1 p=0 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 5, 9)");
  QTest::newRow("avg k=(3, 2) s=1 d=1 p=1 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .padding = 1});
  }) << QStringLiteral("(2, 3, 7, 11)");
  QTest::newRow("avg k=(3, 2) s=1 d=1 p=1 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 7, 11)");
  QTest::newRow("avg k=(3, 2) s=1 d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 6, 10)");
  QTest::newRow("avg k=(3, 2) s=1 d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(
        x, {.kernelSize = {3, 2}, .stride = 1, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 6, 10)");
  QTest::newRow("avg k=(3, 2) s=1 d=2 p=0 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .dilation = 2});
  }) << QStringLiteral("(2, 3, 3, 8)");
  QTest::newRow("avg k=(3, 2) s=1 d=2 p=0 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 8)");
  QTest::newRow("avg k=(3, 2) s=1 d=2 p=1 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = 1, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 5, 10)");
  QTest::newRow("avg k=(3, 2) s=1 d=2 p=1 ceil=True") << Build([=] {
    return avgPool2d(
        x, {.kernelSize = {3, 2}, .stride = 1, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 5, 10)");
  QTest::newRow("avg k=(3, 2) s=1 d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x,
                     {.kernelSize = {3, 2}, .stride = 1, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 4, 9)");
  QTest::newRow("avg k=(3, 2) s=1 d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2},
                         .stride = 1,
                         .dilation = 2,
                         .padding = {1, 0, 0, 1},
                         .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 9)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=1 p=0 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}});
  }) << QStringLiteral("(2, 3, 3, 3)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=1 p=0 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=1 p=1 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .padding = 1});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=1 p=1 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=1 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=1 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(
        x, {.kernelSize = {3, 2}, .stride = {2, 3}, .padding = {1, 0, 0, 1}, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 4, 4)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=2 p=0 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2});
  }) << QStringLiteral("(2, 3, 2, 3)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=2 p=0 ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 2, 4)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=2 p=1 ceil=False") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2, .padding = 1});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=2 p=1 ceil=True") << Build([=] {
    return avgPool2d(
        x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2, .padding = 1, .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 4)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=2 p=(1, 0, 0, 1) ceil=False") << Build([=] {
    return avgPool2d(
        x, {.kernelSize = {3, 2}, .stride = {2, 3}, .dilation = 2, .padding = {1, 0, 0, 1}});
  }) << QStringLiteral("(2, 3, 2, 3)");
  QTest::newRow("avg k=(3, 2) s=(2, 3) d=2 p=(1, 0, 0, 1) ceil=True") << Build([=] {
    return avgPool2d(x, {.kernelSize = {3, 2},
                         .stride = {2, 3},
                         .dilation = 2,
                         .padding = {1, 0, 0, 1},
                         .ceilMode = true});
  }) << QStringLiteral("(2, 3, 3, 4)");
}

void TestPool::shapes() {
  QFETCH(Build, build);
  QFETCH(QString, shape);
  QCOMPARE(nntest::shapeText(build()), shape);
}

// The extra trailing padding of ceil mode, as tinygrad's _apply_ceil_mode
// computes it: x.shape[-2:] = (5, 7), k = (3, 3), s = 2, padding 1.
void TestPool::ceilModePadding() {
  // Both axes get one more trailing pad: the windows at 4 (of 7 padded) and 6 (of 9).
  QCOMPARE(ceilModePads({5, 7}, {1, 1, 1, 1}, {3, 3}, {2, 2}, {1, 1}), (Ints{1, 1, 1, 1}));
  // (5, 7) with k = 2, s = 2: a last window over one real element per axis.
  QCOMPARE(ceilModePads({5, 7}, {0, 0, 0, 0}, {2, 2}, {2, 2}, {1, 1}), (Ints{0, 1, 0, 1}));
  // A window that would start in the trailing padding only is not added.
  QCOMPARE(ceilModePads({4}, {1, 1}, {2}, {3}, {1}), (Ints{1, 1}));
}

void TestPool::errors() {
  Tensor x = Tensor::empty({1, 1, 4, 4});
  auto message = [](const Build& build) {
    try {
      build();
    } catch (const TensorError& e) {
      return QString::fromStdString(e.what());
    }
    return QStringLiteral("no error");
  };
  QCOMPARE(message([=] {
             return maxPool2d(x, {.kernelSize = {5, 5}});
           }),
           QStringLiteral("kernel size cannot be greater than actual input size"));
  QCOMPARE(message([=] {
             return avgPool2d(x, {.padding = {1, 1, 1}});
           }),
           QStringLiteral("Padding must be an int or a sequence of length 2 or 4, but got "
                          "padding=(1, 1, 1) with dims=2."));
  QCOMPARE(message([=] {
             return maxPool2d(x, {.stride = {1, 2, 3}});
           }),
           QStringLiteral("stride=(1, 2, 3) must be an int or a tuple of length 2"));
  QCOMPARE(message([=] {
             return maxPool2d(Tensor::empty({4}), {.kernelSize = {2, 2}});
           }),
           QStringLiteral("can't pool (4,) with (2, 2)"));
}

UOPSCOPE_TEST(TestPool);
#include "test_pool.moc"
