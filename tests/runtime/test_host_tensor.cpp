// HostTensor storage and the dtype conversions under it: float16 and bfloat16
// rounding, Cast's saturation, integer wrapping.
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include "core/runtime/float_convert.h"

#include <QTest>

#include <bit>
#include <cstdint>
#include <cmath>
#include <limits>

using namespace uops;
using namespace uops::testing;

class TestHostTensor : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void storesRowMajorLittleEndian() {
    HostTensor t = HostTensor::fromInts(dtypes::int16, {2, 2}, {1, -2, 258, 0});
    QCOMPARE(t.numel(), int64_t(4));
    QCOMPARE(t.bytes().size(), size_t(8));
    QCOMPARE(std::to_integer<int>(t.bytes()[2]), 0xfe); // -2 = 0xfffe, low byte first
    QCOMPARE(std::to_integer<int>(t.bytes()[4]), 0x02); // 258 = 0x0102
    QCOMPARE(std::to_integer<int>(t.bytes()[5]), 0x01);
    QCOMPARE(show(t), qs("int16 (2, 2) [1, -2, 258, 0]"));
  }

  // the CPU kernels are told their buffers start on a cache line
  // (core/render/render_llvm.cpp's `!align`): every size, also after a copy
  // is unshared by a write
  void bytesStartOnACacheLine() {
    for (int64_t n : {1, 3, 17, 1000, 1 << 20}) {
      HostTensor t(dtypes::float32, Shape{n});
      QCOMPARE(reinterpret_cast<uintptr_t>(t.bytes().data()) % kCacheLineBytes, uintptr_t{0});
      HostTensor copy = t;
      QCOMPARE(reinterpret_cast<uintptr_t>(copy.mutableBytes().data()) % kCacheLineBytes, uintptr_t{0});
      QVERIFY(copy.bytes().data() != t.bytes().data());
    }
  }

  void copiesShareUntilWritten() {
    HostTensor a = HostTensor::fromInts(dtypes::int32, {2}, {1, 2});
    HostTensor b = a;
    b.setInt(0, 9);
    QCOMPARE(show(a), qs("int32 (2,) [1, 2]"));
    QCOMPARE(show(b), qs("int32 (2,) [9, 2]"));
  }

  void rejectsVectorDTypes() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, HostTensor(dtypes::float32.vec(4), {2}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                             HostTensor::fromInts(dtypes::int32, {3}, {1, 2}));
  }

  void halfRounding_data() {
    QTest::addColumn<double>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("0.1") << 0.1 << qs("0.0999755859375");
    QTest::newRow("max") << 65504.0 << qs("65504");
    QTest::newRow("below overflow midpoint") << 65519.99 << qs("65504");
    QTest::newRow("overflow midpoint, ties to even") << 65520.0 << qs("inf");
    QTest::newRow("min subnormal") << 3e-8 << qs("5.960464477539063e-08");
    QTest::newRow("underflow") << 1e-8 << qs("0");
    QTest::newRow("-0") << -0.0 << qs("-0");
    QTest::newRow("nan") << std::nan("") << qs("nan");
    QTest::newRow("-inf") << -std::numeric_limits<double>::infinity() << qs("-inf");
  }
  void halfRounding() {
    QFETCH(double, input);
    QFETCH(QString, expected);
    HostTensor t(dtypes::float16, {});
    t.setDouble(0, input);
    QCOMPARE(QString::fromStdString(showElement(t, 0)), expected);
  }

  void halfBits() {
    QCOMPARE(halfFromDouble(1.0), uint16_t(0x3c00));
    QCOMPARE(halfFromDouble(-2.0), uint16_t(0xc000));
    QCOMPARE(halfToDouble(0x0001), std::ldexp(1.0, -24));
  }

  void bfloat16Rounding_data() {
    QTest::addColumn<double>("input");
    QTest::addColumn<QString>("expected");
    // float32 1/3 is 0x3EAAAAAB: the dropped half 0xAAAB is above a tie, so round up to 0x3EAB.
    QTest::newRow("1/3") << double(1.0f / 3.0f) << qs("0.333984375");
    QTest::newRow("1+2^-8 ties to even (down)") << 1.00390625 << qs("1");
    QTest::newRow("1+3*2^-8 ties to even (up)") << 1.01171875 << qs("1.015625");
    // Rounding to float32 first would make this a tie and give 1: one rounding gives 1+2^-7.
    QTest::newRow("just above a tie, from double")
        << 1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -30) << qs("1.0078125");
    QTest::newRow("overflow") << 3.4e38 << qs("inf");
    QTest::newRow("nan") << std::nan("") << qs("nan");
  }
  void bfloat16Rounding() {
    QFETCH(double, input);
    QFETCH(QString, expected);
    HostTensor t(dtypes::bfloat16, {});
    t.setDouble(0, input);
    QCOMPARE(QString::fromStdString(showElement(t, 0)), expected);
  }

  void bfloat16KeepsNaN() {
    // A signalling NaN whose payload sits only in the low half would truncate to inf.
    QCOMPARE(bfloat16FromFloat(std::bit_cast<float>(0x7f800001u)), uint16_t(0x7fc0));
    QCOMPARE(bfloat16FromFloat(std::bit_cast<float>(0xffc00000u)), uint16_t(0xffc0));
    QCOMPARE(bfloat16FromFloat(1.0f), uint16_t(0x3f80));
    QCOMPARE(bfloat16FromFloat(-std::numeric_limits<float>::infinity()), uint16_t(0xff80));
  }

  void integersRoundOnceIntoFloats() {
    HostTensor bf(dtypes::bfloat16, {1});
    // 2^62 + 2^54 + 1 is just above the tie between 2^62 and 2^62 + 2^55; a double
    // (53 bits) would round it onto the tie.
    bf.setInt(0, (int64_t(1) << 62) + (int64_t(1) << 54) + 1);
    QCOMPARE(bf.getInt(0), (int64_t(1) << 62) + (int64_t(1) << 55));
    HostTensor f(dtypes::float32, {1});
    f.setInt(0, 16777217);
    QCOMPARE(f.getInt(0), int64_t(16777216));
    f.setUInt(0, std::numeric_limits<uint64_t>::max());
    QCOMPARE(QString::fromStdString(showElement(f, 0)), qs("1.8446744073709552e+19"));
  }

  void floatToIntSaturates_data() {
    QTest::addColumn<double>("input");
    QTest::addColumn<qlonglong>("int32");
    QTest::addColumn<qlonglong>("uint8");
    QTest::newRow("2.7") << 2.7 << 2LL << 2LL;
    QTest::newRow("-2.7") << -2.7 << -2LL << 0LL;
    QTest::newRow("3e9") << 3e9 << 2147483647LL << 255LL;
    QTest::newRow("-3e9") << -3e9 << -2147483648LL << 0LL;
    QTest::newRow("nan") << std::nan("") << 0LL << 0LL;
    QTest::newRow("inf") << std::numeric_limits<double>::infinity() << 2147483647LL << 255LL;
    QTest::newRow("255.9") << 255.9 << 255LL << 255LL;
  }
  void floatToIntSaturates() {
    QFETCH(double, input);
    QFETCH(qlonglong, int32);
    QFETCH(qlonglong, uint8);
    HostTensor a(dtypes::int32, {}), b(dtypes::uint8, {});
    a.setDouble(0, input);
    b.setDouble(0, input);
    QCOMPARE(qlonglong(a.getInt(0)), int32);
    QCOMPARE(qlonglong(b.getInt(0)), uint8);
  }

  void integersWrap() {
    HostTensor t(dtypes::int8, {3});
    t.setInt(0, 200);
    t.setInt(1, -129);
    t.setUInt(2, 0xffffffffffffff80ull);
    QCOMPARE(show(t), qs("int8 (3,) [-56, 127, -128]"));
    HostTensor u(dtypes::uint64, {1});
    u.setInt(0, -1);
    QCOMPARE(u.getUInt(0), std::numeric_limits<uint64_t>::max());
    QCOMPARE(u.getDouble(0), 18446744073709551616.0);
  }
};

UOPSCOPE_TEST(TestHostTensor);
#include "test_host_tensor.moc"
