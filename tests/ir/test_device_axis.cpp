// The device and axis derived properties.
#include "tests/support/test_registry.h"
#include "tests/ir/ir_test.h"

#include "core/ir/shape.h"

#include <QTest>

using namespace uops;
using irtest::qs;

namespace {

UOpPtr onCpu(const Shape& shape) {
  return reshape(buffer(1, dtypes::float32, shapeProduct(shape), irtest::cpu()), shape);
}
// (16,) split over two devices: axis 0.
UOpPtr sharded() {
  return buffer(2, dtypes::float32, 8, irtest::twoCL());
}
UOpPtr load(const UOpPtr& x, std::optional<DeviceArg> to) {
  return UOp::make(Op::Load, x->dtype(), {x}, LoadArg{std::move(to), AddrSpace::Global});
}

QString deviceOf(const UOpPtr& u) {
  return u->device() ? qs(toString(*u->device())) : QStringLiteral("none");
}

} // namespace

class TestDeviceAxis : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void device_data();
  void device();
  void axis_data();
  void axis();
};

void TestDeviceAxis::device_data() {
  QTest::addColumn<UOpPtr>("node");
  QTest::addColumn<QString>("device");
  QTest::newRow("buffer") << onCpu({4}) << QStringLiteral("CPU");
  QTest::newRow("buffer on a tuple") << sharded() << QStringLiteral("(\"CL:0\", \"CL:1\")");
  QTest::newRow("const has none") << constIndex(1) << QStringLiteral("none");
  QTest::newRow("range has none") << range(4, 0) << QStringLiteral("none");
  QTest::newRow("param from arg") << param(0, dtypes::float32, {2}, DeviceArg{{"CL:1"}})
                                  << QStringLiteral("CL:1");
  QTest::newRow("param without one") << param(0, dtypes::float32, {2}) << QStringLiteral("none");
  QTest::newRow("movement: src[0]") << permute(onCpu({2, 2}), {1, 0}) << QStringLiteral("CPU");
  QTest::newRow("reduce: src[0]") << reduce(sharded(), Op::Add, {0})
                                  << QStringLiteral("(\"CL:0\", \"CL:1\")");
  QTest::newRow("alu with a const first") << 2 * onCpu({4}) << QStringLiteral("CPU");
  QTest::newRow("load to another device")
      << load(onCpu({4}), DeviceArg{{"CL:0"}}) << QStringLiteral("CL:0");
  QTest::newRow("load to a tuple")
      << load(onCpu({4}), irtest::twoCL()) << QStringLiteral("(\"CL:0\", \"CL:1\")");
  QTest::newRow("load in place") << load(onCpu({4}), std::nullopt) << QStringLiteral("CPU");
  UOpPtr p = param(0, dtypes::float32, {4});
  UOpPtr fn =
      UOp::make(Op::Function, dtypes::void_,
                {UOp::make(Op::Tuple, dtypes::void_, {p * 2}), load(onCpu({4}), DeviceArg{{"CL:0"}})});
  QTest::newRow("function: src[1]") << fn << QStringLiteral("CL:0");
  QTest::newRow("gettuple of a function")
      << UOp::make(Op::GetTuple, dtypes::float32, {fn}, int64_t(0)) << QStringLiteral("CL:0");
  QTest::newRow("store: the buffer's")
      << UOp::make(Op::Store, dtypes::void_, {onCpu({4}), onCpu({4}) + 1}) << QStringLiteral("CPU");
}

void TestDeviceAxis::device() {
  QFETCH(UOpPtr, node);
  QFETCH(QString, device);
  QCOMPARE(deviceOf(node), device);
}

void TestDeviceAxis::axis_data() {
  QTest::addColumn<UOpPtr>("node");
  QTest::addColumn<int>("axis"); // -1: none
  UOpPtr s2x8 = reshape(sharded(), {2, 8});
  QTest::newRow("single-device buffer") << onCpu({16}) << -1;
  QTest::newRow("tuple buffer: the device dim") << sharded() << 0;
  QTest::newRow("reshape keeps the shard boundary") << s2x8 << 0;
  QTest::newRow("reshape moving the boundary right") << reshape(sharded(), {1, 16}) << 1;
  QTest::newRow("reshape splitting further") << reshape(s2x8, {2, 2, 4}) << 0;
  QTest::newRow("permute follows") << permute(s2x8, {1, 0}) << 1;
  QTest::newRow("reduce on the shard axis") << reduce(s2x8, Op::Add, {0}) << -1;
  QTest::newRow("reduce elsewhere") << reduce(s2x8, Op::Add, {1}) << 0;
  QTest::newRow("replicated on the shard axis")
      << UOp::make(Op::Replicated, dtypes::float32, {s2x8}, Ints{0}) << -1;
  QTest::newRow("replicated elsewhere")
      << UOp::make(Op::Replicated, dtypes::float32, {s2x8}, Ints{1}) << 0;
  QTest::newRow("load to a tuple device") << load(onCpu({16}), irtest::twoCL()) << 0;
  QTest::newRow("load to one device (gather)") << load(sharded(), DeviceArg{{"CL:0"}}) << -1;
  QTest::newRow("elementwise inherits") << sharded() * 2 << 0;
  QTest::newRow("elementwise inherits from any source") << onCpu({16}) + sharded() << 0;
  QTest::newRow("mismatched axes: the last source's")
      << s2x8 + permute(reshape(s2x8, {8, 2}), {1, 0}) << 1;
  QTest::newRow("mismatched axes the other way")
      << permute(reshape(s2x8, {8, 2}), {1, 0}) + s2x8 << 0;
  QTest::newRow("shrink keeping the whole shard axis") << shrink(s2x8, {0, 2}, {2, 4}) << 0;
  QTest::newRow("shrink within the shard axis") << shrink(s2x8, {1, 0}, {1, 8}) << -1;
  QTest::newRow("expand keeps") << expand(reshape(sharded(), {16, 1}), {16, 3}) << 0;
  QTest::newRow("stack shifts by the new axis")
      << UOp::make(Op::Stack, dtypes::float32, {s2x8, s2x8}) << 1;
  QTest::newRow("index removing the shard axis")
      << UOp::make(Op::Index, dtypes::float32, {s2x8, constIndex(0)}) << -1;
  QTest::newRow("index before the shard axis")
      << UOp::make(Op::Index, dtypes::float32, {permute(s2x8, {1, 0}), constIndex(0)}) << 0;
  QTest::newRow("const") << constIndex(3) << -1;
  QTest::newRow("no shape, no axis") << reshape(sharded(), {3}) << -1;
  QTest::newRow("reshape of a permute without a shape")
      << reshape(UOp::make(Op::Permute, dtypes::float32, {sharded()}, Ints{3, 0}), {16}) << -1;
}

void TestDeviceAxis::axis() {
  QFETCH(UOpPtr, node);
  QFETCH(int, axis);
  QCOMPARE(node->axis().value_or(-1), axis);
}

UOPSCOPE_TEST(TestDeviceAxis);
#include "test_device_axis.moc"
