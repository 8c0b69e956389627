// Random @autobatch programs (seeded): nested if/else, bounded while loops
// with early returns, a recursive helper and a mutual pair, integer
// arithmetic with floor division and remainder by computed divisors. Each
// call's VM outputs on the CPU must equal the definitional and the
// stackless interpreters' on every member.
#include "tests/support/test_registry.h"
#include "tests/autobatch/autobatch_test.h"
#include "tests/support/backend_devices.h"

#include "core/autobatch/stackless.h"

#include <QElapsedTimer>

#include <random>

using namespace autobatchtest;

namespace {

class Generator {
public:
  explicit Generator(uint32_t seed) : m_rng(seed) {}

  std::string program() {
    std::string out = "from tinygrad import Tensor\nfrom uopscope import autobatch\n\n";
    out += "@autobatch\ndef down(n, x):\n    if n <= 0:\n        return x\n";
    out += "    if x % 2 == 0:\n        return down(n - 1, " + expr({"n", "x"}, 2, false) + ") + 1\n";
    out += "    return up(n - 1, x + n)\n\n";
    out += "@autobatch\ndef up(n, x):\n    if n <= 0:\n        return x - 1\n";
    out += "    return down(n - 1, " + expr({"n", "x"}, 1, false) + ")\n\n";
    out += "@autobatch\ndef main(a, b):\n";
    m_vars = {"a", "b"};
    m_loops = 0;
    out += block(1, 3);
    out += "    return " + expr(m_vars, 2) + "\n\n";
    std::string a = values();
    out += "out = main(Tensor([" + a + "]), Tensor([" + values() + "]))\n";
    return out;
  }

private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }

  std::string values() {
    std::string out;
    for (int i = 0; i < 9; ++i) out += (i ? ", " : "") + std::to_string(pick(41) - 20);
    return out;
  }

  std::string var(const std::vector<std::string>& vars) { return vars[static_cast<size_t>(pick(static_cast<int>(vars.size())))]; }

  // An int expression over `vars`, kept small (every product reduced); with
  // `calls`, possibly a call of the recursive pair (not inside it: it would
  // recurse without end).
  std::string expr(const std::vector<std::string>& vars, int depth, bool calls = true) {
    if (depth == 0 || pick(3) == 0) return pick(4) == 0 ? std::to_string(pick(7) + 1) : var(vars);
    std::string l = expr(vars, depth - 1, calls), r = expr(vars, depth - 1, calls);
    switch (pick(calls ? 7 : 6)) {
    case 0: return "(" + l + " + " + r + ")";
    case 1: return "(" + l + " - " + r + ")";
    case 2: return "((" + l + " * " + r + ") % 97)";
    case 3: return "(" + l + " // " + std::to_string(pick(4) + 2) + ")";
    case 4: return "(" + l + " % (abs(" + r + ") + 1))"; // a computed divisor
    case 5: return "(" + l + " // (abs(" + r + ") + 1))";
    default: return "down(abs(" + l + ") % 6, " + r + ")";
    }
  }

  std::string cond(const std::vector<std::string>& vars) {
    static const char* ops[] = {"<", "<=", ">", ">=", "==", "!="};
    std::string l = expr(vars, 1);
    std::string op = ops[pick(6)];
    return l + " " + op + " " + expr(vars, 1);
  }

  // A variable an assignment may write: not a loop counter (the loops must end).
  std::string target() {
    std::vector<std::string> vars;
    for (const std::string& v : m_vars)
      if (v[0] != 'k') vars.push_back(v);
    return var(vars);
  }

  std::string indent(int level) { return std::string(static_cast<size_t>(4 * level), ' '); }

  std::string block(int level, int statements) {
    std::string out;
    for (int i = 0; i < statements; ++i) {
      int kind = level < 3 ? pick(5) : 0;
      if (kind <= 1) {
        std::string name = pick(2) == 0 || m_vars.size() >= 5 ? target() : "v" + std::to_string(m_vars.size());
        out += indent(level) + name + " = " + expr(m_vars, 2) + "\n";
        if (std::find(m_vars.begin(), m_vars.end(), name) == m_vars.end()) m_vars.push_back(name);
      } else if (kind == 2) {
        // both arms assign what follows may read
        // (names made inside one arm are not read after the if)
        std::string name = target();
        std::vector<std::string> saved = m_vars;
        out += indent(level) + "if " + cond(m_vars) + ":\n";
        // one call per statement: the order of a + chain's operands is unspecified
        out += indent(level + 1) + name + " = " + expr(m_vars, 2) + "\n";
        out += block(level + 1, pick(2));
        m_vars = saved;
        out += indent(level) + "else:\n";
        out += indent(level + 1) + name + " = " + expr(m_vars, 2) + "\n";
      } else if (kind == 3) {
        out += indent(level) + "if " + cond(m_vars) + ":\n";
        out += indent(level + 1) + "return " + expr(m_vars, 2) + "\n";
      } else {
        std::string k = "k" + std::to_string(m_loops++);
        out += indent(level) + k + " = 0\n";
        out += indent(level) + "while " + k + " < " + expr(m_vars, 0) + " % 5:\n";
        std::vector<std::string> saved = m_vars;
        m_vars.push_back(k);
        out += block(level + 1, 1 + pick(2));
        if (pick(3) == 0) {
          out += indent(level + 1) + "if " + cond(m_vars) + ":\n";
          out += indent(level + 2) + "return " + k + "\n";
        }
        out += indent(level + 1) + k + " = " + k + " + 1\n";
        m_vars = saved;
      }
    }
    return out;
  }

  std::mt19937 m_rng;
  std::vector<std::string> m_vars;
  int m_loops = 0;
};

} // namespace

class RandomPrograms : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void vmAgreesWithBothOracles() {
    // UOPSCOPE_RANDOM_PROGRAMS=N tries N programs instead of 40
    const uint32_t count = qEnvironmentVariableIsSet("UOPSCOPE_RANDOM_PROGRAMS")
                               ? static_cast<uint32_t>(qEnvironmentVariableIntValue("UOPSCOPE_RANDOM_PROGRAMS"))
                               : 40;
    uint32_t checked = 0, memberKernels = 0;
    for (uint32_t seed = 1; seed <= count; ++seed) {
      std::string text = Generator(seed).program();
      program::LoadedProgram cpu;
      QElapsedTimer timer;
      timer.start();
      try {
        cpu = load(text, "CPU");
      } catch (const std::exception& e) {
        QFAIL(qPrintable(QStringLiteral("seed %1: %2\n%3").arg(seed).arg(QString::fromStdString(e.what()),
                                                                           QString::fromStdString(text))));
      }
      const AutobatchCall& c = call(cpu);
      qint64 vm = timer.restart();
      std::string expected = outputs(interpretUnbatched(stage(c, "types"), c.inputs));
      qint64 definitional = timer.restart();
      QString where = QStringLiteral("seed %1\n%2").arg(seed).arg(QString::fromStdString(text));
      QVERIFY2(outputs(c.outputs) == expected, qPrintable(where));
      QVERIFY2(outputs(interpretStackless(stage(c, "types"), c.inputs)) == expected, qPrintable(where));
      if (c.stats.memberKernel) {
        // the batched VM on the same device: the same outputs and member-block executions
        ++memberKernels;
        VirtualMachine batched(c.passes.back().program, openDevice("CPU"), c.batch);
        QVERIFY2(outputs(batched.run(c.inputs)) == expected, qPrintable(where));
        QVERIFY2(batched.stats().activeMembers == c.stats.activeMembers, qPrintable(where));
      }
      qDebug("seed %u: %s; load and VM %lld ms, definitional %lld ms, stackless %lld ms", seed,
             cpu.loadTimeRuns[0].summary.c_str(), vm, definitional, timer.elapsed());
      ++checked;
    }
    QCOMPARE(checked, count);
    // most random programs keep scalar state: the member kernel ran them
    QVERIFY2(memberKernels * 2 > count, qPrintable(QStringLiteral("%1 of %2").arg(memberKernels).arg(count)));
  }
};

UOPSCOPE_TEST(RandomPrograms);
#include "test_random_programs.moc"
