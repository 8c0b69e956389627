// The Exp2, Log2 and Sin decompositions, evaluated by the reference evaluator
// (each primitive with its exact semantics) and measured in ulp against libm:
// float32 over the whole range of bit patterns, float64 on samples, float16 and
// bfloat16 exhaustively, and the IEEE special values one by one.
//
// The default sweep keeps CI short (about 200k float32 patterns per function).
// UOPSCOPE_TRANSCENDENTAL_FULL=1 runs the dense sweep quoted in the comments:
// every 97th float32 bit pattern (44.3M inputs) and 1M float64 inputs per
// distribution; it takes tens of minutes, so raise QtTest's watchdog with it
// (QTEST_FUNCTION_TIMEOUT=7200000).
#include "tests/support/test_registry.h"
#include "core/ir/build.h"
#include "core/ir/graph_walk.h"
#include "core/ir/verify.h"
#include "core/pipeline/transcendental.h"
#include "core/runtime/float_convert.h"
#include "core/runtime/reference_evaluator.h"

#include <QTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

using namespace uops;

namespace {

using Decompose = UOpPtr (*)(const UOpPtr&, DecomposeWith);

bool fullSweep() {
  return qEnvironmentVariableIntValue("UOPSCOPE_TRANSCENDENTAL_FULL") != 0;
}

// Evaluates decompose(x) for every input, up to 16k inputs per evaluation: the
// graph is built once over a Param of shape (chunk,), so one evaluation covers a
// chunk (the last one padded with zeros).
template <class T>
std::vector<T> evaluate(Decompose decompose, DType dtype, const std::vector<T>& inputs,
                        DecomposeWith with = {}) {
  const int64_t chunk = std::min<int64_t>(1 << 14, static_cast<int64_t>(inputs.size()));
  UOpPtr x = param(0, dtype, {chunk});
  UOpPtr root = decompose(x, with);
  ReferenceEvaluator evaluator;
  std::vector<T> out(inputs.size());
  std::vector<T> block(chunk);
  for (size_t at = 0; at < inputs.size(); at += chunk) {
    size_t n = std::min<size_t>(chunk, inputs.size() - at);
    std::fill(block.begin(), block.end(), T(0));
    std::copy_n(inputs.begin() + static_cast<std::ptrdiff_t>(at), n, block.begin());
    auto bytes = std::as_bytes(std::span<const T>(block));
    evaluator.setParam(0, HostTensor::fromBytes(dtype, {chunk}, bytes));
    HostTensor result = evaluator.evaluate(root);
    std::memcpy(out.data() + at, result.bytes().data(), n * sizeof(T));
  }
  return out;
}

// Error of `got` in units of the last place of the exact value `want`
// (float32: p = 24, emin = -126; float64 measured against long double).
double ulpError(double got, long double want, int p, int emin) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got) ? 0 : 1e30;
  if (std::isinf(got) || std::isinf(want)) {
    // An exact value beyond the largest float correctly rounds to inf.
    double rounded = p == 24 ? double(float(want)) : double(want);
    return got == rounded ? 0 : 1e30;
  }
  int e = std::max(want == 0 ? emin : ilogbl(want), emin);
  return double(fabsl((long double)got - want) / ldexpl(1.0L, e - (p - 1)));
}

struct Worst {
  double ulp = 0;
  double at = 0;
  void add(double err, double x) {
    if (err > ulp || std::isnan(err)) ulp = err, at = x;
  }
  QByteArray text() const {
    return QByteArray::fromStdString(fmt::format("{:.3f} ulp at {:a} ({:.9g})", ulp, at, at));
  }
};

// libm's value in double, the reference the spec's evaluator uses too.
double reference(Op op, double x) {
  if (op == Op::Exp2) return std::exp2(x);
  if (op == Op::Log2) return std::log2(x);
  return std::sin(x);
}
long double referenceLong(Op op, long double x) {
  if (op == Op::Exp2) return exp2l(x);
  if (op == Op::Log2) return log2l(x);
  return sinl(x);
}
Decompose decomposition(Op op) {
  if (op == Op::Exp2) return decomposeExp2;
  if (op == Op::Log2) return decomposeLog2;
  return decomposeSin;
}

// Bit patterns the samples always include: signed zeros, the subnormal and normal
// edges, infinities and NaN, every power of two, and the floats nearest to
// multiples of pi/2 (where sin's reduction cancels most).
std::vector<float> float32Specials() {
  std::vector<float> v = {0.f,
                          -0.f,
                          std::numeric_limits<float>::denorm_min(),
                          std::numeric_limits<float>::min(),
                          std::numeric_limits<float>::max(),
                          std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::quiet_NaN(),
                          0x1.921fb6p+0f,
                          1e22f,
                          0x1.fffffep+127f};
  for (int e = -149; e <= 127; ++e)
    v.push_back(std::ldexp(1.0f, e));
  for (int e = -3; e <= 127; ++e) {
    long double k = std::nearbyint(ldexpl(1.0L, e) / (M_PIl / 2));
    float near = float(k * (M_PIl / 2));
    v.push_back(near);
    v.push_back(std::nextafter(near, 0.f));
    v.push_back(std::nextafter(near, 1e38f));
  }
  // The float32 at or above 2^12 nearest to a multiple of pi/2, found by an
  // exhaustive search: |x - k pi/2| = 1.6e-9 (2^-29.2) at k odd, so sin x is
  // nearly -1; twice it is nearest to an even multiple, sin = -3.2295396e-9.
  v.push_back(0x1.f37c8ap+95f);
  v.push_back(0x1.f37c8ap+96f);
  size_t n = v.size();
  for (size_t i = 0; i < n; ++i)
    v.push_back(-v[i]);
  return v;
}

// Every `step`-th float32 bit pattern and the specials.
std::vector<float> float32Sample(uint64_t step) {
  std::vector<float> v = float32Specials();
  for (uint64_t b = 0; b < (uint64_t{1} << 32); b += step)
    v.push_back(std::bit_cast<float>(uint32_t(b)));
  return v;
}

struct Float32Result {
  Worst exact;         // against the exact value
  int64_t maxDist = 0; // against libm's value rounded to float32, in whole ulps
  double maxDistAt = 0;
};

int64_t orderedBits(float f) {
  int32_t i = std::bit_cast<int32_t>(f);
  return i < 0 ? -int64_t(i & 0x7FFFFFFF) : int64_t(i);
}

Float32Result measureFloat32(Op op, const std::vector<float>& in, bool fused) {
  std::vector<float> out = evaluate(decomposition(op), dtypes::float32, in, {.fma = fused});
  Float32Result r;
  for (size_t i = 0; i < in.size(); ++i) {
    double want = reference(op, double(in[i]));
    r.exact.add(ulpError(out[i], want, 24, -126), in[i]);
    float rounded = float(want);
    int64_t dist = std::isnan(rounded) || std::isnan(out[i])
                       ? (std::isnan(rounded) == std::isnan(out[i]) ? 0 : int64_t{1} << 40)
                       : std::llabs(orderedBits(out[i]) - orderedBits(rounded));
    if (dist > r.maxDist) r.maxDist = dist, r.maxDistAt = in[i];
  }
  return r;
}

// float64 inputs: random bit patterns plus uniform draws from [lo, hi].
std::vector<double> float64Sample(size_t n, double lo, double hi, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> uniform(lo, hi);
  std::vector<double> v = {0.0,
                           -0.0,
                           1.0,
                           std::numeric_limits<double>::denorm_min(),
                           std::numeric_limits<double>::min(),
                           std::numeric_limits<double>::max(),
                           6381956970095103.0 * 0x1p797}; // nearest double to a multiple of pi/2
  for (size_t i = 0; i < n; ++i)
    v.push_back(std::bit_cast<double>(rng()));
  for (size_t i = 0; i < n; ++i)
    v.push_back(uniform(rng));
  return v;
}

Worst measureFloat64(Op op, const std::vector<double>& in, bool fused) {
  std::vector<double> out = evaluate(decomposition(op), dtypes::float64, in, {.fma = fused});
  Worst w;
  for (size_t i = 0; i < in.size(); ++i)
    w.add(ulpError(out[i], referenceLong(op, in[i]), 53, -1022), in[i]);
  return w;
}

// One input through the float32 decomposition, for the exact special cases.
float one(Decompose decompose, float x) {
  return evaluate(decompose, dtypes::float32, std::vector<float>{x})[0];
}
int opCount(const UOpPtr& root, Op op) {
  int n = 0;
  for (const UOp* u : toposort(*root))
    n += u->op() == op;
  return n;
}
template <class T> bool sameBits(T a, T b) {
  using Bits = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;
  return std::bit_cast<Bits>(a) == std::bit_cast<Bits>(b);
}
// The same bits, or NaN both (a NaN's payload aside).
template <class T> bool sameValue(T a, T b) {
  return sameBits(a, b) || (std::isnan(a) && std::isnan(b));
}

// exp2 decomposed with `first` and with `second` gives the same values, NaN where NaN, on every
// input (checks with QVERIFY2: a caller looks at QTest::currentTestFailed() after it).
void expectSameExp2(const std::vector<float>& in32, const std::vector<double>& in64,
                    DecomposeWith first, DecomposeWith second) {
  const std::vector<float> a = evaluate(decomposeExp2, dtypes::float32, in32, first);
  const std::vector<float> b = evaluate(decomposeExp2, dtypes::float32, in32, second);
  for (size_t i = 0; i < in32.size(); ++i)
    QVERIFY2(sameValue(a[i], b[i]), qPrintable(QStringLiteral("exp2(%1): %2 against %3")
                                                   .arg(double(in32[i]), 0, 'g', 9)
                                                   .arg(double(a[i]), 0, 'g', 9)
                                                   .arg(double(b[i]), 0, 'g', 9)));
  const std::vector<double> c = evaluate(decomposeExp2, dtypes::float64, in64, first);
  const std::vector<double> d = evaluate(decomposeExp2, dtypes::float64, in64, second);
  for (size_t i = 0; i < in64.size(); ++i)
    QVERIFY2(sameValue(c[i], d[i]),
             qPrintable(QStringLiteral("exp2(%1)").arg(in64[i], 0, 'g', 17)));
}

} // namespace

class TestTranscendental : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void onlyPrimitives_data();
  void onlyPrimitives();
  void exp2Specials();
  void exp2WithoutCasts();
  void log2Specials();
  void sinSpecials();
  void float32Sweep_data();
  void float32Sweep();
  void float64Sweep_data();
  void float64Sweep();
  void halfPrecision_data();
  void halfPrecision();
  void shapedInput();
  void fusedPolynomialsAreFma();
  void exp2LdexpIsTheSameScale();
  void exp2ScalesZeroBelowTheSubnormals();
  void exp2LeavesOutClampsItsInputPassed();
  void exp2ByFractionIsTheClampedForm();
};

void TestTranscendental::onlyPrimitives_data() {
  QTest::addColumn<int>("op");
  QTest::addColumn<int>("scalar");
  for (Op op : {Op::Exp2, Op::Log2, Op::Sin})
    for (ScalarType t :
         {ScalarType::Float16, ScalarType::BFloat16, ScalarType::Float32, ScalarType::Float64})
      QTest::addRow("%s %s", opName(op).data(), scalarNumpyName(t).data()) << int(op) << int(t);
}

// Instruction Selection may leave only the spec's primitives: besides the input,
// every node is a Const, a primitive elementwise op or a Bitcast.
void TestTranscendental::onlyPrimitives() {
  QFETCH(int, op);
  QFETCH(int, scalar);
  DType d = static_cast<ScalarType>(scalar);
  UOpPtr x = param(0, d, {});
  UOpPtr root = decomposition(static_cast<Op>(op))(x, {});
  QVERIFY(root->dtype() == d);
  QVERIFY(root->shape().empty());
  std::vector<VerifyError> errors = verify(root);
  QVERIFY2(errors.empty(), formatErrors(errors).c_str());
  for (const UOp* u : toposort(*root)) {
    Op o = u->op();
    bool ok = u == x.get() || u == x->src(0).get() || o == Op::Const ||
              (opGroup(o) == OpGroup::Elementwise) || o == Op::Bitcast;
    QVERIFY2(ok, opName(o).data());
  }
}

void TestTranscendental::exp2Specials() {
  const float inf = std::numeric_limits<float>::infinity();
  QVERIFY(std::isnan(one(decomposeExp2, std::nanf(""))));
  QCOMPARE(one(decomposeExp2, inf), inf);
  QVERIFY(sameBits(one(decomposeExp2, -inf), 0.f));
  QCOMPARE(one(decomposeExp2, 0.f), 1.f);
  QCOMPARE(one(decomposeExp2, -0.f), 1.f);
  QCOMPARE(one(decomposeExp2, 128.f), inf); // overflow
  QCOMPARE(one(decomposeExp2, 1e30f), inf);
  QVERIFY(sameBits(one(decomposeExp2, -150.f), 0.f)); // 2^-150 ties to even: 0
  QVERIFY(sameBits(one(decomposeExp2, -1e30f), 0.f));
  QCOMPARE(one(decomposeExp2, -149.5f), std::numeric_limits<float>::denorm_min());
  QCOMPARE(one(decomposeExp2, 0x1.fffffep+6f),
           std::exp2f(0x1.fffffep+6f)); // just below 128: finite
  // Every integer gives its power of two exactly, subnormals included.
  std::vector<float> in;
  for (int k = -149; k <= 127; ++k)
    in.push_back(float(k));
  std::vector<float> out = evaluate(decomposeExp2, dtypes::float32, in);
  for (size_t i = 0; i < in.size(); ++i)
    QCOMPARE(out[i], std::ldexp(1.0f, int(in[i])));
}

// exp2 builds 2^q from the integer bits of a shifted float: no float-to-int Cast,
// whose range guards cost more than the rest on the CPU (a Cast of float32 to
// uint32 renders as seven instructions), and its polynomial is plain Horner:
// softmax and gelu on the CPU spend most of their time in these nodes.
void TestTranscendental::exp2WithoutCasts() {
  // Nodes with Consts: 53 and 71, 4 of them the polynomial's 0 below the subnormals
  // (70 and 88 with 1 + c1 s carried exactly and the scale's halves from a second
  // shifted float; 87 and 105 with TwoProduct and Casts).
  for (auto [d, most] : {std::pair{dtypes::float32, size_t{53}}, {dtypes::float64, size_t{71}}}) {
    UOpPtr x = param(0, d, {});
    UOpPtr root = decomposeExp2(x); // toposort's pointers live as long as the root
    std::vector<const UOp*> nodes = toposort(*root);
    for (const UOp* u : nodes)
      QVERIFY2(u->op() != Op::Cast, toString(d).c_str());
    QVERIFY2(nodes.size() <= most, QByteArray::number(qulonglong(nodes.size())));
  }
}

void TestTranscendental::log2Specials() {
  const float inf = std::numeric_limits<float>::infinity();
  QVERIFY(std::isnan(one(decomposeLog2, std::nanf(""))));
  QCOMPARE(one(decomposeLog2, inf), inf);
  QVERIFY(std::isnan(one(decomposeLog2, -inf)));
  QVERIFY(std::isnan(one(decomposeLog2, -1.f)));
  QVERIFY(std::isnan(one(decomposeLog2, -std::numeric_limits<float>::denorm_min())));
  QCOMPARE(one(decomposeLog2, 0.f), -inf);
  QCOMPARE(one(decomposeLog2, -0.f), -inf);
  QVERIFY(sameBits(one(decomposeLog2, 1.f), 0.f)); // exactly +0
  // Every power of two gives its exponent exactly, subnormals included.
  std::vector<float> in;
  for (int k = -149; k <= 127; ++k)
    in.push_back(std::ldexp(1.0f, k));
  std::vector<float> out = evaluate(decomposeLog2, dtypes::float32, in);
  for (size_t i = 0; i < in.size(); ++i)
    QCOMPARE(out[i], float(int(i) - 149));
}

void TestTranscendental::sinSpecials() {
  const float inf = std::numeric_limits<float>::infinity();
  QVERIFY(std::isnan(one(decomposeSin, std::nanf(""))));
  QVERIFY(std::isnan(one(decomposeSin, inf)));
  QVERIFY(std::isnan(one(decomposeSin, -inf)));
  QVERIFY(sameBits(one(decomposeSin, 0.f), 0.f));
  QVERIFY(sameBits(one(decomposeSin, -0.f), -0.f));
  const float tiny = std::numeric_limits<float>::denorm_min();
  QCOMPARE(one(decomposeSin, -tiny), -tiny);
  QCOMPARE(one(decomposeSin, 1e-20f), 1e-20f);
  // Odd: sin(-x) = -sin(x) bit for bit, at every magnitude.
  std::vector<float> in = float32Specials();
  std::vector<float> out = evaluate(decomposeSin, dtypes::float32, in);
  size_t half = in.size() / 2;
  for (size_t i = 0; i < half; ++i)
    if (!std::isnan(out[i])) QVERIFY2(sameBits(out[i], -out[i + half]), QByteArray::number(in[i]));
}

void TestTranscendental::float32Sweep_data() {
  QTest::addColumn<int>("op");
  QTest::addColumn<double>("bound");
  QTest::addColumn<bool>("fused");
  // Measured with the full sweep (every 97th pattern, 44.3M inputs), against the
  // exact value: log2 0.771 ulp at 0x1.65a2dap+0, sin 0.755 ulp at -0x1.85c5ecp+4,
  // both faithful (below 1 ulp). exp2's plain Horner polynomial is not always:
  // 1.083 ulp at -0x1.b3ffc6p+5 (s near -1/2, where 2^s's ulp is smallest; 200M
  // random patterns and every float32 in [-1, 1] at 1e-7 steps). None of the three
  // is more than 1 ulp from libm's rounded value.
  // With Fma (CodegenTarget::fusedMultiplyAdd) the same bounds hold.
  for (bool fused : {false, true}) {
    const char* how = fused ? " fused" : "";
    QTest::addRow("exp2%s", how) << int(Op::Exp2) << 1.1 << fused;
    QTest::addRow("log2%s", how) << int(Op::Log2) << 1.0 << fused;
    QTest::addRow("sin%s", how) << int(Op::Sin) << 1.0 << fused;
  }
}

void TestTranscendental::float32Sweep() {
  QFETCH(int, op);
  QFETCH(double, bound);
  QFETCH(bool, fused);
  Float32Result r =
      measureFloat32(static_cast<Op>(op), float32Sample(fullSweep() ? 97 : 21481), fused);
  qInfo("%s",
        fmt::format("{}: {}; at most {} ulp from libm rounded (at {:a})",
                    opName(static_cast<Op>(op)), r.exact.text().constData(), r.maxDist, r.maxDistAt)
            .c_str());
  QVERIFY2(r.exact.ulp < bound, r.exact.text());
  QVERIFY2(r.maxDist <= 1, QByteArray::number(r.maxDistAt, 'a'));
}

void TestTranscendental::float64Sweep_data() {
  QTest::addColumn<int>("op");
  QTest::addColumn<double>("lo");
  QTest::addColumn<double>("hi");
  QTest::addColumn<double>("bound");
  QTest::addColumn<bool>("fused");
  // Random bit patterns plus a uniform range where the function is not trivially
  // saturated; measured with the full sweep (1M + 1M inputs each, against long
  // double libm): exp2 1.055 ulp at -0x1.c57ad52d7ccc2p+8 (plain Horner, as for
  // float32), log2 0.764 ulp at 0x1.67a4fb31f6ba5p+0, sin 0.735 ulp at -0x1.744f0f40bb787p+20
  // (with uniform |x| < 2e6) and 0.728 ulp at -0x1.23ea00b0886p+69 (uniform up to
  // 1e22); the bit patterns reach 1.8e308 through Payne-Hanek.
  for (bool fused : {false, true}) {
    const char* how = fused ? " fused" : "";
    QTest::addRow("exp2%s", how) << int(Op::Exp2) << -1100.0 << 1100.0 << 1.1 << fused;
    QTest::addRow("log2%s", how) << int(Op::Log2) << 0.0 << 4.0 << 1.0 << fused;
    QTest::addRow("sin moderate%s", how) << int(Op::Sin) << -2e6 << 2e6 << 1.0 << fused;
    QTest::addRow("sin large%s", how) << int(Op::Sin) << -1e22 << 1e22 << 1.0 << fused;
  }
}

void TestTranscendental::float64Sweep() {
  QFETCH(int, op);
  QFETCH(double, lo);
  QFETCH(double, hi);
  QFETCH(double, bound);
  QFETCH(bool, fused);
  size_t n = fullSweep() ? 1000000 : 20000;
  Worst w = measureFloat64(static_cast<Op>(op), float64Sample(n, lo, hi, 42), fused);
  qInfo("%s", fmt::format("{}: {}", opName(static_cast<Op>(op)), w.text().constData()).c_str());
  QVERIFY2(w.ulp < bound, w.text());
}

void TestTranscendental::halfPrecision_data() {
  QTest::addColumn<int>("op");
  QTest::addColumn<int>("scalar");
  for (Op op : {Op::Exp2, Op::Log2, Op::Sin})
    for (ScalarType t : {ScalarType::Float16, ScalarType::BFloat16})
      QTest::addRow("%s %s", opName(op).data(), scalarNumpyName(t).data()) << int(op) << int(t);
}

// Every float16 / bfloat16 pattern: computed in float32 and rounded once more, so
// within 1 ulp of the half-precision format from libm's correctly rounded value.
void TestTranscendental::halfPrecision() {
  QFETCH(int, op);
  QFETCH(int, scalar);
  const auto t = static_cast<ScalarType>(scalar);
  std::vector<uint16_t> in(65536);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = uint16_t(i);
  std::vector<uint16_t> out = evaluate(decomposition(static_cast<Op>(op)), DType(t), in);
  auto toDouble = [&](uint16_t b) {
    return t == ScalarType::Float16 ? halfToDouble(b) : bfloat16ToDouble(b);
  };
  auto ordered = [](uint16_t b) { return b & 0x8000 ? -int(b & 0x7FFF) : int(b); };
  for (size_t i = 0; i < in.size(); ++i) {
    double want = roundToFloatType(t, reference(static_cast<Op>(op), toDouble(in[i])));
    double got = toDouble(out[i]);
    if (std::isnan(want) || std::isnan(got)) {
      QVERIFY2(std::isnan(want) && std::isnan(got), QByteArray::number(toDouble(in[i])));
      continue;
    }
    uint16_t wantBits = t == ScalarType::Float16 ? halfFromDouble(want) : bfloat16FromDouble(want);
    int dist = std::abs(ordered(out[i]) - ordered(wantBits));
    QVERIFY2(dist <= 1, QByteArray::number(toDouble(in[i]), 'g', 9));
  }
}

// A (2, 3)-shaped x: constants are expanded to x's shape so every elementwise op
// sees equal shapes, and each element equals the ()-shaped result.
// With `fused` each polynomial step is one Fma, fewer Muls left: exp2's five
// (float32) or eleven (float64) Horner steps and its 1 + s P(s), log2's 3 or
// 6, sin's and cos's 5 or 11; without it none.
void TestTranscendental::fusedPolynomialsAreFma() {
  for (DType d : {dtypes::float32, dtypes::float64}) {
    UOpPtr x = param(0, d, {});
    std::vector<int> fmas;
    for (Decompose decompose : {decomposeExp2, decomposeLog2, decomposeSin}) {
      QCOMPARE(opCount(decompose(x, {}), Op::Fma), 0);
      UOpPtr fused = decompose(x, {.fma = true});
      fmas.push_back(opCount(fused, Op::Fma));
      QVERIFY(opCount(fused, Op::Mul) < opCount(decompose(x, {}), Op::Mul));
    }
    QCOMPARE(fmas[0], d == dtypes::float32 ? 6 : 12);
    QCOMPARE(fmas[1], d == dtypes::float32 ? 3 : 6);
    QCOMPARE(fmas[2], d == dtypes::float32 ? 5 : 11);
  }
}

void TestTranscendental::shapedInput() {
  const Shape shape = {2, 3};
  std::vector<float> in = {-3.5f, 0.25f, 1.f, 100.f, 1e10f, -0.f};
  for (Decompose decompose : {decomposeExp2, decomposeLog2, decomposeSin}) {
    UOpPtr x = param(0, dtypes::float32, shape);
    UOpPtr root = decompose(x, {});
    QVERIFY(root->shape() == shape);
    std::vector<VerifyError> errors = verify(root);
    QVERIFY2(errors.empty(), formatErrors(errors).c_str());
    for (const UOp* u : toposort(*root))
      if (isElementwise(u->op()))
        for (const UOpPtr& s : u->src())
          QVERIFY(s->shape() == shape);
    ReferenceEvaluator evaluator;
    evaluator.setParam(0,
                       HostTensor::fromBytes(dtypes::float32, shape, std::as_bytes(std::span(in))));
    HostTensor result = evaluator.evaluate(root);
    for (size_t i = 0; i < in.size(); ++i)
      QVERIFY(sameBits(float(result.getDouble(int64_t(i))), one(decompose, in[i])));
  }
}

UOPSCOPE_TEST(TestTranscendental);
// exp2's 2^q as one Ldexp (CodegenTarget::scaleInstruction: vscalefps) gives the
// two exponent-field products' value bit for bit, over a sweep of the float32
// range (subnormal results, overflow, NaN and the clamps included) and float64
// samples, with and without Fma; the graph holds one Ldexp and 14 nodes fewer.
void TestTranscendental::exp2LdexpIsTheSameScale() {
  std::vector<float> in32 = float32Sample(fullSweep() ? 7 : 4099);
  for (float x : {-149.5f, -150.f, -126.5f, 127.5f, 128.f, -0.f})
    in32.push_back(x);
  std::vector<double> in64 = float64Sample(4000, -1100, 1100, 7);
  for (bool fma : {false, true}) {
    expectSameExp2(in32, in64, {.fma = fma}, {.fma = fma, .ldexp = true});
    if (QTest::currentTestFailed()) return;
  }
  UOpPtr x = param(0, dtypes::float32, {});
  UOpPtr plain = decomposeExp2(x), scaled = decomposeExp2(x, {.ldexp = true});
  QCOMPARE(opCount(scaled, Op::Ldexp), 1);
  QCOMPARE(opCount(plain, Op::Ldexp), 0);
  QCOMPARE(toposort(*plain).size() - toposort(*scaled).size(), size_t{14});
}

// Below the smallest subnormal's half exp2's polynomial is 0 before it is scaled: p 2^q rounds
// to 0 there anyway, and a scale that underflows costs an x86 core a microcode assist per vector
// (20x the instruction: softmax's -inf scores). Zero itself scales without one.
void TestTranscendental::exp2ScalesZeroBelowTheSubnormals() {
  // the value the scale multiplies: Ldexp's first operand, or the operand of the first product
  // with an exponent field (a Bitcast)
  Decompose scaled = [](const UOpPtr& x, DecomposeWith with) -> UOpPtr {
    UOpPtr root = decomposeExp2(x, with);
    for (const UOp* u : toposort(*root)) {
      if (u->op() == Op::Ldexp) return u->src(0);
      if (u->op() == Op::Mul && u->src(1)->op() == Op::Bitcast && u->src(0)->op() != Op::Mul)
        return u->src(0);
    }
    return nullptr;
  };
  const float inf = std::numeric_limits<float>::infinity();
  for (bool ldexp : {false, true})
    for (bool fma : {false, true}) {
      const DecomposeWith with{.fma = fma, .ldexp = ldexp};
      const std::vector<float> p32 =
          evaluate(scaled, dtypes::float32,
                   std::vector<float>{-150.6f, -151.f, -160.f, -1e30f, -inf, -150.f, -149.f}, with);
      for (size_t i = 0; i < 5; ++i)
        QVERIFY2(sameBits(p32[i], 0.f), qPrintable(QString::number(i)));
      QVERIFY(p32[5] > 0.5f && p32[6] > 0.5f); // 2^-150 (p = 1) still rounds to a subnormal
      const std::vector<double> p64 = evaluate(
          scaled, dtypes::float64, std::vector<double>{-1075.6, -1080.0, -1e300, -1075.0}, with);
      for (size_t i = 0; i < 3; ++i)
        QVERIFY2(sameBits(p64[i], 0.0), qPrintable(QString::number(i)));
      QVERIFY(p64[3] > 0.5);
    }
}

// exp2 of a value clamped before (sigmoid keeps exp's argument within [-126, 126]) leaves out
// its own clamps where they are the identity: two compares and selects a vector fewer in gelu,
// the same values (NaN passes every clamp)
void TestTranscendental::exp2LeavesOutClampsItsInputPassed() {
  auto compares = [](const UOpPtr& root) {
    std::vector<const UOp*> nodes = toposort(*root);
    return std::count_if(nodes.begin(), nodes.end(),
                         [](const UOp* u) { return u->op() == Op::CmpLt; });
  };
  auto lower = [](const UOpPtr& v, double c) {
    UOpPtr k = constant(dtypes::float32, c);
    return where(lt(v, k), k, v);
  };
  auto upper = [](const UOpPtr& v, double c) {
    UOpPtr k = constant(dtypes::float32, c);
    return where(lt(k, v), k, v);
  };
  UOpPtr x = param(0, dtypes::float32, {});
  QCOMPARE(compares(decomposeExp2(x)), 3); // its clamps and the polynomial's 0
  QCOMPARE(compares(decomposeExp2(upper(lower(x, -126), 126))), 3);
  QCOMPARE(compares(decomposeExp2(lower(upper(x, 126), -126))), 3);
  QCOMPARE(compares(decomposeExp2(lower(x, -126))), 3);              // the upper one kept
  QCOMPARE(compares(decomposeExp2(lower(x, -1000))), 4);             // too low to matter
  QCOMPARE(compares(decomposeExp2(upper(lower(x, -126), 1000))), 4); // the upper one kept

  Decompose clampedExp2 = [](const UOpPtr& v, DecomposeWith with) {
    UOpPtr k = constant(dtypes::float32, -126.0), h = constant(dtypes::float32, 126.0);
    UOpPtr c = where(lt(v, k), k, v);
    return decomposeExp2(where(lt(h, c), h, c), with);
  };
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> in{-inf, -1e30f, -127.f,  -125.5f, -3.25f,
                              -0.f, 0.5f,   125.75f, 200.f,   inf};
  std::vector<float> clamped;
  for (float v : in)
    clamped.push_back(std::min(std::max(v, -126.f), 126.f));
  for (bool fma : {false, true}) {
    const DecomposeWith with{.fma = fma, .ldexp = true};
    const std::vector<float> got = evaluate(clampedExp2, dtypes::float32, in, with);
    const std::vector<float> want = evaluate(decomposeExp2, dtypes::float32, clamped, with);
    for (size_t i = 0; i < in.size(); ++i)
      QVERIFY2(sameBits(got[i], want[i]), qPrintable(QString::number(i)));
    QVERIFY(std::isnan(
        evaluate(clampedExp2, dtypes::float32, std::vector<float>{std::nanf("")}, with)[0]));
  }
}

// exp2 with its s = x - q as one FracNearest and q = x - s (CodegenTarget::fractionInstruction:
// vreduceps) has no clamp, compare or shifter rounding in its graph, and gives the clamped form's
// values bit for bit over a sweep of the float32 range (subnormal results, overflow, infinities,
// NaN) and float64 samples, with and without Fma.
void TestTranscendental::exp2ByFractionIsTheClampedForm() {
  for (DType d : {dtypes::float32, dtypes::float64}) {
    const UOpPtr graph =
        decomposeExp2(param(0, d, {}), {.fma = true, .ldexp = true, .fraction = true});
    QCOMPARE(opCount(graph, Op::FracNearest), 1);
    QCOMPARE(opCount(graph, Op::Ldexp), 1);
    QCOMPARE(opCount(graph, Op::Where), 0);
    QCOMPARE(opCount(graph, Op::CmpLt), 0);
    QCOMPARE(opCount(graph, Op::Fma), d == dtypes::float32 ? 6 : 12);
  }
  std::vector<float> in32 = float32Sample(fullSweep() ? 7 : 4099);
  for (float v : {-149.5f, -149.3f, -150.f, -150.5f, -151.f, -160.5f, -126.5f, 127.5f, 128.f,
                  129.5f, 2.5f, 3.5f, -2.5f, -0.f, -1e-40f, -1e30f, 1e30f})
    in32.push_back(v);
  std::vector<double> in64 = float64Sample(4000, -1100, 1100, 7);
  for (double v : {-1074.5, -1075.0, -1075.5, -1080.5, 1023.5, 1024.0, 2.5, -2.5})
    in64.push_back(v);
  for (bool fma : {false, true}) {
    expectSameExp2(in32, in64, {.fma = fma, .ldexp = true},
                   {.fma = fma, .ldexp = true, .fraction = true});
    if (QTest::currentTestFailed()) return;
  }
}

#include "test_transcendental.moc"
