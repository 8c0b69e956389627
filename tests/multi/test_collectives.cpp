// The spec's seven collectives, written as the spec writes them (reshape,
// expand, permute, Copy (Load to a device), Replicated, sum), on tuples of
// 1..8 devices and several shard sizes: each equals its single-device
// definition (computed here by loops) with the spec's placement, evaluated
// three ways: the logical graph on the reference evaluator, the multi-device
// split's per-device graphs on the reference evaluator reassembled, and the
// split run on virtual CPU devices.
#include "tests/support/test_registry.h"
#include "core/ir/build.h"
#include "core/pipeline/device_split.h"
#include "core/engine/program_run.h"
#include "core/engine/device_registry.h"
#include "core/runtime/zero_filled.h"
#include "tests/support/backend_devices.h"

#include <QtTest>

#include <set>

#include <fmt/format.h>

using namespace uops;

namespace {

DeviceArg tuple(int n) {
  DeviceArg d;
  for (int i = 0; i < n; ++i) d.names.push_back(i == 0 ? "CPU" : fmt::format("CPU:{}", i));
  return d;
}

UOpPtr copyTo(const UOpPtr& x, const DeviceArg& d) {
  return UOp::make(Op::Load, x->dtype(), {x}, LoadArg{d, AddrSpace::Global});
}
UOpPtr replicatedOn0(const UOpPtr& x) {
  Shape s = x->shape();
  s.erase(s.begin());
  return reshape(UOp::make(Op::Replicated, x->dtype(), {x}, Ints{0}), s);
}

// Distinct small integers as floats: sums are exact in any order.
std::vector<float> values(int64_t count) {
  std::vector<float> v;
  for (int64_t i = 0; i < count; ++i) v.push_back(static_cast<float>((i * 7 + 3) % 23 - 11));
  return v;
}

UOpPtr literal(const std::vector<float>& v) {
  std::string bytes(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
  UOpPtr data = UOp::make(Op::Binary, dtypes::uint8, {}, bytes);
  return reshape(bitcast(data, dtypes::float32), {static_cast<int64_t>(v.size())});
}

struct Case {
  std::string name;
  UOpPtr graph;
  std::vector<float> expected;
  int devices;       // placement: 1 (one device) or n
  std::optional<int> axis;
};

// T of shape (s,) on one device; Ts of shape (n*s,) on D, axis 0.
std::vector<Case> collectives(int n, int64_t s) {
  DeviceArg d = tuple(n);
  std::vector<float> t = values(s), ts = values(n * s);
  UOpPtr T = copyTo(literal(t), DeviceArg{{"CPU"}});
  UOpPtr Ts = copyTo(literal(ts), d);
  std::vector<float> sum(static_cast<size_t>(s), 0.f);
  for (int i = 0; i < n; ++i)
    for (int64_t k = 0; k < s; ++k) sum[static_cast<size_t>(k)] += ts[static_cast<size_t>(i * s + k)];
  auto broadcast = replicatedOn0(copyTo(expand(reshape(T, {1, s}), {n, s}), d));
  auto scatter = copyTo(T, d);
  auto gather = copyTo(Ts, DeviceArg{{"CPU"}});
  auto reduce = reshape(uops::reduce(reshape(gather, {n, s}), Op::Add, {0}), {s});
  auto allgather = replicatedOn0(copyTo(expand(reshape(Ts, {1, n * s}), {n, n * s}), d));
  // tinygrad's allreduce: a reduction over the shard axis
  auto reduceOverShards = reshape(uops::reduce(reshape(Ts, {n, s}), Op::Add, {0}), {s});
  std::vector<float> maxima(static_cast<size_t>(s), -1e30f);
  for (int i = 0; i < n; ++i)
    for (int64_t k = 0; k < s; ++k)
      maxima[static_cast<size_t>(k)] = std::max(maxima[static_cast<size_t>(k)], ts[static_cast<size_t>(i * s + k)]);
  auto maxOverShards = reshape(uops::reduce(reshape(Ts, {n, s}), Op::Max, {0}), {s});
  std::vector<Case> out{{"sum over the shard axis", reduceOverShards, sum, n, std::nullopt},
                        {"max over the shard axis", maxOverShards, maxima, n, std::nullopt},
                        {"broadcast", broadcast, t, n, std::nullopt},
                        {"gather", gather, ts, 1, std::nullopt},
                        {"reduce", reduce, sum, 1, std::nullopt},
                        {"allgather", allgather, ts, n, std::nullopt}};
  if (s % n == 0) {
    out.push_back({"scatter", scatter, t, n, 0});
    auto reduceScatter = reshape(
        uops::reduce(copyTo(permute(reshape(Ts, {n, n, s / n}), {1, 0, 2}), d), Op::Add, {1}), {s});
    out.push_back({"reduce_scatter", reduceScatter, sum, n, 0});
    auto allreduce = replicatedOn0(copyTo(expand(reshape(reduceScatter, {1, s}), {n, s}), d));
    out.push_back({"allreduce", allreduce, sum, n, std::nullopt});
  }
  return out;
}

std::vector<float> floats(const HostTensor& v) {
  std::vector<float> out;
  for (int64_t i = 0; i < v.numel(); ++i) out.push_back(static_cast<float>(v.getDouble(i)));
  return out;
}

} // namespace

class TestCollectives : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void collectives_data() {
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("s");
    for (int n = 1; n <= 8; ++n)
      for (int s : {n, 2 * n, 3})
        QTest::newRow(fmt::format("{} devices, {} per shard", n, s).c_str()) << n << s;
  }

  void collectives() {
    QFETCH(int, n);
    QFETCH(int, s);
    for (const Case& c : ::collectives(n, s)) {
      QVERIFY2(c.graph->shapeValid(), c.name.c_str());
      int devices = c.graph->device() ? static_cast<int>(c.graph->device()->names.size()) : 0;
      QCOMPARE(devices, c.devices);
      // one device is no tuple: nothing is sharded
      std::optional<int> axis = n > 1 ? c.axis : std::nullopt;
      QCOMPARE(c.graph->axis().has_value(), axis.has_value());
      if (axis) QCOMPARE(*c.graph->axis(), *axis);
      // the logical graph
      QVERIFY2(floats(zeroFilledEvaluator().evaluate(std::vector<UOpPtr>{c.graph})[0]) == c.expected, c.name.c_str());
      // the split, each part on the reference evaluator, reassembled
      DeviceSplit split = splitDevices({c.graph});
      for (const UOp* u : toposort(std::span<const UOpPtr>(split.roots)))
        QVERIFY2(!u->device() || !u->device()->isTuple(), c.name.c_str());
      std::vector<HostTensor> parts = zeroFilledEvaluator().evaluate(split.roots);
      QVERIFY2(floats(assembleOutput(split.outputs[0], parts)) == c.expected, c.name.c_str());
      // on n virtual CPU devices
      DeviceRun run = runProgram(openDevice("CPU"), {c.graph});
      QVERIFY2(floats(run.outputs[0]) == c.expected, c.name.c_str());
      // a sharded result is computed on every device (a replicated one is read from one replica)
      if (axis) QCOMPARE(run.devices, static_cast<int64_t>(n));
    }
  }

  // Shards of one tuple on one device each: the copies a scatter makes go
  // from the source's device to each other device, and the timeline says so.
  void scatterCopiesOncePerOtherDevice() {
    UOpPtr T = copyTo(literal(values(8)), DeviceArg{{"CPU"}});
    DeviceRun run = runProgram(openDevice("CPU"), {uops::reduce(copyTo(T, tuple(4)), Op::Add, {0})});
    QCOMPARE(run.devices, int64_t{4});
    std::set<std::string> lanes;
    for (const TimelineEvent& e : run.timeline) lanes.insert(e.device);
    QCOMPARE(lanes.size(), size_t{4});
    QVERIFY(run.copies >= 3);
  }
};

UOPSCOPE_TEST(TestCollectives);
#include "test_collectives.moc"
