// BoundSchedule: a schedule compiled once and replayed with its inputs read
// from buffers the caller binds. Each run sees the bound buffer's current
// contents, results match the reference evaluator, the output buffer is the
// same one every run, and misuse (binding after the first run, a placeholder
// left unbound) is a clear error.
#include "tests/support/test_registry.h"
#include "core/engine/bound_schedule.h"
#include "core/engine/program_run.h"
#include "core/engine/schedule_executor.h"
#include "core/engine/device_registry.h"
#include "core/runtime/reference_evaluator.h"
#include "core/tensor/tensor.h"
#include "tests/support/backend_devices.h"

#include <QTest>

using namespace uops;

namespace {

struct Placeholder {
  Tensor tensor;
  int64_t id = 0;
};

Placeholder placeholder(const Shape& shape, DType dtype) {
  Tensor t = Tensor::empty(shape, dtype);
  UOpPtr buf = t.uop();
  while (buf->op() != Op::Buffer) buf = buf->src(0);
  return {t, buf->argAs<BufferArg>().id};
}

PipelineRun lowered(Device& device, const std::vector<UOpPtr>& roots) {
  std::optional<CodegenTarget> target;
  if (device.target()) target = runTarget(device, true);
  return runPipeline(roots, {.trace = false, .target = target});
}

} // namespace

class BoundScheduleTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void replaysWithTheBoundContents_data() {
    QTest::addColumn<QString>("device");
    QTest::newRow("CPU") << QStringLiteral("CPU");
    QTest::newRow("INTERP") << QStringLiteral("INTERP");
  }

  void replaysWithTheBoundContents() {
    QFETCH(QString, device);
    (void)test::kBackendDevicesRegistered;
    Device& d = openDevice(device.toStdString());
    Placeholder x = placeholder({8}, dtypes::int32);
    std::vector<UOpPtr> roots{(x.tensor * 3 - 1).uop(), (x.tensor % 5).uop()};
    BoundSchedule schedule(d, lowered(d, roots));
    std::unique_ptr<DeviceBuffer> input = d.allocate(dtypes::int32, 8);
    schedule.bind(x.id, *input);
    const DeviceBuffer* first = nullptr;
    for (int run = 0; run < 3; ++run) {
      HostTensor values(dtypes::int32, Shape{8});
      for (int64_t i = 0; i < 8; ++i) values.setInt(i, i * (run + 1) - 4);
      d.copyIn(*input, values);
      const std::vector<DeviceBuffer*>& out = schedule.run();
      QCOMPARE(out.size(), size_t{2});
      if (!first) first = out[0];
      QCOMPARE(out[0], first); // resolved once
      ReferenceEvaluator ref;
      ref.setBuffer(x.id, values);
      std::vector<HostTensor> want = ref.evaluate(roots);
      for (size_t k = 0; k < 2; ++k) {
        HostTensor got = d.copyOut(*out[k]);
        for (int64_t i = 0; i < 8; ++i) QCOMPARE(got.getInt(i), want[k].getInt(i));
      }
    }
    QVERIFY_THROWS_EXCEPTION(KernelError, schedule.bind(x.id, *input));
  }

  void anUnboundInputIsAnError() {
    Device& d = openDevice("CPU");
    Placeholder x = placeholder({4}, dtypes::float32);
    BoundSchedule schedule(d, lowered(d, {(x.tensor + 1.0).uop()}));
    QVERIFY_THROWS_EXCEPTION(KernelError, schedule.run());
  }
};

UOPSCOPE_TEST(BoundScheduleTest);
#include "test_bound_schedule.moc"
