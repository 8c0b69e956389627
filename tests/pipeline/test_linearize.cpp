// Linearize: golden textual IR of the Linear for small kernels (elementwise,
// a reduction, a gated pad load, two outputs in one loop, a two-range
// reduction), and the kernels it refuses.
#include "tests/support/test_registry.h"
#include "tests/support/golden_text.h"
#include "tests/support/kernel_ast.h"

#include "core/ir/text.h"
#include "core/pipeline/codegen.h"
#include "core/render/codegen_error.h"
#include "core/pipeline/linearize.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

std::string linearText(const UOpPtr& kernel) {
  return printGraph(lowerKernel(kernel).linear);
}

#define CHECK_GOLDEN(actual, expected)                                                             \
  do {                                                                                             \
    QString diff = golden::difference(actual, expected);                                           \
    QVERIFY2(diff.isEmpty(), qPrintable(diff));                                                    \
  } while (false)

} // namespace

class TestLinearize : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void elementwiseAdd();
  void sumOverAxis();
  void gatedPadLoad();
  void twoOutputsShareALoop();
  void reductionOverTwoRanges();
  void accumulatorStartsAfterTheLoopBeforeIt();
  void deterministic();
  void refusesOpenRange();
  void refusesReduceOverAxes();
  void refusesCrossedLoops();
};

void TestLinearize::elementwiseAdd() {
  CHECK_GOLDEN(linearText(elementwise(Op::Add, dtypes::float32, 16)),
               R"(%0 = Const() dtypes.index () arg=16
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(16) (16,) arg=(slot=0)
%3 = Param(%1) dtypes.float.ptr(16) (16,) arg=(slot=1)
%4 = Param(%1) dtypes.float.ptr(16) (16,) arg=(slot=2)
%5 = Range(%0) dtypes.index () arg=(0, LOOP)
%6 = Index(%2, %5) dtypes.float.ptr(16) ()
%7 = Index(%3, %5) dtypes.float.ptr(16) ()
%8 = Load(%7) dtypes.float () arg=(addrspace=GLOBAL)
%9 = Index(%4, %5) dtypes.float.ptr(16) ()
%10 = Load(%9) dtypes.float () arg=(addrspace=GLOBAL)
%11 = Add(%8, %10) dtypes.float ()
%12 = Store(%6, %11) dtypes.void ()
%13 = End(%12, %5) dtypes.void ()
%14 = Linear(%2, %3, %4, %0, %5, %6, %7, %8, %9, %10, %11, %12, %13) dtypes.void ()
)");
}

// The Reduce becomes an accumulator: a REG buffer initialized inside the output
// loop (%15), updated inside the reduce loop (%24), read after its End (%28).
void TestLinearize::sumOverAxis() {
  CHECK_GOLDEN(linearText(reduceRows(Op::Add, dtypes::float32, 4, 8)),
               R"(%0 = Const() dtypes.index () arg=4
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(4) (4,) arg=(slot=0)
%3 = Const() dtypes.index () arg=32
%4 = Stack(%3) dtypes.index (1,)
%5 = Param(%4) dtypes.float.ptr(32) (32,) arg=(slot=1)
%6 = Buffer() dtypes.float (1,) arg=(id=0, size=1, device="CPU", addrspace=REG)
%7 = Const() dtypes.index () arg=0
%8 = Const() dtypes.float () arg=0.0
%9 = Const() dtypes.index () arg=8
%10 = Range(%0) dtypes.index () arg=(0, LOOP)
%11 = Index(%2, %10) dtypes.float.ptr(4) ()
%12 = After(%6, %10) dtypes.float (1,)
%13 = Index(%12, %7) dtypes.float ()
%14 = Mul(%10, %9) dtypes.index ()
%15 = Store(%13, %8) dtypes.void ()
%16 = Range(%9) dtypes.index () arg=(1, REDUCE)
%17 = After(%6, %15, %16) dtypes.float (1,)
%18 = Index(%17, %7) dtypes.float ()
%19 = Load(%18) dtypes.float () arg=(addrspace=REG)
%20 = Add(%14, %16) dtypes.index ()
%21 = Index(%5, %20) dtypes.float.ptr(32) ()
%22 = Load(%21) dtypes.float () arg=(addrspace=GLOBAL)
%23 = Add(%19, %22) dtypes.float ()
%24 = Store(%18, %23) dtypes.void ()
%25 = End(%24, %16) dtypes.void ()
%26 = After(%6, %25) dtypes.float (1,)
%27 = Index(%26, %7) dtypes.float ()
%28 = Load(%27) dtypes.float () arg=(addrspace=REG)
%29 = Store(%11, %28) dtypes.void ()
%30 = End(%29, %10) dtypes.void ()
%31 = Linear(%2, %5, %6, %0, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30) dtypes.void ()
)");
}

// out[i] = i in [1, 5) ? a[i - 1] : 0: the gate stays on the Load.
void TestLinearize::gatedPadLoad() {
  CHECK_GOLDEN(linearText(padKernel(dtypes::float32, 4, 1, 2)),
               R"(%0 = Const() dtypes.index () arg=7
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(7) (7,) arg=(slot=0)
%3 = Const() dtypes.index () arg=4
%4 = Stack(%3) dtypes.index (1,)
%5 = Param(%4) dtypes.float.ptr(4) (4,) arg=(slot=1)
%6 = Const() dtypes.index () arg=-1
%7 = Const() dtypes.float () arg=0.0
%8 = Const() dtypes.index () arg=5
%9 = Const() dtypes.index () arg=1
%10 = Const() dtypes.bool () arg=True
%11 = Range(%0) dtypes.index () arg=(0, LOOP)
%12 = Index(%2, %11) dtypes.float.ptr(7) ()
%13 = Add(%11, %6) dtypes.index ()
%14 = Index(%5, %13) dtypes.float.ptr(4) ()
%15 = CmpLt(%11, %8) dtypes.bool ()
%16 = CmpLt(%11, %9) dtypes.bool ()
%17 = CmpNe(%16, %10) dtypes.bool ()
%18 = And(%15, %17) dtypes.bool ()
%19 = Load(%14, %7, %18) dtypes.float () arg=(addrspace=GLOBAL)
%20 = Store(%12, %19) dtypes.void ()
%21 = End(%20, %11) dtypes.void ()
%22 = Linear(%2, %5, %0, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21) dtypes.void ()
)");
}

// Two Ends of one range are merged: both stores sit in one loop, behind a Group.
void TestLinearize::twoOutputsShareALoop() {
  UOpPtr r = range(8, 0);
  UOpPtr x = load(buf(2, dtypes::int32, 8), r);
  UOpPtr k = sink({end(store(buf(0, dtypes::int32, 8), r, x * 2), {r}),
                   end(store(buf(1, dtypes::int32, 8), r, x + 1), {r})});
  CHECK_GOLDEN(linearText(k), R"(%0 = Const() dtypes.index () arg=8
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.int.ptr(8) (8,) arg=(slot=0)
%3 = Param(%1) dtypes.int.ptr(8) (8,) arg=(slot=1)
%4 = Param(%1) dtypes.int.ptr(8) (8,) arg=(slot=2)
%5 = Const() dtypes.int () arg=2
%6 = Const() dtypes.int () arg=1
%7 = Range(%0) dtypes.index () arg=(0, LOOP)
%8 = Index(%2, %7) dtypes.int.ptr(8) ()
%9 = Index(%4, %7) dtypes.int.ptr(8) ()
%10 = Load(%9) dtypes.int () arg=(addrspace=GLOBAL)
%11 = Mul(%10, %5) dtypes.int ()
%12 = Index(%3, %7) dtypes.int.ptr(8) ()
%13 = Add(%10, %6) dtypes.int ()
%14 = Store(%8, %11) dtypes.void ()
%15 = Store(%12, %13) dtypes.void ()
%16 = Group(%14, %15) dtypes.void ()
%17 = End(%16, %7) dtypes.void ()
%18 = Linear(%2, %3, %4, %0, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17) dtypes.void ()
)");
}

// out[i] = sum_{j,k} a[i*12 + j*4 + k]: the reduce loops nest in the order the
// Reduce lists them, and i*12 + j*4 is computed outside the innermost loop.
void TestLinearize::reductionOverTwoRanges() {
  UOpPtr i = range(2, 0), j = range(3, 1, AxisType::Reduce), k = range(4, 2, AxisType::Reduce);
  UOpPtr value = reduceOver(load(buf(1, dtypes::float32, 24), i * 12 + j * 4 + k), Op::Add, {j, k});
  UOpPtr kernel = sink({end(store(buf(0, dtypes::float32, 2), i, value), {i})});
  CHECK_GOLDEN(linearText(kernel), R"(%0 = Const() dtypes.index () arg=2
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(2) (2,) arg=(slot=0)
%3 = Const() dtypes.index () arg=24
%4 = Stack(%3) dtypes.index (1,)
%5 = Param(%4) dtypes.float.ptr(24) (24,) arg=(slot=1)
%6 = Buffer() dtypes.float (1,) arg=(id=0, size=1, device="CPU", addrspace=REG)
%7 = Const() dtypes.index () arg=0
%8 = Const() dtypes.float () arg=0.0
%9 = Const() dtypes.index () arg=3
%10 = Const() dtypes.index () arg=4
%11 = Const() dtypes.index () arg=12
%12 = Range(%0) dtypes.index () arg=(0, LOOP)
%13 = Index(%2, %12) dtypes.float.ptr(2) ()
%14 = After(%6, %12) dtypes.float (1,)
%15 = Index(%14, %7) dtypes.float ()
%16 = Mul(%12, %11) dtypes.index ()
%17 = Store(%15, %8) dtypes.void ()
%18 = Range(%9) dtypes.index () arg=(1, REDUCE)
%19 = Mul(%18, %10) dtypes.index ()
%20 = Add(%16, %19) dtypes.index ()
%21 = Range(%10) dtypes.index () arg=(2, REDUCE)
%22 = After(%6, %17, %18, %21) dtypes.float (1,)
%23 = Index(%22, %7) dtypes.float ()
%24 = Load(%23) dtypes.float () arg=(addrspace=REG)
%25 = Add(%20, %21) dtypes.index ()
%26 = Index(%5, %25) dtypes.float.ptr(24) ()
%27 = Load(%26) dtypes.float () arg=(addrspace=GLOBAL)
%28 = Add(%24, %27) dtypes.float ()
%29 = Store(%23, %28) dtypes.void ()
%30 = End(%29, %21) dtypes.void ()
%31 = End(%30, %18) dtypes.void ()
%32 = After(%6, %31) dtypes.float (1,)
%33 = Index(%32, %7) dtypes.float ()
%34 = Load(%33) dtypes.float () arg=(addrspace=REG)
%35 = Store(%13, %34) dtypes.void ()
%36 = End(%35, %12) dtypes.void ()
%37 = Linear(%2, %5, %6, %0, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36) dtypes.void ()
)");
}

// out[i] = sum_k (a[i*64 + k] - max_j a[i*64 + j]) (logsumexp's row): the sum's accumulator
// starts after the max loop, right before its own loop. It started before the max loop, the
// first of the row's stores in graph order, which held its register across that loop.
void TestLinearize::accumulatorStartsAfterTheLoopBeforeIt() {
  UOpPtr i = range(4, 0), j = range(64, 1, AxisType::Reduce), k = range(64, 2, AxisType::Reduce);
  UOpPtr a = buf(1, dtypes::float32, 4 * 64);
  UOpPtr mx = reduceOver(load(a, i * 64 + j), Op::Max, {j});
  UOpPtr value = reduceOver(load(a, i * 64 + k) - mx, Op::Add, {k});
  UOpPtr kernel = sink({end(store(buf(0, dtypes::float32, 4), i, value), {i})});
  const UOpPtr linear = lowerKernel(kernel).linear;
  size_t sumStart = 0, maxEnd = 0, sumRange = 0;
  for (size_t p = 0; p < linear->src().size(); ++p) {
    const UOp& u = *linear->src(p);
    if (u.op() == Op::Store && u.src(1)->op() == Op::Const &&
        u.src(1)->constValue() == std::optional<ConstValue>(0.0))
      sumStart = p;
    if (u.op() == Op::End && u.src(1)->op() == Op::Range && u.src(1)->argAs<RangeArg>().id == 1)
      maxEnd = p;
    if (u.op() == Op::Range && u.argAs<RangeArg>().id == 2) sumRange = p;
  }
  QVERIFY(maxEnd > 0 && sumStart > 0 && sumRange > 0);
  QVERIFY2(maxEnd < sumStart && sumStart < sumRange,
           qPrintable(QString::fromStdString(printGraph(linear))));
}

// The same kernel built twice (the second time after other graphs exist, so the
// nodes live at other addresses) gives the same Linear.
void TestLinearize::deterministic() {
  std::string first = linearText(reduceRows(Op::Max, dtypes::int32, 5, 3));
  std::vector<UOpPtr> noise;
  for (int i = 0; i < 100; ++i)
    noise.push_back(elementwise(Op::Mul, dtypes::int16, 100 + i));
  QCOMPARE(QString::fromStdString(linearText(reduceRows(Op::Max, dtypes::int32, 5, 3))),
           QString::fromStdString(first));
}

void TestLinearize::refusesOpenRange() {
  UOpPtr r = range(4, 0);
  UOpPtr k = sink({store(buf(0, dtypes::int32, 4), r, load(buf(1, dtypes::int32, 4), r))});
  try {
    lowerKernel(k);
    QFAIL("a Store outside its loop was linearized");
  } catch (const CodegenError& e) {
    QCOMPARE(QString::fromStdString(e.stage()), QStringLiteral("Linearize"));
    QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("range r0 is never closed by an End"));
  }
}

void TestLinearize::refusesReduceOverAxes() {
  UOpPtr r = range(4, 0);
  UOpPtr value = reduce(load(buf(1, dtypes::int32, 4), r), Op::Add, {});
  UOpPtr k = sink({end(store(buf(0, dtypes::int32, 4), r, value), {r})});
  try {
    lowerKernel(k);
    QFAIL("a Reduce without ranges was linearized");
  } catch (const CodegenError& e) {
    QCOMPARE(QString::fromStdString(e.stage()), QStringLiteral("Linearize"));
  }
}

// Two stores over (r0, r1) whose Ends nest the loops the opposite ways.
void TestLinearize::refusesCrossedLoops() {
  UOpPtr r0 = range(4, 0), r1 = range(4, 1);
  UOpPtr idx = r0 * 4 + r1;
  UOpPtr a = store(buf(0, dtypes::int32, 16), idx, constant(dtypes::int32, int64_t{1}));
  UOpPtr b = store(buf(1, dtypes::int32, 16), idx, constant(dtypes::int32, int64_t{2}));
  UOpPtr k = sink({end(end(a, {r1}), {r0}), end(end(b, {r0}), {r1})});
  try {
    lowerKernel(k);
    QFAIL("crossed loops were linearized");
  } catch (const CodegenError& e) {
    QCOMPARE(QString::fromStdString(e.stage()), QStringLiteral("Linearize"));
    QCOMPARE(QString::fromUtf8(e.what()),
             QStringLiteral("range r0 is closed twice, one loop after the other"));
  }
}

UOPSCOPE_TEST(TestLinearize);
#include "test_linearize.moc"
