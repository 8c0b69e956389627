// Symbolic variables (core/program/symbolic_int.h): `Variable(...).bind(v)`
// and the ints over it where tinygrad takes them (slices, shrink, shapes,
// triu, indexing), its range arithmetic and errors, and two kv-cache
// decoders (resources/examples/kv_cache_decoder.py, a GPT-2-like one, and
// llama_decoder.py here) printing the tokens tinygrad printed
// (PYTHONPATH=tinygrad DEV=CPU python3 <program>). The GPT-2-like decoder's
// logits are compared with tinygrad's in test_examples.cpp.
#include "tests/support/test_registry.h"
#include "decoder_printed.h"
#include "program_test.h"

#include <QtTest>

using namespace programtest;

namespace {

const char* const kApiProgram =
    "from tinygrad import Tensor, Variable, UOp\n"
    "v = Variable(\"start_pos\", 1, 10)\n"
    "b = v.bind(3)\n"
    "var, val = b.unbind()\n"
    "print(var.expr, val, var.vmin, var.vmax, isinstance(b, UOp), isinstance(3, UOp))\n"
    "e = (b + 2) * 2 - 1\n"
    "print(e.vmin, e.vmax, (b // 2).vmax, (b % 4).vmax, (1 + b).vmin)\n"
    "print((b >= 1).vmin, (b < 5).vmin, (b < 5).vmax)\n"
    "try:\n"
    "  bool(b < 5)\n"
    "except ValueError as ex:\n"
    "  print(\"ValueError\", ex)\n"
    "u = UOp.variable(\"i\", 0, 7).bind(2)\n"
    "t = Tensor.arange(10)\n"
    "print(t[u:u+3].tolist(), t.shrink(((b, b+2),)).tolist(), t[b].item())\n"
    "print(Tensor.arange(b+2).sum().item(), Tensor.full((2, b), 1.5).sum().item())\n"
    "print(Tensor.ones(3, b+1).triu(b-2).sum(1).tolist(), t[:b].sum().item())\n"
    "w = Tensor.arange(12).reshape(6, 2)\n"
    "tok = Variable(\"tokens\", 0, 5).bind(4)\n"
    "print(w.shrink(((tok, tok+1), None)).tolist())\n";

// What tinygrad printed for kApiProgram.
const char* const kApiPrinted =
    "start_pos 3 1 10 True False\n"
    "5 23 5 3 2\n"
    "True False True\n"
    "ValueError eval failed to be a single number, range is False to True in (start_pos<5)\n"
    "[2, 3, 4] [3, 4] 3\n"
    "10 9.0\n"
    "[3.0, 2.0, 1.0] 3\n"
    "[[8, 9]]\n";

std::string variablesLoadError(const std::string& source) {
  try {
    load(source);
  } catch (const uops::frontend::LoadError& e) {
    return fmt::format("{}:{}: {}", e.line(), e.col(), e.message());
  }
  return "no error";
}

} // namespace

class TestVariables : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void apiPrintsWhatTinygradPrints() {
    QCOMPARE(qs(variablesLoadError(kApiProgram)), QStringLiteral("no error"));
    uops::program::LoadedProgram p = load(kApiProgram);
    QCOMPARE(qs(p.printed), qs(kApiPrinted));
    QCOMPARE(p.variables.size(), size_t{3});
    QCOMPARE(qs(uops::program::describe(p.variables[0])), QStringLiteral("start_pos in [1, 10] bound to 3"));
    QCOMPARE(qs(uops::program::describe(p.variables[2])), QStringLiteral("tokens in [0, 5] bound to 4"));
  }

  // int() and .val give the bound value (tinygrad's own int() refuses a
  // range that is not one number; older releases gave the value).
  void intAndVal() {
    QCOMPARE(run(program("from tinygrad import Variable\n"
                         "b = Variable('n', 0, 9).bind(4)\n"
                         "out = Tensor([int(b), b.val, int(b * 2 + 1), int(-b // 3)])")),
             QStringLiteral("int32 (4,) [4, 4, 9, -2]"));
  }

  void errors() {
    QCOMPARE(qs(variablesLoadError(program("from tinygrad import Variable\nv = Variable('n', 1, 8)\n"
                                  "out = Tensor.arange(10)[:v + 1]"))),
             QStringLiteral("4:26: Variable 'n' is not bound: bind it (.bind(value)) before it sizes "
                            "or indexes a tensor"));
    QCOMPARE(qs(variablesLoadError(program("from tinygrad import Variable\nv = Variable('n', 1, 8).bind(9)"))),
             QStringLiteral("3:25: bind() bind 9 not in range [1, 8]"));
    QCOMPARE(qs(variablesLoadError(program("from tinygrad import Variable\nv = Variable('n', 1, 8).bind(2)\n"
                                  "x = 1 if v < 3 else 2"))),
             QStringLiteral("4:10: ValueError: eval failed to be a single number, range is False to True "
                            "in (n<3)"));
  }

  // Every step's position is bound to start_pos, each decode step goes
  // through the TinyJit, and the greedy tokens are tinygrad's.
  void kvCacheDecoder() {
    uops::program::LoadedProgram p =
        uops::program::loadProgramFile((examplesDir() + QStringLiteral("/kv_cache_decoder.py")).toStdString());
    QCOMPARE(qs(p.printed), qs(kKvCachePrinted));
    QCOMPARE(p.variables.size(), size_t{1});
    QCOMPARE(qs(uops::program::describe(p.variables[0])),
             QStringLiteral("start_pos in [0, 11] bound to 0, 3, 4, 5, 6"));
    // The realizations inside a TinyJit call name the position it was given.
    QStringList jitted;
    for (const uops::program::RealizedSchedule& s : p.schedules)
      if (s.why.find("start_pos=") != std::string::npos) jitted << qs(s.why);
    // four decode steps: the inputs, the cache write, the two results, the call's results
    QCOMPARE(jitted.size(), 20);
    QCOMPARE(jitted.front(), QStringLiteral("TinyJit inputs (start_pos=3)"));
    QCOMPARE(jitted[1], QStringLiteral("realize() (start_pos=3)"));
    QCOMPARE(jitted.back(), QStringLiteral("TinyJit (start_pos=6)"));
  }

  void llamaDecoder() {
    uops::program::LoadedProgram p =
        uops::program::loadProgramFile(UOPSCOPE_SOURCE_DIR "/tests/program/llama_decoder.py");
    QCOMPARE(qs(p.printed), qs(kLlamaPrinted));
    QCOMPARE(qs(uops::program::describe(p.variables.at(0))),
             QStringLiteral("start_pos in [1, 9] bound to 4, 5, 6, 7"));
  }
};

UOPSCOPE_TEST(TestVariables);
#include "test_variables.moc"
