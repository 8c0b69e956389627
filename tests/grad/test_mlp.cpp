// A small MLP's training step, end to end: forward, backward, an SGD update,
// a second forward and backward, against numbers from tinygrad.
#include "tests/support/test_registry.h"
#include "tests/grad/grad_test.h"

#include "core/grad/function_capture.h"
#include "core/ir/verify.h"

#include <QTest>

using namespace uops;
using gradtest::qs;

namespace {

QString check(const Tensor& t, const std::vector<double>& want) {
  return qs(gradtest::compareValues(gradtest::values(t), want));
}

// tinygrad's sparse_categorical_crossentropy (mean, no smoothing): the mean over
// rows of -log_softmax(logits)[label].
Tensor sparseCrossEntropy(const Tensor& logits, const Tensor& labels) {
  Tensor picked = (logits.logSoftmax(-1) * labels.oneHot(logits.shape().back())).sum(-1);
  return -picked.sum() / static_cast<double>(labels.numel());
}

} // namespace

class TestMlp : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void conformanceGradMlpStep();
  void twoStepsThroughAFunction();
};

// conformance/programs/grad_mlp_step.py
void TestMlp::conformanceGradMlpStep() {
  Tensor x =
      Tensor::fromList({{0.5, -1.0, 2.0}, {1.5, 0.0, -0.5}, {-1.0, 1.0, 1.0}, {0.0, 2.0, -2.0}});
  Tensor y = Tensor::fromList({0, 1, 1, 0});
  Tensor w1 =
      Tensor::fromList({{0.1, -0.2, 0.3, 0.4}, {0.5, 0.1, -0.3, 0.2}, {-0.4, 0.3, 0.2, -0.1}});
  Tensor b1 = Tensor::fromList({0.01, -0.02, 0.03, 0.0});
  Tensor w2 = Tensor::fromList({{0.2, -0.3}, {0.4, 0.1}, {-0.5, 0.6}, {0.3, -0.2}});
  Tensor b2 = Tensor::fromList({0.0, 0.1});
  auto forward = [](const Tensor& x_, const Tensor& w1_, const Tensor& b1_, const Tensor& w2_,
                    const Tensor& b2_) { return (x_.matmul(w1_) + b1_).relu().matmul(w2_) + b2_; };
  Tensor loss = sparseCrossEntropy(forward(x, w1, b1, w2, b2), y);
  backward(loss);
  double lr = 0.5;
  Tensor nw1 = w1 - lr * *w1.grad(), nb1 = b1 - lr * *b1.grad(), nw2 = w2 - lr * *w2.grad(),
         nb2 = b2 - lr * *b2.grad();
  Tensor loss2 = sparseCrossEntropy(forward(x, nw1, nb1, nw2, nb2), y);
  QCOMPARE(check(loss, {0.7465066909790039}), QString());
  QCOMPARE(check(*w1.grad(), {0.028173163533210754, -0.06605244427919388, -0.1056455671787262,
                              0.0931406319141388, 0.0027664154767990112, 0.0931244045495987,
                              -0.19852769374847412, -0.06220105290412903, 0.0961216390132904,
                              -0.0693073719739914, 0.46535852551460266, 0.031154174357652664}),
           QString());
  QCOMPARE(check(*b1.grad(), {0.09596069157123566, -0.015163443982601166, 0.06192141771316528,
                              0.030993230640888214}),
           QString());
  QCOMPARE(check(*w2.grad(), {-0.06657704710960388, 0.06657703965902328, 0.00677996501326561,
                              -0.006779972463846207, -0.11163090914487839, 0.1116308942437172,
                              0.04340125247836113, -0.04340125247836113}),
           QString());
  QCOMPARE(check(*b2.grad(), {0.011441662907600403, -0.011441681534051895}), QString());
  QCOMPARE(check(loss2, {0.5995290875434875}), QString());
}

// The hidden layer is a @function. The second backward also reaches w1 through
// nw1 = w1 - lr * w1.grad, whose graph is the first backward pass: w1.grad
// gains second-order terms, as in tinygrad. Pasted from a run of /work/tinygrad
// at a9069c177a9d (DEV=CPU) of:
//   from tinygrad import Tensor, dtypes, function
//   x = Tensor([[0.2, -0.4, 1.0, 0.5], [1.2, 0.3, -0.7, 0.0], [-0.5, 0.8, 0.1, -1.1]])
//   y = Tensor([2, 0, 1])
//   w1 = Tensor([[0.1, 0.2, -0.3, 0.0, 0.5], [-0.2, 0.4, 0.1, 0.3, -0.1], [0.3, -0.5, 0.2, 0.1,
//   0.0], [0.0, 0.1, 0.4, -0.2, 0.2]]) b1 = Tensor([0.0, 0.1, -0.1, 0.05, 0.0]) w2 = Tensor([[0.2,
//   -0.1, 0.3], [0.1, 0.4, -0.2], [-0.3, 0.2, 0.1], [0.5, 0.0, -0.4], [0.1, -0.2, 0.2]]) b2 =
//   Tensor([0.0, 0.0, 0.1])
//
//   @function
//   def layer(x, w, b): return (x @ w + b).relu()
//
//   def forward(x, w1, b1, w2, b2): return layer(x, w1, b1) @ w2 + b2
//
//   lr = 0.3
//   loss = forward(x, w1, b1, w2, b2).sparse_categorical_crossentropy(y)
//   loss.backward()
//   nw1, nb1, nw2, nb2 = w1 - lr * w1.grad, b1 - lr * b1.grad, w2 - lr * w2.grad, b2 - lr * b2.grad
//   loss2 = forward(x, nw1, nb1, nw2, nb2).sparse_categorical_crossentropy(y)
//   first = [w1.grad.flatten().tolist(), b2.grad.tolist()]
//   print("first", first)
//   loss2.backward()
//   for name, t in [("loss", loss), ("w1.grad", w1.grad), ("b1.grad", b1.grad), ("w2.grad",
//   w2.grad), ("b2.grad", b2.grad), ("loss2", loss2), ("nw1.grad", nw1.grad), ("nb2.grad",
//   nb2.grad)]:
//     print(name, t.flatten().tolist() if t.ndim else t.item())
void TestMlp::twoStepsThroughAFunction() {
  Tensor x =
      Tensor::fromList({{0.2, -0.4, 1.0, 0.5}, {1.2, 0.3, -0.7, 0.0}, {-0.5, 0.8, 0.1, -1.1}});
  Tensor y = Tensor::fromList({2, 0, 1});
  Tensor w1 = Tensor::fromList({{0.1, 0.2, -0.3, 0.0, 0.5},
                                {-0.2, 0.4, 0.1, 0.3, -0.1},
                                {0.3, -0.5, 0.2, 0.1, 0.0},
                                {0.0, 0.1, 0.4, -0.2, 0.2}});
  Tensor b1 = Tensor::fromList({0.0, 0.1, -0.1, 0.05, 0.0});
  Tensor w2 = Tensor::fromList(
      {{0.2, -0.1, 0.3}, {0.1, 0.4, -0.2}, {-0.3, 0.2, 0.1}, {0.5, 0.0, -0.4}, {0.1, -0.2, 0.2}});
  Tensor b2 = Tensor::fromList({0.0, 0.0, 0.1});
  auto layer = captureFunction(
      [](const Tensor& x_, const Tensor& w, const Tensor& b) { return (x_.matmul(w) + b).relu(); },
      {.name = "layer"});
  auto forward = [&](const Tensor& x_, const Tensor& w1_, const Tensor& b1_, const Tensor& w2_,
                     const Tensor& b2_) { return layer(x_, w1_, b1_).matmul(w2_) + b2_; };
  double lr = 0.3;
  Tensor loss = sparseCrossEntropy(forward(x, w1, b1, w2, b2), y);
  backward(loss);
  Tensor nw1 = w1 - lr * *w1.grad(), nb1 = b1 - lr * *b1.grad(), nw2 = w2 - lr * *w2.grad(),
         nb2 = b2 - lr * *b2.grad();
  Tensor loss2 = sparseCrossEntropy(forward(x, nw1, nb1, nw2, nb2), y);
  // "first": the grads before the second backward.
  QCOMPARE(check(loss, {1.0318868160247803}), QString());
  QCOMPARE(check(*w1.grad(), {-0.009719292633235455, 0.05426613241434097,  -0.006456419359892607,
                              -0.1945056915283203,   -0.04078250750899315, 0.01943858526647091,
                              -0.0733397901058197,   0.012912838719785213, -0.019134091213345528,
                              0.011672780849039555,  -0.04859646037220955, -0.013647628016769886,
                              -0.03228209540247917,  0.10735061764717102,  -0.030476251617074013,
                              -0.024298230186104774, 0.10334806144237518,  -0.016141047701239586,
                              -0.035071961581707,    -0.024298230186104774}),
           QString());
  QCOMPARE(check(*b2.grad(), {0.021209314465522766, -0.009440835565328598, -0.01176848541945219}),
           QString());
  backward(loss2);
  QCOMPARE(check(loss2, {0.9757372140884399}), QString());
  QCOMPARE(check(*w1.grad(), {-0.02193218469619751, 0.06927758455276489,  -0.014291569590568542,
                              -0.34810277819633484, -0.10276962071657181, 0.04386436939239502,
                              -0.1398947685956955,  0.028583139181137085, -0.044738009572029114,
                              0.01642812415957451,  -0.10966093093156815, -0.007836014963686466,
                              -0.07145784795284271, 0.19429761171340942,  -0.0445723757147789,
                              -0.05483046546578407, 0.18695741891860962,  -0.035728923976421356,
                              -0.05028805509209633, -0.04680058732628822}),
           QString());
  QCOMPARE(check(*b1.grad(), {-0.10966093093156815, -0.18304714560508728, -0.07145784795284271,
                              -0.2253207117319107, -0.16364231705665588}),
           QString());
  QCOMPARE(check(*w2.grad(), {0.09042229503393173, 0.08139830827713013, -0.17182062566280365,
                              -0.27650129795074463, 0.08341322839260101, 0.19308800995349884,
                              0.046461064368486404, 0.04183005541563034, -0.08829112350940704,
                              0.05786709114909172, -0.18319401144981384, 0.12532688677310944,
                              -0.19244448840618134, 0.19125190377235413, 0.0011925444705411792}),
           QString());
  QCOMPARE(check(*b2.grad(), {0.06074211001396179, -0.023296726867556572, -0.03744547814130783}),
           QString());
  QCOMPARE(check(*nw1.grad(), {-0.010904830880463123, 0.03345409780740738,   -0.0071258642710745335,
                               -0.1714373230934143,   -0.051183465868234634, 0.021809661760926247,
                               -0.06918299198150635,  0.014251728542149067,  -0.02251623384654522,
                               0.008086169138550758,  -0.05452415347099304,  -0.003446694230660796,
                               -0.03562932088971138,  0.09578986465930939,   -0.021961363032460213,
                               -0.02726207673549652,  0.09221748262643814,   -0.01781466044485569,
                               -0.02419179119169712,  -0.023202260956168175}),
           QString());
  QCOMPARE(check(*nb2.grad(), {0.03146195411682129, -0.011951539665460587, -0.019510451704263687}),
           QString());
  // Second-order graphs (backward Functions differentiated again) obey the spec.
  for (const Tensor& t : {*w1.grad(), *b1.grad(), *nw1.grad()})
    QCOMPARE(qs(formatErrors(verify(t.uop()))), QString());
}

UOPSCOPE_TEST(TestMlp);
#include "test_mlp.moc"
