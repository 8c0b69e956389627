// The stackless interpreter (the batching without the stacks) agrees with the
// definitional interpreter and with the VM on programs with recursion,
// mutual recursion, swapped formals, loops with early returns, float and
// vector state and tuple returns; and it batches: a member's junk never
// reaches another's result.
#include "tests/support/test_registry.h"
#include "tests/autobatch/autobatch_test.h"

#include "core/autobatch/stackless.h"

using namespace autobatchtest;

namespace {

const char* const kStacklessProgram = R"(from tinygrad import Tensor, dtypes
from uopscope import autobatch

@autobatch
def fib(n):
    if n > 1:
        return fib(n - 1) + fib(n - 2)
    return 1

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

@autobatch
def gcd(a, b):
    if b == 0:
        return a
    return gcd(b, a % b)

@autobatch
def first_square_above(n, limit):
    k = 0
    while True:
        if k * k > limit:
            return k, n
        k = k + 1
        n = n + k

@autobatch
def cbrt(a):
    lo = 0.0
    hi = a + 1.0
    while hi - lo > 1e-4:
        mid = (lo + hi) * 0.5
        if mid * mid * mid > a:
            hi = mid
        else:
            lo = mid
    return lo, hi

@autobatch
def halvings(v):
    if v.max(axis=1) <= 1:
        return v.sum(axis=1), v
    t, w = halvings(v // 2)
    return t + v.sum(axis=1), w

a = fib(Tensor([5, 6, 8, 9, 0, 1, 3]))
b = is_even(Tensor([5, 6, 8, 9, 0]))
c = gcd(Tensor([12, 35, 7, 0, 81]), Tensor([18, 14, 0, 5, 27]))
d, e = first_square_above(Tensor([0, 3, -4]), Tensor([0, 10, 50]))
f, g = cbrt(Tensor([0.0, 1.0, 8.0, 27.0, 2.0, 1000.0]))
h, i = halvings(Tensor([[12, 13, 1, 0], [100, 3, 7, 64], [0, 0, 0, 0]]))
out = [a, b, c, d, e, f, g, h, i]
)";

} // namespace

class Stackless : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void agreesWithTheDefinitionalInterpreterAndTheVm() {
    program::LoadedProgram p = load(kStacklessProgram, "REF");
    QCOMPARE(p.loadTimeRuns.size(), size_t{6});
    for (const program::LoadTimeRun& r : p.loadTimeRuns) {
      const AutobatchCall& c = *autobatchCall(r);
      std::string stackless = outputs(interpretStackless(stage(c, "types"), c.inputs));
      QCOMPARE(programtest::qs(c.function + "\n" + stackless),
               programtest::qs(c.function + "\n" + outputs(interpretUnbatched(stage(c, "types"), c.inputs))));
      QCOMPARE(programtest::qs(c.function + "\n" + stackless), programtest::qs(c.function + "\n" + outputs(c.outputs)));
    }
    // the seed's numbers
    QCOMPARE(programtest::qs(outputs(call(p, 0).outputs)), programtest::qs("int32 (7,) [8, 13, 34, 55, 1, 1, 3]\n"));
    QCOMPARE(programtest::qs(outputs(call(p, 2).outputs)), programtest::qs("int32 (5,) [6, 7, 7, 5, 27]\n"));
  }

  void recursionDepthIsBounded() {
    program::LoadedProgram p = load(kStacklessProgram, "REF");
    const AutobatchCall& c = call(p, 0);
    QVERIFY_THROWS_EXCEPTION(AutobatchError, interpretStackless(stage(c, "types"), c.inputs, 3));
    QCOMPARE(interpretStackless(stage(c, "types"), c.inputs, 9).size(), size_t{1});
  }
};

UOPSCOPE_TEST(Stackless);
#include "test_stackless.moc"
