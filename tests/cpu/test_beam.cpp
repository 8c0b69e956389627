// BEAM on the CPU device: a search returns valid OptOps that keep results and
// are no slower than the kernel without them, the second search of the same
// kernel comes from the on-disk cache, cancellation stops it, and candidates
// that fail are skipped with their reason.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "tests/support/backend_devices.h"

#include "backends/llvm/cpu_device.h"
#include "core/engine/device_beam.h"
#include "core/engine/device_registry.h"
#include "core/engine/kernel_interpreter.h"
#include "core/pipeline/optimize.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <chrono>
#include <limits>
#include <thread>

using namespace uops;
using namespace kernelast;

class TestBeam : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void searchAndCache() {
    QTemporaryDir dir;
    BeamCache cache(dir.filePath(QStringLiteral("beam.sqlite")).toStdString());
    CpuDevice device;
    UOpPtr kernel = matmul(64, 64, 64);
    int calls = 0;
    BeamSettings settings;
    settings.width = 2;
    settings.maxRounds = 2;
    settings.cache = &cache;
    int lastTried = 0;
    settings.progress = [&](const BeamProgress& p) {
      ++calls;
      lastTried = p.tried;
    };
    BeamResult r = beamSearchOn(openDevice("CPU"), kernel, cpuTarget(), settings);
    QVERIFY(!r.fromCache);
    QVERIFY(r.tried > 3);
    QCOMPARE(calls, r.tried);
    QCOMPARE(lastTried, r.tried);
    settings.progress = nullptr;
    QVERIFY(r.ms > 0 && r.ms <= r.baselineMs);
    // the result keeps the matmul's values
    CpuProgram program = device.compile(lowerKernel(kernel, cpuTarget(), r.opts));
    std::vector<HostTensor> bufs;
    for (const KernelParam& p : program.kernel.params) {
      HostTensor t(p.dtype, {p.size});
      for (int64_t e = 0; e < p.size; ++e) t.setDouble(e, static_cast<double>((e * 7) % 5) - 2);
      bufs.push_back(t);
    }
    std::vector<HostTensor> want = bufs;
    std::vector<HostTensor*> ptrs{&want[0], &want[1], &want[2]};
    runKernel(*UOp::make(Op::Call, dtypes::void_, {kernel}), ptrs);
    device.run(program, bufs);
    for (int64_t e = 0; e < 64 * 64; ++e) QCOMPARE(bufs[0].getDouble(e), want[0].getDouble(e));
    // again: from the cache, nothing timed
    BeamResult again = beamSearchOn(openDevice("CPU"), kernel, cpuTarget(), settings);
    QVERIFY(again.fromCache);
    QCOMPARE(again.tried, 0);
    QVERIFY(again.opts == r.opts);
    // a wider search is not answered by a narrower one
    settings.width = 3;
    settings.maxRounds = 1;
    QVERIFY(!beamSearchOn(openDevice("CPU"), kernel, cpuTarget(), settings).fromCache);
  }

  void cancel() {
    std::atomic<bool> stop{false};
    BeamSettings settings;
    settings.cancel = &stop;
    settings.progress = [&](const BeamProgress& p) {
      if (p.tried == 3) stop = true;
    };
    BeamResult r = beamSearchOn(openDevice("CPU"), matmul(32, 32, 32), cpuTarget(), settings);
    QVERIFY(r.cancelled);
    QVERIFY(r.tried <= 4); // a compile batch in flight may finish
  }

  void failingCandidatesAreSkipped() {
    UOpPtr kernel = matmul(16, 16, 16);
    BeamTimer timer;
    timer.compile = [](const std::vector<Opt>& opts) -> std::shared_ptr<const void> {
      if (!opts.empty() && opts.back().amount == 4) throw std::runtime_error("no factor 4 today");
      return std::make_shared<int>(static_cast<int>(opts.size()));
    };
    // more OptOps, faster: the search goes as deep as it may
    timer.time = [](const std::shared_ptr<const void>& c, double) { return 10.0 - *static_cast<const int*>(c.get()); };
    BeamSettings settings;
    settings.maxRounds = 2;
    BeamResult r = beamSearch(optimize(kernel, cpuTarget()), OptTarget{}, timer, settings);
    QCOMPARE(r.opts.size(), size_t{2});
    QCOMPARE(r.ms, 8.0);
    QCOMPARE(r.baselineMs, 10.0);
    QVERIFY(!r.skipped.empty());
    QVERIFY(r.skipped.front().find("no factor 4 today") != std::string::npos);
    for (const Opt& o : r.opts) QVERIFY(o.amount != 4);
  }

  // Seeds are timed before the bare kernel, which then runs under the cutoff
  // (twice the best seed): a slow bare kernel is not repeated.
  void seedsBeforeTheBareKernel() {
    UOpPtr kernel = matmul(16, 16, 16);
    std::vector<std::pair<size_t, double>> runs; // (OptOps, cutoff) per timing, in order
    BeamTimer timer;
    timer.compile = [](const std::vector<Opt>& opts) -> std::shared_ptr<const void> {
      return std::make_shared<size_t>(opts.size());
    };
    timer.time = [&runs](const std::shared_ptr<const void>& c, double cutoff) {
      size_t n = *static_cast<const size_t*>(c.get());
      runs.emplace_back(n, cutoff);
      return n == 0 ? 100.0 : 5.0;
    };
    BeamSettings settings;
    settings.maxRounds = 0;
    settings.seeds = {parseOpts("Split(0, 4, UPCAST)")};
    BeamResult r = beamSearch(optimize(kernel, cpuTarget()), OptTarget{}, timer, settings);
    QCOMPARE(runs.size(), size_t{2});
    QCOMPARE(runs[0], (std::pair<size_t, double>{1, std::numeric_limits<double>::infinity()}));
    QCOMPARE(runs[1], (std::pair<size_t, double>{0, 10.0}));
    QCOMPARE(r.baselineMs, 100.0);
    QCOMPARE(r.ms, 5.0);
    QCOMPARE(QString::fromStdString(formatOpts(r.opts)), QStringLiteral("Split(0, 4, UPCAST)"));
  }

  // BEAM offers THREAD only while the kernel has no THREAD axis
  void oneThreadAxis() {
    OptTarget cores;
    cores.threads = 4;
    UOpPtr kernel = optimize(matmul(64, 64, 64), cpuTarget());
    auto threads = [](const std::vector<Opt>& actions) {
      return std::count_if(actions.begin(), actions.end(), [](const Opt& o) { return o.target == AxisType::Thread; });
    };
    QVERIFY(threads(beamActions(kernel, cores)) > 0);
    UOpPtr threaded = applyOpt(kernel, {OptOpKind::Split, 0, 4, AxisType::Thread, false, 0}, cores, {});
    QCOMPARE(threads(beamActions(threaded, cores)), 0);
  }

  // BEAM offers TC on a target with a tensor core, on the kernel before any split
  void tensorCoreFirst() {
    OptTarget cpu = optTargetOf(cpuTarget());
    UOpPtr kernel = optimize(matmul(64, 64, 64), cpuTarget());
    auto tcs = [](const std::vector<Opt>& actions) {
      return std::count_if(actions.begin(), actions.end(), [](const Opt& o) { return o.op == OptOpKind::TC; });
    };
    QCOMPARE(tcs(beamActions(kernel, cpu)), 1);
    QCOMPARE(tcs(beamActions(kernel, OptTarget{})), 0);
    UOpPtr split = applyOpt(kernel, {OptOpKind::Split, 1, 4, AxisType::Upcast, false, 0}, cpu, {});
    QCOMPARE(tcs(beamActions(split, cpu)), 0);
  }

  void budgetEndsTheSearch() {
    UOpPtr kernel = matmul(16, 16, 16);
    BeamTimer timer;
    timer.compile = [](const std::vector<Opt>& opts) -> std::shared_ptr<const void> {
      return std::make_shared<int>(static_cast<int>(opts.size()));
    };
    // every candidate takes 20 ms to time; more OptOps, faster
    timer.time = [](const std::shared_ptr<const void>& c, double) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      return 10.0 - *static_cast<const int*>(c.get());
    };
    BeamSettings settings;
    settings.maxRounds = 4;
    BeamResult unlimited = beamSearch(optimize(kernel, cpuTarget()), OptTarget{}, timer, settings);
    QVERIFY(!unlimited.outOfTime);
    QCOMPARE(unlimited.opts.size(), size_t{4});
    settings.budgetSeconds = 0.15;
    BeamResult r = beamSearch(optimize(kernel, cpuTarget()), OptTarget{}, timer, settings);
    QVERIFY(r.outOfTime);
    QVERIFY(!r.cancelled);
    QVERIFY(r.tried < unlimited.tried);
    // the best found in time: at least the bare kernel, timed first
    QCOMPARE(r.baselineMs, 10.0);
    QVERIFY(r.ms <= 10.0 && r.ms == 10.0 - static_cast<double>(r.opts.size()));
  }
};

UOPSCOPE_TEST(TestBeam);
#include "test_beam.moc"
