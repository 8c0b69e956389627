// OptOps on hand-built kernel ASTs: each op's effect on the ranges (kernel
// names with their AxisType letters, and golden textual IR for each kind),
// and every rejection reason, which leaves the kernel unchanged.
#include "tests/support/test_registry.h"
#include "tests/support/golden_text.h"
#include "tests/support/kernel_ast.h"

#include "core/ir/text.h"
#include "core/opt/apply_opt.h"
#include "core/opt/kernel_ranges.h"
#include "core/opt/kernel_work.h"

#include <QTest>

#include <array>

using namespace uops;
using namespace kernelast;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

QString nameWithLetters(const UOpPtr& ast) {
  KernelName n = kernelName(ast);
  return qs(n.text + " " + n.letters);
}

const OptTarget kCpu{};
const OptTarget kCpuTc{.tensorCores = cpuTensorCores()};
const OptTarget kGpu{.device = "CL:0", .hasLocals = true, .hasThreads = false, .tensorCores = {}, .maxWorkgroup = 256};

const char* const kSplitUpcast = R"(%0 = Const() dtypes.index () arg=8
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(8) (8,) arg=(slot=0)
%3 = Const() dtypes.index () arg=2
%4 = Range(%3) dtypes.index () arg=(0, LOOP)
%5 = Const() dtypes.index () arg=4
%6 = Mul(%4, %5) dtypes.index ()
%7 = Range(%5) dtypes.index () arg=(1, UPCAST)
%8 = Add(%6, %7) dtypes.index ()
%9 = Index(%2, %8) dtypes.float.ptr(8) ()
%10 = Param(%1) dtypes.float.ptr(8) (8,) arg=(slot=1)
%11 = Index(%10, %8) dtypes.float.ptr(8) ()
%12 = Load(%11) dtypes.float () arg=(addrspace=GLOBAL)
%13 = Param(%1) dtypes.float.ptr(8) (8,) arg=(slot=2)
%14 = Index(%13, %8) dtypes.float.ptr(8) ()
%15 = Load(%14) dtypes.float () arg=(addrspace=GLOBAL)
%16 = Add(%12, %15) dtypes.float ()
%17 = Store(%9, %16) dtypes.void ()
%18 = End(%17, %4, %7) dtypes.void ()
%19 = Sink(%18) dtypes.void ()
)";

const char* const kPadto = R"(%0 = Const() dtypes.index () arg=6
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(6) (6,) arg=(slot=0)
%3 = Const() dtypes.index () arg=8
%4 = Range(%3) dtypes.index () arg=(0, LOOP)
%5 = Index(%2, %4) dtypes.float.ptr(6) ()
%6 = Param(%1) dtypes.float.ptr(6) (6,) arg=(slot=1)
%7 = Index(%6, %4) dtypes.float.ptr(6) ()
%8 = Const() dtypes.float () arg=0.0
%9 = CmpLt(%4, %0) dtypes.bool ()
%10 = Load(%7, %8, %9) dtypes.float () arg=(addrspace=GLOBAL)
%11 = Param(%1) dtypes.float.ptr(6) (6,) arg=(slot=2)
%12 = Index(%11, %4) dtypes.float.ptr(6) ()
%13 = Load(%12, %8, %9) dtypes.float () arg=(addrspace=GLOBAL)
%14 = Add(%10, %13) dtypes.float ()
%15 = Store(%5, %14, %9) dtypes.void ()
%16 = End(%15, %4) dtypes.void ()
%17 = Sink(%16) dtypes.void ()
)";
const char* const kThreadUnroll = R"(%0 = Const() dtypes.index () arg=4
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(4) (4,) arg=(slot=0)
%3 = Const() dtypes.index () arg=2
%4 = Range(%3) dtypes.index () arg=(2, THREAD)
%5 = Mul(%4, %3) dtypes.index ()
%6 = Range(%3) dtypes.index () arg=(0, LOOP)
%7 = Add(%5, %6) dtypes.index ()
%8 = Index(%2, %7) dtypes.float.ptr(4) ()
%9 = Const() dtypes.index () arg=32
%10 = Stack(%9) dtypes.index (1,)
%11 = Param(%10) dtypes.float.ptr(32) (32,) arg=(slot=1)
%12 = Const() dtypes.index () arg=8
%13 = Mul(%7, %12) dtypes.index ()
%14 = Range(%3) dtypes.index () arg=(1, REDUCE)
%15 = Mul(%14, %0) dtypes.index ()
%16 = Range(%0) dtypes.index () arg=(3, UNROLL)
%17 = Add(%15, %16) dtypes.index ()
%18 = Add(%13, %17) dtypes.index ()
%19 = Index(%11, %18) dtypes.float.ptr(32) ()
%20 = Load(%19) dtypes.float () arg=(addrspace=GLOBAL)
%21 = Reduce(%20, %14, %16) dtypes.float () arg=(Add, axes=())
%22 = Store(%8, %21) dtypes.void ()
%23 = End(%22, %4, %6) dtypes.void ()
%24 = Sink(%23) dtypes.void ()
)";
const char* const kSwap = R"(%0 = Const() dtypes.index () arg=4
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(4) (4,) arg=(slot=0)
%3 = Range(%0) dtypes.index () arg=(0, LOOP)
%4 = Index(%2, %3) dtypes.float.ptr(4) ()
%5 = Const() dtypes.index () arg=32
%6 = Stack(%5) dtypes.index (1,)
%7 = Param(%6) dtypes.float.ptr(32) (32,) arg=(slot=1)
%8 = Const() dtypes.index () arg=8
%9 = Mul(%3, %8) dtypes.index ()
%10 = Const() dtypes.index () arg=1
%11 = Range(%10) dtypes.index () arg=(1, REDUCE)
%12 = Const() dtypes.index () arg=2
%13 = Mul(%11, %12) dtypes.index ()
%14 = Range(%12) dtypes.index () arg=(2, UNROLL)
%15 = Add(%13, %14) dtypes.index ()
%16 = Mul(%15, %0) dtypes.index ()
%17 = Range(%0) dtypes.index () arg=(3, UNROLL)
%18 = Add(%16, %17) dtypes.index ()
%19 = Add(%9, %18) dtypes.index ()
%20 = Index(%7, %19) dtypes.float.ptr(32) ()
%21 = Load(%20) dtypes.float () arg=(addrspace=GLOBAL)
%22 = Reduce(%21, %11, %14, %17) dtypes.float () arg=(Add, axes=())
%23 = Store(%4, %22) dtypes.void ()
%24 = End(%23, %3) dtypes.void ()
%25 = Sink(%24) dtypes.void ()
)";
const char* const kLocalGroup = R"(%0 = Const() dtypes.index () arg=4
%1 = Stack(%0) dtypes.index (1,)
%2 = Param(%1) dtypes.float.ptr(4) (4,) arg=(slot=0)
%3 = Const() dtypes.index () arg=2
%4 = Range(%3) dtypes.index () arg=(0, LOOP)
%5 = Mul(%4, %3) dtypes.index ()
%6 = Range(%3) dtypes.index () arg=(2, LOCAL)
%7 = Add(%5, %6) dtypes.index ()
%8 = Index(%2, %7) dtypes.float.ptr(4) ()
%9 = Const() dtypes.index () arg=32
%10 = Stack(%9) dtypes.index (1,)
%11 = Param(%10) dtypes.float.ptr(32) (32,) arg=(slot=1)
%12 = Const() dtypes.index () arg=8
%13 = Mul(%7, %12) dtypes.index ()
%14 = Range(%3) dtypes.index () arg=(1, REDUCE)
%15 = Mul(%14, %0) dtypes.index ()
%16 = Range(%0) dtypes.index () arg=(3, GROUP_REDUCE)
%17 = Add(%15, %16) dtypes.index ()
%18 = Add(%13, %17) dtypes.index ()
%19 = Index(%11, %18) dtypes.float.ptr(32) ()
%20 = Load(%19) dtypes.float () arg=(addrspace=GLOBAL)
%21 = Reduce(%20, %16, %14) dtypes.float () arg=(Add, axes=())
%22 = Store(%8, %21) dtypes.void ()
%23 = End(%22, %6, %4) dtypes.void ()
%24 = Sink(%23) dtypes.void ()
)";

} // namespace

class TestApplyOpt : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void splitGolden() {
    UOpPtr k = applyOpt(elementwise(Op::Add, dtypes::float32, 8), parseOpts("Split(0, 4, UPCAST)")[0], kCpu);
    QString diff = golden::difference(printGraph(k), kSplitUpcast);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
  }

  // The textual IR after each OptOp kind on a small kernel: which ranges it
  // makes, their AxisTypes, and how the indices and gates use them.
  void opGolden_data() {
    QTest::addColumn<QString>("kernel");
    QTest::addColumn<QString>("opts");
    QTest::addColumn<QString>("ir");
    QTest::newRow("padto") << QStringLiteral("add6") << QStringLiteral("Padto(0, 4)") << qs(kPadto);
    QTest::newRow("thread and unroll")
        << QStringLiteral("sum4x8") << QStringLiteral("Split(0, 2, THREAD); Split(2, 4, UNROLL)")
        << qs(kThreadUnroll);
    QTest::newRow("swap") << QStringLiteral("sum4x8")
                          << QStringLiteral("Split(1, 4, UNROLL); Split(1, 2, UNROLL); Swap(2, 3)")
                          << qs(kSwap);
    QTest::newRow("local and group reduce")
        << QStringLiteral("sum4x8 gpu")
        << QStringLiteral("Split(0, 2, LOCAL); Split(2, 4, GROUP_REDUCE)") << qs(kLocalGroup);
  }
  void opGolden() {
    QFETCH(QString, kernel);
    QFETCH(QString, opts);
    QFETCH(QString, ir);
    UOpPtr k = kernel == QStringLiteral("add6") ? elementwise(Op::Add, dtypes::float32, 6)
                                                : reduceRows(Op::Add, dtypes::float32, 4, 8);
    k = applyOpts(k, parseOpts(opts.toStdString()),
                  kernel.endsWith(QStringLiteral("gpu")) ? kGpu : kCpu);
    QString diff = golden::difference(printGraph(k), ir.toStdString());
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
  }

  void names_data() {
    QTest::addColumn<QString>("opts");
    QTest::addColumn<QString>("name");
    QTest::newRow("none") << QString() << QStringLiteral("r_8_16 LR");
    QTest::newRow("upcast") << QStringLiteral("Split(0, 4, UPCAST)") << QStringLiteral("r_2_16_4 LRu");
    QTest::newRow("unroll") << QStringLiteral("Split(1, 4, UNROLL)") << QStringLiteral("r_8_4_4 LRr");
    QTest::newRow("thread") << QStringLiteral("Split(0, 2, THREAD)") << QStringLiteral("r_2_4_16 tLR");
    QTest::newRow("all three")
        << QStringLiteral("Split(0, 2, THREAD); Split(1, 2, UPCAST); Split(2, 8, UNROLL)")
        << QStringLiteral("r_2_2_2_2_8 tLRur");
    QTest::newRow("padto output") << QStringLiteral("Padto(0, 3)") << QStringLiteral("r_9_16 LR");
    QTest::newRow("padto reduce") << QStringLiteral("Padto(1, 5); Split(1, 4, UNROLL)")
                                  << QStringLiteral("r_8_5_4 LRr");
  }

  void names() {
    QFETCH(QString, opts);
    QFETCH(QString, name);
    UOpPtr k = applyOpts(reduceRows(Op::Add, dtypes::float32, 8, 16), parseOpts(opts.toStdString()), kCpu);
    QCOMPARE(nameWithLetters(k), name);
  }

  // Padto gates the store and the loads at the padded positions.
  void padtoGates() {
    UOpPtr k = applyOpt(elementwise(Op::Add, dtypes::float32, 6), parseOpts("Padto(0, 4)")[0], kCpu);
    int gatedLoads = 0, gatedStores = 0;
    for (const UOp* u : toposort(*k)) {
      if (u->op() == Op::Load && u->src().size() == 3) ++gatedLoads;
      if (u->op() == Op::Store && u->src().size() == 3) ++gatedStores;
    }
    QCOMPARE(gatedLoads, 2);
    QCOMPARE(gatedStores, 1);
    QCOMPARE(nameWithLetters(k), QStringLiteral("E_8 L"));
  }

  // Padto on an output axis: a load in bounds at the padded positions too
  // stays as it is; else one that reads consecutively along it keeps its gate
  // (a vector's masked lanes), another reads the axis' last position where it
  // is padded, ungated (a matmul's A, broadcast by row); what the padded
  // positions compute is never stored.
  void padtoOutputLoads() {
    auto count = [](const UOpPtr& k) {
      int gatedLoads = 0, gatedStores = 0, clamped = 0;
      for (const UOp* u : toposort(*k)) {
        if (u->op() == Op::Load && u->src().size() == 3) ++gatedLoads;
        if (u->op() == Op::Store && u->src().size() == 3) ++gatedStores;
        if (u->op() == Op::Load && u->src().size() == 1)
          for (const UOp* x : toposort(*u->src(0)))
            if (x->op() == Op::Where && x->src(2)->constValue() == std::optional<ConstValue>(ConstValue(int64_t{9})))
              ++clamped;
      }
      return std::array<int, 3>{gatedLoads, gatedStores, clamped};
    };
    // rows 10 -> 12: A's load reads row min(i, 9), ungated; B's does not depend on the rows
    QCOMPARE(count(applyOpt(matmul(10, 16, 8), parseOpts("Padto(0, 4)")[0], kCpu)), (std::array<int, 3>{0, 1, 1}));
    // columns 10 -> 12: B's load reads them consecutively and keeps its gate
    QCOMPARE(count(applyOpt(matmul(8, 10, 8), parseOpts("Padto(1, 4)")[0], kCpu)), (std::array<int, 3>{1, 1, 0}));
    // B in padded 16-column panels: columns 10 and 11 lie inside the last
    // panel, so its load stays as it is, neither gated nor clamped
    QCOMPARE(count(applyOpt(matmulPackedB(8, 10, 8), parseOpts("Padto(1, 4)")[0], kCpu)),
             (std::array<int, 3>{0, 1, 0}));
  }

  // Swap exchanges the nesting places of two axes of one type.
  void swap() {
    UOpPtr k = applyOpts(elementwise(Op::Add, dtypes::float32, 16),
                         parseOpts("Split(0, 4, UPCAST); Split(0, 2, UPCAST)"), kCpu);
    QCOMPARE(nameWithLetters(k), QStringLiteral("E_2_4_2 Luu"));
    QCOMPARE(nameWithLetters(applyOpt(k, parseOpts("Swap(1, 2)")[0], kCpu)), QStringLiteral("E_2_2_4 Luu"));
  }

  void rejections_data() {
    QTest::addColumn<QString>("opts");
    QTest::addColumn<bool>("gpu");
    QTest::addColumn<QString>("message");
    QTest::newRow("axis out of range") << QStringLiteral("Split(2, 2, UPCAST)") << false
                                       << QStringLiteral("Split(2, 2, UPCAST): axis 2 is out of range: the kernel "
                                                         "has 2 axes");
    QTest::newRow("factor does not divide") << QStringLiteral("Split(1, 3, UNROLL)") << false
                                            << QStringLiteral("Split(1, 3, UNROLL): factor 3 does not divide the "
                                                              "axis size 16 (Padto first)");
    QTest::newRow("factor too large") << QStringLiteral("Split(0, 16, UPCAST)") << false
                                      << QStringLiteral("Split(0, 16, UPCAST): factor 16 must be between 2 and the "
                                                        "axis size 8");
    QTest::newRow("unroll from loop") << QStringLiteral("Split(0, 2, UNROLL)") << false
                                      << QStringLiteral("Split(0, 2, UNROLL): UNROLL cannot be split from a LOOP "
                                                        "axis");
    QTest::newRow("upcast from reduce") << QStringLiteral("Split(1, 2, UPCAST)") << false
                                        << QStringLiteral("Split(1, 2, UPCAST): UPCAST cannot be split from a "
                                                          "REDUCE axis");
    QTest::newRow("upcast top") << QStringLiteral("Split(0, 2, UPCAST, top)") << false
                                << QStringLiteral("Split(0, 2, UPCAST, top): UPCAST takes the inner part of the "
                                                  "axis (no top)");
    QTest::newRow("not a target") << QStringLiteral("Split(0, 2, LOOP)") << false
                                  << QStringLiteral("Split(0, 2, LOOP): Split cannot make a LOOP axis (targets: "
                                                    "LOCAL, THREAD, UPCAST, UNROLL, GROUP_REDUCE)");
    QTest::newRow("cpu has no locals") << QStringLiteral("Split(0, 2, LOCAL)") << false
                                       << QStringLiteral("Split(0, 2, LOCAL): CPU has no local memory: no LOCAL "
                                                         "axes");
    QTest::newRow("group reduce on cpu") << QStringLiteral("Split(1, 4, GROUP_REDUCE)") << false
                                         << QStringLiteral("Split(1, 4, GROUP_REDUCE): CPU has no local memory: "
                                                           "no GROUP_REDUCE axes");
    QTest::newRow("thread from reduce") << QStringLiteral("Split(1, 2, THREAD)") << false
                                        << QStringLiteral("Split(1, 2, THREAD): THREAD splits GLOBAL or LOOP axes, "
                                                          "not REDUCE");
    QTest::newRow("no threads on gpu") << QStringLiteral("Split(0, 2, THREAD)") << true
                                       << QStringLiteral("Split(0, 2, THREAD): CL:0 runs no THREAD axes");
    QTest::newRow("locals after nolocals") << QStringLiteral("Nolocals; Split(0, 2, LOCAL)") << true
                                           << QStringLiteral("Split(0, 2, LOCAL): Nolocals was applied: no LOCAL "
                                                             "axes");
    QTest::newRow("nolocals twice") << QStringLiteral("Nolocals; Nolocals") << true
                                    << QStringLiteral("Nolocals: Nolocals is already applied");
    QTest::newRow("nolocals with locals") << QStringLiteral("Split(0, 2, LOCAL); Nolocals") << true
                                          << QStringLiteral("Nolocals: the kernel already has LOCAL or "
                                                            "GROUP_REDUCE axes");
    QTest::newRow("tc not first") << QStringLiteral("Split(0, 2, UPCAST); TC(0)") << false
                                  << QStringLiteral("TC(0): TC must be the first OptOp");
    QTest::newRow("tc without tensor cores") << QStringLiteral("TC(1)") << false
                                             << QStringLiteral("TC(1): CPU has no tensor-core instructions UOpScope "
                                                               "can use");
    QTest::newRow("tc on gpu") << QStringLiteral("TC(1)") << true
                               << QStringLiteral("TC(1): CL:0 has no tensor-core instructions UOpScope can use");
    QTest::newRow("padto multiple") << QStringLiteral("Padto(0, 4)") << false
                                    << QStringLiteral("Padto(0, 4): axis size 8 is already a multiple of 4");
    QTest::newRow("padto upcast") << QStringLiteral("Split(0, 2, UPCAST); Padto(2, 3)") << false
                                  << QStringLiteral("Padto(2, 3): Padto pads GLOBAL, LOCAL, THREAD, LOOP and reduce "
                                                    "axes, not UPCAST");
    QTest::newRow("swap one axis") << QStringLiteral("Swap(1, 1)") << false
                                   << QStringLiteral("Swap(1, 1): Swap needs two different axes");
    QTest::newRow("swap types") << QStringLiteral("Swap(0, 1)") << false
                                << QStringLiteral("Swap(0, 1): Swap exchanges axes of one AxisType, not LOOP and "
                                                  "REDUCE");
  }

  // Expand's copies stay in the target's budget: a 16 x 16 register tile is
  // the most one value may be copied; UNROLL on top of it (each product then
  // copied 512 times) is rejected, and so is a kernel that would expand to
  // more nodes than the target allows, whichever split gets it there
  void copyBudget() {
    UOpPtr tile = applyOpts(matmul(64, 64, 64), parseOpts("Split(0, 16, UPCAST); Split(1, 16, UPCAST)"), kCpu);
    QCOMPARE(copiesOf(tile).most, int64_t{256});
    std::vector<Opt> applied = parseOpts("Split(0, 16, UPCAST); Split(1, 16, UPCAST)");
    try {
      applyOpt(tile, parseOpts("Split(2, 2, UNROLL)")[0], kCpu, applied);
      QFAIL("not rejected");
    } catch (const OptError& e) {
      QCOMPARE(qs(e.what()),
               QStringLiteral("Split(2, 2, UNROLL): a value would be copied 512 times (UPCAST x UNROLL); CPU allows 256"));
    }
    // a reduction's UNROLL copies only what runs inside it: rows of 16 x 16
    // partial sums (UNROLL) next to a 16-wide output (UPCAST) are 16 copies each
    UOpPtr rows = applyOpts(minusRowMax(32, 64), parseOpts("Split(2, 16, UNROLL); Split(1, 16, UPCAST)"), kCpu);
    QCOMPARE(copiesOf(rows).most, int64_t{16});
    OptTarget small = kCpu;
    small.maxExpandedNodes = 100;
    try {
      applyOpts(matmul(64, 64, 64), parseOpts("Split(0, 16, UPCAST)"), small);
      QFAIL("not rejected");
    } catch (const OptError& e) {
      QVERIFY2(qs(e.what()).startsWith(QStringLiteral("Split(0, 16, UPCAST): the kernel would expand to ")),
               e.what());
      QVERIFY2(qs(e.what()).endsWith(QStringLiteral(" nodes; CPU allows 100")), e.what());
    }
  }

  // TC on a matrix product: rows and columns get UPCAST parts of the tile's
  // size, the reduce axis an UNROLL part, and the product becomes a Wmma
  void tensorCoreSplits() {
    UOpPtr k = applyOpt(matmul(16, 24, 32), parseOpts("TC(2)")[0], kCpuTc);
    QCOMPARE(nameWithLetters(k), QStringLiteral("r_2_3_8_8_8_4 LLRuur"));
    int wmma = 0;
    for (const UOp* u : toposort(*k))
      if (u->op() == Op::Wmma) {
        ++wmma;
        QCOMPARE(qs(u->argAs<std::string>()), QStringLiteral("8x8x4"));
        QVERIFY(u->src(0)->op() == Op::Load && u->src(1)->op() == Op::Load);
      }
    QCOMPARE(wmma, 1);
    // padding would mask single products of the tile
    try {
      applyOpt(k, parseOpts("Padto(2, 3)")[0], kCpuTc, parseOpts("TC(2)"));
      QFAIL("not rejected");
    } catch (const OptError& e) {
      QCOMPARE(qs(e.what()), QStringLiteral("Padto(2, 3): Padto would mask the products TC multiplies as one tile"));
    }
    // later OptOps apply as after any split
    k = applyOpt(k, parseOpts("Split(0, 2, THREAD)")[0], kCpuTc, parseOpts("TC(2)"));
    QCOMPARE(nameWithLetters(k), QStringLiteral("r_2_1_3_8_8_8_4 tLLRuur"));
  }

  void tensorCoreRejections_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("opts");
    QTest::addColumn<QString>("message");
    QTest::newRow("not a reduce axis") << 0 << QStringLiteral("TC(0)")
                                       << QStringLiteral("TC(0): TC takes a REDUCE axis, not LOOP");
    QTest::newRow("not a product") << 1 << QStringLiteral("TC(1)")
                                   << QStringLiteral("TC(1): TC needs a sum of products a*b");
    QTest::newRow("max") << 2 << QStringLiteral("TC(1)")
                         << QStringLiteral("TC(1): TC accumulates a sum, not a Max or a product");
    QTest::newRow("tile does not divide") << 3 << QStringLiteral("TC(2)")
                                          << QStringLiteral("TC(2): axis 1 (columns) has size 12, not a multiple of "
                                                            "the tensor core's 8");
    QTest::newRow("int") << 4 << QStringLiteral("TC(2)")
                         << QStringLiteral("TC(2): CPU's tensor cores multiply dtypes.float into dtypes.float (8x8x4), not "
                                           "dtypes.int and dtypes.int into dtypes.int");
  }
  void tensorCoreRejections() {
    QFETCH(int, which);
    QFETCH(QString, opts);
    QFETCH(QString, message);
    std::vector<UOpPtr> kernels{matmul(16, 24, 32), reduceRows(Op::Add, dtypes::float32, 8, 16),
                                reduceRows(Op::Max, dtypes::float32, 8, 16), matmul(16, 12, 32),
                                matmul(16, 24, 32, dtypes::int32)};
    try {
      applyOpt(kernels.at(static_cast<size_t>(which)), parseOpts(opts.toStdString())[0], kCpuTc);
      QFAIL("not rejected");
    } catch (const OptError& e) {
      QCOMPARE(qs(e.what()), message);
    }
  }

  // a workgroup's work-items, LOCAL times GROUP_REDUCE, stay within the target's limit
  void workgroupLimit() {
    OptTarget small = kGpu;
    small.maxWorkgroup = 32;
    UOpPtr k = applyOpts(reduceRows(Op::Add, dtypes::float32, 8, 16), parseOpts("Split(0, 8, LOCAL)"), small);
    try {
      applyOpt(k, parseOpts("Split(2, 8, GROUP_REDUCE)").front(), small, parseOpts("Split(0, 8, LOCAL)"));
      QFAIL("not rejected");
    } catch (const OptError& e) {
      QCOMPARE(QString::fromStdString(e.what()),
               QStringLiteral("Split(2, 8, GROUP_REDUCE): a workgroup of 64 work-items exceeds CL:0's limit of 32"));
    }
    applyOpt(k, parseOpts("Split(2, 4, GROUP_REDUCE)").front(), small, parseOpts("Split(0, 8, LOCAL)"));
  }

  void rejections() {
    QFETCH(QString, opts);
    QFETCH(bool, gpu);
    QFETCH(QString, message);
    UOpPtr k = reduceRows(Op::Add, dtypes::float32, 8, 16);
    std::vector<Opt> list = parseOpts(opts.toStdString());
    std::vector<Opt> applied(list.begin(), list.end() - 1);
    UOpPtr before = applyOpts(k, applied, gpu ? kGpu : kCpu);
    try {
      applyOpt(before, list.back(), gpu ? kGpu : kCpu, applied);
      QFAIL("not rejected");
    } catch (const OptError& e) {
      QCOMPARE(qs(e.what()), message);
      QVERIFY(e.opt() == list.back());
    }
  }
};

UOPSCOPE_TEST(TestApplyOpt);
#include "test_apply_opt.moc"
