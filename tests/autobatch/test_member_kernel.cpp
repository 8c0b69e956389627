// The member kernel (core/autobatch/member_kernel.h): where it applies, what it
// computes against the batched VM stepped block by block (the same outputs and
// the same member-block executions per block), its errors (stack overflow,
// a member that never halts, a cancel), and why it does not apply elsewhere.
#include "tests/support/test_registry.h"
#include "tests/autobatch/autobatch_test.h"

#include <atomic>

using namespace autobatchtest;

namespace {

const char* const kMemberHeader = "from tinygrad import Tensor, dtypes\nfrom uopscope import autobatch\n\n";

const char* const kMemberFib = R"(@autobatch
def fib(n):
    if n > 1:
        return fib(n - 1) + fib(n - 2)
    return 1

out = fib(Tensor.arange(300) % 13)
)";

// The call's lowered program on a VM of its own, on the CPU.
VirtualMachine ownVm(const AutobatchCall& c, VmOptions options) {
  return VirtualMachine(c.passes.back().program, openDevice("CPU"), c.batch, options);
}

std::string vmError(const AutobatchCall& c, VmOptions options) {
  VirtualMachine vm = ownVm(c, options);
  try {
    vm.run(c.inputs);
  } catch (const VmError& e) {
    return e.what();
  }
  return "";
}

} // namespace

class MemberKernelTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  // On the CPU a program of scalar variables runs as one member kernel: the
  // outputs of the batched VM, stepped, and the same member-block executions
  // per block (every member runs the same blocks either way).
  void runsEveryMemberAsTheBatchedVmDoes() {
    program::LoadedProgram p = load(std::string(kMemberHeader) + kMemberFib, "CPU");
    const AutobatchCall& c = call(p);
    QVERIFY2(c.stats.memberKernel, c.stats.memberKernelWhyNot.c_str());
    QCOMPARE(c.stats.steps, int64_t{0});
    QVERIFY(p.loadTimeRuns[0].summary.find("one member kernel") != std::string::npos);

    VirtualMachine batched = ownVm(c, {});
    batched.start(c.inputs);
    while (batched.step()) {
    }
    QCOMPARE(programtest::qs(outputs(batched.outputs())), programtest::qs(outputs(c.outputs)));
    QCOMPARE(batched.stats().activeMembers, c.stats.activeMembers);
    QCOMPARE(batched.stats().stackHighWater, c.stats.stackHighWater);
    QCOMPARE(programtest::qs(outputs(c.outputs)),
             programtest::qs(outputs(interpretUnbatched(stage(c, "types"), c.inputs))));
  }

  // Float state, a tuple return, floor division and a while loop.
  void floatsTuplesAndLoops() {
    const std::string text = std::string(kMemberHeader) + R"(@autobatch
def newton_sqrt(a):
    x = a + 1.0
    k = 0
    while abs(x * x - a) > 1e-3 * (a + 1.0):
        x = (x + a / x) * 0.5
        k = k + 1
    return x, k

@autobatch
def digits(n):
    s = 0
    while n != 0:
        s = s + n % 10
        n = n // 10
    return s

a, b = newton_sqrt(Tensor([0.0, 1.0, 2.0, 81.0, 1000.0, 0.25]))
c = digits(Tensor([0, 7, 12345, 12, 909]))
out = [a, b, c]
)";
    program::LoadedProgram p = load(text, "CPU");
    program::LoadedProgram ref = load(text, "REF");
    for (size_t i = 0; i < 2; ++i) {
      QVERIFY(call(p, i).stats.memberKernel);
      QVERIFY(!call(ref, i).stats.memberKernel);
      QCOMPARE(programtest::qs(outputs(call(p, i).outputs)), programtest::qs(outputs(call(ref, i).outputs)));
    }
    QCOMPARE(programtest::qs(outputs(call(p, 1).outputs)), programtest::qs("int32 (5,) [0, 7, 15, 3, 18]\n"));
  }

  void saysWhyNotWhereItDoesNotApply() {
    program::LoadedProgram p = load(std::string(kMemberHeader) + R"(@autobatch
def halvings(v):
    if v.max(axis=1) <= 1:
        return v.sum(axis=1)
    return halvings(v // 2) + v.sum(axis=1)

out = halvings(Tensor([[12, 13, 1, 0], [100, 3, 7, 64]]))
)",
                                      "CPU");
    const AutobatchCall& c = call(p);
    QVERIFY(!c.stats.memberKernel);
    QVERIFY2(c.stats.memberKernelWhyNot.find("not a scalar per member") != std::string::npos,
             c.stats.memberKernelWhyNot.c_str());
    QVERIFY(c.stats.steps > 0);
    QVERIFY(p.loadTimeRuns[0].summary.find("no member kernel: ") != std::string::npos);
    QCOMPARE(programtest::qs(outputs(c.outputs)), programtest::qs("int32 (2,) [46, 339]\n"));

    program::LoadedProgram ref = load(std::string(kMemberHeader) + kMemberFib, "REF");
    QCOMPARE(call(ref).stats.memberKernelWhyNot, std::string("REF does not compile LLVM IR"));
  }

  void stackOverflowNamesTheVariable() {
    program::LoadedProgram p = load(std::string(kMemberHeader) + kMemberFib, "CPU");
    VmOptions options;
    options.memberKernel = true;
    options.stackDepth = 5;
    std::string error = vmError(call(p), options);
    QVERIFY2(error.find("stack overflow: variable ") != std::string::npos, error.c_str());
    QVERIFY2(error.find("in function fib needs more than 5 frames") != std::string::npos, error.c_str());
    QVERIFY2(error.find("max_stack_depth=20") != std::string::npos, error.c_str());
  }

  void aMemberThatNeverHaltsIsStopped() {
    program::LoadedProgram p = load(std::string(kMemberHeader) + R"(@autobatch
def spin(n):
    while n != 0:
        n = n - 1
    return n

out = spin(Tensor([0, 2000]))
)",
                                    "REF");
    VmOptions options;
    options.memberKernel = true;
    options.maxSteps = 1000;
    std::string error = vmError(call(p), options);
    QVERIFY2(error.find("member 1 ran 1000 block executions without halting") != std::string::npos, error.c_str());
  }

  void aCancelStopsTheRun() {
    program::LoadedProgram p = load(std::string(kMemberHeader) + kMemberFib, "CPU");
    std::atomic<bool> cancel{true};
    VmOptions options;
    options.memberKernel = true;
    options.cancel = &cancel;
    QCOMPARE(QString::fromStdString(vmError(call(p), options)), QStringLiteral("cancelled"));
  }
};

UOPSCOPE_TEST(MemberKernelTest);
#include "test_member_kernel.moc"
