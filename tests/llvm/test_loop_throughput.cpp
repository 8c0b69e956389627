// The throughput model of a kernel's hot loops: loops found from branches,
// the clock read from /proc/cpuinfo's text, then LLVM's MCA on hand-written
// kernels whose answers are known: a chain of dependent float operations is
// bound by its latency, an independent vector loop by a port or the dispatch
// width, and every loop's iterations times the work of one iteration is the
// work the IR's loop nest does.
#include "tests/support/test_registry.h"
#include "tests/llvm/llvm_test.h"

#include "backends/llvm/compile_to_object.h"
#include "backends/llvm/cpu_clock.h"
#include "backends/llvm/loop_throughput.h"
#include "backends/llvm/machine_loops.h"
#include "backends/llvm/target_desc.h"
#include "core/pipeline/codegen.h"

#include <QTest>

#include <cmath>

using namespace uops;
using namespace llvmtest;

namespace {

// x = x * 0.5 + 1.0, `trips` times (inside `outer` iterations of an outer
// loop when outer > 1): each step waits for the last, so no vectorizing.
std::string throughputChainKernel(int trips, int outer) {
  const std::string inner = R"(
inner:
  %i = phi i64 [ 0, %outer ], [ %inext, %inner ]
  %x = phi float [ 1.0, %outer ], [ %y, %inner ]
  %m = fmul float %x, 5.000000e-01
  %y = fadd float %m, 1.000000e+00
  %inext = add i64 %i, 1
  %idone = icmp eq i64 %inext, )" + std::to_string(trips) + R"(
  br i1 %idone, label %latch, label %inner
latch:
  %slot = getelementptr inbounds float, ptr %out, i64 %o
  store float %y, ptr %slot, align 4
  %onext = add i64 %o, 1
  %odone = icmp eq i64 %onext, )" + std::to_string(outer) + R"(
  br i1 %odone, label %exit, label %outer
exit:
  ret void
})";
  return R"(define void @kernel(ptr %bufs, i64 %tid) {
entry:
  %out = load ptr, ptr %bufs, align 8
  br label %outer
outer:
  %o = phi i64 [ 0, %entry ], [ %onext, %latch ]
  br label %inner)" + inner;
}

// out[i] = a[i] * 2 for i < 4096: independent iterations, vectorized.
const std::string& throughputScaleKernel() {
  // noalias: no runtime overlap check, so no second (scalar) version of the loop
  static const std::string ir = R"(define void @kernel(ptr noalias %out, ptr noalias %a) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %va = load float, ptr %pa, align 4
  %v = fmul float %va, 2.000000e+00
  %po = getelementptr inbounds float, ptr %out, i64 %i
  store float %v, ptr %po, align 4
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, 4096
  br i1 %done, label %exit, label %loop
exit:
  ret void
})";
  return ir;
}

KernelThroughput throughputModelOf(const std::string& ir) {
  const ObjectArtifacts compiled = compileToObject(ir, "kernel", hostTarget(), 3);
  return analyzeThroughput(compiled.object, "kernel", compiled.optimizedIr, "test");
}

int countThroughputStarting(const LoopThroughput& loop, const char* prefix) {
  int n = 0;
  for (const ThroughputInstruction& i : loop.instructions)
    if (i.text.rfind(prefix, 0) == 0) ++n;
  return n;
}

// Floats one iteration stores: the width of each vector (or scalar) store.
int throughputFloatsStored(const LoopThroughput& loop) {
  int n = 0;
  for (const ThroughputInstruction& i : loop.instructions) {
    const std::string& t = i.text;
    const auto comma = t.find(',');
    const std::string destination = t.substr(0, comma);
    if (destination.find("ptr [") == std::string::npos) continue; // not a store
    if (destination.find("zmmword") != std::string::npos) n += 16;
    else if (destination.find("ymmword") != std::string::npos) n += 8;
    else if (destination.find("xmmword") != std::string::npos) n += 4;
    else if (destination.find("dword") != std::string::npos) n += 1;
  }
  return n;
}

QString throughputBodyText(const LoopThroughput& loop) {
  QString out;
  for (const ThroughputInstruction& i : loop.instructions) out += qs(i.text) + u'\n';
  return out;
}

CodeSite site(uint64_t offset, uint64_t size, uint64_t target = CodeSite::kNoTarget, bool fallsThrough = true) {
  return {.offset = offset, .size = size, .branchTarget = target, .fallsThrough = fallsThrough};
}

} // namespace

class TestLoopThroughput : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void initTestCase() {
#if !defined(__x86_64__)
    QSKIP("the expected instructions are x86's");
#endif
  }

  void loopsFromBranches() {
    // an outer loop 0x10..0x56 around 0x20..0x4e, then a sibling 0x60..0x76
    const std::vector<CodeSite> code = {
        site(0x10, 0x10),       site(0x20, 4, 0x30), // forward: no loop
        site(0x24, 0xc),        site(0x30, 0x10),    site(0x40, 6, 0x20),
        site(0x46, 2),          site(0x48, 6, 0x20), // a second back edge: the same loop, longer
        site(0x4e, 2),          site(0x50, 6, 0x10), site(0x56, 0xa),
        site(0x60, 0x10),       site(0x70, 6, 0x60), site(0x76, 1, CodeSite::kNoTarget, false),
    };
    const std::vector<MachineLoop> loops = findMachineLoops(code);
    QCOMPARE(loops.size(), size_t(3));
    QCOMPARE(loops[0].start, uint64_t(0x10));
    QCOMPARE(loops[0].end, uint64_t(0x56));
    QCOMPARE(loops[0].depth, 1);
    QVERIFY(!loops[0].innermost);
    QCOMPARE(loops[1].start, uint64_t(0x20));
    QCOMPARE(loops[1].end, uint64_t(0x4e));
    QCOMPARE(loops[1].depth, 2);
    QVERIFY(loops[1].innermost);
    QCOMPARE(loops[2].start, uint64_t(0x60));
    QCOMPARE(loops[2].end, uint64_t(0x76));
    QCOMPARE(loops[2].depth, 1);
    QVERIFY(loops[2].innermost);
  }

  void loopsOfARotatedNest() {
    // LLVM's layout of a padded matmul tile: the outer loop's latch (0x04) sits
    // before its header (0x10), reached by a jump; the middle loop's latch
    // (0x14) falls through into its header (0x18); the tile's gated stores
    // (0x22) are skipped by a backward branch to that latch, which closes no loop.
    const std::vector<CodeSite> code = {
        site(0x00, 2),       site(0x02, 2, 0x10, false), // into the outer header
        site(0x04, 2),       site(0x06, 2, 0x26),        // the outer latch: leave when done
        site(0x08, 8),       site(0x10, 2),              site(0x12, 2, 0x18, false),
        site(0x14, 2),       site(0x16, 2, 0x04),        // the middle latch: to the outer latch when done
        site(0x18, 2),       site(0x1a, 2),              site(0x1c, 2, 0x1a), // the innermost loop
        site(0x1e, 2),       site(0x20, 2, 0x14),        // no store outside the rows: straight to the latch
        site(0x22, 2),       site(0x24, 2, 0x14, false), site(0x26, 1, CodeSite::kNoTarget, false),
    };
    const std::vector<MachineLoop> loops = findMachineLoops(code);
    QCOMPARE(loops.size(), size_t(3));
    QCOMPARE(loops[0].header, uint64_t(0x10));
    QCOMPARE(loops[0].start, uint64_t(0x04));
    QCOMPARE(loops[0].end, uint64_t(0x26));
    QCOMPARE(loops[0].depth, 1);
    QVERIFY(!loops[0].innermost);
    QCOMPARE(loops[1].header, uint64_t(0x18));
    QCOMPARE(loops[1].start, uint64_t(0x14));
    QCOMPARE(loops[1].depth, 2);
    QVERIFY(!loops[1].innermost);
    QCOMPARE(loops[2].header, uint64_t(0x1a));
    QCOMPARE(loops[2].start, uint64_t(0x1a));
    QCOMPARE(loops[2].end, uint64_t(0x1e));
    QCOMPARE(loops[2].depth, 3);
    QVERIFY(loops[2].innermost);
  }

  void clockFromCpuinfo() {
    QCOMPARE(cpuMhzFromCpuinfo("processor\t: 0\nmodel name\t: AMD EPYC\ncpu MHz\t\t: 2096.013\ncache size\t: 512 KB\n"),
             2096.013);
    QCOMPARE(cpuMhzFromCpuinfo("processor\t: 0\n"), 0.0);
  }

  void dependencyChainIsLatencyBound() {
    const KernelThroughput model = throughputModelOf(throughputChainKernel(1000, 1));
    QVERIFY(!model.cpu.empty());
    QCOMPARE(model.loops.size(), size_t(1));
    const LoopThroughput& loop = model.loops[0];
    const int muls = countThroughputStarting(loop, "vmulss") + countThroughputStarting(loop, "mulss");
    QVERIFY2(muls > 0, qPrintable(throughputBodyText(loop)));
    // the IR's 1000 steps, however LLVM unrolled them
    QCOMPARE(loop.iterations * static_cast<uint64_t>(muls), uint64_t(1000));
    QCOMPARE(loop.bottleneck, std::string("dependency chain"));
    // one multiply and one add after another, per step
    double chain = 0;
    for (const ThroughputInstruction& i : loop.instructions)
      if (i.text.find("mulss") != std::string::npos || i.text.find("addss") != std::string::npos) chain += i.latency;
    QVERIFY2(std::abs(loop.cyclesPerIteration - chain) <= 0.1 * chain,
             qPrintable(QStringLiteral("%1 cycles per iteration, chain %2").arg(loop.cyclesPerIteration).arg(chain)));
    QVERIFY(loop.resourceCycles < 0.5 * loop.cyclesPerIteration);
    QCOMPARE(model.predictedCyclesPerCall(), loop.cyclesPerIteration * static_cast<double>(loop.iterations));
  }

  void nestMultipliesTripCounts() {
    const KernelThroughput model = throughputModelOf(throughputChainKernel(100, 64));
    QCOMPARE(model.loops.size(), size_t(1));
    const LoopThroughput& loop = model.loops[0];
    QCOMPARE(loop.depth, 2);
    const int muls = countThroughputStarting(loop, "vmulss") + countThroughputStarting(loop, "mulss");
    QCOMPARE(loop.iterations * static_cast<uint64_t>(muls), uint64_t(64 * 100));
  }

  void independentLoopIsThroughputBound() {
    const KernelThroughput model = throughputModelOf(throughputScaleKernel());
    QCOMPARE(model.loops.size(), size_t(1));
    const LoopThroughput& loop = model.loops[0];
    QCOMPARE(loop.iterations * static_cast<uint64_t>(throughputFloatsStored(loop)), uint64_t(4096));
    QVERIFY2(loop.bottleneck != "dependency chain", qPrintable(qs(loop.bottleneck)));
    QVERIFY(std::max(loop.resourceCycles, loop.dispatchCycles) >= 0.9 * loop.cyclesPerIteration);
    // ports: each instruction's share adds up to the loop's
    for (size_t p = 0; p < loop.ports.size(); ++p) {
      double sum = 0;
      for (const ThroughputInstruction& i : loop.instructions) sum += i.portCycles[p];
      QVERIFY(std::abs(sum - loop.portCycles[p]) < 1e-9);
    }
    // the body is exactly the loop's instructions, in order
    QCOMPARE(loop.instructions.front().offset, loop.start);
    QVERIFY(loop.instructions.back().offset < loop.end);
    QVERIFY(qs(loop.instructions.back().text).startsWith(u'j'));
  }

  void straightLineRunsOnce() {
    const KernelThroughput model = throughputModelOf(R"(define void @kernel(ptr %bufs, i64 %tid) {
entry:
  %out = load ptr, ptr %bufs, align 8
  store float 1.000000e+00, ptr %out, align 4
  ret void
})");
    QVERIFY(model.straightLine);
    QCOMPARE(model.loops.size(), size_t(1));
    QCOMPARE(model.loops[0].iterations, uint64_t(1));
    QCOMPARE(model.loops[0].instructions.front().offset, uint64_t(0));
    QVERIFY(model.loops[0].cyclesPerIteration > 0);
  }

  void refusesOtherDevices() {
    LoweredKernel kernel;
    kernel.target = openClTarget("CL:0");
    kernel.name.text = "E_4";
    try {
      analyzeKernelThroughput(kernel);
      QFAIL("a CL kernel was modelled");
    } catch (const JitError& e) {
      QCOMPARE(qs(e.what()), QStringLiteral("the throughput model is for CPU kernels: E_4 is lowered for CL:0, whose "
                                            "machine code LLVM's MCA does not model"));
    }
  }
};

UOPSCOPE_TEST(TestLoopThroughput);
#include "test_loop_throughput.moc"
