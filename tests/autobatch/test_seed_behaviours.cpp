// The seed reference's behaviours: fibonacci, mutual recursion, a
// tail-recursive sum in a stack of depth 3, gcd with swapped formals, the
// allocation of fibonacci and of a tail-recursive function, and how often
// fibonacci's addition block runs on a batch.
#include "tests/support/test_registry.h"
#include "tests/autobatch/autobatch_test.h"

using namespace autobatchtest;

namespace {

const char* const kFib = R"(from tinygrad import Tensor
from uopscope import autobatch

@autobatch
def fib(n):
    if n > 1:
        return fib(n - 1) + fib(n - 2)
    return 1

out = fib(Tensor(%s))
)";

std::string fibOn(const std::string& batch) {
  std::string text = kFib;
  text.replace(text.find("%s"), 2, batch);
  return text;
}

bool hasPushGoto(const Program& p) {
  for (int b : p.graph)
    if (std::holds_alternative<PushGotoOp>(p.pool[static_cast<size_t>(b)].terminator)) return true;
  return false;
}

} // namespace

class SeedBehaviours : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void fibonacci() {
    program::LoadedProgram p = load(fibOn("[5, 6, 8, 9]"));
    QCOMPARE(programtest::qs(outputs(call(p).outputs)), programtest::qs("int32 (4,) [8, 13, 34, 55]\n"));
  }

  void mutualRecursion() {
    program::LoadedProgram p = load(R"(from tinygrad import Tensor
from uopscope import autobatch

@autobatch
def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)

@autobatch
def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)

out = is_even(Tensor([5, 6, 8, 9, 0]))
)");
    QCOMPARE(programtest::qs(outputs(call(p).outputs)),
             programtest::qs("bool (5,) [False, True, True, False, True]\n"));
  }

  // A tail call is a jump: 100 recursive steps in a stack three frames deep.
  void tailRecursiveSumInThreeFrames() {
    program::LoadedProgram p = load(R"(from tinygrad import Tensor
from uopscope import autobatch

@autobatch(max_stack_depth=3)
def tsum(n, acc):
    if n <= 0:
        return acc
    return tsum(n - 1, acc + n)

out = tsum(Tensor([12, -13, 100]), 0)
)");
    const AutobatchCall& c = call(p);
    QCOMPARE(programtest::qs(outputs(c.outputs)), programtest::qs("int32 (3,) [78, 0, 5050]\n"));
    QVERIFY(!hasPushGoto(stage(c, "lowering")));
    QVERIFY(c.stats.stackHighWater <= 3);
    // a tail-recursive function needs no FULL variable but the program counter
    for (const auto& [name, alloc] : stage(c, "allocation").varAlloc)
      if (name != kProgramCounter) QVERIFY2(alloc != Allocation::Full, name.c_str());
    QCOMPARE(stage(c, "allocation").varAlloc.at(kProgramCounter), Allocation::Full);
  }

  // gcd(b, a % b): the argument b is the callee's formal a's neighbour, so it
  // goes through a temporary; without one the call could not be lowered.
  void gcdWithSwappedFormals() {
    program::LoadedProgram p = load(R"(from tinygrad import Tensor
from uopscope import autobatch

@autobatch
def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)

out = gcd(Tensor([12, 35, 7, 100, 0, 81]), Tensor([18, 14, 0, 75, 9, 27]))
)");
    const AutobatchCall& c = call(p);
    QCOMPARE(programtest::qs(outputs(c.outputs)), programtest::qs("int32 (6,) [6, 7, 7, 25, 9, 27]\n"));
    std::string text = toText(stage(c, "front end"));
    QVERIFY2(text.find("gcd.$t2 = gcd.b") != std::string::npos, text.c_str());
    QVERIFY(!hasPushGoto(stage(c, "lowering"))); // still a tail call
  }

  // pc, n and the first recursive result FULL; the condition and the result
  // REGISTER; the other temporaries TEMPORARY.
  void fibonacciAllocation() {
    program::LoadedProgram p = load(fibOn("[5, 6]"));
    const std::map<std::string, Allocation>& a = stage(call(p), "allocation").varAlloc;
    QCOMPARE(a.at(kProgramCounter), Allocation::Full);
    QCOMPARE(a.at("fib.n"), Allocation::Full);
    QCOMPARE(a.at("fib.$t1"), Allocation::Full); // fib(n - 1)'s result, live across fib(n - 2)
    QCOMPARE(a.at("fib.$t0"), Allocation::Register); // n > 1
    QCOMPARE(a.at("fib.$ret"), Allocation::Register);
    QCOMPARE(a.at("fib.$t2"), Allocation::Temporary); // n - 1
    QCOMPARE(a.at("fib.$t3"), Allocation::Temporary); // fib(n - 2)'s result
    QCOMPARE(a.at("fib.$t4"), Allocation::Temporary); // n - 2
    QCOMPARE(a.size(), size_t{8});
  }

  void fibonacciAdditionBlockRuns20Times() {
    program::LoadedProgram p = load(fibOn("[3, 7, 4, 5]"));
    const AutobatchCall& c = call(p);
    QCOMPARE(programtest::qs(outputs(c.outputs)), programtest::qs("int32 (4,) [3, 21, 5, 8]\n"));
    QCOMPARE(executionsOf(c, "fib.$t1 + fib.$t3"), int64_t{20});
  }

  // The VM against the definitional interpreter, member by member.
  void vmMatchesTheDefinitionalInterpreter() {
    program::LoadedProgram p = load(fibOn("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]"));
    const AutobatchCall& c = call(p);
    std::vector<HostTensor> expected = interpretUnbatched(stage(c, "types"), c.inputs);
    QCOMPARE(programtest::qs(outputs(c.outputs)), programtest::qs(outputs(expected)));
  }
};

UOPSCOPE_TEST(SeedBehaviours);
#include "test_seed_behaviours.moc"
