// Instruction Selection: decomposed ops become primitives (the spec's
// decompositions), transcendentals follow the target, bool arithmetic becomes
// logic, Index offsets are dtypes.index, gates min_max decides disappear.
#include "tests/support/kernel_ast.h"

#include "core/ir/verify.h"
#include "core/pipeline/instruction_selection.h"
#include "core/pipeline/linearize.h"
#include "core/rewrite/graph_rewrite.h"

#include <QTest>

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

QTEST_GUILESS_MAIN(TestInstructionSelection)
#include "test_instruction_selection.moc"
