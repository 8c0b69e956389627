// A tensor sharded over a tuple that mixes kinds, (CPU, CL:0): each kernel is
// lowered for the device that runs it (LLVM IR for the CPU's, OpenCL C for
// CL:0's), copies cross between host memory and the OpenCL buffers, and the
// results match the reference evaluator.
#include "tests/support/test_registry.h"
#include "tests/opencl/cl_test.h"

#include "core/engine/program_run.h"
#include "core/engine/device_registry.h"
#include "core/runtime/zero_filled.h"
#include "core/tensor/tensor.h"

#include <QTest>

#include <set>

using namespace uops;
using namespace cltest;

class TestMixedDevices : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void cpuAndCl() {
    QVERIFY2(haveCl0(), noCl0());
    Tensor x = Tensor::arange(int64_t{0}, int64_t{24}, int64_t{1}, dtypes::float32).clone().reshape({4, 6});
    Tensor w = Tensor::fromList(Nested({Nested({1.0, -1.0}), Nested({0.5, 2.0}), Nested({-0.5, 0.25}),
                                        Nested({1.0, 0.0}), Nested({0.0, 1.0}), Nested({2.0, -2.0})}));
    std::vector<std::string> tuple{"CPU", "CL:0"};
    Tensor y = (x.shard(tuple, 0).matmul(w.shard(tuple)).relu() * 2).sum(0);
    QCOMPARE(y.devices(), (std::vector<std::string>{"CPU", "CL"})); // tinygrad spells CL:0 "CL"

    std::vector<UOpPtr> roots{y.uop()};
    DeviceRun run = runProgram(openDevice("CPU"), roots);
    HostTensor want = zeroFilledEvaluator().evaluate(roots)[0];
    QCOMPARE(run.outputs[0].numel(), want.numel());
    for (int64_t i = 0; i < want.numel(); ++i) QCOMPARE(run.outputs[0].getDouble(i), want.getDouble(i));
    std::set<std::string> lanes;
    for (const TimelineEvent& e : run.timeline) lanes.insert(e.device);
    QCOMPARE(lanes, (std::set<std::string>{"CPU", "CL:0"}));
    QCOMPARE(run.devices, int64_t{2});
  }
};

UOPSCOPE_TEST(TestMixedDevices);
#include "test_mixed_devices.moc"
