// Errors: every way a program can fail is a LoadError with the exact
// message, file, line and column, formatted with the quoted line and a caret.
#include "tests/support/test_registry.h"
#include "core/frontend/interpreter.h"
#include "core/frontend/load_error.h"

#include <QtTest>

using namespace uops::frontend;

namespace {

// Runs `source` (with a tinygrad module holding a Tensor placeholder) and
// returns "line:col: message", or "no error".
QString failure(const QByteArray& source) {
  Interpreter interpreter;
  interpreter.registerModule("tinygrad", {{"Tensor", Value(1)}, {"dtypes", Value(2)}});
  try {
    interpreter.load("bad.py", source.toStdString());
  } catch (const LoadError& e) {
    return QString::fromStdString(std::to_string(e.line()) + ":" + std::to_string(e.col()) + ": " +
                                  e.message());
  }
  return QStringLiteral("no error");
}

QString formatted(const QByteArray& source, const Limits& limits = {}) {
  Interpreter interpreter;
  interpreter.setLimits(limits);
  try {
    interpreter.load("prog.py", source.toStdString());
  } catch (const LoadError& e) {
    return QString::fromUtf8(e.what());
  }
  return QStringLiteral("no error");
}

void errorRow(const char* name, const char* source, const char* expected) {
  QTest::newRow(name) << QByteArray(source) << QString::fromUtf8(expected);
}

} // namespace

class TestErrors : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void messages_data() {
    QTest::addColumn<QByteArray>("source");
    QTest::addColumn<QString>("expected");
    // names and imports
    errorRow("unknown name", "x = 1\ny = x + z", "2:9: name 'z' is not defined");
    errorRow("unknown name with suggestion", "value = 1\nprint(valeu)",
        "2:7: name 'valeu' is not defined. Did you mean: 'value'?");
    errorRow("builtin suggestion", "x = lenn([1])",
        "1:5: name 'lenn' is not defined. Did you mean: 'len'?");
    errorRow("unbound local", "x = 1\ndef f():\n  y = x\n  x = 2\nf()",
        "3:7: cannot access local variable 'x' where it is not associated with a value");
    errorRow("unknown module", "import numpy as np", "1:8: no module named 'numpy'");
    errorRow("unknown from module", "from torch import nn", "1:6: no module named 'torch'");
    errorRow("unknown import name", "from tinygrad import Tensor, Tesnor",
        "1:30: cannot import name 'Tesnor' from 'tinygrad'. Did you mean: 'Tensor'?");
    errorRow("unknown submodule", "import tinygrad.nn", "1:8: no module named 'tinygrad.nn'");
    errorRow("module attribute", "import math\nmath.sqr(2)",
        "2:6: module 'math' has no attribute 'sqr'. Did you mean: 'sqrt'?");
    // calls
    errorRow("too many arguments", "def f(a, b=1):\n  return a\nf(1, 2, 3)",
        "3:1: f() takes from 1 to 2 positional arguments but 3 were given");
    errorRow("missing argument", "def f(a, b):\n  return a\nf(1)",
        "3:1: f() missing 1 required positional argument: 'b'");
    errorRow("missing arguments", "def f(a, b, c):\n  pass\nf()",
        "3:1: f() missing 3 required positional arguments: 'a', 'b', and 'c'");
    errorRow("missing keyword-only", "def f(*, k):\n  pass\nf()",
        "3:1: f() missing 1 required keyword-only argument: 'k'");
    errorRow("unexpected keyword", "def f(a):\n  pass\nf(1, b=2)",
        "3:1: f() got an unexpected keyword argument 'b'");
    errorRow("multiple values", "def f(a):\n  pass\nf(1, a=2)",
        "3:1: f() got multiple values for argument 'a'");
    errorRow("builtin arguments", "x = len([1], [2])",
        "1:5: len() takes 1 positional argument but 2 were given");
    errorRow("builtin keyword", "x = abs(x=1, y=2)",
        "1:5: abs() got an unexpected keyword argument 'y'");
    errorRow("not callable", "x = 1\nx(2)", "2:1: 'int' object is not callable");
    errorRow("method error points at method", "xs = [1]\nys = xs.append(1, 2)",
        "2:9: append() takes 1 positional argument but 2 were given");
    errorRow("star argument not iterable", "print(*5)",
        "1:8: argument after * must be an iterable, not int");
    errorRow("recursion", "def f(n):\n  return f(n + 1)\nf(0)",
        "2:10: maximum recursion depth exceeded (200 nested calls)");
    // operators and values
    errorRow("type error", "x = 1 + 'a'", "1:7: unsupported operand type(s) for +: 'int' and 'str'");
    errorRow("comparison type error", "x = [1] < 2",
        "1:9: '<' not supported between instances of 'list' and 'int'");
    errorRow("concatenation", "x = [1] + (2,)",
        "1:9: can only concatenate list (not \"tuple\") to list");
    errorRow("division by zero", "x = 1 / 0", "1:7: division by zero");
    errorRow("floor division by zero", "x = 5 // 0", "1:7: integer division or modulo by zero");
    errorRow("float modulo by zero", "x = 5.0 % 0", "1:9: float modulo by zero");
    errorRow("int overflow", "x = 2 ** 63", "1:7: integer result is too large (the limit is 2**63 - 1)");
    errorRow("shift overflow", "x = 1 << 64",
        "1:7: integer result is too large (the limit is 2**63 - 1)");
    errorRow("negative shift", "x = 1 >> -1", "1:7: negative shift count");
    errorRow("zero to negative power", "x = 0.0 ** -1", "1:9: 0.0 cannot be raised to a negative power");
    errorRow("bad unary", "x = -'a'", "1:5: bad operand type for unary -: 'str'");
    errorRow("index out of range", "x = [1, 2]\ny = x[2]", "2:6: list index out of range");
    errorRow("tuple index type", "x = (1, 2)['a']",
        "1:11: tuple indices must be integers or slices, not str");
    errorRow("not subscriptable", "x = 5[0]", "1:6: 'int' object is not subscriptable");
    errorRow("slice step zero", "x = [1][::0]", "1:8: slice step cannot be zero");
    errorRow("float slice bound", "x = [1][1.5:]",
        "1:9: slice indices must be integers or None, not float");
    errorRow("tuple item assignment", "t = (1,)\nt[0] = 2",
        "2:2: 'tuple' object does not support item assignment");
    errorRow("list into itself", "a = [1]\na.append([a])",
        "2:3: append() cannot store a list inside itself");
    errorRow("cycle through another list", "a = []\nb = [(1, a)]\na.insert(0, b)",
        "3:3: insert() cannot store a list inside itself");
    errorRow("cycle through a bound method", "a = []\na.append(a.append)",
        "2:3: append() cannot store a list inside itself");
    errorRow("cycle through defaults", "a = []\ndef f(x=[a]):\n  pass\na.extend([f])",
        "4:3: extend() cannot store a list inside itself");
    errorRow("cycle by item assignment", "a = [0]\nb = [a]\na[0] = b",
        "3:2: a list cannot contain itself");
    errorRow("attribute error", "x = [1]\nx.push(2)", "2:3: 'list' object has no attribute 'push'");
    errorRow("attribute suggestion", "x = [1]\nx.apend(2)",
        "2:3: 'list' object has no attribute 'apend'. Did you mean: 'append'?");
    errorRow("set attribute", "x = 1\nx.y = 2", "2:3: cannot set attribute 'y' of 'int' object");
    errorRow("not iterable", "for i in 5:\n  pass", "1:10: 'int' object is not iterable");
    errorRow("unpack too many", "a, b = [1, 2, 3]", "1:1: too many values to unpack (expected 2)");
    errorRow("unpack too few", "a, b, c = (1, 2)",
        "1:1: not enough values to unpack (expected 3, got 2)");
    errorRow("unpack starred too few", "a, *b, c = [1]",
        "1:1: not enough values to unpack (expected at least 2, got 1)");
    errorRow("unpack non-iterable", "a, b = None", "1:1: cannot unpack non-iterable NoneType object");
    errorRow("unpack huge range fails fast", "a, b = range(10 ** 12)",
        "1:1: too many values to unpack (expected 2)");
    errorRow("int parse", "x = int('1.5')", "1:5: invalid literal for int() with base 10: '1.5'");
    errorRow("float parse", "x = float('abc')", "1:5: could not convert string to float: 'abc'");
    errorRow("int of nan", "x = int(float('nan'))", "1:5: cannot convert float NaN to integer");
    errorRow("empty max", "x = max([])", "1:5: max() iterable argument is empty");
    errorRow("range step", "x = range(1, 2, 0)", "1:5: range() arg 3 must not be zero");
    errorRow("range float", "x = range(2.5)", "1:5: 'float' object cannot be interpreted as an integer");
    errorRow("math domain", "import math\nx = math.sqrt(-1)", "2:10: math domain error");
    errorRow("assert", "x = 1\nassert x == 2, 'x is ' + str(x)", "2:1: assertion failed: x is 1");
    errorRow("assert without message", "assert []", "1:1: assertion failed");
    errorRow("error inside function points inside", "def f(x):\n  return x[5]\n\ny = f([1])",
        "2:11: list index out of range");
    errorRow("error in comprehension", "y = [1 // i for i in range(3)]",
        "1:8: integer division or modulo by zero");
    errorRow("error in decorator", "@len\ndef f(): pass", "1:2: object of type 'function' has no len()");
    errorRow("truthiness in condition", "if undefined_thing:\n  pass",
        "1:4: name 'undefined_thing' is not defined");
    // syntax, through the same entry point
    errorRow("syntax error", "x = (1, 2", "1:5: '(' was never closed");
    errorRow("bad indentation", "if True:\n  x = 1\n y = 2",
        "3:2: unindent does not match any outer indentation level");
    errorRow("unterminated string", "s = 'abc", "1:5: unterminated string literal (detected at line 1)");
    errorRow("invalid utf-8", "x = 1\n# caf\xe9\n",
        "2:6: invalid UTF-8: byte 0xe9 does not start a valid character");
    errorRow("binary garbage",
        "\x7f"
        "ELF\x02\x01\x01",
        "1:1: invalid non-printable character U+007F");
    errorRow("binary garbage without nulls", "\x89PNG\r\n\x1a\n",
        "1:1: invalid UTF-8: byte 0x89 does not start a valid character");
    errorRow("control characters", "x = 1\n\x1b[31m", "2:1: invalid non-printable character U+001B");
    errorRow("empty file", "", "no error");
    errorRow("only whitespace", "\n\n   \n\t\n", "no error");
  }
  void messages() {
    QFETCH(QByteArray, source);
    QFETCH(QString, expected);
    QCOMPARE(failure(source), expected);
  }

  void formatting() {
    QCOMPARE(formatted("a = 1\nb = a + 'x'\n"),
             QStringLiteral("prog.py:2:7: unsupported operand type(s) for +: 'int' and 'str'\n"
                            "b = a + 'x'\n"
                            "      ^"));
    // Tabs are kept in the caret line so the caret lines up in any tab width.
    QCOMPARE(formatted("if 1:\n\tx = 1 +\n"),
             QStringLiteral("prog.py:2:9: expected an expression, found end of line\n"
                            "\tx = 1 +\n"
                            "\t       ^"));
    // Columns count code points, not bytes.
    QCOMPARE(formatted("s = 'é' + 1\n"),
             QStringLiteral("prog.py:1:9: can only concatenate str (not \"int\") to str\n"
                            "s = 'é' + 1\n"
                            "        ^"));
    // Bytes that cannot be shown are replaced, one column each.
    QCOMPARE(
        formatted("x = '\xff'\n"),
        QString::fromUtf8("prog.py:1:6: invalid UTF-8: byte 0xff does not start a valid character\n"
                          "x = '\xEF\xBF\xBD'\n"
                          "     ^"));
    // An error at the end of the file quotes an empty line.
    QCOMPARE(formatted("def f():\n"),
             QStringLiteral(
                 "prog.py:2:1: expected an indented block after function definition on line 1\n"
                 "\n"
                 "^"));
  }

  // An error that came out of calls lists them after its first lines, as
  // Python does: operators and class bodies are frames too.
  void traceback() {
    QCOMPARE(formatted("class V:\n"
                       "  def __add__(self, other):\n"
                       "    return 1 + 'a'\n"
                       "def g():\n"
                       "  return V() + V()\n"
                       "g()\n"),
             QStringLiteral("prog.py:3:14: unsupported operand type(s) for +: 'int' and 'str'\n"
                            "    return 1 + 'a'\n"
                            "             ^\n"
                            "Traceback (most recent call last):\n"
                            "  File \"prog.py\", line 6, in <module>\n"
                            "    g()\n"
                            "  File \"prog.py\", line 5, in g\n"
                            "    return V() + V()\n"
                            "  File \"prog.py\", line 3, in __add__\n"
                            "    return 1 + 'a'"));
    QCOMPARE(formatted("class A:\n  x = 1 / 0\n").section(QLatin1Char('\n'), 3),
             QStringLiteral("Traceback (most recent call last):\n"
                            "  File \"prog.py\", line 1, in <module>\n"
                            "    class A:\n"
                            "  File \"prog.py\", line 2, in A\n"
                            "    x = 1 / 0"));
    // deep recursion: a frame three times in a row, then how often it repeats
    QCOMPARE(formatted("def f(n):\n  return f(n + 1)\nf(0)\n").section(QLatin1Char('\n'), 3),
             QStringLiteral("Traceback (most recent call last):\n"
                            "  File \"prog.py\", line 3, in <module>\n"
                            "    f(0)\n"
                            "  File \"prog.py\", line 2, in f\n"
                            "    return f(n + 1)\n"
                            "  File \"prog.py\", line 2, in f\n"
                            "    return f(n + 1)\n"
                            "  File \"prog.py\", line 2, in f\n"
                            "    return f(n + 1)\n"
                            "  [Previous line repeated 197 more times]"));
  }

  void longLinesAreCut() {
    QByteArray line = "x = [" + QByteArray("1, ").repeated(200) + "1 + 'a']\n";
    QString text = formatted(line);
    QStringList lines = text.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 3);
    QCOMPARE(lines[0],
             QStringLiteral("prog.py:1:608: unsupported operand type(s) for +: 'int' and 'str'"));
    QVERIFY(lines[1].startsWith(QStringLiteral("...")));
    QVERIFY(lines[1].endsWith(QStringLiteral("1, 1 + 'a']")));
    QCOMPARE(lines[1].size(), 3 + (613 - 488 + 1)); // from 120 columns before the error to the end
    QCOMPARE(lines[2].indexOf(QLatin1Char('^')), 3 + 120);
    QCOMPARE(lines[1].mid(lines[2].indexOf(QLatin1Char('^')), 1), QStringLiteral("+"));
  }

  void stepLimit() {
    Limits limits;
    limits.maxSteps = 1000;
    QCOMPARE(formatted("i = 0\nwhile True:\n  i += 1\n", limits),
             QStringLiteral("prog.py:2:1: program exceeded the limit of 1000 steps (an endless "
                            "loop or a very large collection?)\n"
                            "while True:\n"
                            "^"));
    QCOMPARE(
        formatted("for i in range(10 ** 15):\n  pass\n", limits).section(QLatin1Char('\n'), 0, 0),
        QStringLiteral("prog.py:2:3: program exceeded the limit of 1000 steps (an endless loop or "
                       "a very large collection?)"));
    // Building a huge collection is charged per element, before it is built.
    QCOMPARE(formatted("x = [0] * 10 ** 9\n", limits).section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("prog.py:1:9: program exceeded the limit of 1000 steps (an endless "
                            "loop or a very large collection?)"));
    QCOMPARE(formatted("x = list(range(10 ** 12))\n", limits).section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("prog.py:1:5: range is too large to materialize"));
    QCOMPARE(formatted("x = 'ab' * 10 ** 12\n", limits).section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("prog.py:1:10: repeated string is too large"));
  }

  void deepValues() {
    // Nesting a list a million deep is cheap to build; printing it is an
    // error, and freeing it must not overflow the stack.
    QCOMPARE(formatted("x = []\nfor i in range(1000000):\n  x = [x]\n"),
             QStringLiteral("no error"));
    QCOMPARE(
        formatted("x = []\nfor i in range(1000):\n  x = [x]\nprint(x)\n")
            .section(QLatin1Char('\n'), 0, 0),
        QStringLiteral(
            "prog.py:4:1: maximum recursion depth exceeded while getting the repr of an object"));
    QCOMPARE(formatted("x = []\ny = []\nfor i in range(1000):\n  x = [x]\n  y = [y]\nz = x == y\n")
                 .section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("prog.py:6:7: maximum recursion depth exceeded in comparison"));
    QCOMPARE(formatted("f = None\nfor i in range(300000):\n  def f(x=f):\n    return x\n"),
             QStringLiteral("no error"));
  }

  void deepRecursionWithDeepExpressions() {
    // Each call level evaluates a 900-level expression tree (the call is the
    // leftmost operand of a long sum): the stack guard stops this long before
    // the 200-call limit.
    QByteArray body =
        "def f(n):\n  return f(n + 1)" + QByteArray(" + 1").repeated(900) + "\nf(0)\n";
    QString first = formatted(body).section(QLatin1Char('\n'), 0, 0);
    QCOMPARE(first, QStringLiteral("prog.py:2:10: maximum recursion depth exceeded"));
  }
};

UOPSCOPE_TEST(TestErrors);
#include "test_errors.moc"
