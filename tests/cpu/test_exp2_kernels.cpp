// Exp2 on the CPU, where softmax and gelu spend most of their time: the
// decomposition's machine code per 16-float vector for Zen 5 (the heuristics'
// UPCAST of an elementwise transcendental), and its results over specials and a
// dense sweep of every magnitude: bit for bit the evaluator's on the decomposed
// graph, within 1 ulp of the kernel interpreter's (libm's).
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"
#include "tests/support/zen5_loop.h"

#include "backends/llvm/cpu_device.h"
#include "backends/llvm/host_cpu_target.h"
#include "core/engine/kernel_interpreter.h"
#include "core/opt/heuristics.h"
#include "core/pipeline/codegen.h"
#include "core/pipeline/transcendental.h"
#include "core/runtime/reference_evaluator.h"

#include <QTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

using namespace uops;
using namespace kernelast;

namespace {

// out[i] = exp2(a[i]), i < n (slots: out 0, a 1)
UOpPtr exp2Kernel(int64_t n) {
  UOpPtr r = range(n, 0);
  UOpPtr value = alu(Op::Exp2, {load(buf(1, dtypes::float32, n), r)});
  return sink({end(store(buf(0, dtypes::float32, n), r, value), {r})});
}

// Specials, both signs, and every 4099th float32 bit pattern from 2^-30 up to
// 2^8 in magnitude (past exp2's clamps at -160 and 130): every result binade,
// the subnormal results and the overflow.
std::vector<float> exp2Inputs() {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> v = {0.f, -0.f, inf, -inf, std::numeric_limits<float>::quiet_NaN(), 0.5f, -0.5f,
                          -149.5f, -150.f, -126.f, 127.f, 128.f, 0x1.fffffep+6f, 1e30f, -1e30f,
                          std::numeric_limits<float>::denorm_min(), std::numeric_limits<float>::max()};
  for (uint32_t b = std::bit_cast<uint32_t>(0x1p-30f); b < std::bit_cast<uint32_t>(0x1p+8f); b += 4099) {
    v.push_back(std::bit_cast<float>(b));
    v.push_back(-std::bit_cast<float>(b));
  }
  return v;
}

} // namespace

class TestExp2Kernels : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // Four vectors of independent copies (heuristics.cpp), each vector's exp2 a
  // plain Horner polynomial: 17 float multiplies, adds and subtracts, a max and
  // a min for the clamps, 6 integer ops for the scale. The faithful form (1 + c1 s
  // carried exactly, the scale's halves from a second shifted float) took 11
  // more float ops per vector (gelu's loop: 43 against 32).
  void instructionsPerVector() {
    UOpPtr kernel = exp2Kernel(1 << 20);
    LoweredKernel k = lowerKernel(kernel, cpuTarget(), heuristicOpts(kernel, cpuschedule::wideTarget()));
    QCOMPARE(QString::fromStdString(formatOpts(k.opts)),
             QStringLiteral("Split(0, 64, UPCAST); Split(0, 2, THREAD)"));
    std::map<std::string, int> isa = zen5loop::functionIsa(k);
    const int vectors = 64 / 16;
    const int floatOps = isa["vmulps"] + isa["vaddps"] + isa["vsubps"];
    QVERIFY2(floatOps <= 17 * vectors, qPrintable(QString::number(floatOps)));
    QCOMPARE(isa["vminps"] + isa["vmaxps"], 2 * vectors);
    const int intOps = isa["vpaddd"] + isa["vpsubd"] + isa["vpslld"] + isa["vpsrld"];
    QVERIFY2(intOps <= 6 * vectors, qPrintable(QString::number(intOps)));
    QCOMPARE(isa["vinsertps"] + isa["vextractps"], 0); // no lane scalarized
    QCOMPARE(isa["call"], 0);
  }

  // With fused multiply-adds (CodegenTarget::fusedMultiplyAdd) the polynomial
  // is six FMAs a vector, leaving 5 multiplies, adds and subtracts (17
  // without): 18 instructions a vector where there were 24.
  void fusedInstructionsPerVector() {
    UOpPtr kernel = exp2Kernel(1 << 20);
    CodegenTarget fused = cpuTarget();
    fused.fusedMultiplyAdd = true;
    LoweredKernel k = lowerKernel(kernel, fused, heuristicOpts(kernel, cpuschedule::wideTarget()));
    std::map<std::string, int> isa = zen5loop::functionIsa(k);
    const int vectors = 64 / 16;
    int fmas = 0;
    for (const auto& [mnemonic, n] : isa)
      if (mnemonic.starts_with("vfmadd") || mnemonic.starts_with("vfmsub")) fmas += n;
    QCOMPARE(fmas, 6 * vectors);
    const int floatOps = isa["vmulps"] + isa["vaddps"] + isa["vsubps"];
    QVERIFY2(floatOps <= 5 * vectors, qPrintable(QString::number(floatOps)));
    QCOMPARE(isa["call"], 0);
  }

  // With AVX-512's vscalefps (CodegenTarget::scaleInstruction) the scale 2^q
  // is one instruction a vector: no integer op is left, and of the float
  // multiplies, adds and subtracts only the rounding's two and s = x - q.
  void scaledInstructionsPerVector() {
    UOpPtr kernel = exp2Kernel(1 << 20);
    CodegenTarget target = cpuTarget();
    target.fusedMultiplyAdd = true;
    target.scaleInstruction = true;
    LoweredKernel k = lowerKernel(kernel, target, heuristicOpts(kernel, cpuschedule::wideTarget()));
    QVERIFY(k.rendered.text.find("@llvm.x86.avx512.mask.scalef.ps.512") != std::string::npos);
    std::map<std::string, int> isa = zen5loop::functionIsa(k);
    const int vectors = 64 / 16;
    QCOMPARE(isa["vscalefps"], vectors);
    const int intOps = isa["vpaddd"] + isa["vpsubd"] + isa["vpslld"] + isa["vpsrld"];
    QCOMPARE(intOps, 0);
    const int floatOps = isa["vmulps"] + isa["vaddps"] + isa["vsubps"];
    QVERIFY2(floatOps <= 3 * vectors, qPrintable(QString::number(floatOps)));
    QCOMPARE(isa["call"], 0);
  }

  // With vreduceps as well (CodegenTarget::fractionInstruction) exp2 is one
  // vreduceps, one subtract, six FMAs and one vscalefps a vector: no compare,
  // clamp, shifter rounding or other float op.
  void fractionInstructionsPerVector() {
    UOpPtr kernel = exp2Kernel(1 << 20);
    CodegenTarget target = cpuTarget();
    target.fusedMultiplyAdd = target.scaleInstruction = target.fractionInstruction = true;
    LoweredKernel k = lowerKernel(kernel, target, heuristicOpts(kernel, cpuschedule::wideTarget()));
    QVERIFY(k.rendered.text.find("@llvm.x86.avx512.mask.reduce.ps.512") != std::string::npos);
    std::map<std::string, int> isa = zen5loop::functionIsa(k, {}, "znver4");
    const int vectors = 64 / 16;
    QCOMPARE(isa["vreduceps"], vectors);
    QCOMPARE(isa["vscalefps"], vectors);
    int fmas = 0, compares = 0;
    for (const auto& [mnemonic, count] : isa) {
      if (mnemonic.starts_with("vfmadd")) fmas += count;
      if (mnemonic.starts_with("vcmp")) compares += count;
    }
    QCOMPARE(fmas, 6 * vectors);
    QCOMPARE(isa["vsubps"], vectors); // q = x - s
    QVERIFY2(compares + isa["vmaxps"] + isa["vminps"] + isa["vmulps"] + isa["vaddps"] == 0,
             zen5loop::isaText(isa).c_str());
  }

  // The CPU's exp2 is the decomposition's graph evaluated with the reference
  // evaluator's roundings, bit for bit (its Fma rounded once, as std::fma; its
  // Ldexp as std::ldexp: vscalefps on every vector where the target has it,
  // and on one register but for exp2's clamped q, else two exponent fields; its FracNearest as
  // vreduceps on every lane count); INTERP and REF compute libm's exp2 in
  // double, rounded once: at most 1 ulp from the CPU's.
  void matchesEvaluatorBitForBit_data() {
    QTest::addColumn<bool>("fused");
    QTest::addColumn<bool>("scaled");
    QTest::addColumn<bool>("fraction");
    QTest::addColumn<QString>("opts"); // "" none, "heuristics", else OptOps
    QTest::newRow("mul and add") << false << false << false << QStringLiteral("heuristics");
    QTest::newRow("fma") << true << false << false << QStringLiteral("heuristics");
    QTest::newRow("fma and vscalefps") << true << true << false << QStringLiteral("heuristics");
    QTest::newRow("ldexp on one register") << true << true << false << QStringLiteral("");
    QTest::newRow("vreduceps and vscalefps")
        << true << true << true << QStringLiteral("heuristics");
    QTest::newRow("no frac without explicit vectors") << true << true << true << QStringLiteral("");
    QTest::newRow("frac and ldexp on one register each")
        << true << true << true << QStringLiteral("Split(0, 5, UPCAST)");
    QTest::newRow("frac and ldexp on 3 lanes")
        << true << true << true << QStringLiteral("Split(0, 3, UPCAST)");
    QTest::newRow("frac and ldexp on 24 lanes")
        << true << true << true << QStringLiteral("Split(0, 24, UPCAST)");
  }
  void matchesEvaluatorBitForBit() {
    QFETCH(bool, fused);
    QFETCH(bool, scaled);
    QFETCH(bool, fraction);
    QFETCH(QString, opts);
    std::vector<float> in = exp2Inputs();
    in.resize((in.size() + 3839) / 3840 * 3840,
              1.f); // whole vectors of 16, 3, 5 and 24 on both threads
    const int64_t n = static_cast<int64_t>(in.size());
    UOpPtr kernel = exp2Kernel(n);
    CpuDevice device;
    CodegenTarget target = cpuTarget();
    target.fusedMultiplyAdd = fused;
    target.scaleInstruction = scaled;
    target.fractionInstruction = fraction;
    LoweredKernel lowered = lowerKernel(kernel, target,
                                        opts == QLatin1String("heuristics")
                                            ? heuristicOpts(kernel, cpuschedule::wideTarget())
                                            : parseOpts(opts.toStdString()));
    const bool vscalef = lowered.rendered.text.find("scalef") != std::string::npos;
    // one register takes exp2's clamped q as exponent fields, which LLVM's vectorizers pack; a
    // kernel without explicit vectors keeps that form
    const bool vectors = !opts.isEmpty();
    QCOMPARE(vscalef, scaled && vectors);
    QCOMPARE(lowered.rendered.text.find("avx512.mask.reduce") != std::string::npos,
             fraction && vectors);
    if (vscalef && !hostCpuTarget().scaleInstruction)
      QSKIP("this CPU has no AVX-512 vscalefps to run the kernel on (the ISA is checked above)");
    if (fraction && vectors && !hostCpuTarget().fractionInstruction)
      QSKIP("this CPU is not an AVX-512 Zen, the target of vreduceps' exp2 (the ISA is checked "
            "above)");
    CpuProgram program = device.compile(lowered);
    HostTensor a(dtypes::float32, {n});
    for (int64_t i = 0; i < n; ++i) a.setDouble(i, in[static_cast<size_t>(i)]);
    std::vector<HostTensor> bufs{HostTensor(dtypes::float32, {n}), a};
    device.run(program, bufs);
    ReferenceEvaluator ev;
    ev.setParam(1, a);
    HostTensor decomposed = ev.evaluate(
        decomposeExp2(param(1, dtypes::float32, {n}),
                      {.fma = fused, .ldexp = scaled, .fraction = fraction && vectors}));
    std::vector<HostTensor> interp{HostTensor(dtypes::float32, {n}), a};
    std::vector<HostTensor*> interpPtrs{&interp[0], &interp[1]};
    runKernel(*UOp::make(Op::Call, dtypes::void_, {kernel}), interpPtrs);
    int compared = 0;
    for (int64_t i = 0; i < n; ++i) {
      const float got = float(bufs[0].getDouble(i)), want = float(decomposed.getDouble(i)),
                  libm = float(interp[0].getDouble(i));
      const QByteArray where = QByteArray::number(double(in[static_cast<size_t>(i)]), 'a');
      if (std::isnan(want)) {
        QVERIFY2(std::isnan(got) && std::isnan(libm), where.constData());
        continue;
      }
      QVERIFY2(std::bit_cast<uint32_t>(got) == std::bit_cast<uint32_t>(want), where.constData());
      const int64_t apart = std::llabs(int64_t(std::bit_cast<uint32_t>(got)) - int64_t(std::bit_cast<uint32_t>(libm)));
      QVERIFY2(apart <= 1, where.constData()); // results are never negative: bits order them
      ++compared;
    }
    QVERIFY(compared > 150000);
  }
};

UOPSCOPE_TEST(TestExp2Kernels);
#include "test_exp2_kernels.moc"
