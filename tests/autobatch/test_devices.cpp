// The VM's block kernels on every device that runs kernels, against REF and
// the definitional interpreter: programs with recursion, loops, float state,
// vector state reduced over its own axis, and tuple returns.
#include "tests/support/test_registry.h"
#include "tests/autobatch/autobatch_test.h"
#include "tests/support/backend_devices.h"

using namespace autobatchtest;

namespace {

const char* const kDevicesProgram = R"(from tinygrad import Tensor, dtypes
from uopscope import autobatch

@autobatch
def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps = steps + 1
    return steps

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

a = collatz(Tensor.arange(40) + 1)
b, c = cbrt(Tensor([0.0, 1.0, 8.0, 27.0, 2.0, 1000.0]))
d, e = halvings(Tensor([[12, 13, 1, 0], [100, 3, 7, 64], [0, 0, 0, 0]]))
out = [a, b, c, d, e]
)";

std::string allOutputs(const program::LoadedProgram& p) {
  std::string out;
  for (const program::LoadTimeRun& r : p.loadTimeRuns) out += outputs(autobatchCall(r)->outputs);
  return out;
}

} // namespace

class Devices : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void everyDeviceAgreesWithReference() {
    program::LoadedProgram ref = load(kDevicesProgram, "REF");
    std::string expected = allOutputs(ref);
    for (const program::LoadTimeRun& r : ref.loadTimeRuns) {
      const AutobatchCall& c = *autobatchCall(r);
      QCOMPARE(programtest::qs(outputs(c.outputs)),
               programtest::qs(outputs(interpretUnbatched(stage(c, "types"), c.inputs))));
    }
    std::vector<std::string> devices{"INTERP", "CPU"};
    for (const DeviceDescription& d : listDevices())
      if (d.name.rfind("CL:", 0) == 0) devices.push_back(d.name);
    for (const std::string& device : devices) {
      program::LoadedProgram p = load(kDevicesProgram, device);
      QCOMPARE(programtest::qs(device + "\n" + allOutputs(p)), programtest::qs(device + "\n" + expected));
      QVERIFY(call(p).stats.kernels > 0);
    }
  }

  // A VM made from a call's lowered program, stepped block by block, ends
  // where the call's run ended: on the CPU the calls of scalar variables ran
  // as member kernels (the same member-block executions per block), the one
  // with vector state block by block (the same steps).
  void steppingReachesTheSameOutputs() {
    program::LoadedProgram p = load(kDevicesProgram, "CPU");
    QCOMPARE(p.loadTimeRuns.size(), size_t{3});
    for (size_t i = 0; i < 3; ++i) {
      const AutobatchCall& c = call(p, i);
      QCOMPARE(c.stats.memberKernel, i < 2);
      VirtualMachine vm(c.passes.back().program, openDevice("CPU"), c.batch);
      vm.start(c.inputs);
      int64_t steps = 0;
      while (vm.step()) ++steps;
      if (c.stats.memberKernel) QCOMPARE(vm.stats().activeMembers, c.stats.activeMembers);
      else QCOMPARE(steps, c.stats.steps);
      QCOMPARE(programtest::qs(outputs(vm.outputs())), programtest::qs(outputs(c.outputs)));
      for (int32_t pc : vm.programCounters()) QCOMPARE(pc, static_cast<int32_t>(vm.blocks().size()));
    }
  }
};

UOPSCOPE_TEST(Devices);
#include "test_devices.moc"
