// IntTuple and the argument forms of the nn layer: Python ints, tuples and
// None, tinygrad's make_tuple and resolve_pool_pads.
//
// Expected values from tinygrad a9069c177a9d:
//   from tinygrad.helpers import resolve_pool_pads, make_tuple
//   resolve_pool_pads(1, 2), resolve_pool_pads((1,2), 2), resolve_pool_pads((1,2,3,4), 2),
//   resolve_pool_pads((1,2,3), 3), resolve_pool_pads(0, 1)
//   -> [1, 1, 1, 1] [2, 2, 1, 1] (1, 2, 3, 4) [3, 3, 2, 2, 1, 1] [0, 0]
//   make_tuple(3, 2), make_tuple((1,2), 2) -> (3, 3) (1, 2)
#include "tests/support/test_registry.h"
#include "tests/nn/nn_test.h"

using namespace uops;

class TestArgs : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void forms();
  void tuples();
  void poolPads();
  void errors();
};

void TestArgs::forms() {
  IntTuple none, nullopt = std::nullopt, one = 3, pair = {1, 2}, single = {4}, list = Ints{5, 6, 7};
  QVERIFY(none.isNone() && nullopt.isNone());
  QVERIFY(one.isInt() && !one.isNone());
  QVERIFY(!pair.isInt() && !pair.isNone());
  QCOMPARE(nntest::qs(none.repr()), QStringLiteral("None"));
  QCOMPARE(nntest::qs(one.repr()), QStringLiteral("3"));
  QCOMPARE(nntest::qs(pair.repr()), QStringLiteral("(1, 2)"));
  // {4} is a Python (4,), not 4: a braced list always makes a tuple.
  QCOMPARE(nntest::qs(single.repr()), QStringLiteral("(4,)"));
  QCOMPARE(nntest::qs(list.repr()), QStringLiteral("(5, 6, 7)"));
}

void TestArgs::tuples() {
  QCOMPARE(makeTuple(3, 2, "stride"), (Ints{3, 3}));
  QCOMPARE(makeTuple({1, 2}, 2, "stride"), (Ints{1, 2}));
  QCOMPARE(makeTuple(int64_t{5}, 1, "stride"), (Ints{5}));
}

void TestArgs::poolPads() {
  QCOMPARE(resolvePoolPads(1, 2), (Ints{1, 1, 1, 1}));
  // (pad_h, pad_w) -> flat (left, right, top, bottom): the last axis comes first.
  QCOMPARE(resolvePoolPads({1, 2}, 2), (Ints{2, 2, 1, 1}));
  QCOMPARE(resolvePoolPads({1, 2, 3, 4}, 2), (Ints{1, 2, 3, 4}));
  QCOMPARE(resolvePoolPads({1, 2, 3}, 3), (Ints{3, 3, 2, 2, 1, 1}));
  QCOMPARE(resolvePoolPads(0, 1), (Ints{0, 0}));
}

void TestArgs::errors() {
  auto message = [](auto&& call) {
    try {
      call();
    } catch (const TensorError& e) {
      return QString::fromStdString(e.what());
    }
    return QStringLiteral("no error");
  };
  QCOMPARE(message([] {
             makeTuple({1, 2, 3}, 2, "dilation");
           }),
           QStringLiteral("dilation=(1, 2, 3) must be an int or a tuple of length 2"));
  QCOMPARE(message([] { makeTuple(std::nullopt, 2, "kernel_size"); }),
           QStringLiteral("kernel_size=None must be an int or a tuple"));
  QCOMPARE(
      message([] { resolvePoolPads({1}, 2); }),
      QStringLiteral("Padding must be an int or a sequence of length 2 or 4, but got padding=(1,) "
                     "with dims=2."));
  QCOMPARE(message([] { resolvePoolPads(std::nullopt, 2); }),
           QStringLiteral("padding=None must be an int or a tuple"));
}

UOPSCOPE_TEST(TestArgs);
#include "test_args.moc"
