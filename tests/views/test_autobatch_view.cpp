// The Autobatch view: the control flow graph of an @autobatch call after each
// pass (blocks colored by function, every variable's allocation listed) and
// the VM debugger stepping the call block by block, its members' program
// counters, frames and values checked against the definitional interpreter,
// a breakpoint on the addition block of fibonacci, the running line marked
// in the program editor.
#include "tests/support/test_registry.h"
#include "app/uopscope/main_window.h"
#include "tests/views/views_test.h"
#include "views/program/program_editor.h"

#include "core/autobatch/definitional.h"
#include "core/autobatch/module.h"
#include "views/autobatch/cfg_layout.h"
#include "views/autobatch/vm_debugger.h"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>

using namespace uops;
using namespace uops::views;

namespace {

const char* kFib = R"(from tinygrad import Tensor
from uopscope import autobatch

@autobatch
def fib(n):
    if n > 1:
        return fib(n - 1) + fib(n - 2)
    return 1

out = fib(Tensor([3, 7, 4, 5]))
)";

// The table's row whose first column reads `text`, or -1.
int rowOf(const QTableWidget* t, const QString& text) {
  for (int r = 0; r < t->rowCount(); ++r)
    if (t->item(r, 0) && t->item(r, 0)->text() == text) return r;
  return -1;
}

int columnOf(const QAbstractItemModel& m, const QString& header) {
  for (int c = 0; c < m.columnCount(); ++c)
    if (m.headerData(c, Qt::Horizontal).toString() == header) return c;
  return -1;
}

QString text(const QAbstractItemModel& m, int row, int column) {
  return m.index(row, column).data().toString();
}

// The frames count a members-table cell shows ("fib.r0  ⟨3⟩" -> 3), or -1.
int framesIn(const QString& text) {
  QRegularExpressionMatch m = QRegularExpression(QStringLiteral("⟨(\\d+)⟩")).match(text);
  return m.hasMatch() ? m.captured(1).toInt() : -1;
}

// The VM block whose instructions add two variables (fib(n - 1) + fib(n - 2)).
int additionBlock(const autobatch::VirtualMachine& vm) {
  for (size_t k = 0; k < vm.blocks().size(); ++k)
    for (const autobatch::Instruction& ins : vm.blocks()[k].instructions)
      if (autobatch::instructionText(ins).find(" + ") != std::string::npos) return static_cast<int>(k);
  return -1;
}

} // namespace

class AutobatchViewTest : public QObject {
  Q_OBJECT

  QTemporaryDir m_settings;

  // A window on kFib (or `text`) with the Autobatch tab shown and the VM compiled.
  void open(MainWindow& w, const char* text = kFib) {
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.session().setSource(QString::fromUtf8(text), QStringLiteral("fib.py"));
    w.session().waitForIdle();
    QVERIFY(w.showView(QStringLiteral("autobatch")));
    w.autobatch()->debugger()->waitForReady();
    if (w.autobatch()->callCount() > 0)
      QVERIFY2(w.autobatch()->debugger()->isReady(), qPrintable(w.autobatch()->debugger()->status()->text()));
  }

private Q_SLOTS:
  void initTestCase() {
    autobatch::installAutobatchModule();
    viewstest::isolateSettings(m_settings);
  }

  void cfgAfterEachPass() {
    MainWindow w;
    open(w);
    AutobatchPanel* panel = w.autobatch();
    QCOMPARE(panel->callCount(), 1);
    QCOMPARE(panel->calls()->currentText(), QStringLiteral("1: fib (batch 4)"));
    // on the CPU the load ran the call as one member kernel; the label says so
    QCOMPARE(w.session().device(), QStringLiteral("CPU"));
    QVERIFY2(panel->ranAtLoad()->text().startsWith(QStringLiteral("Ran at load: fib (batch 4) on CPU: one member kernel, ")),
             qPrintable(panel->ranAtLoad()->text()));
    QCOMPARE(panel->passes()->count(), 5);
    const autobatch::AutobatchCall& call = *panel->call();
    for (int pass = 0; pass < 5; ++pass) {
      panel->choosePass(pass);
      const autobatch::Program& p = call.passes[static_cast<size_t>(pass)].program;
      std::vector<int> blocks = cfgBlocks(p);
      QCOMPARE(panel->cfg()->nodeCount(), static_cast<int>(blocks.size()));
      for (size_t i = 0; i < blocks.size(); ++i) {
        const autobatch::Block& b = p.pool[static_cast<size_t>(blocks[i])];
        const LaidOutNode& node = panel->cfg()->layout().nodes[i];
        QVERIFY(node.label.startsWith(QString::fromStdString(b.label) + QLatin1Char('\n')));
        QCOMPARE(node.color, functionColor(b.function.empty() ? std::string("main") : b.function));
        QVERIFY(node.box.width() > 0);
      }
    }
    // before allocation nothing is allocated; after it, the seed's allocation of fibonacci
    panel->choosePass(1);
    QTableWidget* vars = panel->variables();
    QCOMPARE(vars->item(rowOf(vars, QStringLiteral("fib.n")), 2)->text(), QStringLiteral("not yet allocated"));
    QCOMPARE(vars->item(rowOf(vars, QStringLiteral("fib.n")), 1)->text(), QStringLiteral("int32[]"));
    panel->choosePass(2);
    QCOMPARE(vars->item(rowOf(vars, QStringLiteral("fib.n")), 2)->text(), QStringLiteral("full"));
    QCOMPARE(vars->item(rowOf(vars, QStringLiteral("fib.$t1")), 2)->text(), QStringLiteral("full"));
    QCOMPARE(vars->item(rowOf(vars, QStringLiteral("fib.$t0")), 2)->text(), QStringLiteral("register"));
    QCOMPARE(vars->item(rowOf(vars, QStringLiteral("fib.$ret")), 2)->text(), QStringLiteral("register"));
    QCOMPARE(vars->item(rowOf(vars, QStringLiteral("fib.$t2")), 2)->text(), QStringLiteral("temporary"));
    QCOMPARE(vars->item(rowOf(vars, QString::fromStdString(autobatch::kProgramCounter)), 2)->text(), QStringLiteral("full"));
    // a branch has an edge to each arm
    panel->choosePass(0);
    const GraphLayout& layout = panel->cfg()->layout();
    size_t branches = 0, fromBranches = 0;
    const autobatch::Program& front = call.passes[0].program;
    std::vector<int> blocks = cfgBlocks(front);
    for (size_t i = 0; i < blocks.size(); ++i) {
      if (!std::holds_alternative<autobatch::BranchOp>(front.pool[static_cast<size_t>(blocks[i])].terminator)) continue;
      ++branches;
      for (const LaidOutEdge& e : layout.edges) fromBranches += e.from == i;
    }
    QVERIFY(branches >= 1);
    QCOMPARE(fromBranches, 2 * branches);
  }

  // Steps to the end: each member's deepest frame count is its deepest call
  // nesting in the definitional interpreter (main's call of fib is a tail
  // call, a jump, and the halt address takes its frame), every member at the next block is highlighted and counted
  // in the Blocks tab, and the results are the interpreter's.
  void steppingMatchesTheDefinitionalInterpreter() {
    MainWindow w;
    open(w);
    VmDebugger* d = w.autobatch()->debugger();
    const autobatch::AutobatchCall& call = *w.autobatch()->call();
    std::vector<int64_t> depth;
    std::vector<HostTensor> expected = autobatch::interpretUnbatched(call.passes[1].program, call.inputs, &depth);
    QCOMPARE(depth, (std::vector<int64_t>{3, 7, 4, 5})); // the call of fib(n), then n - 1 nested ones
    const VmMembersModel& members = d->membersModel();
    QCOMPARE(members.rowCount(), 4);
    std::vector<int> deepest(4, 0);
    int steps = 0;
    const int halt = static_cast<int>(d->vm()->blocks().size());
    for (; d->nextBlock() < halt; ++steps) {
      int next = d->nextBlock();
      QString label = QString::fromStdString(d->vm()->blocks()[static_cast<size_t>(next)].label);
      int here = 0;
      for (int m = 0; m < 4; ++m) {
        QString at = text(members, m, 1);
        deepest[static_cast<size_t>(m)] = std::max(deepest[static_cast<size_t>(m)], framesIn(at));
        bool active = at.startsWith(label + QStringLiteral("  "));
        here += active;
        QVERIFY2((members.index(m, 0).data(Qt::BackgroundRole).value<QColor>() == QColor(0xFFF59D)) == active,
                 qPrintable(QStringLiteral("step %1, member %2 at '%3', next %4").arg(steps).arg(m).arg(at, label)));
      }
      QCOMPARE(d->blocks()->item(next, 3)->text(), QString::number(here));
      QVERIFY(d->status()->text().contains(QStringLiteral("%1 of 4 members").arg(here)));
      QVERIFY(d->step());
      QVERIFY(steps < 10000);
    }
    for (int m = 0; m < 4; ++m) {
      QCOMPARE(deepest[static_cast<size_t>(m)], static_cast<int>(depth[static_cast<size_t>(m)]));
      QCOMPARE(text(members, m, 1), QStringLiteral("halted"));
    }
    QCOMPARE(static_cast<int64_t>(steps), d->vm()->stats().steps);
    QVERIFY(!d->step()); // every member halted
    QVERIFY(d->status()->text().contains(QStringLiteral("every member halted")));
    QVERIFY(!d->stepButton()->isEnabled());
    // the results, as the members table shows them, are the interpreter's
    int ret = columnOf(members, QString::fromStdString(call.passes.back().program.varsOut.at(0)));
    QVERIFY(ret > 0);
    for (int m = 0; m < 4; ++m) QCOMPARE(text(members, m, ret), QString::number(expected[0].getInt(m)));
    QCOMPARE(expected[0].getInt(1), int64_t{21}); // fib(7)
    // every stack is empty again
    d->selectMember(1);
    QTreeWidget* stacks = d->stacks();
    QVERIFY(stacks->topLevelItemCount() >= 2); // the pc and fib.n at least
    for (int i = 0; i < stacks->topLevelItemCount(); ++i) {
      QVERIFY(stacks->topLevelItem(i)->text(1).startsWith(QStringLiteral("depth 0")));
      QCOMPARE(stacks->topLevelItem(i)->childCount(), 0);
    }
  }

  // The seed's count: on [3, 7, 4, 5] the addition block runs exactly 20
  // times; a breakpoint on it stops there each time, the block's line marked.
  void breakpointOnTheAdditionBlock() {
    MainWindow w;
    open(w);
    VmDebugger* d = w.autobatch()->debugger();
    int add = additionBlock(*d->vm());
    QVERIFY(add > 0);
    d->setBreakpoint(add, 0);
    int hits = 0;
    while (d->runToBreakpoint() > 0 && d->nextBlock() == add) {
      ++hits;
      QCOMPARE(w.program()->runningLine(), 7); // return fib(n - 1) + fib(n - 2)
      QCOMPARE(w.program()->editor()->cursorLine(), 7);
      QCOMPARE(w.autobatch()->cfg()->layout().nodes[static_cast<size_t>(w.autobatch()->cfg()->selected())].label.section(
                   QLatin1Char('\n'), 0, 0),
               QString::fromStdString(d->vm()->blocks()[static_cast<size_t>(add)].label));
      // a member mid-recursion has frames on fib.n's stack
      d->selectMember(1);
      QVERIFY(d->stacks()->topLevelItemCount() > 0);
    }
    QCOMPARE(hits, 20);
    QCOMPARE(d->vm()->stats().executions[static_cast<size_t>(add)], int64_t{20});
    QCOMPARE(w.program()->runningLine(), 0);
    // restart: every member back at the entry, nothing run
    QTest::mouseClick(d->restartButton(), Qt::LeftButton);
    QCOMPARE(d->nextBlock(), 0);
    QCOMPARE(d->vm()->stats().steps, int64_t{0});
    QVERIFY(d->stepButton()->isEnabled());
    // a breakpoint on the line stops at a block of that line
    d->setBreakpoint(-1, 7);
    QVERIFY(d->runToBreakpoint() > 0);
    QCOMPARE(d->vm()->blocks()[static_cast<size_t>(d->nextBlock())].loc.line, 7);
  }

  // The next block's kernels: on the CPU the addition block compiles one,
  // with its graph, LLVM IR and machine code; a block of host work has none.
  void kernelsOfTheNextBlock() {
    MainWindow w;
    open(w);
    VmDebugger* d = w.autobatch()->debugger();
    int add = additionBlock(*d->vm());
    d->setBreakpoint(add, 0);
    QVERIFY(d->runToBreakpoint() > 0);
    QCOMPARE(d->nextBlock(), add);
    QVERIFY(d->kernelList()->count() >= 1);
    QVERIFY(d->kernelGraph()->nodeCount() > 0);
    QVERIFY(d->kernelSource()->toPlainText().contains(QStringLiteral("define")));
    QVERIFY(!d->kernelIsa()->toPlainText().isEmpty());
  }

  // A stack too small for the recursion fails the load: the error (variable,
  // function, the depth to ask for) is the program's, and there is no call to debug.
  void stackOverflowFailsTheLoad() {
    MainWindow w;
    open(w, R"(from tinygrad import Tensor
from uopscope import autobatch

@autobatch(max_stack_depth=3)
def down(n):
    if n > 0:
        return down(n - 1) + 1
    return 0

out = down(Tensor([2, 5]))
)");
    QString status = w.program()->status()->text();
    QVERIFY2(status.contains(QStringLiteral("stack overflow")) && status.contains(QStringLiteral("max_stack_depth=12")),
             qPrintable(status));
    QCOMPARE(w.autobatch()->callCount(), 0);
    QVERIFY(!w.autobatch()->debugger()->stepButton()->isEnabled());
  }

  void noAutobatchCall() {
    MainWindow w;
    open(w, "from tinygrad import Tensor\nout = Tensor([1, 2]) + 1\n");
    QCOMPARE(w.autobatch()->callCount(), 0);
    QCOMPARE(w.autobatch()->cfg()->nodeCount(), 0);
    QVERIFY(!w.autobatch()->debugger()->stepButton()->isEnabled());
  }
};

UOPSCOPE_TEST(AutobatchViewTest);
#include "test_autobatch_view.moc"
