// Explicit vector ops (core/render/vector_ops.h) in the LLVM IR of a register
// tile: a matmul's hot loop as 16-float loads of the accumulators and of B, a
// splat of A, vector multiply-adds and stores; the accumulators as one vector
// alloca; kernels without a register tile keep their scalar lanes.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"

#include <QTest>

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

  // the accumulators: one <16 x float> alloca per row, each REG slot an element
  void accumulatorsAreOneVector() {
    LoweredKernel k = vectorOpsKernel(matmul(4, 32, 8), "Split(1, 16, UPCAST); Split(0, 2, UPCAST)");
    const std::string& ir = k.rendered.text;
    QCOMPARE(vectorOpsCount(ir, "alloca <16 x float>"), 2);
    QCOMPARE(vectorOpsCount(ir, "alloca float"), 0);
    QVERIFY(ir.find("%reg3 = getelementptr inbounds float, ptr %regv1, i64 1") != std::string::npos);
  }

  // one UPCAST axis (no register tile): scalar lanes, for LLVM's vectorizers
  void singleAxisStaysScalar() {
    LoweredKernel k = vectorOpsKernel(matmul(4, 32, 8), "Split(1, 16, UPCAST)");
    QCOMPARE(vectorOpsCount(k.rendered.text, "<16 x float>"), 0);
  }
};

UOPSCOPE_TEST(TestRenderVectorOps);
#include "test_render_vector_ops.moc"
