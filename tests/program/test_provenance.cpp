// Where nodes come from: a node a program statement makes records the
// statement's line (UOp::line), and lowering keeps it: the rewrites and
// rebuilds of every stage give what they make the line of the node they
// replace, so a kernel's linearized instructions still name the program
// lines their values came from.
#include "tests/support/test_registry.h"
#include "core/ir/provenance.h"
#include "core/ir/uop.h"
#include "core/render/codegen_target.h"
#include "core/pipeline/pipeline_runner.h"
#include "core/program/program.h"

#include <QtTest>

#include <map>
#include <algorithm>
#include <set>

namespace {

const char* const kProgram = "from tinygrad import Tensor\n"                  // 1
                             "a = Tensor.arange(12).reshape(3, 4).float()\n"  // 2
                             "b = (a * 2).exp()\n"                            // 3
                             "out = b.sum(axis=1) + 1\n";                     // 4

// The lines the nodes of `root`'s graph with op `op` record.
std::set<int32_t> linesOf(const uops::UOp& root, uops::Op op) {
  std::set<int32_t> lines;
  for (const uops::UOp* u : uops::toposort(root))
    if (u->op() == op) lines.insert(u->line());
  return lines;
}

} // namespace

class TestProvenance : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void scopesNest() {
    QCOMPARE(uops::currentProvenance(), 0);
    {
      uops::ProvenanceScope outer(7);
      QCOMPARE(uops::currentProvenance(), 7);
      {
        uops::ProvenanceScope none(0); // keeps the enclosing line
        QCOMPARE(uops::currentProvenance(), 7);
        uops::ProvenanceScope inner(9);
        QCOMPARE(uops::currentProvenance(), 9);
      }
      QCOMPARE(uops::currentProvenance(), 7);
    }
    QCOMPARE(uops::currentProvenance(), 0);
  }

  void eachStatementsNodesRecordItsLine() {
    uops::program::LoadedProgram p = uops::program::loadProgram("provenance.py", kProgram);
    const uops::UOpPtr out = p.outputTensors().at(0).uop();
    QCOMPARE(out->line(), 4);                                   // the + 1
    QVERIFY(linesOf(*out, uops::Op::Reduce).contains(4));           // the sum (arange's own is line 2)
    QCOMPARE(linesOf(*out, uops::Op::Exp2), std::set<int32_t>{3});    // exp is exp2 of a product, both line 3
    QCOMPARE(linesOf(*out, uops::Op::Mul), (std::set<int32_t>{3}));
  }

  // After all eight stages the kernel's instructions still say where they
  // came from: the exponential's (decomposed on the CPU) line 3, the sum's
  // accumulation line 4, and nearly every instruction some program line
  void linesSurviveLowering() {
    uops::program::LoadedProgram p = uops::program::loadProgram("provenance.py", kProgram);
    uops::CodegenTarget target = uops::cpuTarget();
    target.heuristics = true;
    uops::PipelineRun run = uops::runPipeline({p.outputTensors().at(0).uop()}, {.trace = false, .target = target});
    QVERIFY2(!run.failed(), run.stages.back().error.c_str());
    std::map<int32_t, int> count; // instructions per line
    size_t instructions = 0;
    for (const uops::LoweredKernel& k : run.kernels)
      for (const uops::UOpPtr& u : k.linear->src()) {
        ++instructions;
        ++count[u->line()];
      }
    QVERIFY(instructions > 10);
    QVERIFY2(count[3] > 0 && count[4] > 0, qPrintable(QStringLiteral("line 3: %1, line 4: %2").arg(count[3]).arg(count[4])));
    QVERIFY2(count[0] * 4 < static_cast<int>(instructions),
             qPrintable(QStringLiteral("%1 of %2 instructions with no line").arg(count[0]).arg(instructions)));
    for (const uops::LoweredKernel& k : run.kernels)
      for (const uops::UOpPtr& u : k.linear->src())
        if (u->op() == uops::Op::Exp2) QCOMPARE(u->line(), 3);
  }

  // An OptOp's new index math takes the line of the axis it splits: after
  // Optimize no node of the kernel is without a line that had none before
  void optOpsKeepLines() {
    uops::program::LoadedProgram p = uops::program::loadProgram("provenance.py", kProgram);
    uops::PipelineRun run = uops::runPipeline({p.outputTensors().at(0).uop()}, {.trace = false, .target = uops::cpuTarget()},
                                              {{0, uops::parseOpts("Split(0, 3, UPCAST)")}});
    QVERIFY2(!run.failed(), run.stages.back().error.c_str());
    const uops::StageRecord* optimize = run.records("Optimize").at(0);
    // the split's index math: an Add or Mul over a Range that Optimize made
    std::set<const uops::UOp*> before;
    for (const uops::UOp* u : uops::toposort(*optimize->input)) before.insert(u);
    int made = 0;
    for (const uops::UOp* u : uops::toposort(*optimize->result)) {
      if (before.contains(u) || (u->op() != uops::Op::Add && u->op() != uops::Op::Mul)) continue;
      if (std::none_of(u->src().begin(), u->src().end(), [](const uops::UOpPtr& s) { return s->op() == uops::Op::Range; }))
        continue;
      ++made;
      QVERIFY2(u->line() > 0, uops::opName(u->op()).data());
    }
    QVERIFY(made > 0);
  }
};

UOPSCOPE_TEST(TestProvenance);
#include "test_provenance.moc"
