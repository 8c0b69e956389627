// The CPU heuristics' matmul schedule (core/opt/heuristics.cpp) with AVX-512:
// a 1024 gemm, whose 32-column tile of the packed B (K x 32 floats) outgrows
// a 32 KiB L1, is tiled 64 columns (four vectors) by 4 rows, its column tiles
// loop outside the row tiles and the cores split the rows; a batched 256 gemm,
// whose tile column stays in L1, keeps 32 x 8; with AVX2 both are 16 x 6
// (12 of its 16 registers), the rows padded to whole tiles. The exact OptOps, the innermost loop of
// the linearized kernel and of its Zen 5 machine code (explicit vectors,
// core/render/vector_ops.h), and results against a plain loop.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"
#include "tests/support/zen5_loop.h"

#include "backends/llvm/cpu_device.h"
#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"

#include <QTest>

#include <map>
#include <random>

using namespace uops;
using namespace kernelast;

namespace {

// out[i*n + j] = sum_k a[i*kk + k] * b[k, j], b read from its packed copy in
// 16-column panels [n / 16, kk, 16] as Rangeify leaves it for a large B
// (rangeify_pack.cpp). Slots: out 0, a 1, b 2.
UOpPtr gemmPackedB(int64_t m, int64_t n, int64_t kk) {
  UOpPtr i = range(m, 0), j = range(n, 1), k = range(kk, 2, AxisType::Reduce);
  UOpPtr prod = load(buf(1, dtypes::float32, m * kk), i * kk + k) *
                load(buf(2, dtypes::float32, kk * n), (j / 16) * (kk * 16) + k * 16 + j % 16);
  return sink({end(store(buf(0, dtypes::float32, m * n), i * n + j, reduceOver(prod, Op::Add, {k})), {i, j})});
}

// out[b, i, j] = sum_k a[b, i, k] * c[b, k, j], row-major (slots: out 0, a 1, c 2).
UOpPtr gemmBatched(int64_t batch, int64_t m, int64_t n, int64_t kk) {
  UOpPtr b = range(batch, 0), i = range(m, 1), j = range(n, 2), k = range(kk, 3, AxisType::Reduce);
  UOpPtr prod = load(buf(1, dtypes::float32, batch * m * kk), (b * m + i) * kk + k) *
                load(buf(2, dtypes::float32, batch * kk * n), (b * kk + k) * n + j);
  return sink({end(store(buf(0, dtypes::float32, batch * m * n), (b * m + i) * n + j, reduceOver(prod, Op::Add, {k})),
                   {b, i, j})});
}

// Runs `kernel` with `target`'s heuristics (the wide one's by default) on the
// CPU and compares with a plain loop over (a, b): small integers over 4, so
// every sum is exact.
void checkGemmResults(const UOpPtr& kernel, int64_t batch, int64_t m, int64_t n, int64_t kk, bool packedB,
                      const OptTarget& target = cpuschedule::wideTarget()) {
  CpuDevice device;
  CpuProgram program = device.compile(lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, target)));
  std::mt19937_64 rng(7);
  std::vector<HostTensor> bufs;
  for (const KernelParam& p : program.kernel.params) {
    HostTensor t(p.dtype, {p.size});
    for (int64_t e = 0; e < p.size && !p.written; ++e)
      t.setDouble(e, static_cast<double>(std::uniform_int_distribution<int>(-4, 4)(rng)) / 4);
    bufs.push_back(t);
  }
  device.run(program, bufs);
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double want = 0;
        for (int64_t k = 0; k < kk; ++k) {
          int64_t at = packedB ? (j / 16) * (kk * 16) + k * 16 + j % 16 : (b * kk + k) * n + j;
          want += bufs[1].getDouble((b * m + i) * kk + k) * bufs[2].getDouble(at);
        }
        const int64_t out = (b * m + i) * n + j;
        if (bufs[0].getDouble(out) != want)
          QFAIL(qPrintable(QStringLiteral("out[%1] = %2, want %3").arg(out).arg(bufs[0].getDouble(out)).arg(want)));
      }
}

// Empty when the hot loop of `lowered` is AVX2's 16 x 6 tile in Zen 3 machine
// code: per step of K, 12 multiply-adds of 8 floats, 2 loads of B and 6
// broadcasts of A, nothing on the stack, no masked access; else its counts.
QString avx2TileLoopDiffers(const LoweredKernel& lowered) {
  std::map<std::string, int> isa = zen5loop::innermostLoopIsa(lowered, "znver3", true);
  const int fmas = isa["vfmadd231ps ymm"] + isa["vfmadd213ps ymm"];
  if (fmas > 0 && fmas % 12 == 0 && isa["vbroadcastss"] * 2 == fmas &&
      (isa["vmovups ymm"] + isa["vmovaps ymm"]) * 6 == fmas && isa["stack"] == 0 && isa["vmaskmovps"] == 0)
    return {};
  const QString all = QString::fromStdString(zen5loop::isaText(isa));
  return all;
}

} // namespace

class TestGemmSchedule : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // gemm 1024: 64 x 4 tile, column tiles outside the row tiles, rows across the cores
  void gemm1024Opts() {
    QCOMPARE(cpuschedule::heuristicOptsText(gemmPackedB(1024, 1024, 1024)),
             QStringLiteral("Split(1, 64, UPCAST); Split(0, 4, UPCAST); Swap(0, 1); Split(1, 2, THREAD)"));
    // K = 256: the 32-column tile (32 KiB) fits in L1, so 32 x 8 as before
    QCOMPARE(cpuschedule::heuristicOptsText(gemmPackedB(1024, 1024, 256)),
             QStringLiteral("Split(1, 32, UPCAST); Split(0, 8, UPCAST); Swap(0, 1); Split(1, 2, THREAD)"));
    // with AVX2 16 x 6: twelve of its sixteen vector registers, the rows
    // padded to whole tiles per core (1032)
    QCOMPARE(
        cpuschedule::heuristicOptsText(gemmPackedB(1024, 1024, 1024), cpuschedule::narrowTarget()),
        QStringLiteral("Split(1, 16, UPCAST); Padto(0, 12); Split(0, 6, UPCAST); Swap(0, 1); "
                       "Split(1, 2, THREAD)"));
    // rows that 6 divides are not padded
    QCOMPARE(
        cpuschedule::heuristicOptsText(gemmPackedB(960, 1024, 1024), cpuschedule::narrowTarget()),
        QStringLiteral(
            "Split(1, 16, UPCAST); Split(0, 6, UPCAST); Swap(0, 1); Split(1, 2, THREAD)"));
    // nor where padding would add more than 1/32 of the rows: 16 x 4
    QCOMPARE(
        cpuschedule::heuristicOptsText(gemmPackedB(100, 128, 256), cpuschedule::narrowTarget()),
        QStringLiteral("Split(1, 16, UPCAST); Split(0, 4, UPCAST); Split(1, 2, THREAD)"));
  }

  // the AVX2 tile's hot loop in Zen 3 machine code: per step of K, 12
  // multiply-adds of 8 floats, 2 loads of B and 6 broadcasts of A (the
  // padded rows read the last row: no branch), nothing on the stack (16 x 8
  // had all 16 registers as accumulators and spilled); each row's two
  // vectors stored under its one gate, as vectors
  void avx2LoopMachineCode() {
    UOpPtr kernel = gemmPackedB(1024, 1024, 1024);
    LoweredKernel lowered =
        lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, cpuschedule::narrowTarget()));
    const QString differs = avx2TileLoopDiffers(lowered);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
    std::map<std::string, int> function = zen5loop::functionIsa(lowered, {"vmov"});
    QVERIFY(function["vmovss"] == 0);
  }

  // Sizes the tiles do not divide, with AVX2: columns 333 (B in padded panels)
  // padded to 336 for whole 16-column tiles, rows 999 to whole tiles per core
  // (1008), 1026 rows too (171 tiles of 6 left one core idle). Where B is
  // read as it is (row-major, its last row's padded columns out of bounds),
  // its columns are not padded and there is no tile, but the rows are
  // padded to 1000 for the cores
  void unevenSizesOpts() {
    auto opts = [](const UOpPtr& k) {
      return cpuschedule::heuristicOptsText(k, cpuschedule::narrowTarget());
    };
    QCOMPARE(opts(matmulPackedB(999, 333, 512)),
             QStringLiteral("Padto(1, 16); Split(1, 16, UPCAST); Padto(0, 12); Split(0, 6, UPCAST); Split(0, 2, THREAD)"));
    // 77 rows, which 4 does not divide either: padded to 84 (a quarter at most)
    QCOMPARE(opts(matmulPackedB(77, 333, 512)),
             QStringLiteral("Padto(1, 16); Split(1, 16, UPCAST); Padto(0, 12); Split(0, 6, UPCAST); Split(0, 2, THREAD)"));
    QCOMPARE(opts(gemmPackedB(1026, 1024, 1024)),
             QStringLiteral("Split(1, 16, UPCAST); Padto(0, 12); Split(0, 6, UPCAST); Swap(0, 1); Split(1, 2, THREAD)"));
    QCOMPARE(opts(matmul(999, 333, 512)), QStringLiteral("Split(2, 4, UNROLL); Padto(0, 2); Split(0, 2, THREAD)"));
  }

  // the padded tile's hot loop is the 16 x 6 one of avx2LoopMachineCode (no
  // masks in it), and its stores are masked: one vmaskmovps a row's vector,
  // no scalar store of a lane
  void unevenColumnsMachineCode() {
    UOpPtr kernel = matmulPackedB(999, 333, 512);
    LoweredKernel lowered =
        lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, cpuschedule::narrowTarget()));
    const QString differs = avx2TileLoopDiffers(lowered);
    QVERIFY2(differs.isEmpty(), qPrintable(differs));
    std::map<std::string, int> function = zen5loop::functionIsa(lowered, {}, "znver3");
    QCOMPARE(function["vmovss"], 0);
    QCOMPARE(function["vmaskmovps"], 12);
  }

  // the bench's batched gemm (16 x 256 x 256 @ 256 x 256): 32 x 8, the batch across the cores
  void batchedGemmOpts() {
    QCOMPARE(cpuschedule::heuristicOptsText(gemmBatched(16, 256, 256, 256)),
             QStringLiteral("Split(2, 32, UPCAST); Split(1, 8, UPCAST); Swap(1, 2); Split(0, 2, THREAD)"));
    // with AVX2 16 x 6, the rows padded to 258 (the cores split the batch)
    QCOMPARE(
        cpuschedule::heuristicOptsText(gemmBatched(16, 256, 256, 256), cpuschedule::narrowTarget()),
        QStringLiteral("Split(2, 16, UPCAST); Padto(1, 6); Split(1, 6, UPCAST); Swap(1, 2); "
                       "Split(0, 2, THREAD)"));
  }

  // the hot loop over K: 256 accumulators (16 vectors) each updated by one
  // multiply-add, 4 loads of A (broadcast) and 64 of B (four vectors)
  void innermostLoopOps() {
    UOpPtr kernel = gemmPackedB(1024, 1024, 1024);
    LoweredKernel lowered = lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, cpuschedule::wideTarget()));
    QCOMPARE(QString::fromStdString(lowered.name.text), QStringLiteral("r_2_16_128_1024_64_4"));
    std::map<std::string, int> ops = cpuschedule::innermostLoopOps(*lowered.linear);
    QCOMPARE(ops["Load"], 256 + 4 + 64);
    QCOMPARE(ops["Store"], 256);
    QCOMPARE(ops["Mul"] - 1, 256); // each product; one index multiply (k into B's panel)
  }

  // the scheduled kernels compute the plain loop's sums: the 64 x 4 tile with
  // its row split, the 32 x 8 batched tile, and odd sizes the tiles do not divide
  void resultsMatchAPlainLoop() {
    checkGemmResults(gemmPackedB(16, 128, 2048), 1, 16, 128, 2048, true);
    QCOMPARE(cpuschedule::heuristicOptsText(gemmPackedB(16, 128, 2048)),
             QStringLiteral("Split(1, 64, UPCAST); Split(0, 4, UPCAST); Swap(0, 1); Split(1, 2, THREAD)"));
    checkGemmResults(gemmBatched(4, 64, 64, 64), 4, 64, 64, 64, false);
    // AVX2's 16 x 6 with the rows padded 200 -> 204: the padded rows are not written
    QCOMPARE(cpuschedule::heuristicOptsText(gemmPackedB(200, 32, 64), cpuschedule::narrowTarget()),
             QStringLiteral(
                 "Split(1, 16, UPCAST); Padto(0, 12); Split(0, 6, UPCAST); Split(0, 2, THREAD)"));
    checkGemmResults(gemmPackedB(200, 32, 64), 1, 200, 32, 64, true, cpuschedule::narrowTarget());
    checkGemmResults(gemmBatched(2, 96, 32, 48), 2, 96, 32, 48, false, cpuschedule::narrowTarget());
    checkGemmResults(gemmBatched(1, 100, 130, 75), 1, 100, 130, 75, false);
    // columns 40 padded to 48 inside B's padded panels, their lanes not written
    QCOMPARE(cpuschedule::heuristicOptsText(matmulPackedB(96, 40, 24), cpuschedule::narrowTarget()),
             QStringLiteral(
                 "Padto(1, 16); Split(1, 16, UPCAST); Split(0, 6, UPCAST); Split(0, 2, THREAD)"));
    checkGemmResults(matmulPackedB(96, 40, 24), 1, 96, 40, 24, true, cpuschedule::narrowTarget());
  }

  // the hot loop's Zen 5 machine code: 16 multiply-adds of 16 floats, 4 loads
  // of B, 4 broadcasts of A, nothing on the stack, no gathers or lane moves
  void innermostLoopMachineCode() {
    UOpPtr kernel = gemmPackedB(1024, 1024, 1024);
    LoweredKernel lowered = lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, cpuschedule::wideTarget()));
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(lowered);
    const QString all = QString::fromStdString(zen5loop::isaText(isa));
    QVERIFY2(isa["vfmadd231ps zmm"] + isa["vfmadd213ps zmm"] == 16, qPrintable(all));
    QVERIFY2(isa["vbroadcastss"] == 4, qPrintable(all));
    QVERIFY2(isa["vmovups zmm"] + isa["vmovaps zmm"] == 4, qPrintable(all));
    QVERIFY2(isa["stack"] == 0, qPrintable(all));
    QVERIFY2(isa["vgatherdps"] + isa["vgatherqps"] + isa["vinsertps"] + isa["vpermps"] + isa["vpermt2ps"] == 0,
             qPrintable(all));
  }

  // a tile LLVM's SLP vectorizer split when it got scalar lanes (one vector
  // by 16 rows: 9 of its multiply-adds were 16 floats wide, 14 were 8): as
  // explicit vectors, 16 of 16 floats, one load of B, nothing on the stack
  void tallTileMachineCode() {
    LoweredKernel lowered = lowerKernel(gemmPackedB(32, 64, 64), cpuTarget(),
                                        parseOpts("Split(1, 16, UPCAST); Split(0, 16, UPCAST); Swap(0, 1)"));
    std::map<std::string, int> isa = zen5loop::innermostLoopIsa(lowered);
    const QString all = QString::fromStdString(zen5loop::isaText(isa));
    QVERIFY2(isa["vfmadd231ps zmm"] + isa["vfmadd213ps zmm"] == 16, qPrintable(all));
    QVERIFY2(isa["vfmadd231ps ymm"] + isa["vfmadd213ps ymm"] == 0, qPrintable(all));
    QVERIFY2(isa["vmovups zmm"] + isa["vmovaps zmm"] == 1, qPrintable(all));
    QVERIFY2(isa["stack"] == 0, qPrintable(all));
  }
};

UOPSCOPE_TEST(TestGemmSchedule);
#include "test_gemm_schedule.moc"
