// Every op group and dtype, compiled for the CPU and run, against the reference
// evaluator: binary and unary ALU ops on each dtype with edge values (int8
// wrap, uint32, float16 and bfloat16 rounding, bools, Idiv/Mod signs and
// zeros, Max with NaN, shifts past the width), casts between every pair of
// dtypes, bitcasts, Where, the decomposed ops, reductions.
#include "tests/support/test_registry.h"
#include "tests/cpu/cpu_test.h"

#include "core/pipeline/instruction_selection.h"
#include "core/pipeline/transcendental.h"

#include <QTest>

using namespace uops;
using namespace kernelast;
using namespace cputest;

Q_DECLARE_METATYPE(uops::Op)
Q_DECLARE_METATYPE(uops::DType)

namespace {

const DType kAll[] = {dtypes::bool_,  dtypes::int8,    dtypes::int16,    dtypes::int32,
                      dtypes::int64,  dtypes::uint8,   dtypes::uint16,   dtypes::uint32,
                      dtypes::uint64, dtypes::float16, dtypes::bfloat16, dtypes::float32,
                      dtypes::float64};

QByteArray rowName(Op op, DType d) {
  return QByteArray::fromStdString(fmt::format("{} {}", opName(op), toString(d)));
}

// The combinations the spec's verifier allows (and the evaluator defines).
bool applies(Op op, DType d) {
  bool isFloat = d.isFloat(), isBool = d.isBool();
  switch (op) {
  case Op::Mod:
  case Op::Idiv:
  case Op::Shl:
  case Op::Shr:
    return !isFloat && !isBool;
  case Op::Xor:
  case Op::Or:
  case Op::And:
    return !isFloat;
  case Op::Recip:
  case Op::Sqrt:
    return isFloat;
  case Op::Sub:
  case Op::Neg:
    return !isBool; // bools: the decomposition a | b differs from a - b wrapped (a ^ b)
  default:
    return true;
  }
}

UOpPtr unaryKernel(Op op, DType in, DType out, int64_t n) {
  UOpPtr r = range(n, 0);
  UOpPtr x = load(buf(1, in, n), r);
  UOpPtr value = op == Op::Cast ? cast(x, out) : op == Op::Bitcast ? bitcast(x, out) : alu(op, {x});
  return sink({end(store(buf(0, value->dtype(), n), r, value), {r})});
}

} // namespace

class TestCpuOps : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void binary_data();
  void binary();
  void unary_data();
  void unary();
  void casts_data();
  void casts();
  void bitcasts_data();
  void bitcasts();
  void where_data();
  void where();
  void mulacc();
  void threefry();
  void transcendentals_data();
  void transcendentals();
  void transcendentalIntrinsics();
  void reductions_data();
  void reductions();

private:
  CpuDevice m_device;
};

void TestCpuOps::binary_data() {
  QTest::addColumn<Op>("op");
  QTest::addColumn<DType>("dtype");
  const Op ops[] = {Op::Add,   Op::Mul,   Op::Max,   Op::Mod,   Op::Idiv, Op::CmpLt,
                    Op::CmpNe, Op::Xor,   Op::Or,    Op::And,   Op::Shl,  Op::Shr,
                    Op::Sub,   Op::CmpGt, Op::CmpGe, Op::CmpLe, Op::CmpEq};
  for (Op op : ops)
    for (DType d : kAll)
      if (applies(op, d)) QTest::newRow(rowName(op, d).constData()) << op << d;
}

void TestCpuOps::binary() {
  QFETCH(Op, op);
  QFETCH(DType, dtype);
  int64_t l = static_cast<int64_t>(listSize(dtype)), n = l * l;
  std::vector<HostTensor> in{values(dtype, n, l), values(dtype, n)}; // every pair
  UOpPtr graph = alu(op, {param(1, dtype, {n}), param(2, dtype, {n})});
  QString diff = runAndCompare(m_device, elementwise(op, dtype, n), graph, in);
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestCpuOps::unary_data() {
  QTest::addColumn<Op>("op");
  QTest::addColumn<DType>("dtype");
  for (Op op : {Op::Recip, Op::Trunc, Op::Neg, Op::Sqrt, Op::Not})
    for (DType d : kAll)
      if (applies(op, d)) QTest::newRow(rowName(op, d).constData()) << op << d;
}

void TestCpuOps::unary() {
  QFETCH(Op, op);
  QFETCH(DType, dtype);
  int64_t n = static_cast<int64_t>(listSize(dtype));
  std::vector<HostTensor> in{values(dtype, n)};
  UOpPtr graph = alu(op, {param(1, dtype, {n})});
  QString diff = runAndCompare(m_device, unaryKernel(op, dtype, dtype, n), graph, in);
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestCpuOps::casts_data() {
  QTest::addColumn<DType>("from");
  QTest::addColumn<DType>("to");
  for (DType from : kAll)
    for (DType to : kAll)
      QTest::newRow(fmt::format("{} -> {}", toString(from), toString(to)).c_str()) << from << to;
}

void TestCpuOps::casts() {
  QFETCH(DType, from);
  QFETCH(DType, to);
  // the list of the source kind, plus values that round differently in each target
  std::vector<double> extra{127.9,          -128.5,         255.5,         256,        4294967295.0,
                            9.3e18,         -9.3e18,        1.9e19,        2049,       2051,
                            1 + 1.0 / 2048, 1 + 3.0 / 2048, 1 + 1.0 / 256, 16777217.0, 33554435.0,
                            65519.99,       -65520.0,       3.4028235e38,  1e-40,      -2.5e-8};
  HostTensor base = values(from, static_cast<int64_t>(listSize(from)));
  int64_t n = base.numel() + static_cast<int64_t>(extra.size());
  HostTensor in(from, {n});
  for (int64_t i = 0; i < base.numel(); ++i) {
    if (from.isFloat())
      in.setDouble(i, base.getDouble(i));
    else
      in.setUInt(i, base.getUInt(i));
  }
  for (size_t k = 0; k < extra.size(); ++k) {
    int64_t i = base.numel() + static_cast<int64_t>(k);
    if (from.isFloat())
      in.setDouble(i, extra[k]);
    else
      in.setInt(i, static_cast<int64_t>(std::fmod(extra[k], 9.2e18)) + (k % 2 ? 1 : 0));
  }
  UOpPtr graph = cast(param(1, from, {n}), to);
  QString diff = runAndCompare(m_device, unaryKernel(Op::Cast, from, to, n), graph, {in});
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestCpuOps::bitcasts_data() {
  QTest::addColumn<DType>("from");
  QTest::addColumn<DType>("to");
  for (DType from : kAll)
    for (DType to : kAll)
      if (from != to && from.itemSize() == to.itemSize() && !from.isBool() && !to.isBool())
        QTest::newRow(fmt::format("{} -> {}", toString(from), toString(to)).c_str()) << from << to;
}

void TestCpuOps::bitcasts() {
  QFETCH(DType, from);
  QFETCH(DType, to);
  int64_t n = static_cast<int64_t>(listSize(from));
  HostTensor in = values(from, n);
  UOpPtr graph = bitcast(param(1, from, {n}), to);
  QString diff = runAndCompare(m_device, unaryKernel(Op::Bitcast, from, to, n), graph, {in});
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestCpuOps::where_data() {
  QTest::addColumn<DType>("dtype");
  for (DType d : kAll)
    QTest::newRow(toString(d).c_str()) << d;
}

void TestCpuOps::where() {
  QFETCH(DType, dtype);
  int64_t n = 3 * static_cast<int64_t>(listSize(dtype));
  std::vector<HostTensor> in{values(dtypes::bool_, n, 3), values(dtype, n), values(dtype, n, 1, 5)};
  UOpPtr r = range(n, 0);
  UOpPtr value = uops::where(load(buf(1, dtypes::bool_, n), r), load(buf(2, dtype, n), r),
                             load(buf(3, dtype, n), r));
  UOpPtr kernel = sink({end(store(buf(0, dtype, n), r, value), {r})});
  UOpPtr graph =
      uops::where(param(1, dtypes::bool_, {n}), param(2, dtype, {n}), param(3, dtype, {n}));
  QString diff = runAndCompare(m_device, kernel, graph, in);
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

// Mulacc(a, b, c) is Add(Mul(a, b), c): two roundings, like the evaluator.
void TestCpuOps::mulacc() {
  for (DType d : {dtypes::float16, dtypes::float32, dtypes::int8, dtypes::uint64}) {
    int64_t l = static_cast<int64_t>(listSize(d)), n = l * l;
    std::vector<HostTensor> in{values(d, n, l), values(d, n), values(d, n, 1, 3)};
    UOpPtr r = range(n, 0);
    UOpPtr value =
        alu(Op::Mulacc, {load(buf(1, d, n), r), load(buf(2, d, n), r), load(buf(3, d, n), r)});
    UOpPtr kernel = sink({end(store(buf(0, d, n), r, value), {r})});
    UOpPtr graph = alu(Op::Mulacc, {param(1, d, {n}), param(2, d, {n}), param(3, d, {n})});
    QString diff = runAndCompare(m_device, kernel, graph, in);
    QVERIFY2(diff.isEmpty(),
             qPrintable(QString::fromStdString(toString(d)) + QStringLiteral(": ") + diff));
  }
}

void TestCpuOps::threefry() {
  int64_t l = static_cast<int64_t>(listSize(dtypes::uint64)), n = l * l;
  std::vector<HostTensor> in{values(dtypes::uint64, n, l), values(dtypes::uint64, n)};
  UOpPtr graph = alu(Op::Threefry, {param(1, dtypes::uint64, {n}), param(2, dtypes::uint64, {n})});
  QString diff = runAndCompare(m_device, elementwise(Op::Threefry, dtypes::uint64, n), graph, in);
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestCpuOps::transcendentals_data() {
  QTest::addColumn<Op>("op");
  QTest::addColumn<DType>("dtype");
  for (Op op : {Op::Exp2, Op::Log2, Op::Sin})
    for (DType d : {dtypes::float16, dtypes::bfloat16, dtypes::float32, dtypes::float64})
      QTest::newRow(rowName(op, d).constData()) << op << d;
}

// The polynomial decompositions compiled give, bit for bit, what the evaluator
// computes from the same graph of primitives (their accuracy against libm is
// tests/pipeline/test_transcendental.cpp's business).
void TestCpuOps::transcendentals() {
  QFETCH(Op, op);
  QFETCH(DType, dtype);
  std::vector<double> xs = floatValues();
  for (int i = -40; i <= 40; ++i)
    xs.push_back(i * 0.37 + 0.01 * i * i);
  for (double x : {1e5, 12345.678, -98765.4321, 1e15, 3.14159265358979, 1.5707963267948966})
    xs.push_back(x);
  int64_t n = static_cast<int64_t>(xs.size());
  HostTensor in = HostTensor::fromDoubles(dtype, {n}, xs);
  UOpPtr x = param(1, dtype, {n});
  UOpPtr graph = op == Op::Exp2   ? decomposeExp2(x)
                 : op == Op::Log2 ? decomposeLog2(x)
                                  : decomposeSin(x);
  QString diff = runAndCompare(m_device, unaryKernel(op, dtype, dtype, n), graph, {in});
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

// With TranscendentalMode::Intrinsics the ops become llvm.exp2 / log2 / sin (libm):
// within an ulp or so of the evaluator's correctly rounded libm-in-double values.
void TestCpuOps::transcendentalIntrinsics() {
  CodegenTarget target;
  target.transcendentals = TranscendentalMode::Intrinsics;
  CpuDevice device(target);
  const int64_t n = 64;
  HostTensor in(dtypes::float32, {n});
  for (int64_t i = 0; i < n; ++i)
    in.setDouble(i, (i - 32) * 0.7);
  for (Op op : {Op::Exp2, Op::Sin, Op::Log2}) {
    CpuProgram program = device.compile(unaryKernel(op, dtypes::float32, dtypes::float32, n));
    QVERIFY(program.source().find(fmt::format("@llvm.{}.f32", op == Op::Exp2  ? "exp2"
                                                              : op == Op::Sin ? "sin"
                                                                              : "log2")) !=
            std::string::npos);
    std::vector<HostTensor> bufs{HostTensor(dtypes::float32, {n}), in};
    device.run(program, bufs);
    ReferenceEvaluator ev;
    ev.setParam(1, in);
    HostTensor want = ev.evaluate(alu(op, {param(1, dtypes::float32, {n})}));
    for (int64_t i = 0; i < n; ++i) {
      double got = bufs[0].getDouble(i), w = want.getDouble(i);
      if (std::isnan(w) || std::isinf(w)) {
        QCOMPARE(std::isnan(got), std::isnan(w));
        continue;
      }
      QVERIFY2(std::fabs(got - w) <= 2 * std::fabs(std::nextafter(float(w), INFINITY) - float(w)),
               qPrintable(QString::fromStdString(
                   fmt::format("{} {}: {} vs {}", opName(op), in.getDouble(i), got, w))));
    }
  }
}

void TestCpuOps::reductions_data() {
  QTest::addColumn<Op>("op");
  QTest::addColumn<DType>("dtype");
  for (Op op : {Op::Add, Op::Max, Op::Mul})
    for (DType d : kAll)
      QTest::newRow(rowName(op, d).constData()) << op << d;
}

void TestCpuOps::reductions() {
  QFETCH(Op, op);
  QFETCH(DType, dtype);
  const int64_t m = 7, n = static_cast<int64_t>(listSize(dtype)) / 2 + 1;
  std::vector<HostTensor> in{values(dtype, m * n, 1, 3)};
  UOpPtr graph = reduce(reshape(param(1, dtype, {m * n}), {m, n}), op, {1});
  QString diff = runAndCompare(m_device, reduceRows(op, dtype, m, n), graph, in);
  QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

UOPSCOPE_TEST(TestCpuOps);
#include "test_ops.moc"
