// Optimize and Expand: AxisTypes per target, the nesting order of ranges, the
// kernel's display name; Expand passes scalar kernels through and refuses
// UPCAST ranges until vector expansion exists.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/ir/graph_walk.h"
#include "core/ir/text.h"
#include "core/render/codegen_error.h"
#include "core/pipeline/expand.h"
#include "core/pipeline/optimize.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

QString types(const UOpPtr& ast) {
  QString out;
  for (const UOpPtr& r : kernelRanges(ast))
    out += QString::fromLatin1(axisTypeName(r->argAs<RangeArg>().type).data()) + QLatin1Char(' ');
  return out.trimmed();
}

} // namespace

class TestOptimize : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void cpuKeepsLoops();
  void gpuMakesOutputsGlobal();
  void names();
  void endListsOutermostFirst();
  void expandPassesScalarKernels();
  void reducesGetRangesOfTheirOwn();
  void expandUpcastMakesCopies();
  void expandUnrollCombines();
  void expandCombinesExactLawsAsATree();
};

void TestOptimize::cpuKeepsLoops() {
  UOpPtr ast = optimize(matmul(64, 64, 16), cpuTarget());
  QCOMPARE(types(ast), QStringLiteral("LOOP LOOP REDUCE"));
  QVERIFY(ast == optimize(ast, cpuTarget())); // nothing left to change: the same node
}

void TestOptimize::gpuMakesOutputsGlobal() {
  CodegenTarget gpu;
  gpu.launchGrid = true;
  UOpPtr ast = optimize(matmul(64, 64, 16), gpu);
  QCOMPARE(types(ast), QStringLiteral("GLOBAL GLOBAL REDUCE"));
  QCOMPARE(QString::fromStdString(kernelName(ast).letters), QStringLiteral("ggR"));
}

void TestOptimize::names() {
  KernelName mm = kernelName(optimize(matmul(64, 32, 16), cpuTarget()));
  QCOMPARE(QString::fromStdString(mm.text), QStringLiteral("r_64_32_16"));
  QCOMPARE(QString::fromStdString(mm.letters), QStringLiteral("LLR"));
  QCOMPARE(mm.sizes, (std::vector<int64_t>{64, 32, 16}));
  QCOMPARE(QString::fromStdString(kernelName(elementwise(Op::Add, dtypes::int8, 7)).text),
           QStringLiteral("E_7"));
  // a kernel without ranges (one element)
  UOpPtr scalar =
      sink({store(buf(0, dtypes::int32, 1), constIndex(0), constant(dtypes::int32, int64_t{1}))});
  QCOMPARE(QString::fromStdString(kernelName(scalar).text), QStringLiteral("E"));
}

// Optimize sorts the ranges an End closes by nesting order, so Linearize opens
// them outermost first whatever order Rangeify listed them in.
void TestOptimize::endListsOutermostFirst() {
  UOpPtr i = range(4, 0), j = range(5, 1);
  UOpPtr k = sink(
      {end(store(buf(0, dtypes::float32, 20), i * 5 + j, constant(dtypes::float32, 1.0)), {j, i})});
  UOpPtr ast = optimize(k, cpuTarget());
  const UOpPtr& e = ast->src(0);
  QCOMPARE(e->op(), Op::End);
  QCOMPARE(e->src(1)->argAs<RangeArg>().id, int64_t(0));
  QCOMPARE(e->src(2)->argAs<RangeArg>().id, int64_t(1));
}

void TestOptimize::expandPassesScalarKernels() {
  UOpPtr ast = optimize(matmul(8, 8, 8), cpuTarget());
  QVERIFY(expand(ast) == ast);
  QVERIFY(expandedRanges(ast).empty());
}

const char* const kExpandUpcast = R"(%0 = Const() dtypes.index () arg=8
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(8) (8,) arg=(slot=0)
%3 = Const() dtypes.index () arg=4
%4 = Range(%3) dtypes.index () arg=(0, LOOP)
%5 = Const() dtypes.index () arg=2
%6 = Mul(%4, %5) dtypes.index ()
%7 = Index(%2, %6) dtypes.float.ptr(8) ()
%8 = Const() dtypes.float () arg=1.0
%9 = Store(%7, %8) dtypes.void ()
%10 = Const() dtypes.index () arg=1
%11 = Add(%6, %10) dtypes.index ()
%12 = Index(%2, %11) dtypes.float.ptr(8) ()
%13 = Store(%12, %8) dtypes.void ()
%14 = Group(%9, %13) dtypes.void ()
%15 = End(%14, %4) dtypes.void ()
%16 = Sink(%15) dtypes.void ()
)";

const char* const kExpandUnroll = R"(%0 = Const() dtypes.index () arg=1
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.int.ptr(1) (1,) arg=(slot=0)
%3 = Const() dtypes.index () arg=0
%4 = Index(%2, %3) dtypes.int.ptr(1) ()
%5 = Const() dtypes.index () arg=6
%6 = Stack(%5) dtypes.index (1,)
%7 = Param(%6) dtypes.int.ptr(6) (6,) arg=(slot=1)
%8 = Const() dtypes.index () arg=3
%9 = Range(%8) dtypes.index () arg=(0, REDUCE)
%10 = Const() dtypes.index () arg=2
%11 = Mul(%9, %10) dtypes.index ()
%12 = Add(%11, %0) dtypes.index ()
%13 = Index(%7, %12) dtypes.int.ptr(6) ()
%14 = Load(%13) dtypes.int () arg=(addrspace=GLOBAL)
%15 = Reduce(%14, %9) dtypes.int () arg=(Max, axes=())
%16 = Index(%7, %11) dtypes.int.ptr(6) ()
%17 = Load(%16) dtypes.int () arg=(addrspace=GLOBAL)
%18 = Reduce(%17, %9) dtypes.int () arg=(Max, axes=())
%19 = Max(%15, %18) dtypes.int ()
%20 = Store(%4, %19) dtypes.void ()
%21 = Sink(%20) dtypes.void ()
)";

// Two reductions over one range (as Rangeify shares equal sub-expressions)
// each get a range of their own, so Linearize gives every range one loop.
void TestOptimize::reducesGetRangesOfTheirOwn() {
  UOpPtr r = range(4, 0, AxisType::Reduce);
  UOpPtr a = load(buf(1, dtypes::float32, 4), r);
  UOpPtr k = sink({store(buf(0, dtypes::float32, 1), constIndex(0),
                         reduceOver(a, Op::Add, {r}) + reduceOver(a * a, Op::Max, {r}))});
  QCOMPARE(kernelRanges(k).size(), size_t(1));
  UOpPtr opt = optimize(k, cpuTarget());
  QCOMPARE(kernelRanges(opt).size(), size_t(2));
  QCOMPARE(types(opt), QStringLiteral("REDUCE REDUCE"));
}

// An UPCAST output range becomes one store per value of it, in one loop over the rest.
void TestOptimize::expandUpcastMakesCopies() {
  UOpPtr i = range(4, 0), u = range(2, 1, AxisType::Upcast);
  UOpPtr k = sink(
      {end(store(buf(0, dtypes::float32, 8), i * 2 + u, constant(dtypes::float32, 1.0)), {i, u})});
  QCOMPARE(expandedRanges(k).size(), size_t(1));
  QCOMPARE(QString::fromStdString(printGraph(expand(k))), QString::fromUtf8(kExpandUpcast));
}

// An UNROLL reduce range becomes one partial reduction per copy over the rest,
// combined by the reduction's op after them: independent accumulators.
void TestOptimize::expandUnrollCombines() {
  UOpPtr r = range(3, 0, AxisType::Reduce), u = range(2, 1, AxisType::Unroll);
  UOpPtr red = reduceOver(load(buf(1, dtypes::int32, 6), r * 2 + u), Op::Max, {r, u});
  UOpPtr k = sink({store(buf(0, dtypes::int32, 1), constIndex(0), red)});
  QCOMPARE(QString::fromStdString(printGraph(expand(k))), QString::fromUtf8(kExpandUnroll));
}

// The value a Store writes, after Expand of a Reduce of `op` over a range of
// 3 and an UNROLL of 4 of a `dtype` buffer.
UOpPtr combinedUnroll(Op op, DType dtype) {
  UOpPtr r = range(3, 0, AxisType::Reduce), u = range(4, 1, AxisType::Unroll);
  UOpPtr red = reduceOver(load(buf(1, dtype, 12), r * 4 + u), op, {r, u});
  UOpPtr k = expand(sink({store(buf(0, dtype, 1), constIndex(0), red)}));
  for (const UOp* n : toposort(*k))
    if (n->op() == Op::Store) return n->src(1);
  return nullptr;
}

// The four partial maxima combine as a tree (a max is exact in any order):
// two maxes of two; a float sum rounds at each step and keeps the
// evaluator's order, one partial sum after another.
void TestOptimize::expandCombinesExactLawsAsATree() {
  for (auto [op, dtype] :
       {std::pair{Op::Max, dtypes::float32}, std::pair{Op::Max, dtypes::int32}}) {
    UOpPtr v = combinedUnroll(op, dtype);
    QVERIFY(v && v->op() == op);
    QCOMPARE(v->src(0)->op(), op);
    QCOMPARE(v->src(1)->op(), op);
    QCOMPARE(v->src(0)->src(0)->op(), Op::Reduce);
  }
  // the float sum: each Add takes one partial sum and the chain before it
  UOpPtr sum = combinedUnroll(Op::Add, dtypes::float32);
  int depth = 0;
  while (sum->op() == Op::Add) {
    ++depth;
    const bool reduceFirst = sum->src(0)->op() == Op::Reduce;
    QVERIFY(reduceFirst || sum->src(1)->op() == Op::Reduce);
    sum = sum->src(reduceFirst ? 1 : 0);
  }
  QCOMPARE(depth, 3);
}

UOPSCOPE_TEST(TestOptimize);
#include "test_optimize.moc"
