// OptOps keep results: random valid OptOp sequences on several kernels,
// lowered with them (TC, Split to UPCAST/UNROLL/THREAD, Padto, Swap), compiled
// and run on the CPU device, compared with the same kernel without OptOps
// run by the kernel interpreter. Seeded; every sequence is printed on failure.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "backends/llvm/cpu_device.h"
#include "core/opt/apply_opt.h"
#include "core/opt/heuristics.h"
#include "core/engine/kernel_interpreter.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace uops;
using namespace kernelast;

namespace {

std::vector<HostTensor> inputsFor(const std::vector<KernelParam>& params, std::mt19937_64& rng) {
  std::vector<HostTensor> bufs;
  for (const KernelParam& p : params) {
    HostTensor t(p.dtype, {p.size});
    for (int64_t e = 0; e < p.size && !p.written; ++e) {
      int64_t v = std::uniform_int_distribution<int64_t>(-5, 5)(rng);
      if (p.dtype.isFloat()) t.setDouble(e, static_cast<double>(v) / 4);
      else t.setInt(e, v);
    }
    bufs.push_back(t);
  }
  return bufs;
}

// The output buffer of `program` run on the CPU and of `kernel` (without
// OptOps) run by the interpreter, from the same random inputs.
struct Outputs {
  HostTensor got, want;
};
Outputs compiledAndInterpreted(CpuDevice& device, const CpuProgram& program, const UOpPtr& kernel,
                               std::mt19937_64& rng) {
  std::vector<HostTensor> bufs = inputsFor(program.kernel.params, rng);
  std::vector<HostTensor> want = bufs;
  for (auto& t : want) t = t.withShape(t.shape()); // own copies
  std::vector<HostTensor*> ptrs;
  for (HostTensor& t : want) ptrs.push_back(&t);
  runKernel(*UOp::make(Op::Call, dtypes::void_, {kernel}), ptrs);
  device.run(program, bufs);
  return {bufs[0], want[0]};
}

// `kernel` compiled on the CPU with `opts`, and its output beside the
// interpreter's from the same random inputs (a generator seeded `seed`).
struct CompiledRun {
  CpuProgram program;
  HostTensor got, want;
};
CompiledRun compiledAgainstInterpreter(const UOpPtr& kernel, const std::vector<Opt>& opts, uint64_t seed) {
  CpuDevice device;
  CpuProgram program = device.compile(lowerKernel(kernel, cpuTarget(), opts));
  std::mt19937_64 rng(seed);
  auto [got, want] = compiledAndInterpreted(device, program, kernel, rng);
  return {std::move(program), std::move(got), std::move(want)};
}

// The compiled output equal to the interpreter's element for element (as
// QCOMPARE compares doubles, or floats where `asFloat`).
void compareOutputs(const CompiledRun& run, bool asFloat = false) {
  for (int64_t e = 0; e < run.want.numel(); ++e) {
    if (asFloat)
      QCOMPARE(float(run.got.getDouble(e)), float(run.want.getDouble(e)));
    else
      QCOMPARE(run.got.getDouble(e), run.want.getDouble(e));
  }
}

// out[i*n + j] = x[i*n + j]^2, or out[i] = sum_j x[i*n + j] (slots: out 0, x 1).
UOpPtr rowsKernel(int64_t m, int64_t n, bool sum) {
  UOpPtr i = range(m, 0), j = range(n, 1, sum ? AxisType::Reduce : AxisType::Loop);
  UOpPtr x = load(buf(1, dtypes::float32, m * n), i * n + j);
  if (sum) return sink({end(store(buf(0, dtypes::float32, m), i, reduceOver(x, Op::Add, {j})), {i})});
  return sink({end(store(buf(0, dtypes::float32, m * n), i * n + j, x * x), {i, j})});
}

// Every OptOp the applier accepts on `ast` among a fixed menu.
std::vector<Opt> validNext(const UOpPtr& ast, const std::vector<Opt>& applied, const OptTarget& target) {
  std::vector<Opt> menu;
  size_t axes = kernelRanges(ast).size();
  for (int a = 0; a < static_cast<int>(axes); ++a) {
    for (int64_t f : {2, 3, 4, 8})
      for (AxisType t : {AxisType::Upcast, AxisType::Unroll, AxisType::Thread})
        menu.push_back({OptOpKind::Split, a, f, t, false, 0});
    for (int64_t m : {3, 5}) menu.push_back({OptOpKind::Padto, a, m, AxisType::Upcast, false, 0});
    for (int b = a + 1; b < static_cast<int>(axes); ++b) menu.push_back({OptOpKind::Swap, a, 0, AxisType::Upcast, false, b});
  }
  std::vector<Opt> ok;
  for (const Opt& o : menu) {
    try {
      applyOpt(ast, o, target, applied);
      ok.push_back(o);
    } catch (const OptError&) {
    }
  }
  return ok;
}

} // namespace

class TestOptResults : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void randomSequences_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("sum rows") << 0;
    QTest::newRow("max rows int") << 1;
    QTest::newRow("elementwise") << 2;
    QTest::newRow("matmul") << 3;
    QTest::newRow("pad") << 4;
    QTest::newRow("matmul on the tensor core") << 5; // TC first: Wmma as LLVM's matrix multiply
  }

  void randomSequences() {
    QFETCH(int, which);
    UOpPtr kernels[] = {reduceRows(Op::Add, dtypes::float32, 12, 20), reduceRows(Op::Max, dtypes::int32, 6, 16),
                        elementwise(Op::Mul, dtypes::float32, 48), matmul(8, 12, 16),
                        padKernel(dtypes::float32, 10, 3, 3), matmul(16, 24, 32)};
    UOpPtr kernel = kernels[which];
    std::mt19937_64 rng(1234 + static_cast<uint64_t>(which));
    OptTarget target = optTargetOf(cpuTarget());
    std::vector<Opt> first = which == 5 ? parseOpts("TC(2)") : std::vector<Opt>{};
    CpuDevice device;
    for (int trial = 0; trial < 12; ++trial) {
      std::vector<Opt> opts = first;
      UOpPtr current = applyOpts(kernel, first, target);
      int length = std::uniform_int_distribution<int>(1, 4)(rng);
      for (int s = 0; s < length; ++s) {
        std::vector<Opt> next = validNext(current, opts, target);
        if (next.empty()) break;
        Opt pick = next[std::uniform_int_distribution<size_t>(0, next.size() - 1)(rng)];
        current = applyOpt(current, pick, target, opts);
        opts.push_back(pick);
      }
      CpuProgram program;
      try {
        program = device.compile(lowerKernel(kernel, cpuTarget(), opts));
      } catch (const std::exception& e) {
        QFAIL(qPrintable(QString::fromStdString(formatOpts(opts) + ": " + e.what())));
      }
      auto [got, want] = compiledAndInterpreted(device, program, kernel, rng);
      for (int64_t e = 0; e < want.numel(); ++e) {
        double g = got.getDouble(e), w = want.getDouble(e);
        QVERIFY2(std::fabs(g - w) <= 1e-4 * (1 + std::fabs(w)),
                 qPrintable(QStringLiteral("%1 with %2: element %3 is %4, expected %5")
                                .arg(QString::fromStdString(program.name()),
                                     QString::fromStdString(formatOpts(opts)))
                                .arg(e)
                                .arg(g)
                                .arg(w)));
      }
    }
  }

  // A THREAD axis is the entry's thread index: 4 calls in parallel cover the kernel.
  void threadAxisRunsInParallel() {
    UOpPtr kernel = elementwise(Op::Add, dtypes::int32, 64);
    CpuDevice device;
    CpuProgram program = device.compile(lowerKernel(kernel, cpuTarget(), parseOpts("Split(0, 4, THREAD)")));
    QCOMPARE(program.kernel.rendered.workItems(), int64_t{4});
    std::mt19937_64 rng(7);
    std::vector<HostTensor> bufs = inputsFor(program.kernel.params, rng);
    device.run(program, bufs);
    for (int64_t e = 0; e < 64; ++e) QCOMPARE(bufs[0].getInt(e), bufs[1].getInt(e) + bufs[2].getInt(e));
  }

  // The heuristics' choice is valid and keeps the matmul's results.
  void heuristicsOnMatmul() {
    // with cores to spare, a large enough matmul is also split across them
    OptTarget two;
    two.threads = 2;
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(matmul(64, 64, 64), two))),
             QStringLiteral("Split(1, 16, UPCAST); Split(0, 8, UPCAST); Split(0, 2, THREAD)"));
    // BEAM starts from that and from the same without THREAD (to place it elsewhere)
    std::vector<std::vector<Opt>> seeds = heuristicSeeds(matmul(64, 64, 64), two);
    QCOMPARE(seeds.size(), size_t{2});
    QCOMPARE(QString::fromStdString(formatOpts(seeds[1])),
             QStringLiteral("Split(1, 16, UPCAST); Split(0, 8, UPCAST)"));
    UOpPtr kernel = matmul(16, 16, 32);
    QCOMPARE(heuristicSeeds(applyOpts(kernel, {}, OptTarget{}), OptTarget{}).size(), size_t{1});
    std::vector<Opt> opts = heuristicOpts(applyOpts(kernel, {}, OptTarget{}), OptTarget{});
    QCOMPARE(QString::fromStdString(formatOpts(opts)),
             QStringLiteral("Split(1, 8, UPCAST); Split(0, 8, UPCAST)"));
    CpuDevice device;
    CpuProgram program = device.compile(lowerKernel(kernel, cpuTarget(), opts));
    QCOMPARE(QString::fromStdString(program.name()), QStringLiteral("r_2_2_32_8_8"));
  }

  // No output axis that the cores divide (999 x 333 elements, a sum of 999
  // rows of 333): the outermost is padded to 1000 and split across them, the
  // padded row's stores gated; results stay the interpreter's. A small
  // kernel stays on one core; one whose only axis to split is read
  // consecutively is not padded (each load would be gated) but split into
  // chunks of a divisor (heuristicsSplitAnOddStreamIntoChunks).
  void heuristicsPadAnOddAxisForTheCores() {
    OptTarget two;
    two.threads = 2;
    for (int sum = 0; sum < 2; ++sum) {
      UOpPtr kernel = rowsKernel(999, 333, sum == 1);
      std::vector<Opt> opts = heuristicOpts(kernel, two);
      QVERIFY(opts.size() >= 2);
      const std::vector<Opt> last(opts.end() - 2, opts.end());
      QCOMPARE(QString::fromStdString(formatOpts(last)), QStringLiteral("Padto(0, 2); Split(0, 2, THREAD)"));
      const CompiledRun run = compiledAgainstInterpreter(kernel, opts, 5);
      QCOMPARE(run.program.kernel.rendered.workItems(), int64_t{2});
      compareOutputs(run);
    }
    // 3 rows are too few to split and the loads read the rows' elements
    // consecutively: not padded (each would be gated), 3 chunks of the rows
    // (33333 = 3 x 41 x 271; 41 would make chunks under 1024 elements)
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(rowsKernel(3, 33333, false), two))),
             QStringLiteral("Split(1, 3, THREAD)"));
    QVERIFY(formatOpts(heuristicOpts(rowsKernel(99, 33, false), two)).find("THREAD") == std::string::npos);
  }

  // One stream no core count divides, read consecutively (999999 = 3^3 x 7 x
  // 11 x 13 x 37 floats; no vector either): THREAD chunks of a divisor, 21,
  // the first that gives 8 a core, which the cores take as they free up
  // (one core 1.4 ms for gelu, 21 chunks 0.57, as 1000000 floats in two
  // halves); results stay the interpreter's. A prime size has no divisor:
  // one core.
  void heuristicsSplitAnOddStreamIntoChunks() {
    OptTarget two;
    two.threads = 2;
    UOpPtr kernel = rowsKernel(1, 999999, false);
    const std::vector<Opt> opts = heuristicOpts(kernel, two);
    QCOMPARE(QString::fromStdString(formatOpts(opts)), QStringLiteral("Split(1, 21, THREAD)"));
    const CompiledRun run = compiledAgainstInterpreter(kernel, opts, 7);
    QCOMPARE(run.program.kernel.rendered.workItems(), int64_t{21});
    compareOutputs(run);
    QVERIFY(formatOpts(heuristicOpts(rowsKernel(1, 1000003, false), two)).find("THREAD") == std::string::npos);
  }

  // With AVX-512's 32 vector registers the tile is 32 x 8 (two vectors by
  // eight rows), or 64 x 4 where B's 32-column tile (K x 32 floats) outgrows
  // a 32 KiB L1; where B is larger than the caches (2^18 elements) the loop
  // over column tiles runs outside the one over row tiles and the cores split
  // the rows. Results stay the interpreter's. Elementwise transcendentals run
  // four vectors per step.
  void heuristicsWithWideVectors() {
    OptTarget wide;
    wide.threads = 2;
    wide.vectorBits = 512;
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(matmul(1024, 1024, 512), wide))),
             QStringLiteral("Split(1, 64, UPCAST); Split(0, 4, UPCAST); Swap(0, 1); Split(1, 2, THREAD)"));
    UOpPtr kernel = matmul(64, 64, 64);
    std::vector<Opt> opts = heuristicOpts(kernel, wide);
    QCOMPARE(QString::fromStdString(formatOpts(opts)),
             QStringLiteral("Split(1, 32, UPCAST); Split(0, 8, UPCAST); Split(0, 2, THREAD)"));
    opts = parseOpts("Split(1, 32, UPCAST); Split(0, 8, UPCAST); Swap(0, 1); Split(0, 2, THREAD)");
    const CompiledRun run = compiledAgainstInterpreter(kernel, opts, 5);
    QCOMPARE(QString::fromStdString(run.program.name()), QStringLiteral("r_2_1_8_64_32_8"));
    compareOutputs(run, true);
    // elementwise: an Exp2 gets four vectors of copies, an Add 4 copies
    auto exp2Kernel = [](int64_t n) {
      UOpPtr i = range(n, 0);
      return sink({end(store(buf(0, dtypes::float32, n), i, alu(Op::Exp2, {load(buf(1, dtypes::float32, n), i)})), {i})});
    };
    // four vectors of copies of a decomposed Exp2 (about 60 nodes each) fit
    // the 12288 nodes of a large kernel...
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(exp2Kernel(1 << 20), wide))),
             QStringLiteral("Split(0, 64, UPCAST); Split(0, 2, THREAD)"));
    // ...but a kernel of fewer than 2^20 iterations keeps its copies under 2048
    // nodes: the largest UPCAST within that is 16 (64 and 32 are over it)
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(exp2Kernel(1 << 16), wide))),
             QStringLiteral("Split(0, 16, UPCAST); Split(0, 2, THREAD)"));
    // ...and an elementwise one of fewer than 2^16 under 512 nodes (a
    // Tensor.rand of a small weight compiles in a third of the time): 4
    // copies, where the 2048-node budget took 16
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(exp2Kernel(1 << 12), wide))),
             QStringLiteral("Split(0, 4, UPCAST)"));
    const int64_t n = 1 << 16;
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(elementwise(Op::Add, dtypes::float32, n), wide))),
             QStringLiteral("Split(0, 4, UPCAST); Split(0, 2, THREAD)"));
  }

  // A row kernel (the reduction once per row, then the row's elements):
  // partial accumulators for the reduction and vector-wide elements, no
  // register tile over rows; the results stay the interpreter's.
  void heuristicsOnRowKernel() {
    OptTarget two;
    two.threads = 2;
    UOpPtr kernel = minusRowMax(32, 64);
    std::vector<Opt> opts = heuristicOpts(applyOpts(kernel, {}, two), two);
    QCOMPARE(QString::fromStdString(formatOpts(opts)),
             QStringLiteral("Split(2, 16, UNROLL); Split(1, 16, UPCAST); Split(0, 2, THREAD)"));
    compareOutputs(compiledAgainstInterpreter(kernel, opts, 3));
  }

  // With a known vector width, a row kernel's reduction of a cheap element
  // (a softmax's max, a layernorm's sums) gets four vectors of accumulators:
  // one vector is one chain of dependent maxima or adds, its latency per
  // vector longer than the vector's load. A reduction of a decomposed
  // transcendental keeps 16 copies (its element's ~40 operations are the
  // bound, not the chain). Maxima in any order are exact: the results stay
  // the interpreter's.
  void heuristicsWithWideVectorsOnRowKernels() {
    OptTarget wide;
    wide.threads = 2;
    wide.vectorBits = 512;
    UOpPtr kernel = minusRowMax(64, 1024);
    std::vector<Opt> opts = heuristicOpts(kernel, wide);
    QCOMPARE(QString::fromStdString(formatOpts(opts)),
             QStringLiteral("Split(2, 64, UNROLL); Split(1, 16, UPCAST); Split(0, 2, THREAD)"));
    compareOutputs(compiledAgainstInterpreter(kernel, opts, 11));
    // out[i, j] = a[i, j] - max_k a[i, k] + sum_l exp2(a[i, l])
    const int64_t m = 64, n = 1024;
    UOpPtr i = range(m, 0), j = range(n, 1), k = range(n, 2, AxisType::Reduce), l = range(n, 3, AxisType::Reduce);
    UOpPtr a = buf(1, dtypes::float32, m * n);
    UOpPtr value = load(a, i * n + j) - reduceOver(load(a, i * n + k), Op::Max, {k}) +
                   reduceOver(alu(Op::Exp2, {load(a, i * n + l)}), Op::Add, {l});
    UOpPtr mixed = sink({end(store(buf(0, dtypes::float32, m * n), i * n + j, value), {i, j})});
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(mixed, wide))),
             QStringLiteral("Split(2, 64, UNROLL); Split(3, 16, UNROLL); Split(1, 16, UPCAST); Split(0, 2, THREAD)"));
    // an unknown vector width keeps 16 copies for every reduction
    wide.vectorBits = 0;
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(kernel, wide))),
             QStringLiteral("Split(2, 16, UNROLL); Split(1, 16, UPCAST); Split(0, 2, THREAD)"));
  }

  // Sums of long rows read consecutively along the reduction (a long sum's
  // partials): eight accumulators over consecutive elements, no UPCAST of the
  // rows (their copies would read streams a row apart), and the rows over the
  // cores in 8 chunks per core that a core takes as it frees up (one chunk per
  // core waited for the thread that started last); results stay the
  // interpreter's. A row too short for that keeps UPCAST and UNROLL 4, and one
  // chunk per core.
  void heuristicsOnLongRows() {
    OptTarget two;
    two.threads = 2;
    UOpPtr kernel = reduceRows(Op::Add, dtypes::float32, 64, 1024);
    std::vector<Opt> opts = heuristicOpts(kernel, two);
    QCOMPARE(QString::fromStdString(formatOpts(opts)),
             QStringLiteral("Split(1, 8, UNROLL); Split(0, 16, THREAD)"));
    const CompiledRun run = compiledAgainstInterpreter(kernel, opts, 7);
    QCOMPARE(QString::fromStdString(run.program.name()), QStringLiteral("r_16_4_128_8"));
    compareOutputs(run);
    QCOMPARE(QString::fromStdString(
                 formatOpts(heuristicOpts(reduceRows(Op::Add, dtypes::float32, 8192, 12), two))),
             QStringLiteral("Split(0, 4, UPCAST); Split(1, 4, UNROLL); Split(0, 2, THREAD)"));
  }

  // With a known vector width a long sum gets four vectors of accumulators
  // (one vector is one chain of dependent adds: four chains keep the adds
  // ahead of the memory); the results stay the interpreter's (small integers
  // over 4: every order sums them exactly).
  void heuristicsWithWideVectorsOnLongSums() {
    OptTarget wide;
    wide.threads = 2;
    wide.vectorBits = 512;
    UOpPtr sum = reduceRows(Op::Add, dtypes::float32, 64, 1024);
    std::vector<Opt> opts = heuristicOpts(sum, wide);
    QCOMPARE(QString::fromStdString(formatOpts(opts)), QStringLiteral("Split(1, 64, UNROLL); Split(0, 16, THREAD)"));
    wide.vectorBits = 256;
    QCOMPARE(QString::fromStdString(formatOpts(heuristicOpts(sum, wide))),
             QStringLiteral("Split(1, 32, UNROLL); Split(0, 16, THREAD)"));
    const CompiledRun run = compiledAgainstInterpreter(sum, opts, 7);
    QCOMPARE(QString::fromStdString(run.program.name()), QStringLiteral("r_16_4_16_64"));
    compareOutputs(run);
  }

  // 16 lanes made explicit by OptOps: LLVM's loop vectorizer is told to leave
  // the loops alone (it would widen across the copies with gathers); fewer
  // lanes: it may widen them.
  void explicitLanesTurnTheLoopVectorizerOff() {
    std::string wide = lowerKernel(minusRowMax(32, 64), cpuTarget(),
                                   parseOpts("Split(2, 16, UNROLL); Split(1, 16, UPCAST)")).rendered.text;
    QVERIFY(wide.find("!llvm.loop !1") != std::string::npos);
    QVERIFY(wide.find("!{!\"llvm.loop.vectorize.enable\", i1 false}") != std::string::npos);
    std::string narrow = lowerKernel(minusRowMax(32, 64), cpuTarget(), parseOpts("Split(1, 4, UPCAST)")).rendered.text;
    QVERIFY(narrow.find("llvm.loop") == std::string::npos);
    CpuDevice device;
    device.compile(lowerKernel(minusRowMax(32, 64), cpuTarget(),
                               parseOpts("Split(2, 16, UNROLL); Split(1, 16, UPCAST)"))); // LLVM takes the metadata
  }
};

UOPSCOPE_TEST(TestOptResults);
#include "test_opt_results.moc"
