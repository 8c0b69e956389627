// The textual program after every pass for fibonacci, is_even/is_odd and a
// while loop, against tests/autobatch/golden/NAME.txt. UOPSCOPE_GOLDEN_DUMP=1
// rewrites the files from the actual text (then review the diff).
#include "tests/support/test_registry.h"
#include "tests/autobatch/autobatch_test.h"
#include "tests/support/golden_text.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace autobatchtest;

namespace {

std::string allStages(const AutobatchCall& c) {
  std::string out;
  for (const PassRecord& r : c.passes) out += "# after " + r.stage + "\n" + toText(r.program);
  return out;
}

void compareGolden(const std::string& name, const std::string& program) {
  std::string actual = allStages(call(load(program)));
  std::string path = std::string(UOPSCOPE_SOURCE_DIR) + "/tests/autobatch/golden/" + name + ".txt";
  if (std::getenv("UOPSCOPE_GOLDEN_DUMP")) std::ofstream(path) << actual;
  std::ifstream in(path);
  QVERIFY2(in, path.c_str());
  std::stringstream expected;
  expected << in.rdbuf();
  QString diff = golden::difference(actual, expected.str());
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

} // namespace

class Golden : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void fibonacci() {
    compareGolden("fib", R"(from tinygrad import Tensor
from uopscope import autobatch

@autobatch
def fib(n):
    if n > 1:
        return fib(n - 1) + fib(n - 2)
    return 1

out = fib(Tensor([5, 6, 8, 9]))
)");
  }

  void isEven() {
    compareGolden("is_even", R"(from tinygrad import Tensor
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
  }

  void whileLoop() {
    compareGolden("while_loop", R"(from tinygrad import Tensor
from uopscope import autobatch

@autobatch
def sum_below(n):
    i = 0
    s = 0
    while i < n:
        s = s + i
        i = i + 1
    return s

out = sum_below(Tensor([0, 3, 5]))
)");
  }
};

UOPSCOPE_TEST(Golden);
#include "test_golden.moc"
