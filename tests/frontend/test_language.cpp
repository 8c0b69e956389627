// The language users write models in, run by the interpreter: each program's
// printed text equals what CPython prints for it (language_cases.h).
#include "tests/support/test_registry.h"
#include "language_cases.h"

#include "core/frontend/args.h"
#include "core/frontend/classes.h"
#include "core/frontend/dict.h"
#include "core/frontend/interpreter.h"
#include "core/frontend/load_error.h"
#include "core/frontend/object.h"
#include "core/frontend/repr.h"

#include <QtTest>

using namespace uops::frontend;

namespace {

QString run(const char* source) {
  Interpreter interpreter;
  std::string out;
  interpreter.setPrintSink([&](std::string_view text) { out += text; });
  try {
    interpreter.load("t.py", source);
  } catch (const LoadError& e) {
    out += std::string("error: ") + e.what();
  }
  return QString::fromStdString(out);
}

QString failure(const char* source) {
  Interpreter interpreter;
  try {
    interpreter.load("bad.py", source);
  } catch (const LoadError& e) {
    return QString::fromStdString(std::to_string(e.line()) + ":" + std::to_string(e.col()) + ": " +
                                  e.message());
  }
  return QStringLiteral("no error");
}

// A host object that counts its destruction, and a host context manager that
// records its calls: what bindings (Tensor, Context) plug in.
class Probe : public Object {
public:
  explicit Probe(int* freed) : m_freed(freed) {}
  ~Probe() override { ++*m_freed; }
  std::string typeName() const override { return "Probe"; }

private:
  int* m_freed;
};

class HostContext : public Object {
public:
  explicit HostContext(std::string* log) : m_log(log) {}
  std::string typeName() const override { return "Context"; }
  const MethodTable* methods() const override {
    static const MethodTable table{
        {"__enter__",
         [](Args& a) {
           static_cast<HostContext*>(a.self().object().get())->m_log->append("enter ");
           return Value(7);
         }},
        {"__exit__",
         [](Args& a) {
           auto [type, value, traceback] = a.bind({"type", "value", "traceback"});
           static_cast<HostContext*>(a.self().object().get())->m_log->append("exit ");
           return Value();
         }},
    };
    return &table;
  }

private:
  std::string* m_log;
};

} // namespace

class TestLanguage : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void programs_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    for (const languagecases::Case& c : languagecases::kCases)
      QTest::newRow(c.name) << QString::fromUtf8(c.source) << QString::fromUtf8(c.expected);
  }
  void programs() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(run(source.toUtf8().constData()), expected);
  }

  void errors_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    for (const languagecases::Case& c : languagecases::kErrors)
      QTest::newRow(c.name) << QString::fromUtf8(c.source) << QString::fromUtf8(c.expected);
  }
  void errors() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QCOMPARE(failure(source.toUtf8().constData()), expected);
  }

  void exitRunsWhenTheBodyFails() {
    // The error stands, but __exit__ undoes what __enter__ did.
    Interpreter interpreter;
    std::string hostLog;
    interpreter.registerGlobal("Context", Value(std::make_shared<HostContext>(&hostLog)));
    const char* source = "log = []\n"
                         "class Guard:\n"
                         "  def __enter__(self):\n"
                         "    log.append('in')\n"
                         "  def __exit__(self, a, b, c):\n"
                         "    log.append('out')\n"
                         "with Context as seven, Guard():\n"
                         "  log.append(seven)\n"
                         "  x = 1 / 0\n";
    QString error;
    try {
      interpreter.load("w.py", source);
    } catch (const LoadError& e) {
      error = QString::fromStdString(std::to_string(e.line()) + ":" + std::to_string(e.col()) +
                                     ": " + e.message());
    }
    QCOMPARE(error, QStringLiteral("9:9: division by zero"));
    QCOMPARE(QString::fromStdString(repr(*interpreter.global("log"))),
             QStringLiteral("['in', 7, 'out']"));
    QCOMPARE(QString::fromStdString(hostLog), QStringLiteral("enter exit "));
  }

  void cyclesAreFreedWithTheInterpreter() {
    // self.parent = parent and d["self"] = d are legal; the interpreter frees
    // them when it goes (the probes inside are destroyed).
    int freed = 0;
    {
      Interpreter interpreter;
      interpreter.registerGlobal("Probe", makeNative("Probe", [&freed](Args&) {
                                   return Value(std::make_shared<Probe>(&freed));
                                 }));
      interpreter.load("c.py", "class Node:\n"
                               "  def __init__(self, parent=None):\n"
                               "    self.parent = parent\n"
                               "    self.children = []\n"
                               "    self.probe = Probe()\n"
                               "    if parent is not None:\n"
                               "      parent.children.append(self)\n"
                               "root = Node()\n"
                               "leaf = Node(root)\n"
                               "root.me = root\n"
                               "d = {'probe': Probe()}\n"
                               "d['self'] = d\n"
                               "Node.last = leaf\n"
                               "root = leaf = d = None\n");
      QCOMPARE(freed, 0);
    }
    QCOMPARE(freed, 3);
  }

  void deepStructuresAreFreed() {
    // A million nested dicts or linked instances, and a long chain of
    // classes, are freed without recursion.
    Interpreter interpreter;
    interpreter.load("deep.py", "d = {}\n"
                                "for i in range(1000000):\n"
                                "  d = {'next': d}\n"
                                "class Node:\n"
                                "  pass\n"
                                "head = None\n"
                                "for i in range(300000):\n"
                                "  n = Node()\n"
                                "  n.next = head\n"
                                "  head = n\n"
                                "class C:\n"
                                "  pass\n"
                                "for i in range(100000):\n"
                                "  class C(C):\n"
                                "    pass\n"
                                "print(C().__class__.__name__)\n"
                                "d = head = n = C = None\n");
    QCOMPARE(failure("d = {}\nfor i in range(1000):\n  d = {'k': d}\nprint(d)\n"),
             QStringLiteral(
                 "4:1: maximum recursion depth exceeded while getting the repr of an object"));
  }

  void stepLimitInsideMethods() {
    Interpreter interpreter;
    Limits limits;
    limits.maxSteps = 10000;
    interpreter.setLimits(limits);
    QString error;
    try {
      interpreter.load("s.py", "class A:\n"
                               "  def __init__(self):\n"
                               "    while True:\n"
                               "      self.n = 1\n"
                               "A()\n");
    } catch (const LoadError& e) {
      error = QString::fromStdString(e.message());
    }
    QVERIFY2(error.startsWith(QStringLiteral("program exceeded the limit of 10000 steps")),
             qPrintable(error));
  }

  void limitsAreNotCatchable() {
    // A bare except cannot swallow the step budget or the recursion limit:
    // they end the program where they happen, and finally does not run.
    Interpreter interpreter;
    Limits limits;
    limits.maxSteps = 10000;
    interpreter.setLimits(limits);
    std::string out;
    interpreter.setPrintSink([&](std::string_view text) { out += text; });
    QString error;
    try {
      interpreter.load("l.py", "while True:\n"
                               "  try:\n"
                               "    while True:\n"
                               "      pass\n"
                               "  except:\n"
                               "    pass\n"
                               "  finally:\n"
                               "    print('finally')\n");
    } catch (const LoadError& e) {
      error = QString::fromStdString(e.message());
    }
    QVERIFY2(error.startsWith(QStringLiteral("program exceeded the limit of 10000 steps")),
             qPrintable(error));
    QCOMPARE(QString::fromStdString(out), QString());
    QCOMPARE(failure("def f():\n  f()\n"
                     "try:\n  f()\nexcept BaseException:\n  print('caught')\n"),
             QStringLiteral("2:3: maximum recursion depth exceeded (200 nested calls)"));
  }

  void hostErrorsAreRuntimeErrors() {
    // An error a host binding throws is caught as RuntimeError, with its text.
    Interpreter interpreter;
    std::string out;
    interpreter.setPrintSink([&](std::string_view text) { out += text; });
    interpreter.registerGlobal("shape_check", makeNative("shape_check", [](Args&) -> Value {
                                 throw std::runtime_error("shapes (2,) and (3,) do not match");
                               }));
    interpreter.load(
        "h.py", "try:\n  shape_check()\nexcept RuntimeError as e:\n  print(type(e).__name__, e)\n");
    QCOMPARE(QString::fromStdString(out),
             QStringLiteral("RuntimeError shapes (2,) and (3,) do not match\n"));
  }

  void hostDictsAndKeywords() {
    // Host code builds and reads dicts, and receives **kwargs as one.
    Interpreter interpreter;
    Value seen;
    interpreter.registerGlobal("collect", makeNative("collect", [&seen](Args& a) {
                                 auto [first, rest] = a.bind({"first", "**rest"});
                                 seen = rest;
                                 return first;
                               }));
    Value configValue = makeDict({{Value("lr"), Value(0.5)}});
    interpreter.registerGlobal("config", configValue);
    interpreter.load("k.py", "out = collect(1, b=2, **config)\nconfig['steps'] = 3\n");
    QCOMPARE(QString::fromStdString(repr(seen)), QStringLiteral("{'b': 2, 'lr': 0.5}"));
    const Dict* config = asDict(configValue);
    QVERIFY(config);
    QCOMPARE(config->size(), size_t{2});
    QCOMPARE(*config->find(Value("steps"))->get<int64_t>(), int64_t{3});
  }

  void hostReadsInstances() {
    // A binding walking a model (a state dict) sees its attributes in the
    // order they were first set, as Python's __dict__ has them.
    Interpreter interpreter;
    interpreter.load("m.py", "class Block:\n"
                             "  def __init__(self):\n"
                             "    self.w = 1\n"
                             "    self.b = 2\n"
                             "class Model(Block):\n"
                             "  def __init__(self):\n"
                             "    self.z = 0\n"
                             "    super().__init__()\n"
                             "    self.w = 3\n"
                             "m = Model()\n");
    const Instance* m = asInstance(*interpreter.global("m"));
    QVERIFY(m);
    QCOMPARE(QString::fromStdString(m->cls()->name()), QStringLiteral("Model"));
    QCOMPARE(QString::fromStdString(m->cls()->base()->name()), QStringLiteral("Block"));
    std::string names;
    for (const auto& [name, value] : m->attributes().entries())
      names += name + "=" + repr(value) + " ";
    QCOMPARE(QString::fromStdString(names), QStringLiteral("z=0 w=3 b=2 "));
  }
};

UOPSCOPE_TEST(TestLanguage);
#include "test_language.moc"
