// The verifier: one row per rule with its exact message, and well-formed graphs
// that pass.
#include "tests/support/test_registry.h"
#include "tests/ir/ir_test.h"

#include "core/ir/shape.h"
#include "core/ir/text.h"
#include "core/ir/verify.h"

#include <QTest>

using namespace uops;
using irtest::qs;
using irtest::mk;
using irtest::buf;
using irtest::f32;
using irtest::i32;

namespace {

UOpPtr yes() {
  return constant(dtypes::bool_, true);
}

QStringList rulesOf(const UOpPtr& root) {
  QStringList out;
  for (const auto& e : verify(root))
    out << qs(e.rule);
  return out;
}

} // namespace

class TestVerify : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void rules_data();
  void rules();
  void wellFormed_data();
  void wellFormed();
  void errorNamesTheNode();
  void throwingHelper();
};

void TestVerify::rules_data() {
  QTest::addColumn<UOpPtr>("root");
  QTest::addColumn<QStringList>("errors");
  auto row = [](const char* name, UOpPtr root, QStringList errors) {
    QTest::newRow(name) << root << errors;
  };
  // Arity from opInfo.
  row("arity exact", mk(Op::Add, dtypes::int32, {i32(1), i32(1), i32(1)}),
      {QStringLiteral("Add: takes 2 sources, got 3")});
  row("arity unary", mk(Op::Recip, dtypes::float32, {}),
      {QStringLiteral("Recip: takes 1 source, got 0")});
  row("arity at least", mk(Op::Index, dtypes::float32),
      {QStringLiteral("Index: takes at least 1 source, got 0")});
  row("arity range", mk(Op::Load, dtypes::float32, {buf(), buf(), yes(), yes()}, LoadArg{}),
      {QStringLiteral("Load: takes 1 to 3 sources, got 4")});
  // Arg kind per op.
  row("arg Ints", mk(Op::Permute, dtypes::float32, {buf()}),
      {QStringLiteral("Permute: arg must be Ints, got None")});
  row("arg None", mk(Op::Add, dtypes::int32, {i32(1), i32(2)}, int64_t(3)),
      {QStringLiteral("Add: arg must be None, got int")});
  row("arg const", mk(Op::Const, dtypes::int32, {}, std::string("3")),
      {QStringLiteral("Const: arg must be a bool, int or float constant, got string")});
  row("arg ReduceArg", mk(Op::Reduce, dtypes::float32, {buf()}, Ints{0}),
      {QStringLiteral("Reduce: arg must be ReduceArg, got Ints")});
  row("arg Bools", mk(Op::Flip, dtypes::float32, {buf()}, Ints{0}),
      {QStringLiteral("Flip: arg must be Bools, got Ints")});
  row("arg RangeArg", mk(Op::Range, dtypes::index, {constIndex(3)}, int64_t(0)),
      {QStringLiteral("Range: arg must be RangeArg, got int")});
  // Const: a scalar whose value kind is its dtype's and fits.
  row("const vector", mk(Op::Const, dtypes::float32.vec(4), {}, 1.0),
      {QStringLiteral("Const: dtype must be a scalar, got dtypes.float.vec(4)")});
  row("const float holds int", constant(dtypes::float32, int64_t(1)),
      {QStringLiteral("Const: dtypes.float needs a float value, got int")});
  row("const bool holds int", constant(dtypes::bool_, int64_t(1)),
      {QStringLiteral("Const: dtypes.bool needs a bool value, got int")});
  row("const int holds float", constant(dtypes::int32, 1.5),
      {QStringLiteral("Const: dtypes.int needs an int value, got float")});
  row("const out of range", constant(dtypes::int8, int64_t(300)),
      {QStringLiteral("Const: value 300 out of range for dtypes.char")});
  row("const below uint range", constant(dtypes::uint8, int64_t(-1)),
      {QStringLiteral("Const: value -1 out of range for dtypes.uchar")});
  // Source ops.
  row("buffer size", buffer(1, dtypes::float32, -1, irtest::cpu()),
      {QStringLiteral("Buffer: size must be >= 0, got -1")});
  row("buffer device", buffer(1, dtypes::float32, 4, DeviceArg{}),
      {QStringLiteral("Buffer: device must name at least one device")});
  row("buffer void", buffer(1, dtypes::void_, 4, irtest::cpu()),
      {QStringLiteral("Buffer: dtype must be a value type, got dtypes.void")});
  row("param slot", param(-1, dtypes::float32, {2}),
      {QStringLiteral("Param: slot must be >= 0, got -1")});
  row("binary dtype", mk(Op::Binary, dtypes::float32, {}, std::string("ab")),
      {QStringLiteral("Binary: dtype must be dtypes.uchar (raw bytes), got dtypes.float")});
  // Movement ops keep src[0]'s dtype (except Bitcast and Slice).
  row("movement dtype", mk(Op::Permute, dtypes::int32, {buf()}, Ints{0}),
      {QStringLiteral("Permute: dtype must be dtypes.float (src[0]'s), got dtypes.int")});
  row("stack dtypes", mk(Op::Stack, dtypes::index, {constIndex(1), i32(2)}),
      {QStringLiteral("Stack: sources must have equal dtypes, got dtypes.index and dtypes.int")});
  row("slice offset", mk(Op::Slice, dtypes::float16, {buf(), f32(1.0)}, int64_t(2)),
      {QStringLiteral("Slice: offset must be index or an int, got dtypes.float")});
  row("bitcast source", bitcast(sink({}), dtypes::int32),
      {QStringLiteral("Bitcast: source must be a value type, got dtypes.void"),
       QStringLiteral(
           "Bitcast: Bitcast of a scalar from dtypes.void to dtypes.int changes its size")});
  // Reduce.
  row("reduce op", reduce(buf(), Op::Sub, {0}),
      {QStringLiteral("Reduce: op must be Add, Max or Mul, got Sub")});
  row("reduce dtype", mk(Op::Reduce, dtypes::int32, {buf()}, ReduceArg{Op::Add, {0}}),
      {QStringLiteral("Reduce: dtype must be dtypes.float (src[0]'s), got dtypes.int")});
  row("reduce axes twice", reduce(reshape(buf(), {2, 2}), Op::Max, {1, 0, 1}),
      {QStringLiteral("Reduce: axis 1 listed twice")});
  row("reduce over ranges",
      mk(Op::Reduce, dtypes::float32, {buf(), constIndex(4)}, ReduceArg{Op::Add, {}}),
      {QStringLiteral("Reduce: source 1 must be Range, got Const")});
  // Call ops.
  UOpPtr p0 = param(0, dtypes::float32, {4}), p1 = param(1, dtypes::int32, {4});
  UOpPtr tuple = mk(Op::Tuple, dtypes::void_, {p0, p1});
  row("function body", mk(Op::Function, dtypes::float32, {p0 + p0, buf()}),
      {QStringLiteral("Function: body must be a Tuple, got Add")});
  row("function dtype", mk(Op::Function, dtypes::float32, {tuple, buf(), buf(dtypes::int32)}),
      {QStringLiteral("Function: dtype must be dtypes.void (src[0]'s), got dtypes.float")});
  row("gettuple dtype",
      mk(Op::GetTuple, dtypes::float32,
         {mk(Op::Function, dtypes::void_, {tuple, buf(), buf(dtypes::int32)})}, int64_t(1)),
      {QStringLiteral("GetTuple: dtype must be dtypes.int (element 1's), got dtypes.float")});
  // Load and Store.
  row("load dtype", mk(Op::Load, dtypes::int32, {buf()}, LoadArg{}),
      {QStringLiteral("Load: dtype must be dtypes.float (the buffer's), got dtypes.int")});
  row("load alt", mk(Op::Load, dtypes::float32, {buf(), i32(0)}, LoadArg{}),
      {QStringLiteral("Load: alt must have dtype dtypes.float, got dtypes.int")});
  row("load gate", mk(Op::Load, dtypes::float32, {buf(), f32(0.0), i32(1)}, LoadArg{}),
      {QStringLiteral("Load: gate must be bool, got dtypes.int")});
  row("store dtype", mk(Op::Store, dtypes::float32, {buf(), buf()}),
      {QStringLiteral("Store: dtype must be void, got dtypes.float")});
  row("store value dtype", mk(Op::Store, dtypes::void_, {buf(), buf(dtypes::int32)}),
      {QStringLiteral("Store: value dtype dtypes.int differs from buffer dtype dtypes.float")});
  row("store shapes", mk(Op::Store, dtypes::void_, {buf(dtypes::float32, 16), buf()}),
      {QStringLiteral("Store: buffer shape (16,) differs from value shape (4,)")});
  row("store gate", mk(Op::Store, dtypes::void_, {buf(), buf(), f32(1.0)}),
      {QStringLiteral("Store: gate must be bool, got dtypes.float")});
  // Ordering ops.
  row("range dtype", mk(Op::Range, dtypes::float32, {constIndex(3)}, RangeArg{}),
      {QStringLiteral("Range: dtype must be index or an int, got dtypes.float")});
  row("range bound dtype", mk(Op::Range, dtypes::index, {f32(3.0)}, RangeArg{}),
      {QStringLiteral("Range: bound must be index or an int, got dtypes.float")});
  row("range bound shape", mk(Op::Range, dtypes::index, {shapeOperand({3})}, RangeArg{}),
      {QStringLiteral("Range: bound must be a scalar, got shape (1,)")});
  row("end dtype", mk(Op::End, dtypes::index, {sink({}), range(3, 0)}),
      {QStringLiteral("End: dtype must be void, got dtypes.index")});
  row("end of a non-range", mk(Op::End, dtypes::void_, {sink({}), constIndex(3)}),
      {QStringLiteral("End: source 1 must be Range, got Const")});
  row("after dtype", mk(Op::After, dtypes::int32, {buf(), sink({})}),
      {QStringLiteral("After: dtype must be dtypes.float (src[0]'s), got dtypes.int")});
  row("sink dtype", mk(Op::Sink, dtypes::int32, {buf()}),
      {QStringLiteral("Sink: dtype must be void, got dtypes.int")});
  row("group dtype", mk(Op::Group, dtypes::float32, {}),
      {QStringLiteral("Group: dtype must be void, got dtypes.float")});
  row("group of values",
      mk(Op::Group, dtypes::void_, {mk(Op::Store, dtypes::void_, {buf(), buf()}), buf()}),
      {QStringLiteral("Group: source 1 must be void (a Store), got dtypes.float")});
  // Elementwise ops.
  row("where condition", mk(Op::Where, dtypes::float32, {f32(1.0), f32(2.0), f32(3.0)}),
      {QStringLiteral("Where: condition must be bool, got dtypes.float")});
  row("where branches", mk(Op::Where, dtypes::int32, {yes(), i32(2), f32(3.0)}),
      {QStringLiteral("Where: branches must have equal dtypes, got dtypes.int and dtypes.float")});
  row("where dtype", mk(Op::Where, dtypes::float32, {yes(), i32(2), i32(3)}),
      {QStringLiteral("Where: dtype must be dtypes.int (the branches'), got dtypes.float")});
  row("comparison dtype", mk(Op::CmpLt, dtypes::int32, {i32(1), i32(2)}),
      {QStringLiteral("CmpLt: dtype must be dtypes.bool, got dtypes.int")});
  row("comparison sources", mk(Op::CmpEq, dtypes::bool_, {i32(1), f32(2.0)}),
      {QStringLiteral("CmpEq: sources must have equal dtypes, got dtypes.int and dtypes.float")});
  row("not dtype", mk(Op::Not, dtypes::int32, {i32(1)}),
      {QStringLiteral("Not: dtype must be dtypes.bool, got dtypes.int")});
  UOpPtr vec4 = mk(Op::Stack, dtypes::float32.vec(4), {});
  row("comparison of vectors", mk(Op::CmpNe, dtypes::bool_, {vec4, vec4}),
      {QStringLiteral("CmpNe: dtype must be dtypes.bool.vec(4), got dtypes.bool")});
  row("binary sources", mk(Op::Add, dtypes::int32, {i32(1), f32(2.0)}),
      {QStringLiteral("Add: sources must have equal dtypes, got dtypes.int and dtypes.float")});
  row("binary dtype", mk(Op::Mul, dtypes::float32, {i32(1), i32(2)}),
      {QStringLiteral("Mul: dtype must be dtypes.int (src[0]'s), got dtypes.float")});
  row("mulacc sources", mk(Op::Mulacc, dtypes::float32, {f32(1.0), f32(2.0), i32(3)}),
      {QStringLiteral("Mulacc: sources must have equal dtypes, got dtypes.float and dtypes.int")});
  row("unary dtype", mk(Op::Neg, dtypes::float16, {f32(1.0)}),
      {QStringLiteral("Neg: dtype must be dtypes.float (src[0]'s), got dtypes.half")});
  row("shift value", mk(Op::Shl, dtypes::float32, {f32(1.0), i32(2)}),
      {QStringLiteral("Shl: needs an int dtype, got dtypes.float")});
  row("shift amount", mk(Op::Shr, dtypes::int32, {i32(1), f32(2.0)}),
      {QStringLiteral("Shr: shift amount must be index or an int, got dtypes.float")});
  row("idiv of floats", mk(Op::Idiv, dtypes::float32, {f32(1.0), f32(2.0)}),
      {QStringLiteral("Idiv: needs an int dtype, got dtypes.float")});
  row("mod of floats", mk(Op::Mod, dtypes::float32, {f32(1.0), f32(2.0)}),
      {QStringLiteral("Mod: needs an int dtype, got dtypes.float")});
  row("xor of floats", mk(Op::Xor, dtypes::float32, {f32(1.0), f32(2.0)}),
      {QStringLiteral("Xor: needs an int or bool dtype, got dtypes.float")});
  row("recip of ints", mk(Op::Recip, dtypes::int32, {i32(2)}),
      {QStringLiteral("Recip: needs a float dtype, got dtypes.int")});
  row("sqrt of ints", mk(Op::Sqrt, dtypes::int32, {i32(2)}),
      {QStringLiteral("Sqrt: needs a float dtype, got dtypes.int")});
  row("void operand", mk(Op::Add, dtypes::void_, {sink({}), sink({})}),
      {QStringLiteral("Add: source 0 must be a value, got dtypes.void"),
       QStringLiteral("Add: source 1 must be a value, got dtypes.void")});
  row("cast pointer",
      cast(mk(Op::Index, dtypes::float32.ptr(4),
              {buffer(1, dtypes::float32.ptr(4), 4, irtest::cpu())}),
           dtypes::int64),
      {QStringLiteral("Buffer: dtype must be a value type, got dtypes.float.ptr(4)"),
       QStringLiteral("Cast: cannot cast a pointer, got dtypes.float.ptr(4)")});
  row("cast to void", cast(f32(1.0), dtypes::void_),
      {QStringLiteral("Cast: target must be a value type, got dtypes.void")});
  row("cast vector width", cast(vec4, dtypes::int32),
      {QStringLiteral(
          "Cast: cannot cast dtypes.float.vec(4) to dtypes.int: vector widths differ")});
  row("bitcast void", bitcast(reshape(buf(), {4}), dtypes::void_),
      {QStringLiteral("Bitcast: target must be a value type, got dtypes.void"),
       QStringLiteral("Bitcast: Bitcast from dtypes.float to dtypes.void: last axis of 16 bytes "
                      "does not divide")});
  // Markers and codegen ops.
  row("marker dtype", mk(Op::Contiguous, dtypes::float16, {buf()}),
      {QStringLiteral("Contiguous: dtype must be dtypes.float (src[0]'s), got dtypes.half")});
  row("special bound", mk(Op::Special, dtypes::index, {f32(4.0)}, std::string("gidx0")),
      {QStringLiteral("Special: bound must be index or an int, got dtypes.float")});
  row("if gate", mk(Op::If, dtypes::void_, {i32(1)}),
      {QStringLiteral("If: gate must be bool, got dtypes.int")});
  row("endif source", mk(Op::Endif, dtypes::void_, {yes()}),
      {QStringLiteral("Endif: source 0 must be If, got Const")});
  row("program parts",
      mk(Op::Program, dtypes::void_,
         {mk(Op::Linear, dtypes::void_), mk(Op::Binary, dtypes::uint8, {}, std::string()),
          mk(Op::Source, dtypes::void_, {}, std::string("k"))}),
      {QStringLiteral("Program: source 1 must be Source, got Binary"),
       QStringLiteral("Program: source 2 must be Binary, got Source")});
  // The shape rule, with inferShape's reason.
  row("shape reshape", reshape(reshape(buf(dtypes::float32, 12), {3, 4}), {5}),
      {QStringLiteral("Reshape: Reshape from (3, 4) to (5,) changes the number of elements")});
  row("shape broadcast", buf(dtypes::float32, 3) + buf(dtypes::float32, 4),
      {QStringLiteral("Add: cannot broadcast (3,) with (4,)")});
  row("shape permute", mk(Op::Permute, dtypes::float32, {buf()}, Ints{0, 0}),
      {QStringLiteral("Permute: Permute arg must be a permutation of 1 axes")});
  row("shape operand", mk(Op::Reshape, dtypes::float32, {buf(), i32(4)}),
      {QStringLiteral("Reshape: Reshape's new shape (src 1) must be a Stack of integer Consts")});
  row("shape gettuple", mk(Op::GetTuple, dtypes::float32, {tuple}, int64_t(2)),
      {QStringLiteral("GetTuple: GetTuple index out of range for a Tuple of 2")});
  row("shape error reported once, at its origin", (reshape(buf(), {5}) * 2) + 1,
      {QStringLiteral("Reshape: Reshape from (4,) to (5,) changes the number of elements")});
}

void TestVerify::rules() {
  QFETCH(UOpPtr, root);
  QFETCH(QStringList, errors);
  QCOMPARE(rulesOf(root), errors);
}

void TestVerify::wellFormed_data() {
  QTest::addColumn<UOpPtr>("root");
  UOpPtr a = buffer(1, dtypes::float32, 16, irtest::cpu()),
         b = buffer(2, dtypes::float32, 16, irtest::cpu());
  UOpPtr mm = reshape(
      reduce(expand(reshape(a, {4, 4, 1}), {4, 4, 4}) * expand(reshape(b, {1, 4, 4}), {4, 4, 4}),
             Op::Add, {1}),
      {4, 4});
  QTest::newRow("matmul") << mm;
  QTest::newRow("assign") << UOp::make(Op::After, dtypes::float32,
                                       {a, UOp::make(Op::Store, dtypes::void_, {a, b * 2})});
  UOpPtr i = range(16, 0), r = range(4, 1, AxisType::Reduce);
  UOpPtr idx = UOp::make(Op::Index, dtypes::float32, {a, i});
  QTest::newRow("kernel") << sink(
      {UOp::make(Op::End, dtypes::void_,
                 {UOp::make(Op::Store, dtypes::void_,
                            {idx, where(lt(i, 8), idx, constant(dtypes::float32, 0.0))}),
                  i})});
  QTest::newRow("reduce over a range") << UOp::make(
      Op::Reduce, dtypes::float32, {cast(r, dtypes::float32), r}, ReduceArg{Op::Add, {}});
  UOpPtr p = param(0, dtypes::float32, {16});
  UOpPtr fn =
      UOp::make(Op::Function, dtypes::void_, {UOp::make(Op::Tuple, dtypes::void_, {p + p}), a});
  QTest::newRow("function") << UOp::make(Op::GetTuple, dtypes::float32, {fn}, int64_t(0));
  QTest::newRow("shift by another int")
      << (buffer(3, dtypes::int32, 4, irtest::cpu()) << buffer(4, dtypes::uint8, 4, irtest::cpu()));
  QTest::newRow("bool and") << (lt(a, b) & lt(b, a));
  QTest::newRow("program") << UOp::make(
      Op::Program, dtypes::void_,
      {UOp::make(Op::Linear, dtypes::void_, {}),
       UOp::make(Op::Source, dtypes::void_, {}, std::string("void k() {}")),
       UOp::make(Op::Binary, dtypes::uint8, {},
                 std::string("\x7f"
                             "ELF"))});
  QTest::newRow("group of stores") << UOp::make(
      Op::Group, dtypes::void_,
      {UOp::make(Op::Store, dtypes::void_, {a, b}), UOp::make(Op::Store, dtypes::void_, {b, a})});
  QTest::newRow("uint64 const") << constant(dtypes::uint64, int64_t(-1));
  QTest::newRow("multi") << UOp::make(
      Op::Replicated, dtypes::float32,
      {UOp::make(Op::Load, dtypes::float32, {a}, LoadArg{irtest::twoCL(), AddrSpace::Global})},
      Ints{0});
}

void TestVerify::wellFormed() {
  QFETCH(UOpPtr, root);
  QCOMPARE(rulesOf(root), QStringList());
}

void TestVerify::errorNamesTheNode() {
  UOpPtr c = constant(dtypes::float32, 1.0);
  UOpPtr bad = UOp::make(Op::Where, dtypes::float32, {c, c, c});
  auto errors = verify(bad);
  QCOMPARE(errors.size(), size_t(1));
  QCOMPARE(errors[0].node.get(), bad.get());
  QCOMPARE(qs(errors[0].line), QStringLiteral("%1 = Where(%0, %0, %0) dtypes.float ()"));
  QCOMPARE(qs(errors[0].rule), QStringLiteral("Where: condition must be bool, got dtypes.float"));
}

void TestVerify::throwingHelper() {
  UOpPtr good = constant(dtypes::int32, int64_t(1));
  verifyOrThrow(good);
  UOpPtr bad = UOp::make(Op::Sink, dtypes::int32, {constant(dtypes::int8, int64_t(200))});
  try {
    verifyOrThrow(bad);
    QFAIL("verifyOrThrow accepted a bad graph");
  } catch (const VerifyFailure& e) {
    QCOMPARE(e.errors().size(), size_t(2));
    QCOMPARE(QString::fromUtf8(e.what()),
             QStringLiteral("graph breaks 2 spec rules:\n"
                            "Const: value 200 out of range for dtypes.char\n"
                            "    at %0 = Const() dtypes.char () arg=200\n"
                            "Sink: dtype must be void, got dtypes.int\n"
                            "    at %1 = Sink(%0) dtypes.int ()"));
  }
}

UOPSCOPE_TEST(TestVerify);
#include "test_verify.moc"
