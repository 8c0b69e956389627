// The `uopc run --json` output: exact text for each kind of value.
#include "tests/support/test_registry.h"
#include "runtime/runtime_test_util.h"

#include "core/runtime/json_output.h"

#include <QTest>

#include <cmath>
#include <limits>

using namespace uops;
using namespace uops::testing;

namespace {

QString runText(std::vector<HostTensor> outputs, int64_t kernels = 0) {
  return QString::fromStdString(formatRunJson(outputs, kernels));
}

QString tensorText(const HostTensor& t) {
  return QString::fromStdString(formatJsonLine(tensorJson(t)));
}

} // namespace

class TestJsonOutput : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void theContractsExample() {
    auto t = HostTensor::fromDoubles(dtypes::float32, {3}, {1.0, 2.5, 3.0});
    QCOMPARE(
        runText({t}, 4),
        qs(R"({"outputs": [{"dtype": "float32", "shape": [3], "data": [1.0, 2.5, 3.0]}], "kernels": 4})"));
  }

  void floatsRoundTripAndSpecialValues() {
    const double inf = std::numeric_limits<double>::infinity();
    auto t = HostTensor::fromDoubles(dtypes::float32, {2, 3},
                                     {0.1, std::nan(""), inf, -inf, -0.0, 1e30});
    QCOMPARE(
        tensorText(t),
        qs(R"({"dtype": "float32", "shape": [2, 3], "data": [0.10000000149011612, "nan", "inf", "-inf", -0.0, 1.0000000150474662e+30]})"));
    // The printed number reads back to the same float32.
    auto parsed = nlohmann::json::parse(formatJsonLine(tensorJson(t)));
    QCOMPARE(static_cast<float>(parsed["data"][0].get<double>()), 0.1f);
    QCOMPARE(static_cast<float>(parsed["data"][5].get<double>()), 1e30f);
  }

  void narrowFloatsAndDouble() {
    QCOMPARE(tensorText(HostTensor::fromDoubles(dtypes::float16, {1}, {0.1})),
             qs(R"({"dtype": "float16", "shape": [1], "data": [0.0999755859375]})"));
    QCOMPARE(tensorText(HostTensor::fromDoubles(dtypes::bfloat16, {1}, {1.0 / 3})),
             qs(R"({"dtype": "bfloat16", "shape": [1], "data": [0.333984375]})"));
    QCOMPARE(tensorText(HostTensor::fromDoubles(dtypes::float64, {1}, {0.1})),
             qs(R"({"dtype": "float64", "shape": [1], "data": [0.1]})"));
  }

  void integersAndBools() {
    QCOMPARE(tensorText(HostTensor::fromInts(dtypes::bool_, {2}, {1, 0})),
             qs(R"({"dtype": "bool", "shape": [2], "data": [true, false]})"));
    HostTensor u(dtypes::uint64, {2});
    u.setUInt(0, std::numeric_limits<uint64_t>::max());
    u.setUInt(1, 7);
    QCOMPARE(tensorText(u),
             qs(R"({"dtype": "uint64", "shape": [2], "data": [18446744073709551615, 7]})"));
    QCOMPARE(
        tensorText(HostTensor::fromInts(dtypes::int64, {1}, {std::numeric_limits<int64_t>::min()})),
        qs(R"({"dtype": "int64", "shape": [1], "data": [-9223372036854775808]})"));
    QCOMPARE(tensorText(HostTensor::fromInts(dtypes::int8, {2}, {-5, 127})),
             qs(R"({"dtype": "int8", "shape": [2], "data": [-5, 127]})"));
    QCOMPARE(tensorText(HostTensor::fromInts(dtypes::uint16, {1}, {65535})),
             qs(R"({"dtype": "uint16", "shape": [1], "data": [65535]})"));
  }

  void scalarsAndEmptyTensors() {
    QCOMPARE(tensorText(HostTensor::fromInts(dtypes::int32, {}, {5})),
             qs(R"({"dtype": "int32", "shape": [], "data": [5]})"));
    QCOMPARE(tensorText(HostTensor(dtypes::float32, {2, 0})),
             qs(R"({"dtype": "float32", "shape": [2, 0], "data": []})"));
  }

  void severalOutputs() {
    auto a = HostTensor::fromInts(dtypes::int32, {2}, {1, 2});
    auto b = HostTensor::fromDoubles(dtypes::float32, {}, {0.5});
    QCOMPARE(
        runText({a, b}, 2),
        qs(R"({"outputs": [{"dtype": "int32", "shape": [2], "data": [1, 2]}, {"dtype": "float32", "shape": [], "data": [0.5]}], "kernels": 2})"));
    QCOMPARE(runText({}, 0), qs(R"({"outputs": [], "kernels": 0})"));
    // The text is the JSON object runJson builds.
    std::vector<HostTensor> outputs{a, b};
    QVERIFY(nlohmann::ordered_json::parse(formatRunJson(outputs, 2)) == runJson(outputs, 2));
  }

  void evaluatedGraph() {
    auto t = reduce(arange(dtypes::float32, {2, 2}) * constant(dtypes::float32, 0.5), Op::Add, {1});
    QCOMPARE(
        runText({eval(t)}, 1),
        qs(R"({"outputs": [{"dtype": "float32", "shape": [2, 1], "data": [0.5, 2.5]}], "kernels": 1})"));
  }
};

UOPSCOPE_TEST(TestJsonOutput);
#include "test_json_output.moc"
