// Optimize and Expand: AxisTypes per target, the nesting order of ranges, the
// kernel's display name; Expand passes scalar kernels through and refuses
// UPCAST ranges until vector expansion exists.
#include "tests/support/kernel_ast.h"

#include "core/pipeline/codegen_error.h"
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

// out[i, j] = sum_k a[i, k] * b[k, j]: a 3-range matmul (ranges 0, 1 output, 2 reduce).
UOpPtr matmul(int64_t m, int64_t n, int64_t kk) {
  UOpPtr i = range(m, 0), j = range(n, 1), k = range(kk, 2, AxisType::Reduce);
  UOpPtr prod = load(buf(1, dtypes::float32, m * kk), i * kk + k) *
                load(buf(2, dtypes::float32, kk * n), k * n + j);
  return sink({end(store(buf(0, dtypes::float32, m * n), i * n + j, reduceOver(prod, Op::Add, {k})),
                   {i, j})});
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
  void expandRefusesUpcast();
};

void TestOptimize::cpuKeepsLoops() {
  UOpPtr ast = optimize(matmul(64, 64, 16), cpuTarget());
  QCOMPARE(types(ast), QStringLiteral("LOOP LOOP REDUCE"));
  QVERIFY(ast == optimize(ast, cpuTarget())); // nothing left to change: the same node
}

void TestOptimize::gpuMakesOutputsGlobal() {
  CodegenTarget gpu;
  gpu.kind = TargetKind::Gpu;
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

void TestOptimize::expandRefusesUpcast() {
  UOpPtr i = range(4, 0), u = range(4, 1, AxisType::Upcast);
  UOpPtr k = sink(
      {end(store(buf(0, dtypes::float32, 16), i * 4 + u, constant(dtypes::float32, 1.0)), {i, u})});
  QCOMPARE(expandedRanges(k).size(), size_t(1));
  try {
    expand(k);
    QFAIL("expanded an UPCAST range");
  } catch (const CodegenError& e) {
    QCOMPARE(QString::fromStdString(e.stage()), QStringLiteral("Expand"));
    QCOMPARE(QString::fromUtf8(e.what()),
             QStringLiteral("range r1 is UPCAST: vector expansion of UPCAST/UNROLL ranges is not "
                            "implemented yet"));
  }
}

QTEST_GUILESS_MAIN(TestOptimize)
#include "test_optimize.moc"
