// Whole programs compiled for the CPU (all eight stages with the default
// heuristics, then the LLVM JIT) against the reference evaluator on the same
// tensor graphs: every bundled example, and seeded random graphs of
// elementwise, movement and reduce ops on small shapes, and the op suite's
// convolutions, pooling, gather and scatter with their gradients.
#include "tests/support/test_registry.h"
#include "tests/support/backend_devices.h"

#include "core/engine/device_schedule.h"
#include "core/ir/buffer_access.h"
#include "core/ir/shape.h"
#include "core/program/device_run.h"
#include "core/engine/device_registry.h"
#include "core/autobatch/module.h"
#include "core/program/program.h"
#include "core/runtime/reference_evaluator.h"
#include "core/nn/conv.h"
#include "core/tensor/tensor.h"

#include <QDir>
#include <QTest>

#include <cmath>
#include <random>

#include <fmt/format.h>

using namespace uops;

namespace {

// The first element where the CPU's outputs differ from the reference's, or "".
std::string compareOnCpu(const std::vector<UOpPtr>& roots, const KernelOpts& opts = {}) {
  CodegenTarget target = cpuTarget();
  target.heuristics = true;
  target.threads = 2;
  PipelineRun run = runPipeline(roots, {.trace = false, .target = target}, opts);
  if (run.failed()) return run.stages.back().stage + " failed: " + run.stages.back().error;
  BufferValues inputs = zeroFilledInputs(roots);
  ScheduleRun got = runSchedule(openDevice("CPU"), run, inputs);
  ReferenceEvaluator ref;
  for (const auto& [id, value] : inputs) ref.setBuffer(id, value);
  std::vector<HostTensor> want = ref.evaluate(roots);
  for (size_t i = 0; i < want.size(); ++i) {
    if (got.outputs[i].shape() != want[i].shape() || got.outputs[i].dtype() != want[i].dtype())
      return fmt::format("output {}: another shape or dtype", i);
    for (int64_t e = 0; e < want[i].numel(); ++e) {
      double g = got.outputs[i].getDouble(e), w = want[i].getDouble(e);
      if (std::isnan(w) ? !std::isnan(g) : std::fabs(g - w) > 1e-5 + 1e-4 * std::fabs(w))
        return fmt::format("output {} element {}: got {}, expected {}", i, e, g, w);
    }
  }
  return {};
}

// `roots` through the pipeline for the CPU with its heuristics and two cores.
PipelineRun runOnTwoCores(const std::vector<UOpPtr>& roots) {
  CodegenTarget target = cpuTarget();
  target.heuristics = true;
  target.threads = 2;
  return runPipeline(roots, {.trace = false, .target = target});
}

// Whether `opts` end with an axis padded for two cores and split across them.
bool paddedForCores(const std::vector<Opt>& opts) {
  return opts.size() >= 2 && formatOpts({opts.end() - 2, opts.end()}).starts_with("Padto(") &&
         opts.back().target == AxisType::Thread && opts.back().axis == opts[opts.size() - 2].axis;
}

// A random tensor of `shape` built from a seeded chain of ops.
Tensor randomGraph(std::mt19937_64& rng, std::string& recipe) {
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  Tensor x = Tensor::arange(int64_t{24}).cast(dtypes::float32).reshape({2, 3, 4}) * 0.25 - 1.0;
  Tensor y = (Tensor::arange(int64_t{24}).cast(dtypes::float32) * 0.5).sin().reshape({2, 3, 4});
  for (int step = 0; step < 5; ++step) {
    const Shape s = x.shape();
    switch (pick(9)) {
    case 0:
      x = s == y.shape() ? x + y : x * 2.0;
      recipe += "add ";
      break;
    case 1: x = x.relu() * x.exp2(); recipe += "relu*exp2 "; break;
    case 2:
      if (s.size() == 3) { x = x.permute({2, 0, 1}); recipe += "permute "; }
      break;
    case 3: x = x.flip({0}); recipe += "flip "; break;
    case 4: {
      std::vector<PadPair> pads(s.size(), std::pair<int64_t, int64_t>{0, 0});
      pads.back() = std::pair<int64_t, int64_t>{1, 2};
      x = x.pad(pads);
      recipe += "pad ";
      break;
    }
    case 5:
      if (s.back() > 2) {
        std::vector<ShrinkPair> keep;
        for (int64_t d : s) keep.push_back(std::pair<int64_t, int64_t>{0, d});
        keep.back() = std::pair<int64_t, int64_t>{1, s.back() - 1};
        x = x.shrink(keep);
        recipe += "shrink ";
      }
      break;
    case 6:
      if (s.size() > 1) { x = x.sum(static_cast<int64_t>(s.size()) - 1, true).expand(s) - x; recipe += "sum-expand "; }
      break;
    case 7:
      if (s.size() > 1) { x = x.max(0); recipe += "max0 "; }
      break;
    default: {
      Shape flat{shapeProduct(s)};
      x = x.reshape(flat).reshape(s) * x; recipe += "reshape* ";
      break;
    }
    }
  }
  return x;
}

} // namespace

class TestPrograms : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() { autobatch::installAutobatchModule(); } // autobatch_fib.py imports it

  void bundledExamples_data() {
    QTest::addColumn<QString>("path");
    QDir dir(QStringLiteral(UOPSCOPE_SOURCE_DIR "/resources/examples"));
    for (const QString& name : dir.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(name)) << dir.filePath(name);
  }

  void bundledExamples() {
    QFETCH(QString, path);
    program::LoadedProgram p = program::loadProgramFile(path.toStdString());
    std::string bad = compareOnCpu(program::rootsOf(p.outputTensors()));
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // sin(arange) summed over rows with the rows upcast: Expand's copies of the
  // two inner reductions share their loops, while simplification leaves some
  // copies independent of the row-sum's loop; each copy's accumulator must
  // still start inside it (it used to start once, outside: wrong sums)
  void upcastCopiesShareReduceLoops_data() {
    QTest::addColumn<QString>("opts");
    QTest::newRow("upcast 4") << "Split(0, 4, UPCAST)";
    QTest::newRow("upcast 8, unroll 4") << "Split(0, 8, UPCAST); Split(3, 4, UNROLL)";
  }
  void upcastCopiesShareReduceLoops() {
    QFETCH(QString, opts);
    // a row's max times its sum of squares, summed over rows: the inner reductions nest in the outer sum
    Tensor data = (Tensor::arange(int64_t{64 * 12 * 16}).cast(dtypes::float32) * 0.001).reshape({64, 12, 16});
    Tensor a = data.max({2}) * (data * data).sum({2});
    std::string bad = compareOnCpu({a.sum({1}).uop()}, {{0, parseOpts(opts.toStdString())}});
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // A padded convolution's rows of eight gated loads (each lane its own
  // bounds check) are one llvm.masked.load each, in a register tile of 4
  // output channels; the edges, where a lane's gate fails, give the
  // reference's numbers.
  void paddedRowsAreMaskedLoads() {
    auto literal = [](int64_t n, double step) {
      std::vector<Scalar> v;
      for (int64_t i = 0; i < n; ++i) v.emplace_back(step * static_cast<double>(i % 37) - 2);
      return Tensor::fromFlat(v, Shape{n}, dtypes::float32);
    };
    Tensor x = literal(2 * 6 * 16, 0.25).reshape({1, 2, 6, 16}), w = literal(4 * 2 * 9, 0.125).reshape({4, 2, 3, 3});
    std::vector<UOpPtr> roots{conv2d(x, w, {.padding = 1}).uop()}; // r_4_6_16_2_3_3
    KernelOpts opts{{0, parseOpts("Split(2, 8, UPCAST); Split(0, 4, UPCAST)")}};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = cpuTarget()}, opts);
    QCOMPARE(run.kernels.size(), size_t{1});
    QVERIFY2(run.kernels[0].rendered.text.find("call <8 x float> @llvm.masked.load.v8f32.p0(") != std::string::npos,
             run.kernels[0].rendered.text.c_str());
    std::string bad = compareOnCpu(roots, opts);
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // A matmul's B (256 x 1024, 2^18 elements) walked down its rows by the
  // reduction and reused by 32 rows of A is copied in panels of 16 columns,
  // [64, 256, 16], which the matmul reads 16 neighbours at a time; the same B
  // read by only 16 rows is not (the copy would not pay), nor are a batch of
  // Bs each small enough for the caches, unless their columns need padding. The numbers are the
  // unpacked program's, bit for bit (the reference evaluator and the kernel
  // interpreter take seconds for the 8M products; the unpacked matmul is
  // checked against them elsewhere).
  void packedMatmul() {
    auto data = [](int64_t rows, int64_t cols, double step) {
      return (Tensor::arange(rows * cols).cast(dtypes::float32) * step).sin().reshape({rows, cols});
    };
    Tensor a = data(32, 256, 0.01), b = Tensor::empty({256, 1024});
    auto names = [](const std::vector<UOpPtr>& roots) {
      QStringList out;
      for (const ScheduledKernel& k : runPipeline(roots, {.trace = false, .target = std::nullopt}).schedule.kernels)
        out << QString::fromStdString(k.name);
      return out;
    };
    // A's sines are computed once (E_8192), not once per column of the product
    QCOMPARE(names({a.matmul(b).uop()}), (QStringList{QStringLiteral("E_8192"), QStringLiteral("E_64_256_16"),
                                                      QStringLiteral("r_32_1024_256")}));
    QCOMPARE(names({data(16, 256, 0.01).matmul(b).uop()}),
             (QStringList{QStringLiteral("E_4096"), QStringLiteral("r_16_1024_256")}));
    // four Bs of 256 x 256 (2^18 elements in all): each stays in the caches
    QCOMPARE(names({Tensor::empty({4, 32, 256}).matmul(Tensor::empty({4, 256, 256})).uop()}),
             QStringList{QStringLiteral("r_4_32_256_256")});
    // B computed in the program is realized first, then packed like an input
    std::vector<UOpPtr> roots{a.matmul(data(256, 1024, 0.003).contiguous()).uop()};
    QCOMPARE(names(roots), (QStringList{QStringLiteral("E_8192"), QStringLiteral("E_256_1024"),
                                        QStringLiteral("E_64_256_16"), QStringLiteral("r_32_1024_256")}));
    CodegenTarget target = cpuTarget();
    target.heuristics = true;
    target.threads = 2;
    auto product = [&](const std::vector<UOpPtr>& r, bool pack) {
      PipelineRun run = runPipeline(r, {.trace = false, .target = target, .rangeify = {.packOperands = pack}});
      return runSchedule(openDevice("CPU"), run, zeroFilledInputs(r)).outputs.at(0);
    };
    HostTensor packed = product(roots, true), plain = product(roots, false);
    QVERIFY(std::fabs(plain.getDouble(0)) > 0.1);
    for (int64_t e = 0; e < plain.numel(); ++e) QCOMPARE(packed.getDouble(e), plain.getDouble(e));
    // columns 16 does not divide: the last panel's past the end are zeros,
    // [63, 256, 16] for 1000, and B is packed below 2^18 elements and a
    // stride of 128 too (200 columns, [13, 256, 16]; 77, [5, 256, 16]): the
    // kernel's tile reads whole vectors in bounds
    QCOMPARE(names({a.matmul(Tensor::empty({256, 1000})).uop()}),
             (QStringList{QStringLiteral("E_8192"), QStringLiteral("E_63_256_16"), QStringLiteral("r_32_1000_256")}));
    // and 77 columns, 77 floats apart down the rows
    QCOMPARE(names({a.matmul(Tensor::empty({256, 77})).uop()}),
             (QStringList{QStringLiteral("E_8192"), QStringLiteral("E_5_256_16"), QStringLiteral("r_32_77_256")}));
    std::vector<UOpPtr> narrow{a.matmul(data(256, 200, 0.003).contiguous()).uop()};
    QCOMPARE(names(narrow), (QStringList{QStringLiteral("E_8192"), QStringLiteral("E_256_200"),
                                         QStringLiteral("E_13_256_16"), QStringLiteral("r_32_200_256")}));
    packed = product(narrow, true), plain = product(narrow, false);
    QCOMPARE(packed.numel(), int64_t{32 * 200});
    QVERIFY(std::fabs(plain.getDouble(199)) > 0.01);
    for (int64_t e = 0; e < plain.numel(); ++e) QCOMPARE(packed.getDouble(e), plain.getDouble(e));
  }

  // A cumulative sum's block sums over an odd number of blocks (1203 and
  // 293): the heuristics pad the outermost axis for the two cores (Padto,
  // THREAD). Each block reads a window of the sums under a gate of its own
  // (`x >= 1171` guarding `(x - 1171) % 1172`); the padded positions read the
  // last position's index and its gate too (with their own gate, 300000
  // elements read before the window's start and the bounds check refused
  // the kernel). Both sums are exact (whole numbers below 2^24).
  void paddedThreadsOnPrefixSums() {
    for (int64_t n : {int64_t{307800}, int64_t{300000}}) {
      std::vector<UOpPtr> roots{Tensor::ones({n}).cumsum(0).uop()};
      PipelineRun run = runOnTwoCores(roots);
      QVERIFY2(!run.failed(), run.failed() ? run.stages.back().error.c_str() : "");
      QStringList padded;
      for (const LoweredKernel& k : run.kernels)
        if (paddedForCores(k.opts)) padded << QString::fromStdString(k.name.text);
      QCOMPARE(padded, QStringList{QString::fromStdString(n == 307800 ? "r_2_602_1203" : "r_2_147_293_4_4")});
      HostTensor out = runSchedule(openDevice("CPU"), run, zeroFilledInputs(roots)).outputs.at(0);
      for (int64_t e = 0; e < n; ++e)
        if (out.getDouble(e) != static_cast<double>(e + 1))
          QFAIL(qPrintable(QStringLiteral("%1: element %2 is %3").arg(n).arg(e).arg(out.getDouble(e))));
    }
  }

  // A softmax over 999 rows: its rows padded to 1000 for the two cores, the
  // row cache read as it is (the padded row reads back its own scratch;
  // clamped, the read copied the exp loop that fills it, and the kernel ran
  // at half the speed), its output stores gated; the numbers the
  // reference's (of zeros: 1/333 each).
  void paddedRowsKeepTheirRowCache() {
    Tensor x = Tensor::empty({999, 333});
    std::vector<UOpPtr> roots{x.softmax().uop()};
    PipelineRun run = runOnTwoCores(roots);
    QVERIFY(!run.failed());
    QCOMPARE(run.kernels.size(), size_t{1});
    const LoweredKernel& k = run.kernels[0];
    QVERIFY(paddedForCores(k.opts));
    auto optimized = std::find_if(k.stages.begin(), k.stages.end(),
                                  [](const StageSnapshot& s) { return s.stage == "Optimize"; });
    QVERIFY(optimized != k.stages.end());
    int regStores = 0, gatedRegStores = 0, gatedParamStores = 0, exps = 0;
    for (const UOp* u : toposort(*optimized->root)) {
      exps += u->op() == Op::Exp2;
      if (u->op() != Op::Store) continue;
      const bool reg = registerAccessed(*u) != nullptr, gated = u->src().size() == 3;
      regStores += reg;
      gatedRegStores += reg && gated;
      gatedParamStores += !reg && gated;
    }
    // one row cache, filled once: a clamped read of it had copied the exp loop
    QCOMPARE(regStores, 1);
    QCOMPARE(exps, 1);
    QCOMPARE(gatedRegStores, 0);
    QCOMPARE(gatedParamStores, 1);
    std::string bad = compareOnCpu(roots);
    QVERIFY2(bad.empty(), bad.c_str());
  }

  // A softmax row kernel computes each exp once: the sum's loop keeps the
  // row's exps in a REG buffer that the output loop reads (row_cache.h),
  // with the heuristics' OptOps (UNROLL of the sum, UPCAST of the output,
  // THREAD over rows); the numbers stay the reference's.
  void rowCacheComputesExpOnce() {
    Tensor x = (Tensor::arange(int64_t{64 * 64}).cast(dtypes::float32) * 0.37).sin().reshape({64, 64}) * 3.0;
    std::vector<UOpPtr> roots{x.softmax().uop()};
    PipelineRun run = runOnTwoCores(roots);
    QVERIFY(!run.failed());
    // the arange's block sums (a prefix sum longer than 256), then the softmax's one kernel
    QCOMPARE(run.kernels.size(), size_t{2});
    const LoweredKernel& k = run.kernels[1];
    // THREAD splits the rows: the REG stores are each thread's own
    QVERIFY(std::any_of(k.opts.begin(), k.opts.end(), [](const Opt& o) { return o.target == AxisType::Thread; }));
    auto optimized = std::find_if(k.stages.begin(), k.stages.end(),
                                  [](const StageSnapshot& s) { return s.stage == "Optimize"; });
    QVERIFY(optimized != k.stages.end());
    int rows = 0, exps = 0;
    for (const UOp* u : toposort(*optimized->root)) {
      if (u->op() == Op::Buffer && u->argAs<BufferArg>().addrSpace == AddrSpace::Reg && u->argAs<BufferArg>().size == 64)
        ++rows;
      if (u->op() == Op::Exp2) ++exps;
    }
    QCOMPARE(rows, 1);
    QCOMPARE(exps, 1);
    std::string bad = compareOnCpu(roots);
    QVERIFY2(bad.empty(), bad.c_str());
    // a GPU runs rows side by side: no REG rows there
    CodegenTarget gpu = openClTarget("CL:0");
    gpu.heuristics = true;
    PipelineRun onGpu = runPipeline(roots, {.trace = false, .target = gpu});
    QVERIFY(!onGpu.failed());
    for (const LoweredKernel& g : onGpu.kernels)
      for (const UOp* u : toposort(*g.ast))
        QVERIFY(!(u->op() == Op::Buffer && u->argAs<BufferArg>().addrSpace == AddrSpace::Reg));
  }

  // Repeated runs reuse the schedule's buffers (fresh pages would put page
  // faults into kernel times) and still give the reference's numbers.
  void repeatsReuseBuffers() {
    Tensor a = Tensor::arange(int64_t{12}).cast(dtypes::float32).reshape({3, 4}) * 0.25 - 1.0;
    Tensor b = Tensor::arange(int64_t{8}).cast(dtypes::float32).reshape({4, 2}) * 0.5;
    std::vector<UOpPtr> roots{a.matmul(b).relu().uop(), a.softmax().uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = cpuTarget()});
    QVERIFY(!run.failed());
    size_t made[2] = {};
    for (int repeat : {1, 4}) {
      ScheduleRun got = runSchedule(openDevice("CPU"), run, zeroFilledInputs(roots), repeat);
      made[repeat == 4] = got.buffersMade;
      for (const KernelTimes& k : got.kernels) QCOMPARE(k.ms.size(), static_cast<size_t>(repeat));
      std::vector<HostTensor> want = ReferenceEvaluator().evaluate(roots);
      for (size_t i = 0; i < want.size(); ++i)
        for (int64_t e = 0; e < want[i].numel(); ++e)
          QVERIFY(std::fabs(got.outputs[i].getDouble(e) - want[i].getDouble(e)) <= 1e-6);
    }
    QVERIFY(made[0] > 0);
    QCOMPARE(made[1], made[0]);
  }

  // Repeats write each output buffer in place: the run before's outputs,
  // kept until the next run returned, shared the buffers' bytes, so each
  // kernel's first write copied its output into fresh pages (a 4096 x 4096
  // softmax: 2.7 s for 40 repeats of an 11 ms kernel, 1.2 s after). Outputs
  // a caller keeps still keep their values.
  void repeatsWriteOutputsInPlace() {
    Tensor x = Tensor::empty({64, 32});
    std::vector<UOpPtr> roots{(x + 1.0).uop()};
    PipelineRun run = runPipeline(roots, {.trace = false, .target = cpuTarget()});
    QVERIFY(!run.failed());
    PreparedSchedule prepared(openDevice("CPU"), run);
    const BufferValues zeros = zeroFilledInputs(roots);
    const std::byte* first = runPrepared(prepared, zeros, 1).outputs.at(0).bytes().data();
    ScheduleRun repeated = runPrepared(prepared, zeros, 3);
    QCOMPARE(repeated.outputs.at(0).bytes().data(), first);
    QCOMPARE(repeated.outputs.at(0).getDouble(5), 1.0);
    BufferValues ones = zeros;
    for (auto& [id, value] : ones)
      for (int64_t e = 0; e < value.numel(); ++e) value.setDouble(e, 1.0);
    ScheduleRun again = runPrepared(prepared, ones, 1);
    QCOMPARE(again.outputs.at(0).getDouble(5), 2.0);
    QCOMPARE(repeated.outputs.at(0).getDouble(5), 1.0);
  }

  // Repeats with the same input values copy them to the device once: copied
  // again before each run, each run paid the copy and the first kernel's
  // reads shared the memory bus with the copy's dirty cache lines. Other
  // values for the same buffer (other storage) are copied in, and the numbers
  // follow them.
  void repeatsCopyUnchangedInputsOnce() {
    Tensor x = Tensor::empty({64});
    std::vector<UOpPtr> sum{x.sum().uop()};
    PipelineRun summed = runPipeline(sum, {.trace = false, .target = cpuTarget()});
    QVERIFY(!summed.failed());
    const BufferValues zeros = zeroFilledInputs(sum);
    ScheduleRun got = runSchedule(openDevice("CPU"), summed, zeros, 4);
    QCOMPARE(got.inputCopies, size_t{1});
    QCOMPARE(got.outputs[0].getDouble(0), 0.0);
    BufferValues ones = zeros;
    for (auto& [id, value] : ones)
      for (int64_t e = 0; e < value.numel(); ++e) value.setDouble(e, 1.0);
    PreparedSchedule prepared(openDevice("CPU"), summed);
    QCOMPARE(prepared.run(zeros).at(0).getDouble(0), 0.0);
    QCOMPARE(prepared.run(ones).at(0).getDouble(0), 64.0);
    QCOMPARE(prepared.run(ones).at(0).getDouble(0), 64.0);
    QCOMPARE(prepared.inputCopies(), size_t{2});
    QCOMPARE(prepared.run(zeros).at(0).getDouble(0), 0.0);
    QCOMPARE(prepared.inputCopies(), size_t{3});
  }

  // tinygrad's op suite in the shapes that break index proofs: convolutions
  // of 1, 2 and 3 spatial axes, transposed, strided, dilated, padded and
  // grouped, pooling, gather and scatter, each with the gradients of its
  // inputs. Every kernel lowers (none is refused as possibly out of bounds:
  // the 3D transposed convolution's weight gradient was) and the CPU's
  // numbers are the reference evaluator's.
  void opSuiteLowersAndMatchesReference_data() {
    QTest::addColumn<QString>("body");
    QTest::newRow("avg_pool") << QStringLiteral(R"py(x = (Tensor.arange(432).float() * 0.37).sin().reshape(2, 3, 9, 8).contiguous().requires_grad_()
y = x.avg_pool2d(kernel_size=(3,2), stride=(2,3), padding=1)
(y * y).sum().backward()
out = [y, x.grad]
)py");
    QTest::newRow("conv1d") << QStringLiteral(R"py(x = (Tensor.arange(66).float() * 0.37).sin().reshape(2, 3, 11).contiguous().requires_grad_()
w = (Tensor.arange(36).float() * 0.23).sin().reshape(4, 3, 3).contiguous().requires_grad_()
y = x.conv2d(w, stride=2, padding=1, dilation=2)
(y * y).sum().backward()
out = [y, x.grad, w.grad]
)py");
    QTest::newRow("conv2d") << QStringLiteral(R"py(x = (Tensor.arange(448).float() * 0.37).sin().reshape(2, 4, 7, 8).contiguous().requires_grad_()
w = (Tensor.arange(72).float() * 0.23).sin().reshape(6, 2, 3, 2).contiguous().requires_grad_()
b = (Tensor.arange(6).float() * 0.5).sin().reshape(6,).contiguous().requires_grad_()
y = x.conv2d(w, b, groups=2, stride=(2,1), padding=(1,2), dilation=(1,2))
(y * y).sum().backward()
out = [y, x.grad, w.grad, b.grad]
)py");
    QTest::newRow("conv3d") << QStringLiteral(R"py(x = (Tensor.arange(240).float() * 0.37).sin().reshape(1, 2, 5, 6, 4).contiguous().requires_grad_()
w = (Tensor.arange(108).float() * 0.23).sin().reshape(3, 2, 3, 2, 3).contiguous().requires_grad_()
y = x.conv2d(w, stride=(1,2,1), padding=1, dilation=(2,1,1))
(y * y).sum().backward()
out = [y, x.grad, w.grad]
)py");
    QTest::newRow("conv_transpose1d") << QStringLiteral(R"py(x = (Tensor.arange(36).float() * 0.37).sin().reshape(2, 3, 6).contiguous().requires_grad_()
w = (Tensor.arange(24).float() * 0.23).sin().reshape(3, 2, 4).contiguous().requires_grad_()
y = x.conv_transpose2d(w, stride=3, padding=1, output_padding=1)
(y * y).sum().backward()
out = [y, x.grad, w.grad]
)py");
    QTest::newRow("conv_transpose2d") << QStringLiteral(R"py(x = (Tensor.arange(80).float() * 0.37).sin().reshape(1, 4, 4, 5).contiguous().requires_grad_()
w = (Tensor.arange(108).float() * 0.23).sin().reshape(4, 3, 3, 3).contiguous().requires_grad_()
y = x.conv_transpose2d(w, groups=2, stride=2, padding=1, dilation=2)
(y * y).sum().backward()
out = [y, x.grad, w.grad]
)py");
    QTest::newRow("conv_transpose3d") << QStringLiteral(R"py(x = (Tensor.arange(1680).float() * 0.37).sin().reshape(2, 4, 5, 6, 7).contiguous().requires_grad_()
w = (Tensor.arange(324).float() * 0.23).sin().reshape(4, 3, 3, 3, 3).contiguous().requires_grad_()
b = (Tensor.arange(3).float() * 0.5).sin().reshape(3,).contiguous().requires_grad_()
y = x.conv_transpose2d(w, b, stride=2)
(y * y).sum().backward()
out = [y, x.grad, w.grad, b.grad]
)py");
    QTest::newRow("conv_transpose3d_mixed") << QStringLiteral(R"py(x = (Tensor.arange(240).float() * 0.37).sin().reshape(1, 4, 3, 4, 5).contiguous().requires_grad_()
w = (Tensor.arange(324).float() * 0.23).sin().reshape(4, 3, 3, 3, 3).contiguous().requires_grad_()
y = x.conv_transpose2d(w, stride=(2,1,3), padding=(1,0,2), dilation=(1,2,1))
(y * y).sum().backward()
out = [y, x.grad, w.grad]
)py");
    QTest::newRow("gather") << QStringLiteral(R"py(x = (Tensor.arange(30).float() * 0.37).sin().reshape(5, 6).contiguous().requires_grad_()
y = x.gather(1, Tensor([[0, 5, 2], [1, 1, 4], [3, 0, 0], [5, 4, 3], [2, 2, 1]]))
(y * y).sum().backward()
out = [y, x.grad]
)py");
    QTest::newRow("pool3d") << QStringLiteral(R"py(x = (Tensor.arange(420).float() * 0.37).sin().reshape(1, 2, 6, 5, 7).contiguous().requires_grad_()
y = x.max_pool2d(kernel_size=(2,3,2), stride=2, dilation=(1,1,2))
(y * y).sum().backward()
out = [y, x.grad]
)py");
    QTest::newRow("pools") << QStringLiteral(R"py(x = (Tensor.arange(432).float() * 0.37).sin().reshape(2, 3, 9, 8).contiguous().requires_grad_()
y = x.max_pool2d(kernel_size=3, stride=2, padding=1) + 0 * x.sum()
(y * y).sum().backward()
out = [y, x.grad]
)py");
    QTest::newRow("scatter") << QStringLiteral(R"py(x = (Tensor.arange(24).float() * 0.37).sin().reshape(4, 6).contiguous().requires_grad_()
s = (Tensor.arange(12).float() * 0.11).sin().reshape(4, 3).contiguous().requires_grad_()
y = x.scatter(1, Tensor([[0, 5, 2], [1, 3, 4], [3, 0, 1], [5, 4, 2]]), s)
(y * y).sum().backward()
out = [y, x.grad, s.grad]
)py");
    QTest::newRow("scatter_reduce") << QStringLiteral(R"py(x = (Tensor.arange(24).float() * 0.37).sin().reshape(4, 6).contiguous().requires_grad_()
s = (Tensor.arange(12).float() * 0.11).sin().reshape(4, 3).contiguous().requires_grad_()
y = x.scatter_reduce(1, Tensor([[0, 5, 0], [1, 1, 4], [3, 0, 3], [5, 4, 5]]), s, reduce='sum')
(y * y).sum().backward()
out = [y, x.grad, s.grad]
)py");
  }
  void opSuiteLowersAndMatchesReference() {
    QFETCH(QString, body);
    std::string text = "from tinygrad import Tensor\n" + body.toStdString();
    program::LoadedProgram p = program::loadProgram("op_suite.py", text);
    std::string bad = compareOnCpu(program::rootsOf(p.outputTensors()));
    QVERIFY2(bad.empty(), bad.c_str());
  }

  void randomGraphs() {
    std::mt19937_64 rng(20261122);
    for (int trial = 0; trial < 40; ++trial) {
      std::string recipe;
      Tensor t = randomGraph(rng, recipe);
      std::string bad = compareOnCpu({t.uop()});
      QVERIFY2(bad.empty(), qPrintable(QStringLiteral("trial %1 (%2): %3")
                                           .arg(trial)
                                           .arg(QString::fromStdString(recipe), QString::fromStdString(bad))));
    }
  }
};

UOPSCOPE_TEST(TestPrograms);
#include "test_programs.moc"
