// The benchmarks' row kernels on the CPU in Zen 5 machine code: gelu's
// multiplies per vector and the max loop of softmax; in Zen 3 machine code,
// gelu's chains interleaved, layernorm's prefetch of the next row and softmax's of the row
// after the next in its scale loop.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/zen5_loop.h"
#include "tests/support/reference_match.h"
#include "tests/support/cpu_targets.h"

#include "backends/llvm/host_cpu_target.h"
#include "core/nn/norm.h"
#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"
#include "core/pipeline/schedule.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

using namespace uops;

namespace {

// The one kernel of `out` with the heuristics of a 2-core AVX-512 machine.
LoweredKernel singleLoweredKernel(const Tensor& out) {
  Schedule s = lowerToSchedule({out.uop()});
  if (s.kernels.size() != 1) throw std::runtime_error("expected one kernel");
  const UOpPtr& ast = s.kernels[0].ast;
  return lowerKernel(ast, cpuTarget(), heuristicOpts(ast, cpuschedule::wideTarget()));
}

// Positions of `mnemonic` in `k`'s machine code for `cpu`, counted in instructions.
std::vector<int> positionsOf(const LoweredKernel& k, const std::string& cpu, const std::string& mnemonic) {
  std::vector<int> at;
  int n = 0;
  for (const AsmLine& l : zen5loop::zen5Code(k, cpu)) {
    if (l.text.starts_with(mnemonic + " ")) at.push_back(n);
    ++n;
  }
  return at;
}

// The first kernel of `out` with the heuristics of a 2-core AVX2 machine.
LoweredKernel avx2LoweredKernel(const Tensor& out) {
  Schedule s = lowerToSchedule({out.uop()});
  OptTarget avx2 = cpuschedule::wideTarget();
  avx2.vectorBits = 256;
  const UOpPtr& ast = s.kernels.at(0).ast;
  return lowerKernel(ast, cpuTarget(), heuristicOpts(ast, avx2));
}

// How many prefetch instructions `k`'s Zen 3 machine code holds.
int prefetches(const LoweredKernel& k) {
  int n = 0;
  for (const AsmLine& l : zen5loop::zen5Code(k, "znver3"))
    n += l.text.starts_with("prefetcht0 ");
  return n;
}

// The displacements of `k`'s prefetches ("prefetcht0 byte ptr [rax + r8 + 0xe40]"), in order.
std::vector<long> prefetchOffsets(const LoweredKernel& k) {
  std::vector<long> out;
  for (const AsmLine& l : zen5loop::zen5Code(k, "znver3"))
    if (l.text.starts_with("prefetcht0 ")) {
      const size_t plus = l.text.rfind("+ 0x");
      out.push_back(plus == std::string::npos ? 0
                                              : std::stol(l.text.substr(plus + 2), nullptr, 16));
    }
  return out;
}

} // namespace

class TestRowKernels : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // gelu's tanh is 2 sigmoid(2y) - 1 and sigmoid's exp2 takes its argument times
  // -1/ln2, capped by minimum(127) = -max(-z, -127): y*2*(-1/ln2)*(-1) is one
  // multiply, y*(2/ln2) (Symbolic's exact float folds), where y*2 was an add
  // (y+y) of its own: 31 float multiplies, adds and subtracts per vector, not 32.
  void geluArgumentMultipliesOnce() {
    Tensor x = Tensor::empty({1 << 20});
    LoweredKernel k = singleLoweredKernel((x * 1.5 + 0.25).gelu());
    QCOMPARE(QString::fromStdString(formatOpts(k.opts)),
             QStringLiteral("Split(0, 64, UPCAST); Split(0, 2, THREAD)"));
    std::map<std::string, int> isa = zen5loop::functionIsa(k);
    const int vectors = 64 / 16;
    QCOMPARE(isa["vmulps"] + isa["vaddps"] + isa["vsubps"], 31 * vectors);
    // exp2's scale 2^q as two exponent fields, u >> 1 and u - (u >> 1), from u =
    // bits(t) + c: five integer ops (the second field as (u << 23) minus the
    // first; LLVM shifts and masks for the first). As u - (u >> 1), Symbolic
    // moved c past the subtraction: six.
    QCOMPARE(isa["vpaddd"] + isa["vpsubd"] + isa["vpslld"] + isa["vpsrld"] + isa["vpandd"] + isa["vpand"],
             5 * vectors);
  }

  // Elementwise transcendentals on AVX-512 (Zen 4 and 5): the heuristics'
  // four vectors of copies keep every value of the loop in registers, for
  // gelu, exp, sigmoid, tanh and log alike. Eight vectors spill gelu's
  // chains to the stack, which on Zen 4 made the loop three times slower.
  void transcendentalLoopsKeepTheirValuesInRegisters() {
    Tensor x = Tensor::empty({1 << 20});
    const Tensor y = x * 1.5 + 0.25;
    for (const Tensor& out : {y.gelu(), y.exp(), y.sigmoid(), y.tanh(), y.log()}) {
      const LoweredKernel k = singleLoweredKernel(out);
      QCOMPARE(QString::fromStdString(formatOpts(k.opts)),
               QStringLiteral("Split(0, 64, UPCAST); Split(0, 2, THREAD)"));
      for (const char* cpu : {"znver4", "znver5"})
        QCOMPARE(zen5loop::innermostLoopIsa(k, cpu)["stack"], 0);
    }
    Schedule s = lowerToSchedule({y.gelu().uop()});
    const LoweredKernel eight = lowerKernel(
        s.kernels.at(0).ast, cpuTarget(), parseOpts("Split(0, 128, UPCAST); Split(0, 2, THREAD)"));
    QVERIFY(zen5loop::innermostLoopIsa(eight, "znver4")["stack"] > 0);
  }

  // Softmax's exp pass on an AVX-512 Zen (CodegenTarget::fractionInstruction):
  // per vector one vreduceps, one subtract, six FMAs and one vscalefps, and of
  // the clamped exp2's compares, clamps and shifter adds none. Zen 4 issues
  // vaddps, vmaxps, vminps, vreduceps and vscalefps (the last two two cycles)
  // on its two add pipes and compares on its FMA pipes: with softmax's
  // subtract and sum the clamped form kept the add pipes 9 cycles a vector
  // and the FMA pipes 8, now 7 and 7 (in cache, 256 rows of 4096: 0.175-0.189
  // -> 0.157-0.165 ms, 2 Zen 4 cores).
  void softmaxExpPassByFraction() {
    const Tensor x = Tensor::empty({4096, 4096});
    Schedule s = lowerToSchedule({x.softmax().uop()});
    QCOMPARE(s.kernels.size(), size_t{1});
    const UOpPtr& ast = s.kernels[0].ast;
    const std::vector<Opt> opts = heuristicOpts(ast, cpuschedule::wideTarget());
    CodegenTarget target = cpuTarget();
    target.fusedMultiplyAdd = target.scaleInstruction = true;
    auto expLoop = [&](bool fraction) {
      target.fractionInstruction = fraction;
      return zen5loop::innermostLoopIsa(lowerKernel(ast, target, opts), "znver4", true);
    };
    std::map<std::string, int> reduced = expLoop(true), clamped = expLoop(false);
    auto count = [](const std::map<std::string, int>& isa, std::string_view prefix) {
      int n = 0;
      for (const auto& [mnemonic, k] : isa)
        n += mnemonic.starts_with(prefix) ? k : 0;
      return n;
    };
    const int vectors = count(reduced, "vscalefps");
    QVERIFY2(vectors >= 4, zen5loop::isaText(reduced).c_str());
    QCOMPARE(count(reduced, "vreduceps"), vectors);
    QCOMPARE(count(reduced, "vfmadd"), 6 * vectors);
    QVERIFY2(count(reduced, "vcmp") + count(reduced, "vmaxps") + count(reduced, "vminps") == 0,
             zen5loop::isaText(reduced).c_str());
    // the clamped form: two clamps, a compare and the rounding's two adds and subtract a vector
    QCOMPARE(count(clamped, "vscalefps"), vectors);
    QVERIFY2(count(clamped, "vcmp") == vectors && count(clamped, "vmaxps") == vectors &&
                 count(clamped, "vminps") == vectors,
             zen5loop::isaText(clamped).c_str());
    // the row cache's stores (a REG buffer on the stack), no spill
    QCOMPARE(reduced["stack"], clamped["stack"]);
  }

  // logsumexp's row kernel: a max loop, then the exp sum's loop reading it. Each of the sum's 64
  // accumulators starts right before its loop, so all four groups of 16 are vectors. The first
  // one's initial store used to be scheduled before the max loop, apart from the other fifteen:
  // that group stayed scalar, and its sixteen exps went lane by lane through the 128-bit
  // vreduceps and vscalefps (logsumexp over 512 x 4096 on 2 Zen 5 cores: 0.63 -> 0.15 ms).
  void logsumexpSumLanesAreVectors() {
    const Tensor x = Tensor::empty({512, 4096});
    Schedule s = lowerToSchedule({x.logsumexp(1).uop()});
    QCOMPARE(s.kernels.size(), size_t{1});
    const UOpPtr& ast = s.kernels[0].ast;
    CodegenTarget target = cpuTarget();
    target.fusedMultiplyAdd = target.scaleInstruction = target.fractionInstruction = true;
    const LoweredKernel k = lowerKernel(ast, target, heuristicOpts(ast, cpuschedule::wideTarget()));
    const std::string& ir = k.rendered.text;
    QVERIFY(ir.find("llvm.x86.avx512.mask.reduce.ps.512") != std::string::npos);
    QVERIFY2(ir.find("llvm.x86.avx512.mask.reduce.ps.128") == std::string::npos,
             "an exp computed lane by lane (128-bit vreduceps)");
    QVERIFY(ir.find("llvm.x86.avx512.mask.scalef.ps.128") == std::string::npos);

    const Tensor wave =
        (Tensor::arange(8 * 4096).cast(dtypes::float32) * 0.37).sin().reshape({8, 4096});
    const std::vector<UOpPtr> roots{(wave * 6.0).contiguous().logsumexp(1).uop()};
    CodegenTarget host = hostCpuTarget();
    host.heuristics = true;
    PipelineRun run = runPipeline(roots, {.trace = false, .target = host});
    QVERIFY(!run.failed());
    const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 1e-6, 1e-6);
    QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
  }

  // gelu on an AVX2 core (8 vectors of copies): each copy's sigmoid divides once,
  // and the eight divisions sit together in the loop, each chain's ops next to
  // the others' at the same depth. One chain after another, they were about 57
  // instructions apart (the whole loop spanned), and Zen 3's 64-entry float
  // scheduler held little more than one chain.
  void geluChainsInterleaved() {
    Tensor x = Tensor::empty({1 << 20});
    Schedule s = lowerToSchedule({((x * 1.5 + 0.25).gelu()).uop()});
    QCOMPARE(s.kernels.size(), size_t(1));
    OptTarget avx2 = cpuschedule::wideTarget();
    avx2.vectorBits = 256;
    const UOpPtr& ast = s.kernels[0].ast;
    LoweredKernel k = lowerKernel(ast, cpuTarget(), heuristicOpts(ast, avx2));
    QCOMPARE(QString::fromStdString(formatOpts(k.opts)), QStringLiteral("Split(0, 64, UPCAST); Split(0, 2, THREAD)"));
    const std::vector<int> divisions = positionsOf(k, "znver3", "vdivps");
    QCOMPARE(divisions.size(), size_t(8));
    const int span = divisions.back() - divisions.front();
    QVERIFY2(span <= 8 * 16, qPrintable(QString::number(span)));
  }

  // layernorm of 1024-float rows: the mean pass reads the whole 4 KB row in
  // the row loop's own block (its reduction unrolled), the variance and the
  // normalization passes again in inner loops. The last pass, the
  // normalization (64 floats an iteration, two of them a machine loop's
  // iteration), prefetches the next row's lines as it reads its own, one per
  // line, all in that loop. sum's stream (a reduction loop inside the
  // thread's row loop) keeps to the hardware's prefetcher.
  void layernormPrefetchesNextRow() {
    Tensor x = Tensor::empty({8192, 1024});
    LoweredKernel k = avx2LoweredKernel(layernorm(x));
    QCOMPARE(zen5loop::innermostLoopHolding(k, "znver3", "prefetcht0")["prefetcht0"],
             prefetches(k));
    const std::vector<long> lines = prefetchOffsets(k);
    QCOMPARE(lines.size(), size_t(8));
    for (size_t i = 1; i < lines.size(); ++i)
      QCOMPARE(lines[i] - lines[i - 1], 64L);
    QCOMPARE(prefetches(avx2LoweredKernel(Tensor::empty({1 << 24}).sum())), 0);
  }

  // gelu's one loop over its thread's elements reads 256 bytes an iteration
  // (8 vectors): each of the four lines prefetched 1 KB ahead, in the loop,
  // where the hardware's stream stops at each 4 KB page. Over 64 KB (under
  // 256 KB) the loop is left alone.
  void geluStreamPrefetchesAhead() {
    Tensor y = Tensor::empty({1 << 20});
    LoweredKernel k = avx2LoweredKernel((y * 1.5 + 0.25).gelu());
    std::map<std::string, int> loop = zen5loop::innermostLoopHolding(k, "znver3", "prefetcht0");
    QCOMPARE(loop["prefetcht0"], 4);
    QCOMPARE(prefetches(k), 4);
    Tensor small = Tensor::empty({1 << 14});
    QCOMPARE(prefetches(avx2LoweredKernel((small * 1.5 + 0.25).gelu())), 0);
  }

  // softmax of 4096-float rows on AVX2: the row loop's inner loops read the
  // row twice (max; exp and sum into the row cache) and the scale loop reads
  // the cache. The exp loop, the last to read the row and bound by compute,
  // prefetches the next row's lines as it reads its own: four vectors of exp2
  // chains (UNROLL 32, two lines an iteration), two prefetches; the max loop
  // none. LLVM's reassociation turns the exp loop's address (row base + the
  // thread's rows + offset) into plain `or`s that scalar evolution cannot
  // read: the max loop prefetched instead, all 256 lines of the next row
  // while it waited on the current one (disjoint_ors.h; 12.2 -> 9.6 ms).
  void softmaxPrefetchesNextRowInItsExpLoop() {
    Tensor x = Tensor::empty({4096, 4096});
    LoweredKernel k = avx2LoweredKernel(x.softmax(1));
    QCOMPARE(QString::fromStdString(formatOpts(k.opts)),
             QStringLiteral("Split(2, 32, UNROLL); Split(3, 32, UNROLL); Split(1, 16, UPCAST); Split(0, 2, THREAD)"));
    QCOMPARE(prefetches(k), 2);
    std::map<std::string, int> loop = zen5loop::innermostLoopHolding(k, "znver3", "prefetcht0");
    QCOMPARE(loop["prefetcht0"], 2);
    QVERIFY(loop["vpslld"] > 0);       // exp2's scale into the exponent field
    QCOMPARE(loop["vcmpunordps"], 0); // the max loop's NaN test
  }

  // softmax's scale loop, after the row's last read, reads the row cache and streams the output
  // row: beside its stores it prefetches the row after the next (whose lines the exp loop of the
  // next row does not ask for) into the second level, one prefetcht1 per line it stores; no
  // other loop holds one.
  void softmaxScaleLoopPrefetchesTheRowAfterNext() {
    Tensor x = Tensor::empty({4096, 4096});
    LoweredKernel k = singleLoweredKernel(x.softmax(1)); // 512-bit vectors: one a line
    std::map<std::string, int> loop = zen5loop::innermostLoopHolding(k, "znver4", "prefetcht1");
    QVERIFY2(loop["vmulps"] >= 4, zen5loop::isaText(loop).c_str()); // the scale loop, unrolled
    QCOMPARE(loop["prefetcht1"], loop["vmulps"]); // one per 64-byte vector scaled and stored
    QCOMPARE(loop["prefetcht0"], 0);
    int all = 0;
    for (const AsmLine& l : zen5loop::zen5Code(k, "znver4"))
      all += l.text.starts_with("prefetcht1 ");
    QCOMPARE(all, loop["prefetcht1"]);
    // layernorm's last pass reads its row: nothing after it to prefetch from
    for (const AsmLine& l :
         zen5loop::zen5Code(singleLoweredKernel(layernorm(Tensor::empty({8192, 1024}))), "znver4"))
      QVERIFY(!l.text.starts_with("prefetcht1 "));
  }

  // softmax's row max: each accumulator update is x86's max both ways, their
  // bits ANDed and a NaN compare ORed in, where llvm.maximum's lowering moved
  // lanes by their sign and by NaN through mask registers.
  void softmaxMaxWithoutSignBlends() {
    Tensor x = Tensor::empty({64, 4096});
    LoweredKernel k = singleLoweredKernel(x.softmax(1));
    std::map<std::string, int> isa = zen5loop::functionIsa(k);
    QCOMPARE(isa["vpmovd2m"], 0);
    QCOMPARE(isa["vblendmps"], 0);
  }

  // softmax's row max after its loop, 64 partial maxima in four vectors of
  // 16: one fold (the four maxed lane by lane, then halved 16 -> 8 -> 4 -> 2
  // lanes and the last two), none of them loaded lane by lane; the sum's 16
  // partial sums still are, in their order. Rows holding a NaN, both zeros,
  // only -0 and negatives, or -inf get the evaluator's maxima bit for bit.
  void rowMaxReadsOutAsOneVectorFold() {
    const LoweredKernel k = singleLoweredKernel(Tensor::empty({64, 4096}).softmax(1));
    const std::string& ir = k.rendered.text;
    auto count = [&](const std::string& needle) {
      int n = 0;
      for (size_t at = ir.find(needle); at != std::string::npos; at = ir.find(needle, at + 1))
        ++n;
      return n;
    };
    QCOMPARE(count("<16 x float> poison, <8 x i32> <i32"), 2);
    QCOMPARE(count("<8 x float> poison, <4 x i32> <i32"), 2);
    QCOMPARE(count("<4 x float> poison, <2 x i32> <i32"), 2);
    QCOMPARE(count("extractelement <2 x float>"), 2);
    QCOMPARE(count("getelementptr inbounds float, ptr %acc"), 16);

    const int64_t rows = 8, width = 4096;
    const Tensor col = Tensor::arange(rows * width).reshape({rows, width}) % width;
    const Tensor row = Tensor::arange(rows * width).reshape({rows, width}) / width;
    const Tensor wave =
        (Tensor::arange(rows * width).cast(dtypes::float32) * 0.37).sin().reshape({rows, width});
    const Tensor negative = -(wave.abs() + 0.5);
    Tensor x = wave * 4.0;
    x = (row.eq(0) * col.eq(1234)).where(std::nan(""), x); // a NaN among values
    x = row.eq(1).where(negative, x);                      // negatives, then both zeros
    x = (row.eq(1) * col.eq(77)).where(-0.0, x);
    x = (row.eq(1) * col.eq(3001)).where(0.0, x);
    x = row.eq(2).where(negative, x); // negatives and -0 alone
    x = (row.eq(2) * col.eq(4095)).where(-0.0, x);
    x = row.eq(3).where(-std::numeric_limits<double>::infinity(), x);
    x = (row.eq(4) * col.eq(0)).where(std::nan(""), x); // a NaN in the first lane
    const std::vector<UOpPtr> roots{x.contiguous().max(1).uop()};
    // llvm.maximum's lanes, and the host's own max (x86: each way round, the bits combined)
    CodegenTarget host = hostCpuTarget();
    host.heuristics = true;
    for (const CodegenTarget& target : {testsupport::twoCoreCpu(512), host}) {
      PipelineRun run = runPipeline(roots, {.trace = false, .target = target});
      QVERIFY(!run.failed());
      QVERIFY(run.kernels.back().rendered.text.find("poison, <2 x i32> <i32") != std::string::npos);
      const QString mismatch = testsupport::cpuMismatchWithReference(run, roots, 0, 0);
      QVERIFY2(mismatch.isEmpty(), qPrintable(mismatch));
    }
  }
};

UOPSCOPE_TEST(TestRowKernels);
#include "test_row_kernels.moc"
