// `uopc bisect`: on a program whose kernels a deliberately broken rule makes
// wrong (UOPSCOPE_INJECT_FAULT=rule:x+x drops a term of x+x), it names that
// rule with its source line, the stage and pass, and prints the graphs
// around the rewrite; without the fault there is nothing to find.
#include "tests/support/uopc_process.h"
#include "tests/support/test_registry.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using BisectResult = uops::testsupport::UopcRun;

BisectResult runUopcBisect(const QStringList& args, const QString& fault = {}) {
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove(QStringLiteral("UOPSCOPE_INJECT_FAULT"));
  if (!fault.isEmpty()) env.insert(QStringLiteral("UOPSCOPE_INJECT_FAULT"), fault);
  return uops::testsupport::runUopcProcess(args, env);
}

// c + c is x+x once the kernel reads c's loads
const char* const kDoubledProgram = R"(from tinygrad import Tensor
a = Tensor([1.0, 2.0, 3.0, 4.0])
b = Tensor([0.5, 0.25, 2.0, -1.0])
c = a * b
out = c + c
)";

// a matmul and reductions: Rangeify's kernel split rewrites inside its rules
// (nested passes), so the numbering must follow the order rewrites happen in
const char* const kNestedProgram = R"(from tinygrad import Tensor
x = Tensor([[1.0, 2.0, 3.0, 4.0], [0.5, -1.0, 2.0, 1.5], [3.0, 1.0, -2.0, 0.25]])
w = Tensor([[0.1, 0.2], [0.3, -0.4], [0.5, 0.6], [-0.2, 0.7]])
h = (x @ w).relu()
y = (h + h).softmax(1)
out = [y, (x * x + x * x).sum(0)]
)";

// The line of the rule(...) call for x+x in core/symbolic/symbolic_add.cpp.
int xPlusXLine() {
  QFile f(QStringLiteral(UOPSCOPE_SOURCE_DIR "/core/symbolic/symbolic_add.cpp"));
  if (!f.open(QIODevice::ReadOnly)) return -1;
  int line = 0;
  while (!f.atEnd()) {
    ++line;
    if (f.readLine().contains("rule(\"x+x\"")) return line;
  }
  return -1;
}

} // namespace

class TestBisect : public QObject {
  Q_OBJECT

  QTemporaryDir m_dir;
  QString m_program, m_nested;

private Q_SLOTS:
  void initTestCase() {
    QVERIFY(m_dir.isValid());
    m_program = m_dir.filePath(QStringLiteral("doubled.py"));
    QFile f(m_program);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kDoubledProgram);
    m_nested = m_dir.filePath(QStringLiteral("nested.py"));
    QFile g(m_nested);
    QVERIFY(g.open(QIODevice::WriteOnly));
    g.write(kNestedProgram);
  }

  // the fault is a real wrong-code bug: the program's check fails with it
  void faultMakesWrongCode() {
    const QStringList run{QStringLiteral("run"), m_program, QStringLiteral("--device"), QStringLiteral("CPU"),
                          QStringLiteral("--check")};
    QCOMPARE(runUopcBisect(run).code, 0);
    BisectResult faulty = runUopcBisect(run, QStringLiteral("rule:x+x"));
    QCOMPARE(faulty.code, 1);
    QVERIFY2(faulty.out.contains(QStringLiteral("where the reference evaluator gives")), qPrintable(faulty.out));
  }

  void namesTheBrokenRule_data() {
    QTest::addColumn<bool>("nested");
    QTest::newRow("elementwise") << false;
    QTest::newRow("nested passes") << true;
  }

  void namesTheBrokenRule() {
    QFETCH(bool, nested);
    const int line = xPlusXLine();
    QVERIFY(line > 0);
    BisectResult r = runUopcBisect({QStringLiteral("bisect"), nested ? m_nested : m_program, QStringLiteral("--device"), QStringLiteral("CPU")},
                                   QStringLiteral("rule:x+x"));
    QVERIFY2(r.code == 0, qPrintable(r.err + r.out));
    QVERIFY2(r.out.contains(QStringLiteral("  rule:    x+x (symbolic_add.cpp:%1)\n").arg(line)), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("first bad rewrite: #")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("\n  stage:   ")) && r.out.contains(QStringLiteral("\n  pass:    ")),
             qPrintable(r.out));
    // the limit below is good, the found one bad
    QVERIFY2(r.out.contains(QStringLiteral("outputs match the reference evaluator")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("where the reference evaluator gives")), qPrintable(r.out));
    const qsizetype matched = r.out.indexOf(QStringLiteral("--- matched\n"));
    const qsizetype replacement = r.out.indexOf(QStringLiteral("--- replacement\n"));
    QVERIFY(matched >= 0 && replacement > matched);
    // the graphs around it: the matched x+x and its replacement, x, one Add fewer
    const QString before = r.out.mid(matched, replacement - matched);
    const QString after = r.out.mid(replacement); // the last thing printed
    QVERIFY(before.contains(QStringLiteral(" = Add(")));
    QCOMPARE(after.count(QStringLiteral(" = Add(")), before.count(QStringLiteral(" = Add(")) - 1);
  }

  void nothingToFindWithoutTheFault() {
    BisectResult r = runUopcBisect({QStringLiteral("bisect"), m_program, QStringLiteral("--device"), QStringLiteral("CPU")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("uopc bisect: nothing found: the lowering with all ")) &&
                 r.err.contains(QStringLiteral("rewrites is not bad")),
             qPrintable(r.err));
  }

  void onlyDevicesWithACodeGenerator() {
    BisectResult r = runUopcBisect({QStringLiteral("bisect"), m_program, QStringLiteral("--device"), QStringLiteral("REF")});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.err.contains(QStringLiteral("uopc bisect: REF has no code generator")), qPrintable(r.err));
  }
};

UOPSCOPE_TEST(TestBisect);
#include "test_bisect.moc"
