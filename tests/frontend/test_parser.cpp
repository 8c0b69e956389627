// Parser: programs printed back as S-expressions, node locations, and the
// exact message and location of syntax errors.
#include "tests/frontend/frontend_test.h"
#include "tests/support/test_registry.h"
#include "core/frontend/ast_print.h"
#include "core/frontend/load_error.h"
#include "core/frontend/parser.h"

#include <QtTest>

using namespace uops::frontend;

namespace {

QString parse(const QString& source, bool locations = false) {
  auto program = parseProgram("t.py", source.toStdString());
  std::string out = ast::printModule(program->module, locations);
  if (!out.empty()) out.pop_back(); // the last newline
  return QString::fromStdString(out);
}

QString parseError(const QString& source) {
  try {
    parseProgram("t.py", source.toStdString());
  } catch (const LoadError& e) {
    return QString::fromStdString(std::to_string(e.line()) + ":" + std::to_string(e.col()) + ": " +
                                  e.message());
  }
  return QStringLiteral("no error");
}

} // namespace

class TestParser : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void expressions_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    frontendtest::row("constants", "x = (None, True, False, 1, 2.5, 'a', ...)",
        "(= x (tuple None True False 1 2.5 'a' ...))");
    frontendtest::row("adjacent strings join", "s = 'a' \"b\" '''c'''", "(= s 'abc')");
    frontendtest::row("f-string", "s = 'a' f'{x!r:>{w}}b' f'{y=}'",
        "(= s (f 'a' (field x !r (f '>' (field w))) 'by=' (field y !r)))");
    frontendtest::row("f-string with a tuple and a call", "f'{a, b}{g(x)[0]:.3f}'",
        "(expr (f (field (tuple a b)) (field (sub (call g x) 0) (f '.3f'))))");
    frontendtest::row("dict display", "d = {'a': 1, **m, k: v}", "(= d (dict (: 'a' 1) (** m) (: k v)))");
    frontendtest::row("empty dict", "d = {}", "(= d (dict))");
    frontendtest::row("dict comprehension", "d = {k: v for k, v in xs if v}",
        "(= d (dictcomp k v (for (tuple k v) xs (if v))))");
    frontendtest::row("keyword unpacking", "f(a, *b, c=1, **d)", "(expr (call f a (* b) (kw c 1) (** d)))");
    frontendtest::row("kwargs parameter", "def f(a, *args, b=2, **kw): pass",
        "(def f (a (* args) (= b 2) (** kw)) (pass))");
    frontendtest::row("class", "class A(B):\n  x: int = 1\n  def f(self) -> int:\n    return self.x",
        "(class A (base B) (= x 1) (def f (self) (return (. self x))))");
    frontendtest::row("decorated class", "@d\nclass A: pass", "(class A (decorators d) (pass))");
    frontendtest::row("with", "with a as x, b, c as (y, z): pass",
        "(with (as a x) b (as c (tuple y z)) ((pass)))");
    frontendtest::row("precedence", "a + b * c ** d", "(expr (+ a (* b (** c d))))");
    frontendtest::row("left associative", "a - b - c", "(expr (- (- a b) c))");
    frontendtest::row("power is right associative", "a ** b ** c", "(expr (** a (** b c)))");
    frontendtest::row("unary minus binds looser than power", "-a ** -b", "(expr (neg (** a (neg b))))");
    frontendtest::row("bitwise levels", "a | b ^ c & d << e + f", "(expr (| a (^ b (& c (<< d (+ e f))))))");
    frontendtest::row("term operators", "a @ b / c // d % e * f", "(expr (* (% (// (/ (@ a b) c) d) e) f))");
    frontendtest::row("unary operators", "~-+x", "(expr (~ (neg (pos x))))");
    frontendtest::row("comparison binds looser than arithmetic", "a + 1 < b * 2", "(expr (< (+ a 1) (* b 2)))");
    frontendtest::row("chained comparison", "a < b <= c != d", "(expr (compare a < b <= c != d))");
    frontendtest::row("membership and identity", "(a in b, a not in b, a is None, a is not b)",
        "(expr (tuple (in a b) (not-in a b) (is a None) (is-not a b)))");
    frontendtest::row("boolean operators", "a or b and not c or d", "(expr (or a (and b (not c)) d))");
    frontendtest::row("not binds looser than comparison", "not a == b", "(expr (not (== a b)))");
    frontendtest::row("conditional expression", "x = a if c else b if d else e",
        "(= x (ifexp c a (ifexp d b e)))");
    frontendtest::row("lambda", "f = lambda x, y=2: x * y", "(= f (lambda (x (= y 2)) (* x y)))");
    frontendtest::row("lambda without parameters", "f = lambda: 0", "(= f (lambda () 0))");
    frontendtest::row("attribute chain and calls", "Tensor.arange(12).reshape(3, 4).float()",
        "(expr (call (. (call (. (call (. Tensor arange) 12) reshape) 3 4) float)))");
    frontendtest::row("keyword and star arguments", "f(a, *b, c=1, d=x + 1)",
        "(expr (call f a (* b) (kw c 1) (kw d (+ x 1))))");
    frontendtest::row("trailing comma in call", "f(a, b,)", "(expr (call f a b))");
    frontendtest::row("generator argument", "sum(x * 2 for x in xs)",
        "(expr (call sum (genexp (* x 2) (for x xs))))");
    frontendtest::row("subscript int", "x[1]", "(expr (sub x 1))");
    frontendtest::row("subscript negative and tuple", "x[-1, 2]", "(expr (sub x (tuple (neg 1) 2)))");
    frontendtest::row("slices", "x[1:-1, ::2, :, 3:]",
        "(expr (sub x (tuple (slice 1 (neg 1) _) (slice _ _ 2) (slice _ _ _) (slice 3 _ _))))");
    frontendtest::row("none and ellipsis indices", "x[None, ..., 0]", "(expr (sub x (tuple None ... 0)))");
    frontendtest::row("trailing comma index", "x[1,]", "(expr (sub x (tuple 1)))");
    frontendtest::row("tensor index", "a[i[:, None], j]",
        "(expr (sub a (tuple (sub i (tuple (slice _ _ _) None)) j)))");
    frontendtest::row("lists and tuples", "([], [1], [1, 2,], (), (1,), (1, 2))",
        "(expr (tuple (list) (list 1) (list 1 2) (tuple) (tuple 1) (tuple 1 2)))");
    frontendtest::row("parenthesized expression is not a tuple", "(a)", "(expr a)");
    frontendtest::row("starred in displays", "[*a, b, *c]", "(expr (list (* a) b (* c)))");
    frontendtest::row("list comprehension", "[x * y for x in a if x > 0 if x < 9 for y in range(x)]",
        "(expr (listcomp (* x y) (for x a (if (> x 0)) (if (< x 9))) (for y (call range x))))");
    frontendtest::row("comprehension tuple target", "[i for i, t in enumerate(ts)]",
        "(expr (listcomp i (for (tuple i t) (call enumerate ts))))");
    frontendtest::row("comprehension with conditional element", "[a if c else b for c in cs]",
        "(expr (listcomp (ifexp c a b) (for c cs)))");
  }
  void expressions() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(parse(source), expected);
  }

  void statements_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    frontendtest::row("empty program", "", "");
    frontendtest::row("comments only", "# nothing\n\n", "");
    frontendtest::row("imports", "from tinygrad import Tensor, dtypes as dt\nimport numpy as np, math, os.path",
        "(from tinygrad Tensor (as dtypes dt))\n(import (as numpy np) math os.path)");
    frontendtest::row("parenthesized import", "from tinygrad import (\n  Tensor,\n  function,\n)",
        "(from tinygrad Tensor function)");
    frontendtest::row("dotted from", "from tinygrad.nn import *", "(from tinygrad.nn *)");
    frontendtest::row("assignment forms", "a = b = 1\nx, y = y, x\n[p, *q] = r\nt.attr = 1\nt[0] = 2",
        "(= a b 1)\n(= (tuple x y) (tuple y x))\n(= (list p (* q)) r)\n(= (. t attr) 1)\n(= (sub t "
        "0) 2)");
    frontendtest::row("augmented", "x += 1\nx //= 2\nx **= y\nx @= w\nt[i] -= 1",
        "(+= x 1)\n(//= x 2)\n(**= x y)\n(@= x w)\n(-= (sub t i) 1)");
    frontendtest::row("annotated", "x: int = 5\ny: float", "(= x 5)\n(pass)");
    frontendtest::row("del", "del x, a[1:], b.c\ndel (p, q)", "(del x (sub a (slice 1 _ _)) (. b c))\n(del (tuple p q))");
    frontendtest::row("raise", "raise\nraise E\nraise E('m') from e",
        "(raise)\n(raise E)\n(raise (call E 'm') (from e))");
    frontendtest::row("try", "try:\n  a\nexcept (E, F) as e:\n  b\nexcept:\n  raise\nelse:\n  c\nfinally:\n  d",
        "(try ((expr a)) (except (tuple E F) (as e) (expr b)) (except (raise)) (else ((expr c))) (finally ((expr d))))");
    frontendtest::row("walrus", "if (n := len(x)) > 2: pass\nys = [y := f(v) for v in vs]",
        "(if (> (:= n (call len x)) 2) ((pass)))\n(= ys (listcomp (:= y (call f v)) (for v vs)))");
    frontendtest::row("semicolons", "a = 1; b = 2;\nc = 3", "(= a 1)\n(= b 2)\n(= c 3)");
    frontendtest::row("def", "def f(x, y=1, *args, z, w=2):\n  return x",
        "(def f (x (= y 1) (* args) z (= w 2)) (return x))");
    frontendtest::row("def with annotations and bare star", "def f(x: int, *, k: str = 'a') -> int:\n  pass",
        "(def f (x * (= k 'a')) (pass))");
    frontendtest::row("decorators", "@function\n@other(1)\ndef g():\n  return",
        "(def g () (decorators function (call other 1)) (return))");
    frontendtest::row("return tuple", "def f():\n  return a, b", "(def f () (return (tuple a b)))");
    frontendtest::row("if elif else", "if a:\n  x = 1\nelif b:\n  x = 2\nelif c: pass\nelse:\n  x = 3\n  y = 4",
        "(if a ((= x 1)) (elif b ((= x 2))) (elif c ((pass))) (else ((= x 3) (= y 4))))");
    frontendtest::row("one-line if", "if a: b = 1; c = 2", "(if a ((= b 1) (= c 2)))");
    frontendtest::row("for", "for i, t in enumerate(ts):\n  continue\nelse:\n  pass",
        "(for (tuple i t) (call enumerate ts) ((continue)) (else ((pass))))");
    frontendtest::row("for over tuple", "for v in 1, 2: break", "(for v (tuple 1 2) ((break)))");
    frontendtest::row("while", "while x > 0:\n  x -= 1", "(while (> x 0) ((-= x 1)))");
    frontendtest::row("assert", "assert x, 'message'", "(assert x 'message')");
    frontendtest::row("nested blocks", "def f(h):\n  for i in range(3):\n    if i:\n      h = h + 1\n  return h",
        "(def f (h) (for i (call range 3) ((if i ((= h (+ h 1)))))) (return h))");
    frontendtest::row("blank lines and comments inside blocks", "if a:\n\n  # c\n  b\n\n  # d\n  c\n",
        "(if a ((expr b) (expr c)))");
    frontendtest::row("line continuation", "x = 1 + \\\n  2", "(= x (+ 1 2))");
  }
  void statements() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(parse(source), expected);
  }

  void locations() {
    QCOMPARE(parse(QStringLiteral("y = a.b(c)[0] + -d"), true),
             QStringLiteral("(=@1:1 y@1:1 (+@1:5 (sub@1:5 (call@1:5 (.@1:5 a@1:5 b) c@1:9) 0@1:12) "
                            "(neg@1:17 d@1:18)))"));
    QCOMPARE(
        parse(QStringLiteral("@dec\ndef f(x, k=1):\n  return x\nif x:\n  pass\nelif y:\n  pass"),
              true),
        QStringLiteral(
            "(def@1:1 f@2:5 (x@2:7 (= k@2:10 1@2:12)) (decorators dec@1:2) (return@3:3 x@3:10))\n"
            "(if@4:1 x@4:4 ((pass@5:3)) (elif@6:1 y@6:6 ((pass@7:3))))"));
    QCOMPARE(parse(QStringLiteral("f(k = 'é', *r)"), true),
             QStringLiteral("(expr@1:1 (call@1:1 f@1:1 (*@1:12 r@1:13) (kw k@1:3 'é'@1:7)))"));
  }

  void errorLocations() {
    // Errors from calls and operators point at the method name / operator.
    auto program = parseProgram("t.py", "x = a.reshape(2) + b[1]\n");
    const auto& assign = program->module.body[0]->as<ast::AssignStmt>();
    const auto& sum = assign.value->as<ast::BinaryExpr>();
    QCOMPARE(sum.opLoc, (Location{1, 18}));
    QCOMPARE(sum.left->as<ast::CallExpr>().errorLoc, (Location{1, 7}));
    QCOMPARE(sum.right->as<ast::SubscriptExpr>().bracketLoc, (Location{1, 21}));
  }

  void errors_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    frontendtest::row("incomplete expression", "x = 1 +\n", "1:8: expected an expression, found end of line");
    frontendtest::row("missing colon", "if x\n  y", "1:5: expected ':', found end of line");
    frontendtest::row("missing block", "if x:\ny = 1",
        "2:1: expected an indented block after 'if' statement on line 1");
    frontendtest::row("missing block at eof", "for i in x:\n",
        "2:1: expected an indented block after 'for' statement on line 1");
    frontendtest::row("missing def block", "def f():\nreturn 1",
        "2:1: expected an indented block after function definition on line 1");
    frontendtest::row("missing else block", "if a:\n  b\nelse:\nc",
        "4:1: expected an indented block after 'else' statement on line 3");
    frontendtest::row("unexpected indent", "x = 1\n    y = 2", "2:5: unexpected indent");
    frontendtest::row("two expressions", "x = 1 2", "1:7: expected end of line, found '2'");
    frontendtest::row("python 2 print", "print 'hi'", "1:7: expected end of line, found string literal");
    frontendtest::row("unclosed call argument list", "f(1 2)", "1:5: expected ',' or ')', found '2'");
    frontendtest::row("bad subscript", "x[1 2]", "1:5: expected ',' or ']', found '2'");
    frontendtest::row("empty subscript", "x[]", "1:3: expected an index, found ']'");
    frontendtest::row("missing in", "for i range(3): pass", "1:7: expected 'in', found 'range'");
    frontendtest::row("for without target", "for in x: pass", "1:5: expected an expression, found 'in'");
    frontendtest::row("else without if", "else:\n  pass", "1:1: 'else' without a matching 'if'");
    frontendtest::row("assign to call", "f() = 1", "1:1: cannot assign to function call");
    frontendtest::row("assign to literal", "1 = x", "1:1: cannot assign to literal");
    frontendtest::row("assign to None", "None = 1", "1:1: cannot assign to None");
    frontendtest::row("assign to operator", "a + b = 1", "1:1: cannot assign to expression");
    frontendtest::row("assign to comparison", "a < b = 1", "1:1: cannot assign to comparison");
    frontendtest::row("assign inside tuple", "a, f() = 1, 2", "1:4: cannot assign to function call");
    frontendtest::row("for target literal", "for 1 in x: pass", "1:5: cannot assign to literal");
    frontendtest::row("augmented tuple", "a, b += 1",
        "1:1: 'tuple' is an illegal expression for augmented assignment");
    frontendtest::row("augmented call", "f() += 1", "1:1: cannot assign to function call");
    frontendtest::row("two starred", "*a, *b = c", "1:5: multiple starred expressions in assignment");
    frontendtest::row("starred alone", "*a = b", "1:1: starred assignment target must be in a list or tuple");
    frontendtest::row("starred expression statement", "*a", "1:1: cannot use starred expression here");
    frontendtest::row("positional after keyword", "f(a=1, b)",
        "1:8: positional argument follows keyword argument");
    frontendtest::row("repeated keyword", "f(a=1, a=2)", "1:8: keyword argument repeated: a");
    frontendtest::row("keyword expression", "f(x.y=1)",
        "1:3: expression cannot contain assignment, perhaps you meant \"==\"?");
    frontendtest::row("positional after double star", "f(**kw, a)",
        "1:9: positional argument follows keyword argument unpacking");
    frontendtest::row("star after double star", "f(**kw, *a)",
        "1:9: iterable argument unpacking follows keyword argument unpacking");
    frontendtest::row("bare generator", "f(a, x for x in y)", "1:6: generator expression must be parenthesized");
    frontendtest::row("duplicate parameter", "def f(a, a): pass",
        "1:10: duplicate argument 'a' in function definition");
    frontendtest::row("default order", "def f(a=1, b): pass",
        "1:12: parameter without a default follows parameter with a default");
    frontendtest::row("bare star last", "def f(a, *): pass", "1:10: named arguments must follow bare *");
    frontendtest::row("two stars", "def f(*a, *b): pass", "1:11: * argument may appear only once");
    frontendtest::row("parameter after kwargs", "def f(**kw, a): pass",
        "1:13: arguments cannot follow var-keyword argument");
    frontendtest::row("kwargs default", "def f(**kw=1): pass",
        "1:11: var-keyword argument cannot have default value");
    frontendtest::row("bare star before kwargs", "def f(*, **kw): pass",
        "1:7: named arguments must follow bare *");
    frontendtest::row("return outside function", "return 1", "1:1: 'return' outside function");
    frontendtest::row("break outside loop", "if x:\n  break", "2:3: 'break' outside loop");
    frontendtest::row("continue in def in loop", "for i in x:\n  def f():\n    continue",
        "3:5: 'continue' outside loop");
    frontendtest::row("two bases", "class A(B, C): pass",
        "1:12: multiple inheritance is not supported (one base class at most)");
    frontendtest::row("metaclass", "class A(metaclass=M): pass",
        "1:9: keyword arguments in a class definition (metaclass=...) are not supported");
    frontendtest::row("return in class body", "def f():\n  class A:\n    return 1",
        "3:5: 'return' outside function");
    frontendtest::row("missing class block", "class A:\nx = 1",
        "2:1: expected an indented block after class definition on line 1");
    frontendtest::row("try without handlers", "try:\n  pass", "2:7: expected 'except' or 'finally' block, found end of file");
    frontendtest::row("bare except not last", "try: pass\nexcept: pass\nexcept E: pass",
        "3:1: default 'except:' must be last");
    frontendtest::row("except without try", "except E: pass", "1:1: 'except' without a matching 'try'");
    frontendtest::row("with missing colon", "with x as y\n  pass", "1:12: expected ':', found end of line");
    frontendtest::row("with target literal", "with x as 1: pass", "1:11: cannot assign to literal");
    frontendtest::row("del a call", "del f()", "1:5: cannot delete function call");
    frontendtest::row("global", "def f():\n  global x", "2:3: 'global' statements are not supported");
    frontendtest::row("set display", "x = {1, 2}", "1:5: set displays are not supported");
    frontendtest::row("dict missing value", "x = {1: }", "1:9: expected an expression, found '}'");
    frontendtest::row("dict comprehension after items", "x = {1: 2, k: v for k in y}",
        "1:17: expected ',' or '}', found 'for'");
    frontendtest::row("assign to dict", "{} = 1", "1:1: cannot assign to dict literal");
    frontendtest::row("f-string field error", "s = f'a{1 +}'", "1:12: expected an expression, found end of file");
    frontendtest::row("f-string trailing tokens", "s = f'{a b}'",
        "1:10: expected '}' after the f-string's expression, found 'b'");
    frontendtest::row("walrus to an attribute", "x = (a.b := 1)", "1:10: only a name can be the target of ':='");
    frontendtest::row("walrus as a statement", "y := 1", "1:3: invalid syntax: use '=' here; ':=' is for expressions");
    frontendtest::row("yield outside a def", "x = yield 1", "1:5: 'yield' outside function");
    frontendtest::row("yield in a lambda", "def f():\n  g = lambda: (yield)",
                      "2:16: 'yield' outside function");
    frontendtest::row("yield in a class body", "def f():\n  class A:\n    yield 1",
                      "3:5: 'yield' outside function");
    frontendtest::row("await", "async_ = await x", "1:10: 'await' is not supported");
    frontendtest::row("relative import", "from . import x", "1:6: relative imports are not supported");
    frontendtest::row("import without name", "import", "1:7: expected a module name, found end of line");
    frontendtest::row("decorator without def", "@d\nx = 1",
        "2:1: expected 'def' or 'class' after the decorator, found 'x'");
    frontendtest::row("lambda missing colon", "f = lambda x x", "1:14: expected ',' or ':', found 'x'");
    frontendtest::row("missing else in conditional", "x = a if b",
        "1:11: expected 'else' in the conditional expression, found end of line");
    frontendtest::row("attribute needs a name", "x.1", "1:2: expected end of line, found '.1'");
    frontendtest::row("attribute name", "x.(y)", "1:3: expected an attribute name after '.', found '('");
  }
  void errors() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(parseError(source), expected);
  }

  void nestingLimits() {
    // 200 nested brackets parse (the lexer's limit); deeper unary chains,
    // and trees over 1000 levels, are errors instead of stack overflows.
    QCOMPARE(parseError(QString(QStringLiteral("x = ")) + QString(199, QLatin1Char('(')) +
                        QStringLiteral("1") + QString(199, QLatin1Char(')'))),
             QStringLiteral("no error"));
    QCOMPARE(
        parseError(QStringLiteral("x = ") + QString(300, QLatin1Char('-')) + QStringLiteral("1")),
        QStringLiteral("1:205: expression is too deeply nested (the limit is 200 levels)"));
    QCOMPARE(parseError(QStringLiteral("x = ") + QStringLiteral("not ").repeated(300) +
                        QStringLiteral("1")),
             QStringLiteral("1:805: expression is too deeply nested (the limit is 200 levels)"));
    QString sum = QStringLiteral("x = 1") + QStringLiteral(" + 1").repeated(999);
    QCOMPARE(parseError(sum), QStringLiteral("no error"));
    QCOMPARE(parseError(sum + QStringLiteral(" + 1")),
             QStringLiteral(
                 "1:5: expression is too long or too deeply nested (the limit is 1000 levels)"));
    QCOMPARE(parseError(QStringLiteral("x = a") + QStringLiteral(".b").repeated(1000)),
             QStringLiteral(
                 "1:5: expression is too long or too deeply nested (the limit is 1000 levels)"));
    QCOMPARE(parseError(QStringLiteral("x = [") + QStringLiteral("[").repeated(199) +
                        QStringLiteral("]").repeated(200)),
             QStringLiteral("no error"));
  }

  void longFlatPrograms() {
    // Long but flat shapes stay flat: elif chains, big lists, many statements.
    QString elifs = QStringLiteral("if x == 0:\n  pass\n");
    for (int i = 1; i < 5000; ++i)
      elifs += QStringLiteral("elif x == %1:\n  pass\n").arg(i);
    QCOMPARE(parseError(elifs), QStringLiteral("no error"));
    QString list =
        QStringLiteral("x = [") + QStringLiteral("1, ").repeated(100000) + QStringLiteral("]");
    QCOMPARE(parseError(list), QStringLiteral("no error"));
    QCOMPARE(parseError(QStringLiteral("x = 1\n").repeated(100000)), QStringLiteral("no error"));
    QCOMPARE(parseError(QStringLiteral("x = a < ") + QStringLiteral("b < ").repeated(5000) +
                        QStringLiteral("c")),
             QStringLiteral("no error"));
  }
};

UOPSCOPE_TEST(TestParser);
#include "test_parser.moc"
