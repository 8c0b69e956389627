// Stride-2 convolutions on the CPU: the heuristics' tile (core/opt/conv_rules.h:
// the whole output row by output channels) and the loads of every other input
// column as one masked vector read of twice the lanes and a shuffle
// (core/render/vector_access.h, render_llvm_memory.cpp). The exact OptOps, the
// rendered loads, the machine code for Zen 5 (full-width FMAs, no gathers or
// lane inserts) and the results against the kernel interpreter.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"

#include "backends/llvm/compile_to_object.h"
#include "backends/llvm/disassemble.h"

#include <QTest>

#include <map>

using namespace uops;
using namespace kernelast;

namespace {

// out[b, co, y, x] = sum_{ci, ky, kx} w[co, ci, ky, kx] * in[b, ci, 2y + ky - pad, 2x + kx - pad],
// zero outside the image, NCHW, a k x k window, h x wd input rows; ranges b,
// co, y, x, ci, ky, kx. Slots: out 0, w 1, in 2.
UOpPtr stride2Conv(int64_t n, int64_t cin, int64_t cout, int64_t h, int64_t wd, int64_t k = 3, int64_t pad = 1) {
  const int64_t oh = (h + 2 * pad - k) / 2 + 1, ow = (wd + 2 * pad - k) / 2 + 1;
  UOpPtr b = range(n, 0), co = range(cout, 1), y = range(oh, 2), x = range(ow, 3);
  UOpPtr ci = range(cin, 4, AxisType::Reduce);
  UOpList reduced{ci};
  UOpPtr row = y * 2, col = x * 2;
  UOpPtr wIndex = co * cin + ci;
  if (k > 1) {
    UOpPtr ky = range(k, 5, AxisType::Reduce), kx = range(k, 6, AxisType::Reduce);
    row = row + ky;
    col = col + kx;
    wIndex = (wIndex * k + ky) * k + kx;
    reduced.push_back(ky);
    reduced.push_back(kx);
  }
  UOpPtr inBuf = buf(2, dtypes::float32, n * cin * h * wd);
  UOpPtr at = ((b * cin + ci) * h + row - pad) * wd + col - pad;
  UOpPtr in = pad ? gatedLoad(inBuf, at, constant(dtypes::float32, 0.0),
                              atLeast(row, pad) & lt(row, h + pad) & atLeast(col, pad) & lt(col, wd + pad))
                  : load(inBuf, at);
  UOpPtr w = load(buf(1, dtypes::float32, cout * cin * k * k), wIndex);
  UOpPtr sum = reduceOver(w * in, Op::Add, reduced);
  return sink({end(store(buf(0, dtypes::float32, n * cout * oh * ow), ((b * cout + co) * oh + y) * ow + x, sum),
                    {b, co, y, x})});
}

QString stride2Opts(const UOpPtr& kernel) {
  return QString::fromStdString(formatOpts(heuristicOpts(kernel, cpuschedule::wideTarget())));
}

// The kernel's machine code for Zen 5 (AVX-512), whatever the host: the
// mnemonics counted, with the register width of FMAs and permutes.
std::map<std::string, int> stride2Zen5(const LoweredKernel& k) {
  const TargetDesc zen5{"x86_64-pc-linux-gnu", "znver5", ""};
  ObjectArtifacts o = compileToObject(k.rendered.text, k.rendered.entry, zen5, 3);
  std::map<std::string, int> counts;
  for (const AsmLine& l : disassembleFunction(o.object, k.rendered.entry, zen5, AsmSyntax::Intel)) {
    std::string mnemonic = l.text.substr(0, l.text.find(' '));
    if (mnemonic.starts_with("vfmadd") || mnemonic.starts_with("vperm"))
      mnemonic += " " + l.text.substr(l.text.find(' ') + 1, 3);
    ++counts[mnemonic];
  }
  return counts;
}

} // namespace

class TestConvStride2 : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void benchShapeOpts() {
    QCOMPARE(stride2Opts(stride2Conv(16, 64, 128, 56, 56)), QStringLiteral("TBD"));
  }

  void resultsMatchTheInterpreter_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("window");
    QTest::addColumn<int>("pad");
    QTest::newRow("3x3 padded, 28 columns") << 56 << 3 << 1;
    QTest::newRow("3x3 padded, 7 columns") << 14 << 3 << 1;
    QTest::newRow("3x3 padded, odd row") << 33 << 3 << 1;
    QTest::newRow("1x1 unpadded, 16 columns") << 32 << 1 << 0;
  }
  void resultsMatchTheInterpreter() {
    QFETCH(int, width);
    QFETCH(int, window);
    QFETCH(int, pad);
    QCOMPARE(cpuschedule::mismatchWithInterpreter(stride2Conv(2, 4, 16, 6, width, window, pad)), QString());
  }
};

UOPSCOPE_TEST(TestConvStride2);
#include "test_conv_stride2.moc"
