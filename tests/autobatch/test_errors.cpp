// Errors of auto-batched programs, each a load error naming the file and
// line: stack overflow (with the depth to ask for), a variable read before it
// is assigned, one variable holding two dtypes, a statement outside the
// subset; and junk in members not at a block never traps.
#include "tests/support/test_registry.h"
#include "tests/autobatch/autobatch_test.h"
#include "tests/support/backend_devices.h"

using namespace autobatchtest;

namespace {

const char* const kHeader = "from tinygrad import Tensor\nfrom uopscope import autobatch\n\n";

void expectError(const std::string& body, const std::vector<std::string>& parts) {
  std::string error = loadError(kHeader + body);
  QVERIFY2(!error.empty(), "the program loaded");
  for (const std::string& part : parts) QVERIFY2(error.find(part) != std::string::npos, error.c_str());
}

} // namespace

class Errors : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void stackOverflowNamesVariableFunctionAndDepth() {
    expectError(R"(@autobatch(max_stack_depth=4)
def fib(n):
    if n > 1:
        return fib(n - 1) + fib(n - 2)
    return 1

out = fib(Tensor([2, 10]))
)",
                {"test.py:", "stack overflow", "in function fib", "more than 4 frames",
                 "@autobatch(max_stack_depth=16)"});
  }

  void readBeforeAssignment() {
    expectError(R"(@autobatch
def f(x):
    if x > 0:
        y = 1
    return y

out = f(Tensor([1, -1]))
)",
                {"test.py:", "variable f.y may be read before it is assigned"});
  }

  void oneVariableTwoDtypes() {
    expectError(R"(@autobatch
def f(x):
    if x > 0:
        r = x
    else:
        r = x * 0.5
    return r

out = f(Tensor([1, -1]))
)",
                {"test.py:9:", "variable f.r is float32[] here and int32[] at line 7"});
  }

  void unsupportedStatement() {
    expectError(R"(@autobatch
def f(x):
    for i in range(3):
        x = x + i
    return x

out = f(Tensor([1, 2]))
)",
                {"test.py:6:5", "`for` is not supported inside @autobatch"});
  }

  void everyPathReturns() {
    expectError(R"(@autobatch
def f(x):
    if x > 0:
        return x

out = f(Tensor([1, 2]))
)",
                {"test.py:", "can reach its end without returning"});
  }

  // A bare `return` after a path that returns a value is an error naming it
  // (it crashed the front end: the first return fixed the arity, the bare
  // one had no value to compile)
  void bareReturnAfterAValue() {
    expectError(R"(@autobatch
def fib(n):
    if n > 1:
        return fib(n - 1) + fib(n - 2)
    return

out = fib(Tensor([5, 6, 0]))
)",
                {"test.py:", "`return` without one"});
  }

  // Members not at the block divide by their own zeros; they must not trap
  // (a compiled integer division by zero would) nor change any result.
  void junkRowsNeverTrap() {
    for (const char* device : {"REF", "INTERP", "CPU"}) {
      program::LoadedProgram p = load(std::string(kHeader) + R"(@autobatch
def safe_div(a, b):
    if b == 0:
        return 0
    return a // b

out = safe_div(Tensor([7, 9, -7, 5, 1]), Tensor([2, 0, 2, 0, -1]))
)",
                                      device);
      QCOMPARE(programtest::qs(outputs(call(p).outputs)), programtest::qs("int32 (5,) [3, 0, -4, 0, -1]\n"));
    }
  }
};

UOPSCOPE_TEST(Errors);
#include "test_errors.moc"
