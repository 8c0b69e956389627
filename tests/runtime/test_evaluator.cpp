// The evaluator's graph walk: Function/Call substitution and GetTuple, Buffers
// from the caller, Store and After (Assign), errors, and very deep graphs.
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include <QTest>

using namespace uops;
using namespace uops::testing;

namespace {

UOpPtr p(int64_t slot, const Shape& shape = {3}, DType d = dtypes::int32) {
  return param(slot, d, shape);
}
UOpPtr tuple(UOpList elements) {
  return UOp::make(Op::Tuple, dtypes::void_, std::move(elements));
}
UOpPtr function(UOpList body, UOpList args, Op op = Op::Function) {
  UOpPtr t = tuple(std::move(body));
  UOpList src{t};
  src.insert(src.end(), args.begin(), args.end());
  DType d = t->src().empty() ? dtypes::void_ : t->src(0)->dtype();
  return UOp::make(op, d, std::move(src));
}
UOpPtr getTuple(const UOpPtr& f, int64_t i) {
  UOpPtr body = f->op() == Op::Tuple ? f : f->src(0);
  return UOp::make(Op::GetTuple, body->src(static_cast<size_t>(i))->dtype(), {f}, i);
}
UOpPtr vec(std::initializer_list<int64_t> v) {
  return literalInts(dtypes::int32, {static_cast<int64_t>(v.size())}, v);
}
UOpPtr store(const UOpPtr& buf, const UOpPtr& value) {
  return UOp::make(Op::Store, dtypes::void_, {buf, value});
}
UOpPtr after(const UOpPtr& buf, UOpList deps) {
  UOpList src{buf};
  src.insert(src.end(), deps.begin(), deps.end());
  return UOp::make(Op::After, buf->dtype(), std::move(src));
}

const DeviceArg kCpu{{"CPU"}};

} // namespace

class TestEvaluator : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void functionSubstitutesParams() {
    auto f = function({p(0) + p(1)}, {vec({1, 2, 3}), vec({10, 20, 30})});
    QCOMPARE(show(eval(getTuple(f, 0))), qs("int32 (3,) [11, 22, 33]"));
    // Slots, not positions in the body, pick the argument.
    auto g = function({p(1) - p(0)}, {vec({1, 2, 3}), vec({10, 20, 30})});
    QCOMPARE(show(eval(getTuple(g, 0))), qs("int32 (3,) [9, 18, 27]"));
  }

  void tupleOfResults() {
    auto f = function({p(0) * 2, p(0) + 1}, {vec({1, 2, 3})});
    ReferenceEvaluator ev;
    UOpList roots{getTuple(f, 0), getTuple(f, 1)};
    auto out = ev.evaluate(roots);
    QCOMPARE(show(out[0]), qs("int32 (3,) [2, 4, 6]"));
    QCOMPARE(show(out[1]), qs("int32 (3,) [2, 3, 4]"));
    QCOMPARE(show(eval(getTuple(tuple({vec({5}), vec({6, 7})}), 1))), qs("int32 (2,) [6, 7]"));
  }

  void oneBodyTwoCalls() {
    // The same body nodes under two bindings must give two values.
    auto a = function({p(0) * p(0)}, {vec({1, 2, 3})});
    auto b = function({p(0) * p(0)}, {vec({4, 5, 6})});
    QCOMPARE(show(eval(getTuple(a, 0) + getTuple(b, 0))), qs("int32 (3,) [17, 29, 45]"));
  }

  void nestedFunctions() {
    // inner(x) = x * x, called with outer's p0 + 1; outer(x, y) = inner(x + 1) + y.
    auto inner = function({p(0) * p(0)}, {p(0) + 1});
    auto outer = function({getTuple(inner, 0) + p(1)}, {vec({1, 2, 3}), vec({10, 20, 30})});
    QCOMPARE(show(eval(getTuple(outer, 0))), qs("int32 (3,) [14, 29, 46]"));
    // An inner function whose argument is the outer's second slot.
    auto inner2 = function({p(0) - 1}, {p(1)});
    auto outer2 = function({getTuple(inner2, 0) * p(0)}, {vec({2, 2, 2}), vec({1, 2, 3})});
    QCOMPARE(show(eval(getTuple(outer2, 0))), qs("int32 (3,) [0, 2, 4]"));
  }

  void callWithTupleBodyEvaluatesLikeFunction() {
    auto c = function({p(0) + p(0)}, {vec({1, 2, 3})}, Op::Call);
    QCOMPARE(show(eval(getTuple(c, 0))), qs("int32 (3,) [2, 4, 6]"));
  }

  void paramsOutsideFunctions() {
    auto body = p(0) * 3;
    try {
      eval(body);
      QFAIL("expected an EvalError");
    } catch (const EvalError& e) {
      QCOMPARE(e.op(), Op::Param);
      QCOMPARE(QString::fromStdString(e.why()),
               qs("Param slot 0 is outside any Function and has no binding"));
    }
    ReferenceEvaluator ev;
    ev.setParam(0, HostTensor::fromInts(dtypes::int32, {3}, {1, 2, 3}));
    QCOMPARE(show(ev.evaluate(body)), qs("int32 (3,) [3, 6, 9]"));
    ev.setParam(0, HostTensor::fromInts(dtypes::int32, {2}, {1, 2}));
    QVERIFY_THROWS_EXCEPTION(EvalError, ev.evaluate(body));
  }

  void badCallsThrow() {
    auto f = function({p(0) + p(1)}, {vec({1, 2, 3})});
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(getTuple(f, 0))); // no argument for slot 1
    auto g = function({p(0)}, {vec({1, 2, 3})});
    auto outOfRange = UOp::make(Op::GetTuple, dtypes::int32, {g}, int64_t(1));
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(outOfRange));
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(g)); // a Function is not a tensor
  }

  void buffersFromTheCaller() {
    auto buf = buffer(7, dtypes::float32, 3, kCpu);
    auto other = buffer(8, dtypes::float32, 3, kCpu);
    ReferenceEvaluator ev;
    ev.setBuffer(7, HostTensor::fromDoubles(dtypes::float32, {3}, {1, 2, 3}));
    QCOMPARE(show(ev.evaluate(buf * 2)), qs("float32 (3,) [2, 4, 6]"));
    ev.setBuffer(buf, HostTensor::fromDoubles(dtypes::float32, {3}, {5, 6, 7})); // the node wins
    QCOMPARE(show(ev.evaluate(buf)), qs("float32 (3,) [5, 6, 7]"));
    ev.setBufferProvider([](const UOp& b) -> std::optional<HostTensor> {
      if (b.argAs<BufferArg>().id != 8) return std::nullopt;
      return HostTensor::fromDoubles(dtypes::float32, {3}, {0.5, 0.5, 0.5});
    });
    QCOMPARE(show(ev.evaluate(buf + other)), qs("float32 (3,) [5.5, 6.5, 7.5]"));
  }

  void missingOrWrongBuffersThrow() {
    auto buf = buffer(9, dtypes::int32, 4, kCpu);
    try {
      eval(buf + 1);
      QFAIL("expected an EvalError");
    } catch (const EvalError& e) {
      QCOMPARE(e.op(), Op::Buffer);
      QCOMPARE(QString::fromUtf8(e.what()), qs("cannot evaluate Buffer (dtypes.int, shape (4,)): "
                                               "no data was supplied for Buffer id 9 "
                                               "(4 elements on CPU)"));
    }
    ReferenceEvaluator ev;
    ev.setBuffer(9, HostTensor::fromDoubles(dtypes::float32, {4}, {1, 2, 3, 4}));
    QVERIFY_THROWS_EXCEPTION(EvalError, ev.evaluate(buf));
  }

  void storeThenAfterIsAssign() {
    auto buf = buffer(1, dtypes::int32, 3, kCpu);
    auto assigned = after(buf, {store(buf, buf + 1)});
    ReferenceEvaluator ev;
    ev.setBuffer(1, HostTensor::fromInts(dtypes::int32, {3}, {1, 2, 3}));
    UOpList roots{assigned * 10, buf};
    auto out = ev.evaluate(roots);
    QCOMPARE(show(out[0]), qs("int32 (3,) [20, 30, 40]"));
    QCOMPARE(show(out[1]), qs("int32 (3,) [1, 2, 3]")); // a read not ordered after the Store
    // Two assigns in a row: the second reads the first's result.
    auto twice = after(assigned, {store(assigned, assigned * 2)});
    QCOMPARE(show(ev.evaluate(twice)), qs("int32 (3,) [4, 6, 8]"));
  }

  void gatedStore() {
    auto buf = buffer(2, dtypes::int32, 3, kCpu);
    auto gate = literalInts(dtypes::bool_, {3}, {1, 0, 1});
    auto st = UOp::make(Op::Store, dtypes::void_, {buf, vec({7, 8, 9}), gate});
    ReferenceEvaluator ev;
    ev.setBuffer(2, HostTensor::fromInts(dtypes::int32, {3}, {1, 2, 3}));
    QCOMPARE(show(ev.evaluate(after(buf, {st}))), qs("int32 (3,) [7, 2, 9]"));
  }

  void storeIntoAParamWritesItsBuffer() {
    auto buf = buffer(3, dtypes::int32, 3, kCpu);
    auto f = function({after(p(0), {store(p(0), p(0) + 100)})}, {buf});
    ReferenceEvaluator ev;
    ev.setBuffer(3, HostTensor::fromInts(dtypes::int32, {3}, {1, 2, 3}));
    QCOMPARE(show(ev.evaluate(getTuple(f, 0))), qs("int32 (3,) [101, 102, 103]"));
  }

  void kernelLevelOpsThrow() {
    try {
      eval(range(4, 0));
      QFAIL("expected an EvalError");
    } catch (const EvalError& e) {
      QCOMPARE(e.op(), Op::Range);
      QCOMPARE(QString::fromUtf8(e.what()),
               qs("cannot evaluate Range (dtypes.index, shape ()): Range is a "
                  "kernel-level op with no value in a tensor graph"));
    }
    auto special = UOp::make(Op::Special, dtypes::index, {constIndex(4)}, std::string("gidx0"));
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(special + 1));
    auto vecConst = UOp::make(Op::Const, dtypes::float32.vec(4), {}, 1.0);
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(vecConst));
  }

  void invalidShapeIsReported() {
    auto bad = UOp::make(Op::Add, dtypes::int32, {vec({1, 2}), vec({1, 2, 3})});
    try {
      eval(bad);
      QFAIL("expected an EvalError");
    } catch (const EvalError& e) {
      QCOMPARE(QString::fromStdString(e.why()),
               qs("its shape is invalid: cannot broadcast (2,) with (3,)"));
    }
  }

  void deepChainDoesNotRecurse() {
    constexpr int64_t kDepth = 200000;
    UOpPtr x = constant(dtypes::int32, int64_t(0));
    UOpPtr one = constant(dtypes::int32, int64_t(1));
    for (int64_t i = 0; i < kDepth; ++i)
      x = x + one;
    QCOMPARE(show(eval(x)), qs("int32 () [200000]"));
    UOpPtr f = reshape(constant(dtypes::float32, 0.0), {1});
    UOpPtr half = constant(dtypes::float32, 0.5);
    for (int64_t i = 0; i < kDepth; ++i)
      f = f + half;
    QCOMPARE(show(eval(f)), qs("float32 (1,) [100000]"));
  }

  // A value is freed once every node that reads it has its value: a chain
  // of 40 ops on a 256K-element tensor holds a few of them at a time, not 40
  // (the oracle must stay usable on the programs it checks).
  void valuesAreFreedOnceRead() {
    constexpr int64_t kElements = 1 << 18;
    UOpPtr x = arange(dtypes::float32, {kElements});
    UOpPtr base = x;
    UOpPtr half = constant(dtypes::float32, 0.5);
    for (int i = 0; i < 40; ++i) x = (x * half) + base; // base is read by every step: it stays
    ReferenceEvaluator evaluator;
    HostTensor value = evaluator.evaluate(x);
    QCOMPARE(value.getDouble(2), 4.0); // 4 - 2 * 0.5^40, past float32's resolution at 4
    int64_t one = kElements * 4;
    QVERIFY2(evaluator.lastPeakBytes() <= 6 * one,
             qPrintable(QStringLiteral("%1 MB held at once").arg(evaluator.lastPeakBytes() / 1e6)));
    // two roots that share a node: the first root's value stays for the second
    UOpPtr y = base * half;
    std::vector<HostTensor> both = evaluator.evaluate(std::vector<UOpPtr>{y, y + half});
    QCOMPARE(both[0].getDouble(4), 2.0);
    QCOMPARE(both[1].getDouble(4), 2.5);
  }
};

UOPSCOPE_TEST(TestEvaluator);
#include "test_evaluator.moc"
