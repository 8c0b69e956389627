// Tracebacks: an error raised in the bundled library (a shape error in
// nn.Linear) keeps its library line first and adds the calls it came
// through, the program's own lines among them, as Python prints them.
#include "tests/support/test_registry.h"
#include "program_test.h"

#include <QtTest>

using namespace programtest;
using uops::frontend::LoadError;
using uops::frontend::TraceFrame;

namespace {

// l2 expects 32 features, l1 gives 64: the dot in Linear.__call__ fails.
const char* const kNet = R"(from tinygrad import Tensor, nn

class Net:
  def __init__(self):
    self.l1 = nn.Linear(128, 64)
    self.l2 = nn.Linear(32, 10)

  def forward(self, x):
    h = self.l1(x).relu()
    return self.l2(h)

  def __call__(self, x):
    return self.forward(x)

net = Net()
out = net(Tensor.ones(4, 128))
)";

LoadError loadError(const char* file, const char* source) {
  try {
    uops::program::loadProgram(file, source);
  } catch (const LoadError& e) {
    return e;
  }
  throw std::runtime_error("no error");
}

// "file:line in function: text", one frame per line.
QString frames(const LoadError& e) {
  QStringList out;
  for (const TraceFrame& f : e.traceback())
    out << QStringLiteral("%1:%2 in %3: %4")
               .arg(qs(f.file))
               .arg(f.loc.line)
               .arg(qs(f.function), qs(f.lineText));
  return out.join(QLatin1Char('\n'));
}

} // namespace

class TestTraceback : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void libraryErrorListsTheProgramsCalls() {
    LoadError e = loadError("net.py", kNet);
    // the raising line is the library's, as before
    QCOMPARE(qs(e.file()), QStringLiteral("tinygrad/nn/__init__.py"));
    QCOMPARE(qs(e.message()), QStringLiteral("cannot dot (4, 64) and (32, 10)"));
    const QString library = QStringLiteral("tinygrad/nn/__init__.py:%1 in __call__: "
                                           "return x.linear(self.weight.transpose(), self.bias)")
                                .arg(e.line());
    QCOMPARE(frames(e), QStringLiteral("net.py:16 in <module>: out = net(Tensor.ones(4, 128))\n"
                                       "net.py:13 in __call__: return self.forward(x)\n"
                                       "net.py:10 in forward: return self.l2(h)\n") +
                            library);
    // the editor marks the program's innermost line, not the library's
    QCOMPARE(e.userLine("net.py"), 10);
    QCOMPARE(e.userLine("tinygrad/nn/__init__.py"), e.line());
    QCOMPARE(e.userLine("other.py"), 0);
    // what() keeps its first lines and adds Python's traceback
    QCOMPARE(qs(e.what()),
             QStringLiteral("tinygrad/nn/__init__.py:%1:14: cannot dot (4, 64) and (32, 10)\n"
                            "    return x.linear(self.weight.transpose(), self.bias)\n"
                            "             ^\n"
                            "Traceback (most recent call last):\n"
                            "  File \"net.py\", line 16, in <module>\n"
                            "    out = net(Tensor.ones(4, 128))\n"
                            "  File \"net.py\", line 13, in __call__\n"
                            "    return self.forward(x)\n"
                            "  File \"net.py\", line 10, in forward\n"
                            "    return self.l2(h)\n"
                            "  File \"tinygrad/nn/__init__.py\", line %1, in __call__\n"
                            "    return x.linear(self.weight.transpose(), self.bias)")
                 .arg(e.line()));
  }

  // Errors at the top level have no calls to list: their text stays as it was.
  void topLevelErrorsKeepTheirText() {
    LoadError typo =
        loadError("bad.py", "from tinygrad import Tensor\nx = Tensor([1.0])\ny = x + z\n");
    QCOMPARE(qs(typo.what()), QStringLiteral("bad.py:3:9: name 'z' is not defined\n"
                                             "y = x + z\n"
                                             "        ^"));
    QCOMPARE(typo.userLine("bad.py"), 3);
    LoadError syntax = loadError("bad.py", "from tinygrad import Tensor\nx = Tensor([1.0]) +\n");
    QCOMPARE(qs(syntax.what()),
             QStringLiteral("bad.py:2:20: expected an expression, found end of line\n"
                            "x = Tensor([1.0]) +\n"
                            "                   ^"));
    QCOMPARE(syntax.traceback().size(), size_t{1});
  }

  // A typo inside a method keeps its message and first lines; the traceback follows.
  void typoInAMethod() {
    LoadError e = loadError("m.py", "from tinygrad import Tensor\n"
                                    "class M:\n"
                                    "  def __call__(self, x):\n"
                                    "    return x.relu() + bais\n"
                                    "y = M()(Tensor([1.0]))\n");
    QCOMPARE(qs(e.what()), QStringLiteral("m.py:4:23: name 'bais' is not defined\n"
                                          "    return x.relu() + bais\n"
                                          "                      ^\n"
                                          "Traceback (most recent call last):\n"
                                          "  File \"m.py\", line 5, in <module>\n"
                                          "    y = M()(Tensor([1.0]))\n"
                                          "  File \"m.py\", line 4, in __call__\n"
                                          "    return x.relu() + bais"));
    QCOMPARE(e.userLine("m.py"), 4);
  }

  // An error caught by `except` leaves nothing behind: a later one lists its own calls.
  void caughtErrorsDoNotLeak() {
    LoadError e = loadError("c.py", "from tinygrad import Tensor\n"
                                    "def f(t):\n"
                                    "  return t.reshape(5)\n"
                                    "try:\n"
                                    "  f(Tensor([1.0, 2.0]))\n"
                                    "except Exception:\n"
                                    "  pass\n"
                                    "def g(t):\n"
                                    "  return f(t)\n"
                                    "g(Tensor([1.0, 2.0, 3.0]))\n");
    QCOMPARE(frames(e), QStringLiteral("c.py:10 in <module>: g(Tensor([1.0, 2.0, 3.0]))\n"
                                       "c.py:9 in g: return f(t)\n"
                                       "c.py:3 in f: return t.reshape(5)"));
  }
};

UOPSCOPE_TEST(TestTraceback);
#include "test_traceback.moc"
