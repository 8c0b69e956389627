// Elementwise ops through the reference evaluator: each dtype's exact laws,
// broadcasting, Cast edge cases, NaN and infinities, Threefry.
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include "core/runtime/tensor_elementwise.h"
#include "core/runtime/tensor_movement.h"
#include "core/runtime/threefry.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

using namespace uops;
using namespace uops::testing;

namespace {

QString evalAlu(Op op, std::initializer_list<UOpPtr> srcs) {
  return show(eval(alu(op, UOpList(srcs))));
}

UOpPtr i32(std::initializer_list<int64_t> v) {
  return literalInts(dtypes::int32, {static_cast<int64_t>(v.size())}, v);
}
UOpPtr f32(std::initializer_list<double> v) {
  return literalDoubles(dtypes::float32, {static_cast<int64_t>(v.size())}, v);
}

const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

} // namespace

class TestElementwise : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void integersWrapToTheirWidth() {
    auto a = literalInts(dtypes::int8, {3}, {127, -128, 100});
    auto b = literalInts(dtypes::int8, {3}, {1, -1, 100});
    QCOMPARE(evalAlu(Op::Add, {a, b}), qs("int8 (3,) [-128, 127, -56]"));
    QCOMPARE(evalAlu(Op::Mul, {a, b}), qs("int8 (3,) [127, -128, 16]"));
    QCOMPARE(evalAlu(Op::Sub, {b, a}), qs("int8 (3,) [-126, 127, 0]"));
    auto u = literalInts(dtypes::uint32, {2}, {0, 0xffffffff});
    auto one = literalInts(dtypes::uint32, {2}, {1, 0xffffffff});
    QCOMPARE(evalAlu(Op::Sub, {u, one}), qs("uint32 (2,) [4294967295, 0]"));
    QCOMPARE(evalAlu(Op::Mul, {u, one}), qs("uint32 (2,) [0, 1]"));
    QCOMPARE(evalAlu(Op::Neg, {literalInts(dtypes::uint8, {2}, {1, 0})}),
             qs("uint8 (2,) [255, 0]"));
  }

  void cDivision_data() {
    QTest::addColumn<qlonglong>("a");
    QTest::addColumn<qlonglong>("b");
    QTest::addColumn<qlonglong>("quotient");
    QTest::addColumn<qlonglong>("remainder");
    QTest::newRow("7/2") << 7LL << 2LL << 3LL << 1LL;
    QTest::newRow("-7/2") << -7LL << 2LL << -3LL << -1LL;
    QTest::newRow("7/-2") << 7LL << -2LL << -3LL << 1LL;
    QTest::newRow("-7/-2") << -7LL << -2LL << 3LL << -1LL;
    QTest::newRow("by zero") << 5LL << 0LL << 0LL << 0LL;
    QTest::newRow("min/-1 wraps") << -2147483648LL << -1LL << -2147483648LL << 0LL;
  }
  void cDivision() {
    QFETCH(qlonglong, a);
    QFETCH(qlonglong, b);
    QFETCH(qlonglong, quotient);
    QFETCH(qlonglong, remainder);
    auto x = constant(dtypes::int32, int64_t(a)), y = constant(dtypes::int32, int64_t(b));
    QCOMPARE(qlonglong(eval(alu(Op::Idiv, {x, y})).getInt(0)), quotient);
    QCOMPARE(qlonglong(eval(alu(Op::Mod, {x, y})).getInt(0)), remainder);
    QCOMPARE(qlonglong(eval(alu(Op::Div, {x, y})).getInt(0)), quotient);
  }

  void unsignedDivision() {
    auto a = literalInts(dtypes::uint8, {1}, {200}), b = literalInts(dtypes::uint8, {1}, {7});
    QCOMPARE(evalAlu(Op::Idiv, {a, b}), qs("uint8 (1,) [28]"));
    QCOMPARE(evalAlu(Op::Mod, {a, b}), qs("uint8 (1,) [4]"));
  }

  void shiftsMaskTheirAmount() {
    QCOMPARE(evalAlu(Op::Shl, {i32({1, 1, 3}), i32({33, -1, 2})}),
             qs("int32 (3,) [2, -2147483648, 12]"));
    QCOMPARE(evalAlu(Op::Shr, {i32({-8, -1, 64}), i32({1, 31, 35})}), qs("int32 (3,) [-4, -1, 8]"));
    auto u8 = literalInts(dtypes::uint8, {2}, {0x80, 1});
    QCOMPARE(evalAlu(Op::Shr, {u8, literalInts(dtypes::uint8, {2}, {7, 0})}),
             qs("uint8 (2,) [1, 1]"));
    QCOMPARE(evalAlu(Op::Shl, {u8, literalInts(dtypes::uint8, {2}, {1, 8})}),
             qs("uint8 (2,) [0, 1]"));
    auto i8 = literalInts(dtypes::int8, {1}, {1});
    QCOMPARE(evalAlu(Op::Shl, {i8, literalInts(dtypes::int8, {1}, {7})}), qs("int8 (1,) [-128]"));
    // The amount may have another integer dtype.
    QCOMPARE(evalAlu(Op::Shr, {literalInts(dtypes::uint32, {1}, {0x80000000}),
                               constant(dtypes::int64, int64_t(31))}),
             qs("uint32 (1,) [1]"));
  }

  void bitwiseAndIntegerCompare() {
    QCOMPARE(evalAlu(Op::Xor, {i32({12}), i32({10})}), qs("int32 (1,) [6]"));
    QCOMPARE(evalAlu(Op::Or, {i32({12}), i32({10})}), qs("int32 (1,) [14]"));
    QCOMPARE(evalAlu(Op::And, {i32({12}), i32({10})}), qs("int32 (1,) [8]"));
    auto s = literalInts(dtypes::int8, {2}, {-1, 1}), t = literalInts(dtypes::int8, {2}, {1, 1});
    QCOMPARE(evalAlu(Op::CmpLt, {s, t}), qs("bool (2,) [true, false]"));
    QCOMPARE(evalAlu(Op::Max, {s, t}), qs("int8 (2,) [1, 1]"));
    auto u = literalInts(dtypes::uint8, {2}, {255, 1}), v = literalInts(dtypes::uint8, {2}, {1, 1});
    QCOMPARE(evalAlu(Op::CmpLt, {u, v}), qs("bool (2,) [false, false]"));
    QCOMPARE(evalAlu(Op::Max, {u, v}), qs("uint8 (2,) [255, 1]"));
    QCOMPARE(evalAlu(Op::CmpGe, {u, v}), qs("bool (2,) [true, true]"));
    QCOMPARE(evalAlu(Op::CmpEq, {u, v}), qs("bool (2,) [false, true]"));
    QCOMPARE(evalAlu(Op::Mulacc, {i32({3, -4}), i32({5, 6}), i32({1, 1})}),
             qs("int32 (2,) [16, -23]"));
  }

  void boolsAreOneBit() {
    auto a = literalInts(dtypes::bool_, {4}, {0, 0, 1, 1}),
         b = literalInts(dtypes::bool_, {4}, {0, 1, 0, 1});
    QCOMPARE(evalAlu(Op::Add, {a, b}), qs("bool (4,) [false, true, true, true]"));
    QCOMPARE(evalAlu(Op::Mul, {a, b}), qs("bool (4,) [false, false, false, true]"));
    QCOMPARE(evalAlu(Op::Xor, {a, b}), qs("bool (4,) [false, true, true, false]"));
    QCOMPARE(evalAlu(Op::Not, {a}), qs("bool (4,) [true, true, false, false]"));
  }

  void broadcasting() {
    auto col = literalInts(dtypes::int32, {2, 1}, {10, 20});
    QCOMPARE(evalAlu(Op::Add, {col, i32({1, 2, 3})}), qs("int32 (2, 3) [11, 12, 13, 21, 22, 23]"));
    QCOMPARE(evalAlu(Op::Mul, {constant(dtypes::int32, int64_t(-2)), i32({1, 2, 3})}),
             qs("int32 (3,) [-2, -4, -6]"));
    QCOMPARE(show(eval(where(literalInts(dtypes::bool_, {2, 1}, {1, 0}), i32({1, 2}),
                             constant(dtypes::int32, int64_t(0))))),
             qs("int32 (2, 2) [1, 2, 0, 0]"));
  }

  void nanAndInfinity() {
    auto a = f32({kNan, 1, -kInf, -0.0, 0.0});
    auto b = f32({1, kNan, 3, 0.0, -0.0});
    // Max propagates NaN and orders -0 below +0 (IEEE 754-2019 maximum).
    QCOMPARE(evalAlu(Op::Max, {a, b}), qs("float32 (5,) [nan, nan, 3, 0, 0]"));
    QCOMPARE(evalAlu(Op::CmpLt, {a, b}), qs("bool (5,) [false, false, true, false, false]"));
    QCOMPARE(evalAlu(Op::CmpNe, {f32({kNan, kInf}), f32({kNan, kInf})}),
             qs("bool (2,) [true, false]"));
    // Decomposed comparisons follow their definitions: Ge = !(a < b) holds for NaN.
    auto n = f32({kNan, 2, 1}), m = f32({1, 1, 1});
    QCOMPARE(evalAlu(Op::CmpGe, {n, m}), qs("bool (3,) [true, true, true]"));
    QCOMPARE(evalAlu(Op::CmpLe, {n, m}), qs("bool (3,) [true, false, true]"));
    QCOMPARE(evalAlu(Op::CmpGt, {n, m}), qs("bool (3,) [false, true, false]"));
    QCOMPARE(evalAlu(Op::CmpEq, {n, m}), qs("bool (3,) [false, false, true]"));
    auto cond = literalInts(dtypes::bool_, {3}, {1, 0, 1});
    QCOMPARE(show(eval(where(cond, f32({kNan, 1, kInf}), f32({2, -kInf, 3})))),
             qs("float32 (3,) [nan, -inf, inf]"));
    QCOMPARE(evalAlu(Op::Recip, {f32({0.0, -0.0, 4, kInf})}),
             qs("float32 (4,) [inf, -inf, 0.25, 0]"));
    QCOMPARE(evalAlu(Op::Add, {f32({kInf, kInf}), f32({-kInf, 1})}), qs("float32 (2,) [nan, inf]"));
  }

  void floatArithmetic() {
    QCOMPARE(evalAlu(Op::Div, {f32({1, -7, 1}), f32({3, 2, 0})}),
             qs("float32 (3,) [0.3333333432674408, -3.5, inf]"));
    QCOMPARE(evalAlu(Op::Trunc, {f32({-2.5, 2.5, -0.5})}), qs("float32 (3,) [-2, 2, -0]"));
    QCOMPARE(evalAlu(Op::Mod, {f32({-7, 7}), f32({2, -2})}), qs("float32 (2,) [-1, 1]"));
    QCOMPARE(evalAlu(Op::Neg, {f32({0, 1.5})}), qs("float32 (2,) [-0, -1.5]"));
    QCOMPARE(evalAlu(Op::Sub, {f32({1, 0.5}), f32({0.25, 0.5})}), qs("float32 (2,) [0.75, 0]"));
    // float32 adds in float: 1e8 + 1 is 1e8 again.
    QCOMPARE(evalAlu(Op::Add, {f32({1e8}), f32({1})}), qs("float32 (1,) [100000000]"));
    auto d = literalDoubles(dtypes::float64, {1}, {1e8});
    QCOMPARE(evalAlu(Op::Add, {d, literalDoubles(dtypes::float64, {1}, {1})}),
             qs("float64 (1,) [100000001]"));
  }

  void transcendentals() {
    QCOMPARE(evalAlu(Op::Exp2, {f32({3, -kInf, 0.5})}),
             qs("float32 (3,) [8, 0, 1.4142135381698608]"));
    QCOMPARE(evalAlu(Op::Log2, {f32({8, 0, -1})}), qs("float32 (3,) [3, -inf, nan]"));
    QCOMPARE(evalAlu(Op::Sqrt, {f32({2, -1, 0.25})}),
             qs("float32 (3,) [1.4142135381698608, nan, 0.5]"));
    QCOMPARE(evalAlu(Op::Sin, {f32({1, 0})}), qs("float32 (2,) [0.8414709568023682, 0]"));
    QCOMPARE(evalAlu(Op::Pow, {f32({2, -8, kNan}), f32({10, 1.0 / 3, 0})}),
             qs("float32 (3,) [1024, nan, 1]"));
  }

  void halfAndBfloat16RoundAfterEachOp() {
    auto h = [](double v) { return literalDoubles(dtypes::float16, {1}, {v}); };
    QCOMPARE(show(eval(h(0.1))), qs("float16 (1,) [0.0999755859375]"));
    // 0.0999755859375 + 0.199951171875 = 0.2999267578125 in float, then to half.
    QCOMPARE(evalAlu(Op::Add, {h(0.1), h(0.2)}), qs("float16 (1,) [0.2998046875]"));
    // (1+2^-10)^2 rounds to 1+2^-9 before the add: not a fused multiply-add.
    QCOMPARE(evalAlu(Op::Mulacc, {h(1.0009765625), h(1.0009765625), h(-1)}),
             qs("float16 (1,) [0.001953125]"));
    QCOMPARE(evalAlu(Op::Mul, {h(300), h(300)}), qs("float16 (1,) [inf]"));
    auto b = [](double v) { return literalDoubles(dtypes::bfloat16, {1}, {v}); };
    QCOMPARE(show(eval(constant(dtypes::bfloat16, 1.0 / 3))), qs("bfloat16 () [0.333984375]"));
    QCOMPARE(evalAlu(Op::Add, {b(1), b(0.00390625)}), qs("bfloat16 (1,) [1]"));
    QCOMPARE(evalAlu(Op::Div, {b(1), b(3)}), qs("bfloat16 (1,) [0.333984375]"));
  }

  void castEdgeCases() {
    auto f = f32({2.7, -2.7, 3e9, -3e9, kNan, kInf, -kInf, -0.5});
    QCOMPARE(show(eval(cast(f, dtypes::int32))),
             qs("int32 (8,) [2, -2, 2147483647, -2147483648, 0, 2147483647, -2147483648, 0]"));
    QCOMPARE(show(eval(cast(f32({-1.5, 300, 255.9, kNan}), dtypes::uint8))),
             qs("uint8 (4,) [0, 255, 255, 0]"));
    QCOMPARE(show(eval(cast(i32({200, -1, 65541}), dtypes::int8))), qs("int8 (3,) [-56, -1, 5]"));
    QCOMPARE(show(eval(cast(i32({0, 2, -1}), dtypes::bool_))), qs("bool (3,) [false, true, true]"));
    QCOMPARE(show(eval(cast(f32({0, -0.0, kNan, 0.5}), dtypes::bool_))),
             qs("bool (4,) [false, false, true, true]"));
    QCOMPARE(show(eval(cast(f32({0.1, 1e5}), dtypes::float16))),
             qs("float16 (2,) [0.0999755859375, inf]"));
    QCOMPARE(show(eval(cast(f32({0.1}), dtypes::float64))),
             qs("float64 (1,) [0.10000000149011612]"));
    QCOMPARE(show(eval(cast(literalInts(dtypes::bool_, {2}, {1, 0}), dtypes::float32))),
             qs("float32 (2,) [1, 0]"));
    QCOMPARE(show(eval(cast(literalInts(dtypes::uint32, {1}, {0xffffffff}), dtypes::int32))),
             qs("int32 (1,) [-1]"));
    QCOMPARE(show(eval(cast(literalInts(dtypes::int8, {1}, {-1}), dtypes::uint16))),
             qs("uint16 (1,) [65535]"));
    QCOMPARE(show(eval(cast(literalInts(dtypes::int8, {1}, {-1}), dtypes::uint64))),
             qs("uint64 (1,) [18446744073709551615]"));
    QCOMPARE(show(eval(cast(literalInts(dtypes::int64, {1}, {16777217}), dtypes::float32))),
             qs("float32 (1,) [16777216]"));
    auto justAboveTie =
        literalDoubles(dtypes::float64, {1}, {1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -30)});
    QCOMPARE(show(eval(cast(justAboveTie, dtypes::bfloat16))), qs("bfloat16 (1,) [1.0078125]"));
  }

  void threefryKnownAnswers_data() {
    QTest::addColumn<quint64>("counter");
    QTest::addColumn<quint64>("key");
    QTest::addColumn<quint64>("expected");
    // Random123's kat_vectors for threefry2x32_20, packed as (word1 << 32 | word0).
    QTest::newRow("zeros") << 0ull << 0ull << 0x99ba4efe6b200159ull;
    QTest::newRow("ones") << 0xffffffffffffffffull << 0xffffffffffffffffull
                          << 0xbb002be71cb996fcull;
    QTest::newRow("pi") << 0x85a308d3243f6a88ull << 0x0370734413198a2eull << 0x483df7a0c4923a9cull;
  }
  void threefryKnownAnswers() {
    QFETCH(quint64, counter);
    QFETCH(quint64, key);
    QFETCH(quint64, expected);
    QCOMPARE(quint64(threefry2x32(counter, key)), expected);
    auto x = constant(dtypes::uint64, static_cast<int64_t>(counter));
    auto k = constant(dtypes::uint64, static_cast<int64_t>(key));
    HostTensor out = eval(alu(Op::Threefry, {x, k}));
    QVERIFY(out.dtype() == dtypes::uint64);
    QCOMPARE(quint64(out.getUInt(0)), expected);
  }

  void meaninglessOpsThrow() {
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(alu(Op::Xor, {f32({1}), f32({1})})));
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(alu(Op::Sin, {i32({1})})));
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(alu(Op::Threefry, {i32({1}), i32({1})})));
    QVERIFY_THROWS_EXCEPTION(EvalError, eval(alu(Op::Add, {i32({1}), f32({1})})));
    try {
      eval(alu(Op::Xor, {f32({1}), f32({1})}));
    } catch (const EvalError& e) {
      QCOMPARE(e.op(), Op::Xor);
      QCOMPARE(QString::fromStdString(e.why()), qs("Xor needs integer operands, got dtypes.float"));
    }
  }

  // The typed row loops (float32/float64 and every integer type, operands
  // read through broadcast strides) give each element exactly what the
  // per-element definition gives on the broadcast copies: wrapping, shifts by
  // more than the width, signed Shr, NaN from Max, division by zero.
  void typedRowsMatchTheElementDefinition() {
    for (DType d : {dtypes::float32, dtypes::float64, dtypes::int8, dtypes::uint16, dtypes::int32,
                    dtypes::uint64}) {
      HostTensor a(d, {3, 1, 4}), b(d, {2, 4}), c(d, {4});
      for (int64_t i = 0; i < a.numel(); ++i)
        d.isFloat() ? a.setDouble(i, i == 5 ? std::nan("") : (static_cast<double>(i) - 6.5) * 1.37)
                    : a.setInt(i, i * 23 - 120);
      for (int64_t i = 0; i < b.numel(); ++i)
        d.isFloat() ? b.setDouble(i, 0.3 / (static_cast<double>(i) - 3.0)) : b.setInt(i, i * 3 - 1);
      for (int64_t i = 0; i < c.numel(); ++i)
        c.setInt(i, i + 250);
      std::vector<Op> ops{Op::Add, Op::Sub, Op::Mul, Op::Max, Op::Neg, Op::Div, Op::Mulacc};
      if (!d.isFloat()) ops.insert(ops.end(), {Op::Xor, Op::Or, Op::And, Op::Shl, Op::Shr, Op::Mod});
      if (d.isFloat()) ops.insert(ops.end(), {Op::Sqrt, Op::Recip, Op::Pow});
      for (Op op : ops) {
        std::vector<const HostTensor*> srcs{&a, &b, &c};
        srcs.resize(static_cast<size_t>(opInfo(op).minSrc));
        HostTensor typed = elementwiseTensor(op, d, srcs);
        Shape shape = srcs.size() == 1 ? a.shape() : Shape{3, 2, 4};
        HostTensor expected(d, shape);
        std::vector<HostTensor> copies;
        for (const HostTensor* s : srcs)
          copies.push_back(broadcastTo(*s, shape));
        for (int64_t i = 0; i < expected.numel(); ++i) {
          std::vector<ElementRef> refs;
          for (const HostTensor& t : copies)
            refs.push_back({&t, i});
          elementwiseElement(op, refs, expected, i);
        }
        QVERIFY2(typed.bytes().size() == expected.bytes().size() &&
                     std::equal(typed.bytes().begin(), typed.bytes().end(), expected.bytes().begin()),
                 qPrintable(QStringLiteral("%1 %2: %3 vs %4")
                                .arg(QString::fromStdString(std::string(opName(op))),
                                     QString::fromStdString(toString(d)), show(typed), show(expected))));
      }
    }
  }
};

UOPSCOPE_TEST(TestElementwise);
#include "test_elementwise.moc"
