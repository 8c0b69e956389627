// float16 through the host's conversion instructions (CodegenTarget::
// halfInstructions: F16C's vcvtph2ps / vcvtps2ph) gives the same bits as the
// integer helpers the renderer writes without them: every half times a few
// factors (each product rounded to half) and float32 values cast to half
// (random bit patterns, NaNs and infinities among them, and the ties between
// neighbouring halves), compared bit for bit. The kernels convert with
// fpext / fptrunc on `half` and no helper call; the machine code has F16C's
// instructions.
#include "tests/support/test_registry.h"
#include "tests/support/kernel_ast.h"

#include "backends/llvm/cpu_device.h"
#include "backends/llvm/host_cpu_target.h"
#include "core/ir/build.h"
#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"

#include <QRegularExpression>
#include <QTest>

#include <cstring>
#include <random>

using namespace uops;
using namespace kernelast;

namespace {

HostTensor fromBits16(const std::vector<uint16_t>& bits) {
  return HostTensor::fromBytes(dtypes::float16, {static_cast<int64_t>(bits.size())},
                               std::as_bytes(std::span(bits)));
}
HostTensor fromBits32(const std::vector<uint32_t>& bits) {
  return HostTensor::fromBytes(dtypes::float32, {static_cast<int64_t>(bits.size())},
                               std::as_bytes(std::span(bits)));
}
std::vector<uint16_t> bits16(const HostTensor& t) {
  std::vector<uint16_t> out(static_cast<size_t>(t.numel()));
  std::memcpy(out.data(), t.bytes().data(), out.size() * 2);
  return out;
}

// The output (slot 0) of `kernel` run on `target` with `inputs` in slots 1...
std::vector<uint16_t> runOn(const CodegenTarget& target, const UOpPtr& kernel, int64_t n,
                            const std::vector<HostTensor>& inputs, std::string* source = nullptr,
                            std::string* assembly = nullptr) {
  CpuDevice device(target);
  CpuProgram program = device.compile(lowerKernel(kernel, target, parseOpts("Split(0, 16, UPCAST)")));
  if (source) *source = program.source();
  if (assembly) *assembly = program.assembly();
  std::vector<HostTensor> bufs{HostTensor(dtypes::float16, {n})};
  bufs.insert(bufs.end(), inputs.begin(), inputs.end());
  device.run(program, bufs);
  return bits16(bufs[0]);
}

} // namespace

class TestHalfInstructions : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void init() {
    if (!hostCpuTarget().halfInstructions) QSKIP("the host has no float16 conversion instructions (F16C)");
  }

  // Every half pattern times 1, 1/3, -3, 65504, 2^-14 and 0.5: loads, a
  // product rounded to half, a store.
  void productsOfEveryHalf() {
    const std::vector<uint16_t> factors{0x3c00, 0x3555, 0xc200, 0x7bff, 0x0400, 0x3800};
    const int64_t n = 65536 * static_cast<int64_t>(factors.size());
    std::vector<uint16_t> a(static_cast<size_t>(n)), b(static_cast<size_t>(n));
    for (size_t i = 0; i < a.size(); ++i) {
      a[i] = static_cast<uint16_t>(i & 0xffff);
      b[i] = factors[i >> 16];
    }
    UOpPtr kernel = elementwise(Op::Mul, dtypes::float16, n);
    CodegenTarget host = hostCpuTarget();
    std::string source, assembly;
    std::vector<uint16_t> got = runOn(host, kernel, n, {fromBits16(a), fromBits16(b)}, &source, &assembly);
    // scalar or whole-vector conversions (an elementwise UPCAST's explicit vectors)
    const QString ir = QString::fromStdString(source);
    QVERIFY(ir.contains(QRegularExpression(QStringLiteral(R"(fpext (<\d+ x )?half)"))));
    QVERIFY(ir.contains(QRegularExpression(QStringLiteral(R"(fptrunc (<\d+ x )?float)"))));
    QVERIFY(source.find("uops.f16_to_f32") == std::string::npos);
    QVERIFY(source.find("uops.f32_to_f16") == std::string::npos);
    QVERIFY(assembly.find("vcvtph2ps") != std::string::npos);
    QVERIFY(assembly.find("vcvtps2ph") != std::string::npos);
    CodegenTarget helpers = host;
    helpers.halfInstructions = false;
    std::vector<uint16_t> want = runOn(helpers, kernel, n, {fromBits16(a), fromBits16(b)});
    for (size_t i = 0; i < want.size(); ++i)
      if (got[i] != want[i])
        QFAIL(qPrintable(QStringLiteral("0x%1 * 0x%2: 0x%3 with F16C, 0x%4 with the helpers")
                             .arg(a[i], 4, 16, QLatin1Char('0'))
                             .arg(b[i], 4, 16, QLatin1Char('0'))
                             .arg(got[i], 4, 16, QLatin1Char('0'))
                             .arg(want[i], 4, 16, QLatin1Char('0'))));
  }

  // float32 -> half: random patterns (every exponent, NaN payloads, overflow,
  // subnormal results) and ties (the float halfway between two halves).
  void castsOfFloats() {
    const int64_t n = 1 << 20;
    std::mt19937 rng(11);
    std::vector<uint32_t> x(static_cast<size_t>(n));
    for (size_t i = 0; i < x.size(); ++i) {
      const uint32_t r = rng();
      // every other one a tie, its low 13 bits 0x1000, with an exponent from
      // the half's subnormals to its largest
      const uint32_t exponent = 103 + (r >> 8) % 40;
      x[i] = i % 2 ? r : (r & 0x80000000u) | (exponent << 23) | (rng() & 0x7fe000u) | 0x1000u;
    }
    UOpPtr r = range(n, 0);
    UOpPtr kernel =
        sink({end(store(buf(0, dtypes::float16, n), r, cast(load(buf(1, dtypes::float32, n), r), dtypes::float16)),
                  {r})});
    CodegenTarget host = hostCpuTarget();
    std::vector<uint16_t> got = runOn(host, kernel, n, {fromBits32(x)});
    CodegenTarget helpers = host;
    helpers.halfInstructions = false;
    std::vector<uint16_t> want = runOn(helpers, kernel, n, {fromBits32(x)});
    for (size_t i = 0; i < want.size(); ++i)
      if (got[i] != want[i])
        QFAIL(qPrintable(QStringLiteral("0x%1: 0x%2 with F16C, 0x%3 with the helpers")
                             .arg(x[i], 8, 16, QLatin1Char('0'))
                             .arg(got[i], 4, 16, QLatin1Char('0'))
                             .arg(want[i], 4, 16, QLatin1Char('0'))));
  }
};

UOPSCOPE_TEST(TestHalfInstructions);
#include "test_half_instructions.moc"
