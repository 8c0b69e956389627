// Host objects: the API the tensor binding plugs into, exercised through a
// small vector type with a method table, operators, subscripts, a class
// object and a @function-style decorator.
#include "tests/frontend/frontend_test.h"
#include "tests/support/test_registry.h"
#include "core/frontend/args.h"
#include "core/frontend/callable.h"
#include "core/frontend/interpreter.h"
#include "core/frontend/load_error.h"
#include "core/frontend/number_format.h"
#include "core/frontend/object.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <QtTest>

#include <stdexcept>

using namespace uops::frontend;

namespace {

class Vec;
std::shared_ptr<Vec> makeVec(std::vector<double> values);

double number(const Value& v) {
  if (const double* d = v.get<double>()) return *d;
  if (v.isIntLike()) return v.isBool() ? *v.get<bool>() : static_cast<double>(*v.get<int64_t>());
  throw ScriptError("expected a number, got " + v.typeName());
}

class Vec : public Object {
public:
  explicit Vec(std::vector<double> v) : values(std::move(v)) {}
  std::vector<double> values;

  std::string typeName() const override { return "Vec"; }
  std::string repr() const override {
    std::string out = "Vec([";
    for (size_t i = 0; i < values.size(); ++i)
      out += (i ? ", " : "") + formatFloat(values[i]);
    return out + "])";
  }
  const MethodTable* methods() const override { return &table(); }

  std::optional<Value> binaryOp(BinaryOp op, const Value& other, bool reflected) override {
    std::vector<double> rhs;
    if (other.isObject()) {
      auto* o = dynamic_cast<Vec*>(other.object().get());
      if (!o) return std::nullopt;
      rhs = o->values;
    } else if (other.isNumber()) {
      rhs.assign(values.size(), number(other));
    } else {
      return std::nullopt; // let Python report the unsupported types
    }
    if (rhs.size() != values.size())
      throw std::invalid_argument("shape mismatch: " + std::to_string(values.size()) + " vs " +
                                  std::to_string(rhs.size()));
    std::vector<double> out(values.size());
    for (size_t i = 0; i < values.size(); ++i) {
      double a = reflected ? rhs[i] : values[i];
      double b = reflected ? values[i] : rhs[i];
      switch (op) {
      case BinaryOp::Add:
        out[i] = a + b;
        break;
      case BinaryOp::Sub:
        out[i] = a - b;
        break;
      case BinaryOp::Mul:
        out[i] = a * b;
        break;
      case BinaryOp::Lt:
        out[i] = a < b;
        break;
      case BinaryOp::Gt:
        out[i] = a > b;
        break;
      default:
        return std::nullopt;
      }
    }
    return Value(makeVec(out));
  }
  std::optional<Value> unaryOp(UnaryOp op) override {
    if (op != UnaryOp::Neg) return std::nullopt;
    std::vector<double> out;
    for (double v : values)
      out.push_back(-v);
    return Value(makeVec(out));
  }
  Value getItem(const Value& index) override {
    if (const Slice* s = index.get<Slice>()) {
      SliceIndices r = resolveSlice(*s, static_cast<int64_t>(values.size()));
      std::vector<double> out;
      for (int64_t k = 0; k < r.count; ++k)
        out.push_back(values[static_cast<size_t>(r.start + k * r.step)]);
      return Value(makeVec(out));
    }
    auto i = static_cast<int64_t>(number(index));
    if (i < 0) i += static_cast<int64_t>(values.size());
    if (i < 0 || i >= static_cast<int64_t>(values.size()))
      throw ScriptError("index " + std::to_string(i) + " is out of bounds");
    return Value(values[static_cast<size_t>(i)]);
  }
  void setItem(const Value& index, const Value& value) override {
    values.at(static_cast<size_t>(number(index))) = number(value);
  }
  bool truthy() override { throw ScriptError("the truth value of a Vec is ambiguous"); }
  std::optional<std::vector<Value>> iterate() override {
    std::vector<Value> out;
    for (double v : values)
      out.emplace_back(v);
    return out;
  }
  std::optional<int64_t> length() override { return static_cast<int64_t>(values.size()); }

  static const MethodTable& table() {
    static const MethodTable t{
        {
            {"sum",
             [](Args& a) {
               auto [scale] = a.bind({{"scale", 1.0}});
               double total = 0;
               for (double v : self(a).values)
                 total += v;
               return Value(total * number(scale));
             }},
            {"reshape",
             [](Args& a) {
               auto [shape, rest] = a.bind({"shape", "*rest"});
               return Value::tuple({shape, rest});
             }},
            {"tolist",
             [](Args& a) {
               a.expectNone();
               return Value::list(*self(a).iterate());
             }},
        },
        {
            {"shape", [](const Value& v) { return Value::tuple({Value(self(v).values.size())}); }},
        }};
    return t;
  }
  static Vec& self(const Args& a) { return self(a.self()); }
  static Vec& self(const Value& v) { return dynamic_cast<Vec&>(*v.object()); }
};

std::shared_ptr<Vec> makeVec(std::vector<double> values) {
  return std::make_shared<Vec>(std::move(values));
}

// The class object: `Vec([1, 2])` constructs, `Vec.zeros(n)` is a static
// method, `Vec.sum(v)` an instance method called through the class.
class VecClass : public Object {
public:
  std::string typeName() const override { return "type"; }
  std::string repr() const override { return "<class 'Vec'>"; }
  Value call(Args& a) override {
    a.setName("Vec"); // messages name the class, not "type"
    auto [items] = a.bind({"items"});
    std::vector<double> values;
    for (const Value& v : toVector(items))
      values.push_back(number(v));
    return Value(makeVec(values));
  }
  std::optional<Value> getAttr(std::string_view name) override {
    if (name == "zeros")
      return makeNative("zeros", [](Args& a) {
        auto [n] = a.bind({"n"});
        return Value(makeVec(std::vector<double>(static_cast<size_t>(number(n)), 0.0)));
      });
    if (const Method* m = Vec::table().method(name)) return unboundMethod(*m);
    return std::nullopt;
  }
  std::optional<bool> isInstance(const Value& v) override {
    return v.isObject() && dynamic_cast<Vec*>(v.object().get()) != nullptr;
  }
};

// What @function returns: calls the user function and counts the calls.
class Captured : public Object {
public:
  explicit Captured(Value f) : fn(std::move(f)) {}
  Value fn;
  int calls = 0;
  std::string typeName() const override { return "Captured"; }
  Value call(Args& a) override {
    ++calls;
    return callValue(fn, a);
  }
  void forEachValue(const std::function<void(const Value&)>& visit) const override { visit(fn); }
};

struct Host {
  Interpreter interpreter;
  std::string printed;
  std::shared_ptr<Captured> lastCaptured;

  Host() {
    interpreter.setPrintSink([this](std::string_view text) { printed += text; });
    Value function = makeNative("function", [this](Args& a) {
      auto [fn] = a.bind({"fn"});
      if (!asFunction(fn)) a.fail("expects a function");
      lastCaptured = std::make_shared<Captured>(fn);
      return Value(lastCaptured);
    });
    interpreter.registerModule(
        "tinygrad", {{"Vec", Value(std::make_shared<VecClass>())}, {"function", function}});
    interpreter.registerModule("tinygrad.nn", {{"Linear", Value(7)}});
    interpreter.registerGlobal("explode", makeNative("explode", [](Args& a) -> Value {
                                 auto [n] = a.bind({"n"});
                                 throw std::invalid_argument("bad size " + repr(n));
                               }));
  }

  QString run(const std::string& source) {
    try {
      interpreter.load("host.py", "from tinygrad import Vec, function\n" + source);
    } catch (const LoadError& e) {
      printed +=
          std::to_string(e.line()) + ":" + std::to_string(e.col()) + ": " + e.message() + "\n";
    }
    return QString::fromStdString(printed);
  }
};

} // namespace

class TestHostObjects : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void programs_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    // Line numbers below count the import line the harness adds as line 1.
    frontendtest::row("construct and repr", "v = Vec([1, 2, 3])\nprint(v, Vec.zeros(2))",
        "Vec([1.0, 2.0, 3.0]) Vec([0.0, 0.0])\n");
    frontendtest::row("methods and properties",
        "v = Vec([1, 2, 3])\nprint(v.sum(), v.sum(scale=2), v.sum(0.5), v.shape, v.shape[0])",
        "6.0 12.0 3.0 (3,) 3\n");
    frontendtest::row("star arguments",
        "v = Vec([1])\nprint(v.reshape(2, 3, 4), v.reshape(*(5, 6)), v.reshape((7,)))",
        "(2, (3, 4)) (5, (6,)) ((7,), ())\n");
    frontendtest::row("bound method as value", "v = Vec([1, 2])\nf = v.sum\nprint(f(scale=10), f)",
        "30.0 <bound method sum of Vec object>\n");
    frontendtest::row("method through the class", "print(Vec.sum(Vec([1, 2]), scale=3))", "9.0\n");
    frontendtest::row("operators", "v = Vec([1, 2])\nprint(v + 1, 1 + v, 10 - v, v - 10, v * v, -v)",
        "Vec([2.0, 3.0]) Vec([2.0, 3.0]) Vec([9.0, 8.0]) Vec([-9.0, -8.0]) Vec([1.0, 4.0]) "
        "Vec([-1.0, -2.0])\n");
    frontendtest::row("comparisons are mirrored", "v = Vec([1, 3])\nprint(v < 2, 2 < v, 2 > v)",
        "Vec([1.0, 0.0]) Vec([0.0, 1.0]) Vec([1.0, 0.0])\n");
    frontendtest::row("augmented assignment rebinds", "v = Vec([1, 2])\nw = v\nv += 1\nprint(v, w)",
        "Vec([2.0, 3.0]) Vec([1.0, 2.0])\n");
    frontendtest::row("sum over host objects", "print(sum([Vec([1]), Vec([2])]))", "Vec([3.0])\n");
    frontendtest::row("subscripts", "v = Vec([1, 2, 3, 4])\nprint(v[0], v[-1], v[::2], v[1:3])",
        "1.0 4.0 Vec([1.0, 3.0]) Vec([2.0, 3.0])\n");
    frontendtest::row("item assignment", "v = Vec([1, 2])\nv[0] = 5\nv[1] += 1\nprint(v)", "Vec([5.0, 3.0])\n");
    frontendtest::row("iteration and unpacking",
        "v = Vec([1, 2])\na, b = v\nprint([x * 2 for x in v], a, b, len(v), list(v), 2.0 in v)",
        "[2.0, 4.0] 1.0 2.0 2 [1.0, 2.0] True\n");
    frontendtest::row("isinstance through the class", "print(isinstance(Vec([1]), Vec), isinstance(1, Vec))",
        "True False\n");
    frontendtest::row("identity equality fallback",
        "v = Vec([1])\nprint(v == v, v != Vec([1]), v is v, v in [v])", "True True True True\n");
    frontendtest::row("decorator hook",
        "@function\ndef double(x, k=2):\n  return x * k\nprint(double(3), double(Vec([1])), "
        "double(x=1, k=5))",
        "6 Vec([2.0]) 5\n");
    frontendtest::row("nested modules",
        "import tinygrad.nn\nimport tinygrad.nn as nn\nfrom tinygrad.nn import Linear\n"
        "print(tinygrad.nn.Linear, nn.Linear, Linear, nn)",
        "7 7 7 <module 'tinygrad.nn'>\n");
    frontendtest::row("star import", "from tinygrad import *\nprint(Vec.zeros(1))", "Vec([0.0])\n");
    // errors, attributed to the expression that called the native code
    frontendtest::row("method keyword error", "v = Vec([1])\nv.sum(foo=1)",
        "3:3: sum() got an unexpected keyword argument 'foo'\n");
    frontendtest::row("method arity error", "v = Vec([1])\nv.tolist(1)",
        "3:3: tolist() takes no arguments (1 given)\n");
    frontendtest::row("unknown method", "v = Vec([1])\nv.summ()",
        "3:3: 'Vec' object has no attribute 'summ'. Did you mean: 'sum'?\n");
    frontendtest::row("native exception", "x = 1\ny = explode(x + 2)", "3:5: bad size 3\n");
    frontendtest::row("exception from an operator", "a = Vec([1, 2])\nb = Vec([1])\nc = (a\n  + b)",
        "5:3: shape mismatch: 2 vs 1\n");
    frontendtest::row("exception from a chained call", "v = Vec([1, 2])\nw = v.reshape(1, 2).index(9)",
        "3:21: 9 is not in tuple\n");
    frontendtest::row("unsupported operator", "v = Vec([1])\nw = v @ v",
        "3:7: unsupported operand type(s) for @: 'Vec' and 'Vec'\n");
    frontendtest::row("unsupported with str", "v = Vec([1])\nw = 'a' + v",
        "3:9: can only concatenate str (not \"Vec\") to str\n");
    frontendtest::row("truthiness", "v = Vec([1])\nif v:\n  pass",
        "3:4: the truth value of a Vec is ambiguous\n");
    frontendtest::row("and on host objects", "v = Vec([1])\nw = v and v",
        "3:5: the truth value of a Vec is ambiguous\n");
    frontendtest::row("chained comparison needs truth", "v = Vec([1])\nw = 0 < v < 2",
        "3:7: the truth value of a Vec is ambiguous\n");
    frontendtest::row("set attribute", "v = Vec([1])\nv.name = 'x'",
        "3:3: cannot set attribute 'name' of 'Vec' object\n");
    frontendtest::row("decorator rejects", "f = function(1)", "2:5: function() expects a function\n");
    frontendtest::row("cycle through a captured function",
        "xs = []\n@function\ndef f(x=xs):\n  return x\nxs.append(f)",
        "6:4: append() cannot store a list inside itself\n");
    frontendtest::row("error inside decorated function",
        "@function\ndef f(x):\n  return x + 'a'\ny = f(Vec([1]))",
        "4:12: unsupported operand type(s) for +: 'Vec' and 'str'\n");
    frontendtest::row("bad call of decorated function", "@function\ndef f(x):\n  return x\ny = f(1, 2)",
        "5:5: f() takes 1 positional argument but 2 were given\n");
    frontendtest::row("class call arguments", "v = Vec()",
        "2:5: Vec() missing 1 required positional argument: 'items'\n");
  }
  void programs() {
    QFETCH(QString, source);
    QFETCH(QString, expected);
    Host host;
    QCOMPARE(host.run(source.toStdString()), expected);
  }

  void capturedFunctionIsCalledThroughTheHook() {
    Host host;
    host.run("@function\ndef f(x):\n  return x + 1\na = f(1)\nb = f(2)\n");
    QVERIFY(host.lastCaptured);
    QCOMPARE(host.lastCaptured->calls, 2);
    const Function* fn = asFunction(host.lastCaptured->fn);
    QVERIFY(fn);
    QCOMPARE(QString::fromStdString(fn->name), QStringLiteral("f"));
    QVERIFY(fn->paramNames() == std::vector<std::string>{"x"});
    // The host calls it again after the run, as a capture does.
    QCOMPARE(QString::fromStdString(repr(callValue(host.lastCaptured->fn, {Value(41)}))),
             QStringLiteral("42"));
  }

  void functionOutlivingItsInterpreter() {
    Value f;
    {
      Interpreter interpreter;
      interpreter.load("t.py", "def f():\n  return 1\n");
      f = *interpreter.global("f");
    }
    try {
      callValue(f, {});
      QFAIL("expected an error");
    } catch (const ScriptError& e) {
      QCOMPARE(QString::fromUtf8(e.what()),
               QStringLiteral("function 'f' cannot be called: its interpreter is gone"));
    }
  }

  void outputsAreHostObjects() {
    Host host;
    host.run("a = Vec([1])\nb = Vec([2])\nout = [a, b * 2]\n");
    auto isVec = [](const Value& v) { return v.isObject() && v.object()->typeName() == "Vec"; };
    std::vector<Value> outputs = selectOutputs(host.interpreter.result(), isVec);
    QCOMPARE(outputs.size(), size_t{2});
    QCOMPARE(QString::fromStdString(repr(outputs[1])), QStringLiteral("Vec([4.0])"));
    host.run("a = Vec([1])\nprint('a is', a)\nout = [a, a]\n");
    outputs = selectOutputs(host.interpreter.result(), isVec);
    QCOMPARE(outputs.size(), size_t{1});
  }

  void bindArguments_data() {
    QTest::addColumn<int>("positional");
    QTest::addColumn<QStringList>("keywords");
    QTest::addColumn<QString>("expected");
    auto r = [](const char* name, int positional, QStringList keywords, const char* expected) {
      QTest::newRow(name) << positional << keywords << QString::fromUtf8(expected);
    };
    // signature: f(x, y=10, *rest, flag=False, *, key)  -- key is required keyword-only
    r("all positional", 4, {QStringLiteral("key")}, "0 1 (2, 3) False 9");
    r("defaults", 1, {QStringLiteral("key")}, "0 10 () False 9");
    r("keyword for positional", 0, {QStringLiteral("x"), QStringLiteral("key")}, "9 10 () False 9");
    r("unexpected", 1, {QStringLiteral("key"), QStringLiteral("nope")},
      "f() got an unexpected keyword argument 'nope'");
    r("multiple", 1, {QStringLiteral("x"), QStringLiteral("key")},
      "f() got multiple values for argument 'x'");
    r("missing positional", 0, {QStringLiteral("key")},
      "f() missing 1 required positional argument: 'x'");
    r("missing keyword-only", 1, {}, "f() missing 1 required keyword-only argument: 'key'");
  }
  void bindArguments() {
    QFETCH(int, positional);
    QFETCH(QStringList, keywords);
    QFETCH(QString, expected);
    std::vector<Value> args;
    for (int i = 0; i < positional; ++i)
      args.emplace_back(i);
    std::vector<std::pair<std::string, Value>> kw;
    for (const QString& k : keywords)
      kw.emplace_back(k.toStdString(), Value(9));
    Args a(std::move(args), std::move(kw));
    a.setName("f");
    std::string out;
    try {
      // "flag" follows *rest, so it is keyword-only too.
      auto [x, y, rest, flag, key] = a.bind({"x", {"y", 10}, "*rest", {"flag", false}, "key"});
      out = repr(x) + " " + repr(y) + " " + repr(rest) + " " + repr(flag) + " " + repr(key);
    } catch (const ScriptError& e) {
      out = e.what();
    }
    QCOMPARE(QString::fromStdString(out), expected);
  }

  void positionalCountMessages() {
    auto message = [](size_t given, auto&&... params) {
      std::vector<Value> args(given, Value(1));
      Args a(std::move(args));
      a.setName("g");
      try {
        Param list[] = {params...};
        std::vector<Value> out(sizeof...(params));
        a.bindInto(list, out);
      } catch (const ScriptError& e) {
        return QString::fromUtf8(e.what());
      }
      return QStringLiteral("ok");
    };
    QCOMPARE(message(2, Param("a")),
             QStringLiteral("g() takes 1 positional argument but 2 were given"));
    QCOMPARE(message(3, Param("a"), Param("b", 1)),
             QStringLiteral("g() takes from 1 to 2 positional arguments but 3 were given"));
    QCOMPARE(message(1, Param("*"), Param("k", 1)),
             QStringLiteral("g() takes 0 positional arguments but 1 was given"));
    QCOMPARE(message(0, Param("a"), Param("b")),
             QStringLiteral("g() missing 2 required positional arguments: 'a' and 'b'"));
    QCOMPARE(message(5, Param("a"), Param("*args")), QStringLiteral("ok"));
  }
};

UOPSCOPE_TEST(TestHostObjects);
#include "test_host_objects.moc"
