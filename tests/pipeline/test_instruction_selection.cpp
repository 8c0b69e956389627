// Instruction Selection: decomposed ops become primitives (the spec's
// decompositions), transcendentals follow the target, bool arithmetic becomes
// logic, Index offsets are dtypes.index, gates min_max decides disappear.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/ir/text.h"
#include "core/ir/verify.h"
#include "core/opt/kernel_work.h"
#include "core/pipeline/decompose_pow.h"
#include "core/pipeline/half_round_trip.h"
#include "core/pipeline/instruction_selection.h"
#include "core/pipeline/linearize.h"
#include "core/rewrite/graph_rewrite.h"

#include <QTest>

#include <functional>

using namespace uops;
using namespace kernelast;

namespace {

size_t count(const UOpPtr& root, Op op) {
  size_t n = 0;
  for (const UOp* u : toposort(*root))
    n += u->op() == op;
  return n;
}

size_t decomposedLeft(const UOpPtr& root) {
  size_t n = 0;
  for (const UOp* u : toposort(*root))
    n += opGroup(u->op()) == OpGroup::DecomposedElementwise;
  return n;
}

UOpPtr unaryKernel(Op op, DType d) {
  UOpPtr r = range(8, 0);
  UOpPtr value = alu(op, {load(buf(1, d, 8), r)});
  return sink({end(store(buf(0, value->dtype(), 8), r, value), {r})});
}

} // namespace

class TestInstructionSelection : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void decomposedOpsBecomePrimitives_data();
  void decomposedOpsBecomePrimitives();
  void subIsAddOfNegation();
  void transcendentalsFollowTheTarget();
  void boolArithmeticIsLogic();
  void offsetsInIndexDType();
  void decidedGatesDisappear();
  void powSimplifiesConstantExponents();
  void transcendentalWeightsMatchTheirDecompositions();
  void halfRoundTripIsTheValue();
  void otherRoundTripsKeepTheirRounding();
};

void TestInstructionSelection::decomposedOpsBecomePrimitives_data() {
  QTest::addColumn<int>("op");
  QTest::addColumn<int>("dtype");
  const std::pair<Op, ScalarType> cases[] = {
      {Op::Sub, ScalarType::Int32},    {Op::Div, ScalarType::Float32},
      {Op::CmpGt, ScalarType::Int8},   {Op::CmpGe, ScalarType::Float16},
      {Op::CmpLe, ScalarType::UInt32}, {Op::CmpEq, ScalarType::Float64},
      {Op::Pow, ScalarType::Float32},  {Op::Threefry, ScalarType::UInt64}};
  for (auto [op, t] : cases)
    QTest::newRow(std::string(opName(op)).c_str()) << int(op) << int(t);
}

void TestInstructionSelection::decomposedOpsBecomePrimitives() {
  QFETCH(int, op);
  QFETCH(int, dtype);
  DType d = static_cast<ScalarType>(dtype);
  UOpPtr kernel = elementwise(static_cast<Op>(op), d, 8);
  UOpPtr out = selectInstructions(kernel, cpuTarget());
  QCOMPARE(decomposedLeft(out), size_t(0));
  QVERIFY2(verify(out).empty(), formatErrors(verify(out)).c_str());
}

// Sub(a, b) -> Add(a, Mul(b, -1)); for unsigned dtypes -1 is the wrapped maximum.
void TestInstructionSelection::subIsAddOfNegation() {
  UOpPtr a = load(buf(1, dtypes::uint8, 8), range(8, 0)),
         b = load(buf(2, dtypes::uint8, 8), range(8, 0));
  UOpPtr sub = alu(Op::Sub, {a, b});
  UOpPtr out = graphRewrite(sub, pmDecompositions());
  QVERIFY(out == alu(Op::Add, {a, alu(Op::Mul, {b, constant(dtypes::uint8, int64_t{255})})}));
  UOpPtr ge = graphRewrite(alu(Op::CmpGe, {a, b}), pmDecompositions());
  QVERIFY(ge == ne(lt(a, b), constant(dtypes::bool_, true)));
}

void TestInstructionSelection::transcendentalsFollowTheTarget() {
  UOpPtr exp2 = unaryKernel(Op::Exp2, dtypes::float32);
  UOpPtr decomposed = selectInstructions(exp2, cpuTarget());
  QCOMPARE(count(decomposed, Op::Exp2), size_t(0));
  QVERIFY(count(decomposed, Op::Bitcast) > 0); // 2^k is built from exponent bits
  CodegenTarget intrinsics;
  intrinsics.transcendentals = TranscendentalMode::Intrinsics;
  QCOMPARE(count(selectInstructions(exp2, intrinsics), Op::Exp2), size_t(1));

  UOpPtr sqrt = unaryKernel(Op::Sqrt, dtypes::float32);
  QCOMPARE(count(selectInstructions(sqrt, cpuTarget()), Op::Sqrt), size_t(1)); // native on CPU
  CodegenTarget noSqrt;
  noSqrt.nativeSqrt = false;
  UOpPtr viaExp2 = selectInstructions(sqrt, noSqrt);
  QCOMPARE(count(viaExp2, Op::Sqrt), size_t(0));
  QCOMPARE(decomposedLeft(viaExp2), size_t(0));
}

void TestInstructionSelection::boolArithmeticIsLogic() {
  UOpPtr out = selectInstructions(elementwise(Op::Add, dtypes::bool_, 8), cpuTarget());
  QCOMPARE(count(out, Op::Add), size_t(0));
  QCOMPARE(count(out, Op::Or), size_t(1));
  UOpPtr mul = selectInstructions(elementwise(Op::Max, dtypes::bool_, 8), cpuTarget());
  QCOMPARE(count(mul, Op::Max), size_t(0));
}

void TestInstructionSelection::offsetsInIndexDType() {
  UOpPtr r = range(8, 0);
  UOpPtr i32 = load(buf(2, dtypes::int32, 8), r); // an index read from memory
  UOpPtr k = sink(
      {end(store(buf(0, dtypes::float32, 8), r, load(buf(1, dtypes::float32, 8), i32 % 8)), {r})});
  UOpPtr out = selectInstructions(k, cpuTarget());
  for (const UOp* u : toposort(*out))
    if (u->op() == Op::Index) QCOMPARE(toString(u->src(1)->dtype()), std::string("dtypes.index"));
}

void TestInstructionSelection::decidedGatesDisappear() {
  UOpPtr r = range(8, 0);
  UOpPtr always = lt(r, 100), never = lt(r, 0);
  UOpPtr zero = constant(dtypes::float32, 0.0);
  UOpPtr k = sink({end(store(buf(0, dtypes::float32, 8), r,
                             gatedLoad(buf(1, dtypes::float32, 8), r, zero, always) +
                                 gatedLoad(buf(2, dtypes::float32, 8), r + 8, zero, never)),
                       {r})});
  UOpPtr out = selectInstructions(k, cpuTarget());
  size_t loads = 0;
  for (const UOp* u : toposort(*out))
    if (u->op() == Op::Load) {
      ++loads;
      QCOMPARE(u->src().size(), size_t(1));
    }
  QCOMPARE(loads, size_t(1)); // the never-gated load became its alt
}

// Pow keeps its exponent until here (its gradient is Pow's own); a constant
// exponent then becomes tinygrad's simplification, exact products included.
void TestInstructionSelection::powSimplifiesConstantExponents() {
  UOpPtr x = load(buf(1, dtypes::float32, 8), range(8, 0));
  auto c = [](double v) { return constant(dtypes::float32, v); };
  UOpPtr square = alu(Op::Mul, {x, x});
  QCOMPARE(decomposePow(x, c(2.0)), square);
  QCOMPARE(decomposePow(x, c(3.0)), alu(Op::Mul, {square, x}));
  QCOMPARE(decomposePow(x, c(0.0)), c(1.0));
  QCOMPARE(decomposePow(x, c(-1.0)), alu(Op::Recip, {x}));
  QCOMPARE(decomposePow(x, c(-2.0)), alu(Op::Mul, {alu(Op::Recip, {x}), alu(Op::Recip, {x})}));
  QCOMPARE(decomposePow(x, c(0.5)), alu(Op::Sqrt, {x}));
  QCOMPARE(decomposePow(x, c(2.5)), alu(Op::Mul, {square, alu(Op::Sqrt, {x})}));
  QCOMPARE(decomposePow(c(1.0), x), c(1.0));
  // anything else is Exp2(Log2(|b|) * e) with the negative base's sign and NaN
  for (const UOpPtr& e : {c(0.3), load(buf(2, dtypes::float32, 8), range(8, 0))}) {
    UOpPtr general = decomposePow(x, e);
    QCOMPARE(count(general, Op::Exp2), size_t(1));
    QCOMPARE(count(general, Op::Log2), size_t(1));
    QVERIFY(count(general, Op::Where) >= 4);
  }
}

// The copy budget weighs a decomposed transcendental as the nodes it becomes
// (kernel_work.h): within a quarter of what Instruction Selection makes of it
// on the CPU, and 1 where the target has the instruction.
void TestInstructionSelection::transcendentalWeightsMatchTheirDecompositions() {
  auto nodes = [](const UOpPtr& k) { return static_cast<int64_t>(toposort(*selectInstructions(k, cpuTarget())).size()); };
  const int64_t plain = nodes(unaryKernel(Op::Recip, dtypes::float32)) - 1;
  for (Op op : {Op::Sin, Op::Log2, Op::Exp2}) {
    const UOpPtr x = load(buf(1, dtypes::float32, 8), range(8, 0));
    const UOpPtr node = alu(op, {x});
    const int64_t made = nodes(unaryKernel(op, dtypes::float32)) - plain;
    const int64_t weight = expandedWeight(*node, {});
    QVERIFY2(4 * std::abs(made - weight) <= made,
             qPrintable(QStringLiteral("%1: weight %2, decomposed into %3 nodes").arg(QString::fromStdString(std::string(opName(op)))).arg(weight).arg(made)));
    QCOMPARE(expandedWeight(*node, {.decomposedTranscendentals = false}), int64_t{1});
  }
  // half arithmetic done in float32 around each op counts four times
  const UOpPtr h = load(buf(1, dtypes::float16, 8), range(8, 0));
  QCOMPARE(expandedWeight(*alu(Op::Add, {h, h}), {}), int64_t{4});
  QCOMPARE(expandedWeight(*alu(Op::Add, {h, h}), {.emulatedHalf = false}), int64_t{1});
  QCOMPARE(expandedWeight(*h, {}), int64_t{1}); // a load is one instruction
}

namespace {

// out[i] = value(a[i]) over float32 buffers (slots: out 0, a 1).
UOpPtr halfKernel(const std::function<UOpPtr(const UOpPtr&)>& value, DType in = dtypes::float32) {
  UOpPtr r = range(8, 0);
  return sink({end(store(buf(0, dtypes::float32, 8), r, value(load(buf(1, in, 8), r))), {r})});
}

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

UOpPtr f32(double v) {
  return constant(dtypes::float32, v);
}

UOpPtr halfFold(const UOpPtr& kernel) {
  return graphRewrite(kernel, pmHalfRoundTrip(), {.name = "half round trip"});
}

} // namespace

// x.cast(half).cast(float) -> x in a kernel, as tinygrad's late codegen folds
// it: the stage's IR is the kernel that stores x, node for node.
void TestInstructionSelection::halfRoundTripIsTheValue() {
  auto roundTrip = [](const UOpPtr& x) { return cast(cast(x, dtypes::float16), dtypes::float32); };
  auto identity = [](const UOpPtr& x) { return x; };
  QCOMPARE(qs(printGraph(halfFold(halfKernel(roundTrip)))), qs(printGraph(halfKernel(identity))));
  QCOMPARE(qs(printGraph(selectInstructions(halfKernel(roundTrip), cpuTarget()))),
           qs(printGraph(selectInstructions(halfKernel(identity), cpuTarget()))));
  // inside an expression
  auto twice = [&](const UOpPtr& x) { return roundTrip(x * f32(2)) + f32(1); };
  auto twicePlain = [](const UOpPtr& x) { return x * f32(2) + f32(1); };
  QCOMPARE(qs(printGraph(halfFold(halfKernel(twice)))), qs(printGraph(halfKernel(twicePlain))));
  // a padded read: the cast back goes through the Where that selects the value or 0
  UOpPtr gate = lt(range(8, 0), 4);
  auto padded = [&](const UOpPtr& x) {
    return cast(where(gate, cast(x, dtypes::float16), constant(dtypes::float16, 0.0)), dtypes::float32);
  };
  auto paddedPlain = [&](const UOpPtr& x) {
    return where(gate, x, cast(constant(dtypes::float16, 0.0), dtypes::float32));
  };
  QCOMPARE(qs(printGraph(halfFold(halfKernel(padded)))), qs(printGraph(halfKernel(paddedPlain))));
  // through float64: one cast to half first (symbolic's cast through wider)
  UOpPtr wide = halfKernel([](const UOpPtr& x) {
    return cast(cast(cast(cast(x, dtypes::float64), dtypes::float16), dtypes::float64), dtypes::float32);
  });
  QCOMPARE(qs(printGraph(halfFold(wide))), qs(printGraph(halfKernel(identity))));
}

// bfloat16 and integer round trips keep their rounding and truncation; a half
// read from a buffer was rounded when stored.
void TestInstructionSelection::otherRoundTripsKeepTheirRounding() {
  for (DType mid : {dtypes::bfloat16, dtypes::int32, dtypes::uint8}) {
    UOpPtr k = halfKernel([mid](const UOpPtr& x) { return cast(cast(x, mid), dtypes::float32); });
    QVERIFY2(halfFold(k) == k, toString(mid).c_str());
  }
  UOpPtr stored = halfKernel([](const UOpPtr& h) { return cast(h, dtypes::float32); }, dtypes::float16);
  QVERIFY(halfFold(stored) == stored);
}

UOPSCOPE_TEST(TestInstructionSelection);
#include "test_instruction_selection.moc"

