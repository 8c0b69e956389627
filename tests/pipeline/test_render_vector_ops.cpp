// Explicit vector ops (core/render/vector_ops.h) in the LLVM IR of a register
// tile: a matmul's hot loop as 16-float loads of the accumulators and of B, a
// splat of A, vector multiply-adds and stores; the accumulators as one vector
// alloca; an elementwise kernel's lanes as vectors of the machine's width;
// reductions without a register tile keep their scalar lanes; a float16 tile
// with F16C as vectors of half.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"

#include <QTest>

#include <functional>
#include <sstream>

using namespace uops;
using namespace kernelast;

namespace {

LoweredKernel vectorOpsKernel(const UOpPtr& kernel, std::string_view opts) {
  return lowerKernel(kernel, cpuTarget(), parseOpts(opts));
}

// The lines of the block `label:` up to its branch, without the address
// arithmetic (getelementptr, and the integer adds and multiplies of indices).
QStringList vectorOpsBlock(const std::string& ir, const std::string& label) {
  std::istringstream in(ir);
  std::string line;
  QStringList out;
  bool inside = false;
  while (std::getline(in, line)) {
    if (line == label + ":") {
      inside = true;
      continue;
    }
    if (!inside) continue;
    if (line.starts_with("  br ")) break;
    if (line.find("getelementptr") != std::string::npos || line.find(" = add i64") != std::string::npos ||
        line.find(" = mul i64") != std::string::npos)
      continue;
    out << QString::fromStdString(line).trimmed();
  }
  return out;
}

// out[i] = f(a[i]), i < n, a float32 (slots: out 0, a 1); its IR with
// `opts` for a CPU whose widest vector has `vectorBits`.
std::string vectorOpsUnary(const std::function<UOpPtr(const UOpPtr&)>& f, DType out, int vectorBits,
                           std::string_view opts) {
  UOpPtr r = range(1024, 0);
  const UOpPtr kernel = sink({end(store(buf(0, out, 1024), r, f(load(buf(1, dtypes::float32, 1024), r))), {r})});
  CodegenTarget target = cpuTarget();
  target.vectorBits = vectorBits;
  return lowerKernel(kernel, target, parseOpts(opts)).rendered.text;
}

int vectorOpsCount(const std::string& text, const std::string& needle) {
  int n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

} // namespace

class TestRenderVectorOps : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // a 16 x 2 tile: per step of k, the accumulators of both rows (one vector
  // each), one vector of B, A's two elements splat, two multiply-adds
  void matmulTileHotLoop() {
    LoweredKernel k = vectorOpsKernel(matmul(4, 32, 8), "Split(1, 16, UPCAST); Split(0, 2, UPCAST)");
    const QStringList want{
        QStringLiteral("%v41 = load <16 x float>, ptr %regv0"),
        QStringLiteral("%v44 = load float, ptr %v43"),
        QStringLiteral("%v48 = load <16 x float>, ptr %v47, align 4"),
        QStringLiteral("%v49 = load <16 x float>, ptr %regv1"),
        QStringLiteral("%v52 = load float, ptr %v51"),
        QStringLiteral("%v68 = insertelement <16 x float> poison, float %v44, i64 0"),
        QStringLiteral("%v69 = shufflevector <16 x float> %v68, <16 x float> poison, <16 x i32> zeroinitializer"),
        QStringLiteral("%v70 = fmul contract <16 x float> %v69, %v48"),
        QStringLiteral("%v71 = fadd contract <16 x float> %v41, %v70"),
        QStringLiteral("%v72 = insertelement <16 x float> poison, float %v52, i64 0"),
        QStringLiteral("%v73 = shufflevector <16 x float> %v72, <16 x float> poison, <16 x i32> zeroinitializer"),
        QStringLiteral("%v74 = fmul contract <16 x float> %v73, %v48"),
        QStringLiteral("%v75 = fadd contract <16 x float> %v49, %v74"),
        QStringLiteral("store <16 x float> %v71, ptr %regv0"),
        QStringLiteral("store <16 x float> %v75, ptr %regv1"),
    };
    QCOMPARE(vectorOpsBlock(k.rendered.text, "loop2.body"), want);
    // the lanes' own addresses are not written (one per vector)
    QCOMPARE(vectorOpsCount(k.rendered.text, "getelementptr inbounds float, ptr %data2"), 1);
  }

  // the accumulators: one <16 x float> alloca per row, each accumulator an element
  void accumulatorsAreOneVector() {
    LoweredKernel k = vectorOpsKernel(matmul(4, 32, 8), "Split(1, 16, UPCAST); Split(0, 2, UPCAST)");
    const std::string& ir = k.rendered.text;
    QCOMPARE(vectorOpsCount(ir, "alloca <16 x float>"), 2);
    QCOMPARE(vectorOpsCount(ir, "alloca float"), 0);
    QVERIFY(ir.find("%acc3 = getelementptr inbounds float, ptr %regv1, i64 1") !=
            std::string::npos);
  }

  // float16 lanes where F16C converts whole vectors: B's 16 halves one
  // <16 x half> load, A's element converted and splat, each product and sum
  // (half accumulators here) rounded through <16 x half>, the loop's order
  // kept for the back end; without F16C, scalar lanes
  void halfTileHotLoop() {
    CodegenTarget f16c = cpuTarget();
    f16c.halfInstructions = true;
    const UOpPtr kernel = matmul(4, 32, 8, dtypes::float16);
    LoweredKernel k =
        lowerKernel(kernel, f16c, parseOpts("Split(1, 16, UPCAST); Split(0, 2, UPCAST)"));
    const QStringList want{
        QStringLiteral("%v41 = load <16 x float>, ptr %regv0"),
        QStringLiteral("%v44 = load i16, ptr %v43"),
        QStringLiteral("%v45 = bitcast i16 %v44 to half"),
        QStringLiteral("%v46 = fpext half %v45 to float"),
        QStringLiteral("%v50 = load <16 x half>, ptr %v49, align 2"),
        QStringLiteral("%v51 = fpext <16 x half> %v50 to <16 x float>"),
        QStringLiteral("%v52 = load <16 x float>, ptr %regv1"),
        QStringLiteral("%v55 = load i16, ptr %v54"),
        QStringLiteral("%v56 = bitcast i16 %v55 to half"),
        QStringLiteral("%v57 = fpext half %v56 to float"),
        QStringLiteral("%v73 = insertelement <16 x float> poison, float %v46, i64 0"),
        QStringLiteral("%v74 = shufflevector <16 x float> %v73, <16 x float> poison, <16 x i32> "
                       "zeroinitializer"),
        QStringLiteral("%v75 = fmul <16 x float> %v74, %v51"),
        QStringLiteral("%v76 = fptrunc <16 x float> %v75 to <16 x half>"),
        QStringLiteral("%v77 = fpext <16 x half> %v76 to <16 x float>"),
        QStringLiteral("%v78 = fadd <16 x float> %v41, %v77"),
        QStringLiteral("%v79 = fptrunc <16 x float> %v78 to <16 x half>"),
        QStringLiteral("%v80 = fpext <16 x half> %v79 to <16 x float>"),
        QStringLiteral("%v81 = insertelement <16 x float> poison, float %v57, i64 0"),
        QStringLiteral("%v82 = shufflevector <16 x float> %v81, <16 x float> poison, <16 x i32> "
                       "zeroinitializer"),
        QStringLiteral("%v83 = fmul <16 x float> %v82, %v51"),
        QStringLiteral("%v84 = fptrunc <16 x float> %v83 to <16 x half>"),
        QStringLiteral("%v85 = fpext <16 x half> %v84 to <16 x float>"),
        QStringLiteral("%v86 = fadd <16 x float> %v52, %v85"),
        QStringLiteral("%v87 = fptrunc <16 x float> %v86 to <16 x half>"),
        QStringLiteral("%v88 = fpext <16 x half> %v87 to <16 x float>"),
        QStringLiteral("store <16 x float> %v80, ptr %regv0"),
        QStringLiteral("store <16 x float> %v88, ptr %regv1"),
    };
    QCOMPARE(vectorOpsBlock(k.rendered.text, "loop2.body"), want);
    QCOMPARE(vectorOpsCount(k.rendered.text, "fptrunc <16 x float>"), 2 * 2 + 2);
    QCOMPARE(vectorOpsCount(k.rendered.text, "fmul <16 x float>"), 2);
    QCOMPARE(vectorOpsCount(k.rendered.text, " = fmul float"), 0);
    QVERIFY(k.rendered.text.find("!{!\"uops.loop.keep_order\"}") != std::string::npos);
    LoweredKernel scalar =
        lowerKernel(kernel, cpuTarget(), parseOpts("Split(1, 16, UPCAST); Split(0, 2, UPCAST)"));
    QCOMPARE(vectorOpsCount(scalar.rendered.text, "<16 x"), 0);
    QVERIFY(scalar.rendered.text.find("uops.loop.keep_order") == std::string::npos);
  }

  // an elementwise kernel's UPCAST: Exp2's whole decomposition (clamps by
  // compare and select, integer shifts of the bits, the polynomial) as
  // vectors of the machine's width, no scalar lane left for LLVM's SLP
  // vectorizer; 16 lanes of AVX-512 are one vector
  void elementwiseLanesAreMachineVectors() {
    auto exp2 = [](const UOpPtr& x) { return alu(Op::Exp2, {x}); };
    const std::string ir = vectorOpsUnary(exp2, dtypes::float32, 256, "Split(0, 16, UPCAST)");
    QCOMPARE(vectorOpsCount(ir, "load <8 x float>"), 2);
    QCOMPARE(vectorOpsCount(ir, "store <8 x float>"), 2);
    // the two clamps of each vector and the polynomial's 0 below the subnormals: a
    // compare and a select each
    QCOMPARE(vectorOpsCount(ir, "fcmp olt <8 x float>"), 6);
    QCOMPARE(vectorOpsCount(ir, "select <8 x i1>"), 6);
    QVERIFY(vectorOpsCount(ir, "bitcast <8 x float>") > 0);
    QVERIFY(vectorOpsCount(ir, "shl <8 x i32>") > 0);
    QCOMPARE(vectorOpsCount(ir, "<16 x"), 0);
    for (const char* scalar :
         {" = fmul float ", " = fadd float ", " = fcmp olt float ", " = select i1 ", " = shl i32 ", " = load float,"})
      QVERIFY2(vectorOpsCount(ir, scalar) == 0, scalar);
    const std::string wide = vectorOpsUnary(exp2, dtypes::float32, 512, "Split(0, 16, UPCAST)");
    QCOMPARE(vectorOpsCount(wide, "load <16 x float>"), 1);
    QCOMPARE(vectorOpsCount(wide, "<8 x"), 0);
  }

  // a float-to-integer Cast (its saturating law as vector compares and
  // selects around one conversion) and a native Sqrt as vector code
  void castsAndSqrtAreVectors() {
    auto sqrtToInt = [](const UOpPtr& x) { return cast(alu(Op::Sqrt, {x}), dtypes::int32); };
    const std::string ir = vectorOpsUnary(sqrtToInt, dtypes::int32, 256, "Split(0, 8, UPCAST)");
    QCOMPARE(vectorOpsCount(ir, "fptosi <8 x float>"), 1);
    QCOMPARE(vectorOpsCount(ir, "fcmp uno <8 x float>"), 1);
    QCOMPARE(vectorOpsCount(ir, "call <8 x float> @llvm.sqrt.v8f32"), 1);
    QCOMPARE(vectorOpsCount(ir, "store <8 x i32> "), 1);
    QCOMPARE(vectorOpsCount(ir, " = fptosi float "), 0);
  }

  // a lane op with no vector form (an integer division) keeps the whole
  // element's lanes scalar
  void elementwiseWithoutVectorFormStaysScalar() {
    LoweredKernel k = vectorOpsKernel(elementwise(Op::Idiv, dtypes::int32, 1024), "Split(0, 8, UPCAST)");
    QCOMPARE(vectorOpsCount(k.rendered.text, "<8 x"), 0);
    LoweredKernel sum = vectorOpsKernel(elementwise(Op::Add, dtypes::int32, 1024), "Split(0, 8, UPCAST)");
    QCOMPARE(vectorOpsCount(sum.rendered.text, "add <8 x i32>"), 1);
  }

  // a register tile whose sums go through an activation before the store (a
  // matmul with a fused SiLU's comparison cast to float, and a ReLU): the
  // tile and its epilogue vector code; an op without a vector form there left
  // the whole tile scalar (a 256 x 768 @ 768 x 3072 matmul with ReLU: 40.8
  // against 9.2 ms)
  void tileEpilogueIsVectorCode() {
    UOpPtr i = range(4, 0), j = range(32, 1), k = range(8, 2, AxisType::Reduce);
    UOpPtr prod = load(buf(1, dtypes::float32, 32), i * 8 + k) * load(buf(2, dtypes::float32, 256), k * 32 + j);
    UOpPtr acc = reduceOver(prod, Op::Add, {k});
    UOpPtr zero = constant(dtypes::float32, 0.0);
    UOpPtr silu = acc * cast(lt(constant(dtypes::float32, -88.0), acc), dtypes::float32);
    UOpPtr value = where(lt(zero, silu), silu, zero);
    const UOpPtr kernel = sink({end(store(buf(0, dtypes::float32, 128), i * 32 + j, value), {i, j})});
    LoweredKernel k2 = vectorOpsKernel(kernel, "Split(1, 16, UPCAST); Split(0, 2, UPCAST)");
    const std::string& ir = k2.rendered.text;
    QCOMPARE(vectorOpsCount(ir, "alloca <16 x float>"), 2);
    QCOMPARE(vectorOpsCount(ir, "uitofp <16 x i1>"), 2);
    QCOMPARE(vectorOpsCount(ir, "select <16 x i1>"), 2);
    QCOMPARE(vectorOpsCount(ir, "store <16 x float> "), 3 * 2); // the accumulators zeroed, updated; the output
    QCOMPARE(vectorOpsCount(ir, " = fmul float "), 0);
    QCOMPARE(vectorOpsCount(ir, " = select i1 "), 0);
  }

  // one UPCAST axis of a reduction (no register tile): scalar lanes, for LLVM's vectorizers
  void singleAxisStaysScalar() {
    LoweredKernel k = vectorOpsKernel(matmul(4, 32, 8), "Split(1, 16, UPCAST)");
    QCOMPARE(vectorOpsCount(k.rendered.text, "<16 x float>"), 0);
  }
};

UOPSCOPE_TEST(TestRenderVectorOps);
#include "test_render_vector_ops.moc"
