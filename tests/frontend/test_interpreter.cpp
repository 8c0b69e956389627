// Interpreter: Python-only programs run with Python's semantics. The
// expected outputs were produced by CPython 3 from the same programs.
#include "tests/frontend/frontend_test.h"
#include "tests/support/test_registry.h"
#include "core/frontend/callable.h"
#include "core/frontend/interpreter.h"
#include "core/frontend/load_error.h"
#include "core/frontend/repr.h"

#include <QtTest>

using namespace uops::frontend;

namespace {

QString run(const QString& source) {
  Interpreter interpreter;
  std::string out;
  interpreter.setPrintSink([&](std::string_view text) { out += text; });
  try {
    interpreter.load("t.py", source.toStdString());
  } catch (const LoadError& e) {
    out += std::string("error: ") + e.what();
  }
  return QString::fromStdString(out);
}

QString reprOf(const std::optional<Value>& v) {
  return v ? QString::fromStdString(repr(*v)) : QStringLiteral("<unset>");
}

} // namespace

class TestInterpreter : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void programs_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    frontendtest::row("arith", R"py(print(7 // 2, -7 // 2, 7 // -2, 7 % 3, -7 % 3, 7 % -3, -7 % -3)
print(7.5 // 2, -7.5 // 2, 7.5 % -2, -7.5 % 2, 0.0 % -1.0, -0.0 // 1.0)
print(10 / 4, 1 / 3, 2 ** 10, 2 ** -2, (-2) ** 3, 2.0 ** 0.5, 0 ** 0, 10 ** 18)
print(1 << 62, -1 >> 5, 5 >> 1, -5 >> 1, 6 & 3, 6 | 3, 6 ^ 3, ~0, ~-1)
print(True + True, True * 3, True & False, True | False, True ^ True, -True, ~True, 3 * 1.5)
print(1e-3, 1e16, 1e15, 123456789.0, 0.1 + 0.2, 1 / 7, -0.0, 2.5e-5, 1e300 * 10, float("nan"))
)py",
        R"out(3 -4 -4 1 2 -2 -1
3.0 -4.0 -0.5 0.5 -0.0 -0.0
2.5 0.3333333333333333 1024 0.25 -8 1.4142135623730951 1 1000000000000000000
4611686018427387904 -1 2 -3 2 7 5 -1 0
2 3 False True False -1 -2 4.5
0.001 1e+16 1000000000000000.0 123456789.0 0.30000000000000004 0.14285714285714285 -0.0 2.5e-05 1e+301 nan
)out");
    frontendtest::row("builtins",
        R"py(print(len([1, 2]), min(3, 1, 2), max([1, 5, 2]), min("bca"), max([], default=7), abs(-3), abs(-2.5))
print(sum([1, 2, 3]), sum([0.5, 0.25], 1), sum([[1], [2]], []), int(3.9), int(-3.9), int("42"), int(" -7 "), int("0x1f", 16), int("101", 2))
print(float(3), float("1.5"), float(" -2e3 "), float("inf"), float("-Infinity"), bool(2), str(12), str([1, "a"]), repr("x"))
print(round(2.5), round(3.5), round(-2.5), round(2.675, 2), round(1234, -2), round(1.5), round(7), round(0.125, 2))
print(sorted([3, 1, 2]), sorted("bca", reverse=True), sorted([(1, "b"), (0, "z"), (1, "a")]), sorted([-3, 1, 2], key=abs))
print(list("ab"), tuple([1]), list(reversed([1, 2, 3])), list(enumerate(["x", "y"], 1)), list(zip([1, 2, 3], "ab")))
print(any([0, 1]), all([1, 0]), any([]), all([]), list(map(lambda v: v * 2, [1, 2])), divmod(-7, 2), pow(2, 5))
print(isinstance(1, int), isinstance(True, int), isinstance(1.0, int), isinstance("a", (int, str)), isinstance([], list))
print(max([1, 3, 3, 2], key=lambda v: -v), min([], default=None), max("a", "b", "c"))
)py",
        R"out(2 1 5 a 7 3 2.5
6 1.75 [1, 2] 3 -3 42 -7 31 5
3.0 1.5 -2000.0 inf -inf True 12 [1, 'a'] 'x'
2 4 -2 2.67 1200 2 7 0.12
[1, 2, 3] ['c', 'b', 'a'] [(0, 'z'), (1, 'a'), (1, 'b')] [1, 2, -3]
['a', 'b'] (1,) [3, 2, 1] [(1, 'x'), (2, 'y')] [(1, 'a'), (2, 'b')]
True False False True [2, 4] (-4, 1) 32
True True False True True
1 None c
)out");
    frontendtest::row("compare",
        R"py(print(1 < 2 < 3, 3 > 2 > 2, 1 == 1.0, True == 1, 2 ** 53 + 1 == 2.0 ** 53, 0.5 < 1 <= 1)
print([1, 2] < [1, 3], (1, 2) < (1, 2, 0), "abc" < "abd", [1, [2]] == [1, [2]], (1,) == [1])
print(None is None, None == 0, [] is [], "a" in "cat", 3 in [1, 2, 3], 4 not in (1, 2), 2.0 in range(3))
print(float("nan") == float("nan"), float("inf") > 10 ** 18, -float("inf") < -(10 ** 18))
)py",
        R"out(True False True True False True
True True True True False
True False False True True True True
False True True
)out");
    frontendtest::row("control", R"py(s = 0
for i in range(10):
    if i % 2:
        continue
    if i > 6:
        break
    s += i
else:
    s = -1
print(s)
for i in []:
    pass
else:
    print("empty else")
n = 0
while n < 5:
    n += 2
print(n)
if n == 1:
    print("one")
elif n == 6:
    print("six")
else:
    print("other")
pairs = [(1, "a"), (2, "b")]
for k, v in pairs:
    print(k, v)
a, (b, *c), d = 1, (2, 3, 4), 5
print(a, b, c, d)
first, *middle, last = range(5)
print(first, middle, last)
x = y = [1]
print(x is y)
print([i * j for i in range(3) for j in range(3) if i != j], [(i, c) for i, c in enumerate("ab")])
print([[j for j in range(i)] for i in range(3)], sum(x * x for x in range(4)))
assert n == 6, "n is six"
print(1, 2, sep=", ", end="!\n")
)py",
        R"out(12
empty else
6
six
1 a
2 b
1 2 [3, 4] 5
0 [1, 2, 3] 4
True
[0, 0, 0, 2, 0, 2] [(0, 'a'), (1, 'b')]
[[], [0], [0, 1]] 14
1, 2!
)out");
    frontendtest::row("functions", R"py(def f(a, b=2, *rest, c=5):
    return a + b + c + sum(rest)
print(f(1), f(1, 2, 3, 4), f(1, c=10), f(b=1, a=2))
def g(*args):
    return args
print(g(), g(1), g(*[1, 2], 3))
def outer(k):
    def inner(x):
        return x * k
    return inner
print(outer(3)(4), list(map(outer(2), [1, 2])))
def counter():
    n = 0
    for i in range(5):
        n += i
    return n
print(counter(), (lambda x, y=1: x + y)(1), g.__name__)
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(10))
x = 10
def uses_global():
    return x + 1
x = 20
print(uses_global())
def no_return():
    pass
print(no_return())
)py",
        R"out(8 15 13 8
() (1,) (1, 2, 3)
12 [2, 4]
10 2 g
3628800
21
None
)out");
    frontendtest::row("math", R"py(import math
from math import sqrt, pi as PI
print(sqrt(16), math.floor(-2.5), math.ceil(2.1), math.log(math.e), math.log(8, 2), PI, math.isnan(math.nan))
print(math.prod([1, 2, 3, 4]), math.exp(0), math.inf, math.trunc(-1.7), math.fabs(-3))
)py",
        R"out(4.0 -3 3 1.0 3.0 3.141592653589793 True
24 1.0 inf -1 3.0
)out");
    frontendtest::row("seq", R"py(a = [1, 2, 3]
print(a + [4], a * 2, 2 * (1, 2), "ab" * 3, [0] * 0, a * -1)
print(a[0], a[-1], a[1:], a[::-1], a[::2], a[-2:], a[5:], a[1:-1])
t = tuple(range(10))
print(t[2:8:3], t[8:2:-2], t[-1:-4:-1], t[::-3], len(t), t.index(4), t.count(3))
s = "héllo wörld"
print(s[1], s[-1], s[::2], len(s), s.split(), "-".join(["a", "b"]), s.replace("l", "L"))
r = range(2, 20, 3)
print(r, len(r), r[1], r[-1], list(r[1:3]), 5 in r, 6 in r, list(range(5, 0, -2)), range(4))
b = a
b.append(9)
print(a, a.pop(), a, a.index(2), a.count(1))
)py",
        R"out([1, 2, 3, 4] [1, 2, 3, 1, 2, 3] (1, 2, 1, 2) ababab [] []
1 3 [2, 3] [3, 2, 1] [1, 3] [2, 3] [] [2]
(2, 5) (8, 6, 4) (9, 8, 7) (9, 6, 3, 0) 10 4 1
é d hlowrd 11 ['héllo', 'wörld'] a-b héLLo wörLd
range(2, 20, 3) 6 5 17 [5, 8] True False [5, 3, 1] range(0, 4)
[1, 2, 3] 9 [1, 2, 3] 1 1
)out");
    frontendtest::row("truthy",
        R"py(print(bool(0), bool(0.0), bool(""), bool([]), bool(()), bool(None), bool(range(0)), bool([0]), bool("0"))
print(1 and 2, 0 and 2, 1 or 2, 0 or "", None or [] or 3, not 0, not [1])
print(1 if [] else 2, "yes" if range(1) else "no")
)py",
        R"out(False False False False False False False True True
2 0 1  3 True False
2 yes
)out");
  }
  void programs() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(run(source), expected);
  }

  void emptyProgram() {
    Interpreter interpreter;
    const RunResult& result = interpreter.load("empty.py", "");
    QVERIFY(result.prints.empty());
    QVERIFY(!result.lastAssignment);
    QVERIFY(interpreter.globalNames().empty());
  }

  void globalsAfterRun() {
    Interpreter interpreter;
    interpreter.load("t.py",
                     "a = 1\nb, c = 'x', [2.5, None]\ndef f(): pass\nmatch a:\n  case _: pass\n");
    QCOMPARE(reprOf(interpreter.global("a")), QStringLiteral("1"));
    QCOMPARE(reprOf(interpreter.global("c")), QStringLiteral("[2.5, None]"));
    QCOMPARE(reprOf(interpreter.global("f")), QStringLiteral("<function f>"));
    QCOMPARE(reprOf(interpreter.global("nope")), QStringLiteral("<unset>"));
    std::vector<std::string> names{"a", "b", "c", "f"};
    QVERIFY(interpreter.globalNames() == names);
  }

  void printRecords() {
    Interpreter interpreter;
    const RunResult& result =
        interpreter.load("t.py", "x = 2\nprint(x, 'a')\ndef f():\n  print([x])\nf()\n");
    QCOMPARE(result.prints.size(), size_t{2});
    QCOMPARE(result.prints[0].args.size(), size_t{2});
    QCOMPARE(QString::fromStdString(repr(result.prints[0].args[1])), QStringLiteral("'a'"));
    QCOMPARE(result.prints[0].loc, (Location{2, 1}));
    QCOMPARE(QString::fromStdString(result.prints[0].text), QStringLiteral("2 a\n"));
    QCOMPARE(result.prints[1].loc, (Location{4, 3}));
    QCOMPARE(QString::fromStdString(result.prints[1].text), QStringLiteral("[2]\n"));
  }

  void lastAssignment_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("line");
    QTest::newRow("plain") << QStringLiteral("a = 1\nb = [a, 2]\nprint(b)")
                           << QStringLiteral("[1, 2]") << 2;
    QTest::newRow("unpacking records the value")
        << QStringLiteral("x = 0\np, q = 1, 2") << QStringLiteral("(1, 2)") << 2;
    QTest::newRow("augmented") << QStringLiteral("t = 1\nt += 2\nu = 0\nu *= 5")
                               << QStringLiteral("0") << 4;
    QTest::newRow("inside module-level loop")
        << QStringLiteral("for i in range(3):\n  last = i * 10\nz = 1 if False else 2")
        << QStringLiteral("2") << 3;
    QTest::newRow("function bodies do not count")
        << QStringLiteral("out = 'top'\ndef f():\n  inner = 1\nf()") << QStringLiteral("'top'")
        << 1;
    QTest::newRow("a match statement's subject and captures are none")
        << QStringLiteral("out = [1]\nmatch out:\n  case [x]:\n    print(x)")
        << QStringLiteral("[1]") << 1;
    QTest::newRow("none") << QStringLiteral("print(1)") << QStringLiteral("<unset>") << 0;
  }
  void lastAssignment() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    Interpreter interpreter;
    const RunResult& result = interpreter.load("t.py", source.toStdString());
    QCOMPARE(reprOf(result.lastAssignment), expected);
    if (result.lastAssignment) {
      QFETCH(int, line);
      QCOMPARE(result.lastAssignmentLoc.line, line);
    }
  }

  void runsAreIndependent() {
    // A second run starts from fresh globals; functions of the first still work.
    Interpreter interpreter;
    interpreter.load("one.py", "k = 5\ndef f(x):\n  return x + k\n");
    Value f = *interpreter.global("f");
    interpreter.load("two.py", "y = 1\n");
    QVERIFY(!interpreter.global("k"));
    QCOMPARE(QString::fromStdString(repr(callValue(f, {Value(1)}))), QStringLiteral("6"));
  }

  void listsAreShared() {
    QCOMPARE(run(QStringLiteral(
                 "a = [1]\nb = a\nb.append(2)\nc = a + [3]\nc.append(4)\nprint(a, b, c)\n")),
             QStringLiteral("[1, 2] [1, 2] [1, 2, 3, 4]\n"));
    QCOMPARE(run(QStringLiteral("a = [0, 0]\na[1] = 5\na[-2] += 3\nprint(a)\n")),
             QStringLiteral("[3, 5]\n"));
  }

  void closuresSeeLateBindings() {
    QCOMPARE(run(QStringLiteral(
                 "def make():\n  fs = [lambda: i for i in range(3)]\n  return fs\n"
                 "print([f() for f in make()])\n"
                 "def outer():\n  v = 1\n  def get():\n    return v\n  v = 2\n  return get\n"
                 "print(outer()())\n")),
             QStringLiteral("[2, 2, 2]\n2\n"));
  }

  void selectOutputsFollowsTheFormat() {
    auto isTensor = [](const Value& v) { return v.isStr(); }; // strings stand in for tensors here
    auto names = [&](const char* source) {
      Interpreter interpreter;
      std::string out;
      for (const Value& v : selectOutputs(interpreter.load("t.py", source), isTensor))
        out += *v.get<std::string>() + " ";
      return QString::fromStdString(out);
    };
    QCOMPARE(names("a = 'x'\nprint(a, 1, 'y')\nout = ['z']"), QStringLiteral("x y ")); // prints win
    QCOMPARE(names("print(1)\nout = ['p', 'q']"), QStringLiteral("p q ")); // no printed tensor
    QCOMPARE(names("out = 't'"), QStringLiteral("t "));
    QCOMPARE(names("out = ('t', 'u')"), QStringLiteral("t u "));
    QCOMPARE(names("out = ['t', 1]"), QStringLiteral("")); // not all tensors
    // nested lists and tuples flattened in order (a cummax's values and indices beside a tensor)
    QCOMPARE(names("out = [('v', 'i'), 't', ['a', ('b',)]]"), QStringLiteral("v i t a b "));
    QCOMPARE(names("out = [('v', 2), 't']"), QStringLiteral(""));
    QCOMPARE(names("out = []"), QStringLiteral(""));
    QCOMPARE(names("x = 1"), QStringLiteral(""));
  }
};

UOPSCOPE_TEST(TestInterpreter);
#include "test_interpreter.moc"
