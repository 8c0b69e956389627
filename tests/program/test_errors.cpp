// Errors in tensor programs: a misuse of the Tensor API is a LoadError with
// the message where the call is (line:col), never a crash.
#include "tests/support/test_registry.h"
#include "program_test.h"

#include <QtTest>

using namespace programtest;

namespace {

void row(const char* name, const char* body, const char* expected) {
  QTest::newRow(name) << QString::fromUtf8(body) << QString::fromUtf8(expected);
}

} // namespace

class TestErrors : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // Line 1 of every program is the import; bodies start on line 2. A call's
  // error points at the callee's name (`sum` in `x.sum(...)`), an operator's
  // at the operator, a subscript's at the bracket.
  void messages_data() {
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("expected");
    // attributes and names
    row("unknown method", "x = Tensor([1.0, 2.0])\ny = x.foo()",
        "3:7: unknown tensor method 'foo'");
    row("unknown method suggestion", "x = Tensor([1.0])\ny = x.sumn()",
        "3:7: unknown tensor method 'sumn'. Did you mean: 'sum'?");
    row("unknown class method", "x = Tensor.aranged(3)",
        "2:12: type object 'Tensor' has no attribute 'aranged'. Did you mean: 'arange'?");
    row("unknown dtype", "x = Tensor([1]).cast(dtypes.float33)",
        "2:29: type object 'dtypes' has no attribute 'float33'. Did you mean: 'float32'?");
    row("unknown dtype name", "x = Tensor([1]).cast('float33')",
        "2:17: cast() unknown dtype 'float33'");
    row("read-only property", "x = Tensor([1.0])\nx.shape = (2,)",
        "3:3: cannot set attribute 'shape' of 'Tensor' object");
    // arguments
    row("unexpected keyword", "x = Tensor([1.0])\ny = x.sum(axes=0)",
        "3:7: sum() got an unexpected keyword argument 'axes'");
    row("missing argument", "x = Tensor([1.0])\ny = x.gather(0)",
        "3:7: gather() missing 1 required positional argument: 'index'");
    row("wrong argument type", "x = Tensor([1.0, 2.0])\ny = x.reshape(2.5)",
        "3:7: reshape() argument 'shape' must be an int or a tuple of ints, not float");
    row("tensor expected", "x = Tensor([1.0])\ny = x.linear(3)",
        "3:7: linear() argument 'weight' must be Tensor, not int");
    row("bad constructor data", "x = Tensor('abc')",
        "2:5: Tensor() cannot create a Tensor from str");
    // Tensor API errors, at the call that raised them
    row("shape mismatch", "a = Tensor([1.0, 2.0])\nb = Tensor([1.0, 2.0, 3.0])\nc = a + b",
        "4:7: shape mismatch: objects cannot be broadcast to a single shape ((2,), (3,))");
    row("bad reshape", "x = Tensor.arange(6)\ny = x.reshape(4, 2)",
        "3:7: size mismatch, can't reshape ((6,)) -> ((4, 2))");
    row("bad index", "x = Tensor([1.0, 2.0])\ny = x[5]",
        "3:6: index=5 is out of bounds with size=2");
    row("error inside a def", "def f(t):\n  return t.max(axis=3)\ny = f(Tensor([1.0]))",
        "3:12: dim=3 out of range [-1, 0]");
    // Python protocols
    row("truth value", "x = Tensor([1.0])\nif x > 0:\n  y = x",
        "3:4: __bool__ on Tensor is not defined");
    row("len of 0-d", "n = len(Tensor(1.0))", "2:5: len() of a 0-d tensor");
    row("item of many", "v = Tensor([1.0, 2.0]).item()",
        "2:24: item() must be called on a tensor with exactly one element, not 2");
    row("setitem dtype",
        "x = Tensor([1.0, 2.0]).contiguous()\nx[0] = Tensor([1], dtype=dtypes.int32)",
        "3:2: setitem dtype mismatch");
    // @function
    row("function result", "@function\ndef f(x):\n  return [x]\ny = f(Tensor([1.0]))",
        "5:5: function f returns list; a captured function returns a Tensor or a tuple of Tensors");
    row("function implicit input",
        "w = Tensor([2.0])\n@function\ndef f(x):\n  return x * w\ny = f(Tensor([1.0]))",
        "6:5: function f has 1 implicit buffer(s), but allow_implicit=False");
    // placement: a shard the devices do not divide evenly
    row("uneven shards", "x = Tensor([1.0, 2.0, 3.0]).shard(('CPU', 'CPU:1'), axis=0)",
        "2:29: multi axis uneven: self.shape[axis]=3 axis=0 dcount=2");
  }

  void messages() {
    QFETCH(QString, body);
    QFETCH(QString, expected);
    QCOMPARE(run(program(body.toStdString())), expected);
  }

  // The text uopc prints: file:line:col: message, the line, a caret under the column.
  void formatted() {
    try {
      uops::program::loadProgram("bad.py", program("x = Tensor([1.0, 2.0])\ny = x.foo()\n"));
      QFAIL("no error");
    } catch (const uops::frontend::LoadError& e) {
      QCOMPARE(qs(e.what()), QStringLiteral("bad.py:3:7: unknown tensor method 'foo'\n"
                                            "y = x.foo()\n"
                                            "      ^"));
    }
  }

  void unknownImport() {
    QCOMPARE(run("from tinygrad import Tensr\n"),
             QStringLiteral(
                 "1:22: cannot import name 'Tensr' from 'tinygrad'. Did you mean: 'Tensor'?"));
  }
};

UOPSCOPE_TEST(TestErrors);
#include "test_errors.moc"
