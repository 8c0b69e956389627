// Row reductions unrolled into partial accumulators are explicit vectors
// (core/render/vector_ops.h): a row's maxima four 16-lane vectors on an
// AVX-512 target, each update the ordered-max idiom on whole vectors
// (render_llvm_alu.cpp), the partial maxima combined as a tree after the
// loop (core/pipeline/expand.cpp). The machine code's loops, and the numbers
// against the reference evaluator, NaN and signed zeros included.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_targets.h"
#include "tests/support/reference_match.h"
#include "tests/support/zen5_loop.h"

#include "backends/llvm/host_cpu_target.h"
#include "core/nn/norm.h"
#include "core/pipeline/codegen.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

using namespace uops;
using testsupport::twoCoreCpu;

namespace {

// `avx512`: the target has FMA, vscalefps and vpternlogd (hostCpuTarget on an AVX-512 CPU)
PipelineRun runFor(const Tensor& out, int vectorBits, bool avx512 = false) {
  CodegenTarget target = twoCoreCpu(vectorBits);
  target.fusedMultiplyAdd = target.scaleInstruction = avx512;
  PipelineRun run = runPipeline({out.uop()}, {.trace = false, .target = target});
  if (run.failed()) throw std::runtime_error("the pipeline failed");
  return run;
}

// The instructions of the innermost loop holding `holding`, in the last
// kernel's machine code for `cpu`.
std::map<std::string, int> loopHolding(const Tensor& out, int vectorBits, const std::string& cpu,
                                       std::string_view holding, bool avx512 = false) {
  PipelineRun run = runFor(out, vectorBits, avx512);
  return zen5loop::innermostLoopHolding(run.kernels.back(), cpu, holding);
}

// Whether a loop's maxes are the ordered-max idiom on `vectors` whole
// vectors of `width` ("zmm") an iteration, or a multiple (LLVM may unroll the
// loop): per vector two maxes, an AND and a NaN compare, and a load of that
// width (no narrower one).
bool idiomsOfWholeVectors(std::map<std::string, int>& loop, int vectors, const std::string& width) {
  const int n = loop["vcmpunordps"];
  const int moves = loop["vmovaps " + width] + loop["vmovups " + width];
  const int narrow =
      loop["vmovaps xmm"] + loop["vmovups xmm"] + loop["vmovsd xmm"] + loop["vmovss xmm"];
  return n > 0 && n % vectors == 0 && loop["vmaxps"] == 2 * n && loop["vandps"] == n &&
         moves >= n && narrow == 0;
}

// 8 rows of 4096: a smooth row, a NaN inside and one last, signed zeros, all
// -0, all -inf, +inf beside a NaN, the largest value last.
std::vector<Scalar> specialRows() {
  constexpr int64_t n = 4096;
  const double inf = std::numeric_limits<double>::infinity(),
               nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<Scalar> v;
  for (int64_t row = 0; row < 8; ++row)
    for (int64_t i = 0; i < n; ++i) {
      double x = std::sin(0.37 * static_cast<double>(i + 7 * row)) * 3.0;
      if (row == 1 && i == 1234) x = nan;
      if (row == 2 && i == n - 1) x = nan;
      if (row == 3) x = i == 77 ? 0.0 : -0.0;
      if (row == 4) x = -0.0;
      if (row == 5) x = -inf;
      if (row == 6) x = i == 9 ? inf : i == 3000 ? nan : x;
      if (row == 7 && i == n - 1) x = 100.0;
      v.push_back(x);
    }
  return v;
}

// Empty where `out` on the CPU equals the reference evaluator exactly (NaN
// for NaN, the zero's sign) or, with `tol`, within tol * (1 + |want|); else
// the first difference.
QString mismatch(const Tensor& out, int vectorBits, double tol = 0, bool avx512 = false) {
  return testsupport::cpuMismatchWithReference(runFor(out, vectorBits, avx512), {out.uop()}, tol,
                                               tol);
}

} // namespace

class TestRowReductions : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // 64 partial maxima of a 4096-float row: four zmm accumulators, each
  // updated by two ordered maxes, an AND and a NaN compare; no scalar max in
  // the loop (LLVM's own packing left vectors of 8, 4 and 2 and scalars)
  void rowMaxInWholeVectors() {
    std::map<std::string, int> loop =
        loopHolding(Tensor::empty({256, 4096}).max(1), 512, "sapphirerapids", "vcmpunordps");
    const std::string all = zen5loop::isaText(loop);
    QVERIFY2(loop["vmaxss"] == 0, all.c_str());
    QVERIFY2(idiomsOfWholeVectors(loop, 4, "zmm"), all.c_str());
  }

  // softmax's max pass likewise, beside its exp pass's row cache and sum
  void softmaxMaxPassInWholeVectors() {
    std::map<std::string, int> loop =
        loopHolding(Tensor::empty({4096, 4096}).softmax(1), 512, "sapphirerapids", "vcmpunordps");
    const std::string all = zen5loop::isaText(loop);
    QVERIFY2(loop["vmaxss"] == 0 && idiomsOfWholeVectors(loop, 4, "zmm"), all.c_str());
  }

  // softmax's exp pass: the row's 16 exponentials of an iteration one zmm
  // vector, its 2^q one vscalefps, stored into the row cache as one vector
  // and added into one vector of partial sums. (Exp's clamps read x twice and
  // the exponentials are kept for the next pass as well as summed: as scalar
  // lanes for LLVM's SLP vectorizer the scale stayed two exponent fields.)
  void softmaxExpPassInWholeVectors() {
    std::map<std::string, int> loop = loopHolding(Tensor::empty({4096, 4096}).softmax(1), 512,
                                                  "sapphirerapids", "vscalefps", true);
    const std::string all = zen5loop::isaText(loop);
    const int vectors = loop["vscalefps"];
    QVERIFY2(vectors > 0, all.c_str());
    QVERIFY2(loop["vmovups zmm"] + loop["vmovaps zmm"] >= 2 * vectors, all.c_str()); // load, store
    QVERIFY2(loop["vaddps"] >= vectors, all.c_str());
    QVERIFY2(loop["vaddss"] + loop["vmovss xmm"] + loop["vinsertps"] + loop["vpslld"] == 0,
             all.c_str());
  }

  // a masked softmax (attention's scores where a bool mask holds, -inf
  // elsewhere): its max pass reads the mask's bytes as whole vectors too, four
  // 16-lane vectors of maxima (bool loads were left to LLVM, which packed the
  // 64 lanes two at a time: 2.5x the kernel's time)
  void maskedSoftmaxMaxPassInWholeVectors() {
    const Tensor mask = Tensor::empty({2048, 2048}, dtypes::bool_);
    const Tensor scores =
        mask.where(Tensor::empty({2048, 2048}), -std::numeric_limits<double>::infinity());
    std::map<std::string, int> loop =
        loopHolding(scores.softmax(1), 512, "sapphirerapids", "vcmpunordps");
    const std::string all = zen5loop::isaText(loop);
    QVERIFY2(loop["vmaxss"] == 0 && idiomsOfWholeVectors(loop, 4, "zmm"), all.c_str());
    QVERIFY2(loop["vpinsrb"] + loop["movzx"] == 0, all.c_str());
  }

  // on AVX2 the 64 maxima are eight 8-lane vectors
  void rowMaxOnAvx2() {
    std::map<std::string, int> loop =
        loopHolding(Tensor::empty({256, 4096}).max(1), 256, "znver3", "vcmpunordps");
    const std::string all = zen5loop::isaText(loop);
    QVERIFY2(loop["vmaxss"] == 0 && idiomsOfWholeVectors(loop, 8, "ymm"), all.c_str());
  }

  // with AVX-512's ternary logic each vector's max is the two ordered maxes
  // and one vpternlogd (sign bits ANDed, the rest ORed): no NaN compare, no
  // AND and masked move (five instructions a vector before)
  void rowMaxOnAvx512IsTwoMaxesAndATernaryLogic() {
    std::map<std::string, int> loop =
        loopHolding(Tensor::empty({256, 4096}).max(1), 512, "sapphirerapids", "vpternlogd", true);
    const std::string all = zen5loop::isaText(loop);
    const int n = loop["vpternlogd"];
    QVERIFY2(n > 0 && n % 4 == 0 && loop["vmaxps"] == 2 * n, all.c_str());
    QVERIFY2(loop["vcmpunordps"] + loop["vandps"] + loop["vmaxss"] == 0, all.c_str());
  }

  // after the loop the 64 maxima combine as a tree: at most a few scalar
  // maxes (64 partial maxima one after another were 63 of them, two
  // vmaxss each)
  void partialMaximaCombineAsATree() {
    PipelineRun run = runFor(Tensor::empty({256, 4096}).max(1), 512);
    std::map<std::string, int> isa = zen5loop::functionIsa(run.kernels.back());
    QVERIFY2(isa["vmaxss"] <= 8, zen5loop::isaText(isa).c_str());
  }

  // the maxima against the reference evaluator exactly: NaN anywhere in a
  // row is NaN, +0 over -0, -inf rows -inf
  void rowMaxMatchesTheReference_data() {
    QTest::addColumn<int>("vectorBits");
    QTest::addColumn<bool>("avx512");
    QTest::newRow("512-bit vectors") << 512 << false;
    QTest::newRow("avx2") << 256 << false;
    QTest::newRow("avx-512 ternary logic") << 512 << true;
  }
  void rowMaxMatchesTheReference() {
    QFETCH(int, vectorBits);
    QFETCH(bool, avx512);
    if (avx512 && !hostCpuTarget().scaleInstruction)
      QSKIP("this CPU has no AVX-512 to run the kernel on (the loop is checked above)");
    const Tensor x = Tensor::fromFlat(specialRows(), {8, 4096});
    const QString diff = mismatch(x.max(1), vectorBits, 0, avx512);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
  }

  // softmax (plain and causally masked), a sum of squares and layernorm over rows without NaN,
  // within float rounding of the reference (sums in another order)
  void rowKernelsMatchTheReference_data() {
    QTest::addColumn<int>("vectorBits");
    QTest::addColumn<int>("kernel");
    QTest::addColumn<bool>("avx512");
    for (int bits : {512, 256}) {
      QTest::addRow("softmax %d", bits) << bits << 0 << false;
      QTest::addRow("sum of squares %d", bits) << bits << 1 << false;
      QTest::addRow("layernorm %d", bits) << bits << 2 << false;
      QTest::addRow("causal softmax %d", bits) << bits << 3 << false;
    }
    QTest::addRow("softmax with FMA and vscalefps") << 512 << 0 << true;
  }
  void rowKernelsMatchTheReference() {
    QFETCH(int, vectorBits);
    QFETCH(int, kernel);
    QFETCH(bool, avx512);
    if (avx512 && !hostCpuTarget().scaleInstruction)
      QSKIP("this CPU has no AVX-512 vscalefps to run the kernel on (the loop is checked above)");
    const Tensor x = (Tensor::arange(int64_t{16} * 4096).cast(dtypes::float32) * 0.37)
                         .sin()
                         .reshape({16, 4096}) *
                     4.0;
    // the causal mask: row r keeps its first r + 1 scores
    const Tensor masked = Tensor::ones({16, 4096}, dtypes::bool_)
                              .tril()
                              .where(x, -std::numeric_limits<double>::infinity());
    const Tensor out = kernel == 0   ? x.softmax(1)
                       : kernel == 1 ? (x * x).sum(1)
                       : kernel == 2 ? layernorm(x)
                                     : masked.softmax(1);
    const QString diff = mismatch(out, vectorBits, 1e-4, avx512);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
  }
};

UOPSCOPE_TEST(TestRowReductions);
#include "test_row_reductions.moc"
