// The pipeline's remarks (core/remarks), on programs as a user writes them:
// Rangeify names the rule that kept a buffer between two kernels and how
// often fusing it would recompute its reduction, with the program line of
// the value; the heuristics explain every OptOp they applied and the ones
// applyOpt refused; the OpenCL renderer says which UPCAST lanes it read as
// one vector and why others stayed scalar; and a run not asked for remarks
// collects none.
#include "tests/support/test_registry.h"
#include "core/opt/opt.h"
#include "core/pipeline/kernel_remarks.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/program/device_run.h"
#include "core/program/program.h"

#include <QTest>

#include <algorithm>

using namespace uops;

namespace {

// (a @ b) @ c over computed operands: the inner product t stays a buffer,
// since its reader would compute it again for each of the 8 columns of c.
const char* const kRemarksChain = R"(from tinygrad import Tensor
a = Tensor.arange(64).reshape(8, 8).float() * 0.1
b = Tensor.arange(64).reshape(8, 8).float() * 0.2
c = Tensor.arange(64).reshape(8, 8).float() * 0.3
t = a @ b
out = t @ c
)";

// x and y in buffers of their own, read by one elementwise kernel: x along
// its rows, y across them
const char* const kRemarksScale = R"(from tinygrad import Tensor
x = Tensor.arange(4096).float().reshape(64, 64).contiguous()
y = (Tensor.arange(4096).float().reshape(64, 64) * 3.0).contiguous()
out = x * 2.0 + y.T
)";

PipelineRun remarksLowered(const char* source, const CodegenTarget& target, bool remarks, const KernelOpts& opts = {}) {
  program::LoadedProgram p = program::loadProgram("remarks.py", source);
  return runPipeline(program::rootsOf(p.outputTensors()), {.trace = false, .target = target, .remarks = remarks},
                     opts);
}

CodegenTarget remarksTarget(CodegenTarget t) {
  t.heuristics = true;
  return t;
}

std::vector<Remark> remarksNamed(const std::vector<Remark>& all, const std::string& name) {
  std::vector<Remark> out;
  std::copy_if(all.begin(), all.end(), std::back_inserter(out), [&](const Remark& r) { return r.name == name; });
  return out;
}

QString remarksListed(const std::vector<Remark>& remarks) {
  QString out;
  for (const Remark& r : remarks)
    out += QStringLiteral("%1 %2 %3 line %4: %5\n")
               .arg(QString::fromUtf8(remarkKindName(r.kind).data()), QString::fromStdString(r.origin),
                    QString::fromStdString(r.name))
               .arg(r.programLine)
               .arg(QString::fromStdString(r.message));
  return out;
}

} // namespace

class TestRemarks : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void keptBufferNamesTheRuleAndTheCount() {
    PipelineRun run = remarksLowered(kRemarksChain, remarksTarget(cpuTarget()), true);
    QVERIFY(!run.failed());
    QCOMPARE(run.schedule.kernels.size(), size_t{2});
    std::vector<Remark> kept = remarksNamed(run.remarks, "KeptBuffer");
    QVERIFY2(kept.size() == 1, qPrintable(remarksListed(run.remarks)));
    const Remark& r = kept.front();
    QCOMPARE(r.kind, RemarkKind::Missed);
    QCOMPARE(r.origin, std::string("Rangeify"));
    QCOMPARE(r.programLine, 5); // t = a @ b
    QCOMPARE(r.kernel, int64_t{0}); // the kernel that writes t
    QVERIFY2(r.message.find("line 5) is not fused into its reader (line 6): the sum would be recomputed 8 times") !=
                 std::string::npos,
             r.message.c_str());
    // the same remark is the first of kernel 0's
    std::vector<Remark> first = runRemarks(run, 0);
    QVERIFY(!first.empty());
    QCOMPARE(first.front().message, r.message);
  }

  void heuristicsExplainEveryOptOp() {
    PipelineRun run = remarksLowered(kRemarksChain, remarksTarget(cpuTarget()), true);
    QVERIFY(!run.failed());
    for (const LoweredKernel& k : run.kernels) {
      QVERIFY(!k.opts.empty());
      std::vector<Remark> applied;
      for (const Remark& r : remarksNamed(k.remarks, "OptOp"))
        if (r.kind == RemarkKind::Passed) applied.push_back(r);
      QVERIFY2(applied.size() == k.opts.size(), qPrintable(remarksListed(k.remarks)));
      for (size_t i = 0; i < k.opts.size(); ++i)
        QVERIFY2(applied[i].message.rfind(formatOpt(k.opts[i]) + ": ", 0) == 0, applied[i].message.c_str());
    }
    // the matmul's first UPCAST is its register tile
    QVERIFY2(remarksNamed(run.kernels[1].remarks, "OptOp").front().message.find("register tile") != std::string::npos,
             qPrintable(remarksListed(run.kernels[1].remarks)));
  }

  void openClVectorLoadsAndWhyNot() {
    // UPCAST 4 on the inner axis: x's lanes (data2) are consecutive, y.T's (data1) 64 apart
    KernelOpts opts{{2, parseOpts("Split(1, 4, UPCAST)")}};
    PipelineRun run = remarksLowered(kRemarksScale, openClTarget("CL:0"), true, opts);
    QVERIFY2(!run.failed(), run.stages.back().error.c_str());
    QCOMPARE(run.kernels.size(), size_t{3});
    const LoweredKernel& k = run.kernels[2];
    std::vector<Remark> loads = remarksNamed(k.remarks, "VectorLoad");
    const QString all = remarksListed(k.remarks);
    auto has = [&](RemarkKind kind, const std::string& text) {
      return std::any_of(loads.begin(), loads.end(), [&](const Remark& r) {
        return r.kind == kind && r.message.find(text) != std::string::npos && r.irLine > 0 && r.programLine == 4;
      });
    };
    QVERIFY2(has(RemarkKind::Passed, "4 loads of data2 at consecutive elements as one vector access"), qPrintable(all));
    QVERIFY2(has(RemarkKind::Missed, "4 loads of data1 not vectorized: non-consecutive index (lanes 64 elements apart)"),
             qPrintable(all));
    // the IR line is a line of the rendered OpenCL C that reads the buffer
    for (const Remark& r : loads) {
      const std::vector<const UOp*>& nodes = renderedLineNodes(k);
      QCOMPARE(nodes[static_cast<size_t>(r.irLine) - 1], r.node.get());
    }
  }

  void noRemarksUnlessAsked() {
    PipelineRun run = remarksLowered(kRemarksChain, remarksTarget(cpuTarget()), false);
    QVERIFY(!run.failed());
    QVERIFY(run.remarks.empty());
    for (const LoweredKernel& k : run.kernels) QVERIFY(k.remarks.empty());
  }
};

UOPSCOPE_TEST(TestRemarks);
#include "test_remarks.moc"
