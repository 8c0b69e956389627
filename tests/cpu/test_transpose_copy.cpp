// The CPU heuristics' tile for a copy into transposed order
// (core/opt/transpose_copy_rules.h): x.T.contiguous(), a permute to NHWC and
// a padded input copied with its channels innermost. The exact OptOps (a
// whole line of the read axis where one walk along the stored axis passes
// L1, else four of it, padded to a multiple of four), the tile's stores
// written from the transpose of its loaded rows by shuffles
// (core/render/render_llvm_lane_shuffle.cpp), and the results against the
// kernel interpreter, square and oblong tiles, gated loads and integers too;
// copies that read and store in the same order, and copies that do not skip
// lines, keep the elementwise schedule.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"

#include "core/opt/opt.h"
#include "core/pipeline/codegen.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

// out[i, j] = a[j, i] (a: rows x cols)
UOpPtr transpose(int64_t rows, int64_t cols, DType d = dtypes::float32) {
  UOpPtr i = range(cols, 0), j = range(rows, 1);
  UOpPtr value = load(buf(1, d, rows * cols), j * cols + i);
  return sink({end(store(buf(0, d, rows * cols), i * rows + j, value), {i, j})});
}

// How often `needle` occurs in the IR of `kernel` lowered with `opts`.
int irCount(const UOpPtr& kernel, std::string_view opts, const std::string& needle) {
  const std::string ir = lowerKernel(kernel, cpuTarget(), parseOpts(opts)).rendered.text;
  int n = 0;
  for (size_t at = ir.find(needle); at != std::string::npos; at = ir.find(needle, at + 1))
    ++n;
  return n;
}

// out[n, y, x, c] = a[n, c, y, x], with `pad` zeros around each image (a
// padded convolution's input copied channels innermost)
UOpPtr toChannelsLast(int64_t n, int64_t c, int64_t h, int64_t w, int64_t pad) {
  const int64_t ph = h + 2 * pad, pw = w + 2 * pad;
  UOpPtr b = range(n, 0), y = range(ph, 1), x = range(pw, 2), ch = range(c, 3);
  UOpPtr src = buf(1, dtypes::float32, n * c * h * w);
  UOpPtr idx = ((b * c + ch) * h + y - pad) * w + x - pad;
  UOpPtr value = pad == 0 ? load(src, idx)
                          : gatedLoad(src, idx, constant(dtypes::float32, 0.0),
                                      atLeast(y, pad) & lt(y, h + pad) & atLeast(x, pad) & lt(x, w + pad));
  UOpPtr out = buf(0, dtypes::float32, n * ph * pw * c);
  return sink({end(store(out, ((b * ph + y) * pw + x) * c + ch, value), {b, y, x, ch})});
}

} // namespace

class TestTransposeCopy : public QObject {
  Q_OBJECT

private Q_SLOTS:
  // 2048 lines a walk along the stored axis: a whole line of the read axis
  // first (16 x 16), the read axis' blocks across the cores
  void transposeTakesWholeLines() {
    QCOMPARE(cpuschedule::heuristicOptsText(transpose(2048, 2048)),
             QStringLiteral("Split(0, 16, UPCAST); Split(1, 16, UPCAST); Split(0, 2, THREAD)"));
    // with AVX2, a vector of 8 by the same line
    QCOMPARE(cpuschedule::heuristicOptsText(transpose(2048, 2048), cpuschedule::narrowTarget()),
             QStringLiteral("Split(0, 16, UPCAST); Split(1, 8, UPCAST); Split(0, 2, THREAD)"));
  }

  // 64 channels a walk (4 KiB of lines): a vector of channels, then four
  // columns; rows of 58 (padding: gated loads) and of 55 padded to a multiple of four
  void channelsLastTakesFourColumns() {
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 64, 56, 56, 0)),
             QStringLiteral("Split(3, 16, UPCAST); Split(2, 4, UPCAST); Split(0, 2, THREAD)"));
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 64, 56, 56, 1)),
             QStringLiteral(
                 "Padto(2, 4); Split(3, 16, UPCAST); Split(2, 4, UPCAST); Split(0, 2, THREAD)"));
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 64, 55, 55, 0)),
             QStringLiteral(
                 "Padto(2, 4); Split(3, 16, UPCAST); Split(2, 4, UPCAST); Split(0, 2, THREAD)"));
  }

  // rows of 6 (four would pad them by a third): two columns (too small a copy for the second core)
  void shortRowsTakeTwoColumns() {
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 64, 6, 6, 0)),
             QStringLiteral("Split(3, 16, UPCAST); Split(2, 2, UPCAST)"));
  }

  // odd rows four would pad by more than an eighth, or a stored axis no
  // vector divides: the elementwise schedule; so does a copy in the same order
  void otherCopiesKeepTheElementwiseSchedule() {
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 64, 5, 5, 0)),
             QStringLiteral("Split(3, 4, UPCAST)"));
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 3, 56, 56, 0)),
             QStringLiteral("Split(0, 2, THREAD)"));
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 1, 56, 56, 0)), QStringLiteral("Split(2, 4, UPCAST)"));
  }

  // a 16 x 16 tile: 16 row loads, the transpose in four rounds of eight
  // pairs, two shuffles a pair, 16 column stores; no lane inserted alone
  // (LLVM left 256 inserts as 303 scalar moves)
  void squareTileTransposedByShuffles() {
    const UOpPtr k = transpose(64, 64);
    const char* opts = "Split(0, 16, UPCAST); Split(1, 16, UPCAST)";
    QCOMPARE(irCount(k, opts, "load <16 x float>"), 16);
    QCOMPARE(irCount(k, opts, "shufflevector <16 x float>"), 64);
    QCOMPARE(irCount(k, opts, "insertelement <16 x float>"), 0);
    QCOMPARE(irCount(k, opts, "extractelement"), 0);
    QCOMPARE(irCount(k, opts, "store <16 x float>"), 16);
  }

  // oblong tiles: 16 rows of 4 as four 4 x 4 transposes (4 x 8 shuffles),
  // each column's four parts joined (two joins of 4 lanes, one of 8); 4 rows
  // of 16 as each row's four 4-lane parts (16 shuffles), four 4 x 4 transposes
  void oblongTilesTransposedByBlocks() {
    const UOpPtr k = transpose(64, 64);
    const char* tall = "Split(0, 4, UPCAST); Split(1, 16, UPCAST)";
    QCOMPARE(irCount(k, tall, "shufflevector <4 x float>"), 32 + 4 * 2);
    QCOMPARE(irCount(k, tall, "shufflevector <8 x float>"), 4);
    QCOMPARE(irCount(k, tall, "store <16 x float>"), 4);
    QCOMPARE(irCount(k, tall, "insertelement"), 0);
    const char* wide = "Split(0, 16, UPCAST); Split(1, 4, UPCAST)";
    QCOMPARE(irCount(k, wide, "shufflevector <16 x float>"), 16);
    QCOMPARE(irCount(k, wide, "shufflevector <4 x float>"), 32);
    QCOMPARE(irCount(k, wide, "store <4 x float>"), 16);
    QCOMPARE(irCount(k, wide, "insertelement"), 0);
  }

  // the tiles by hand, every element where the interpreter puts it: square,
  // oblong, 2-wide, integers, doubles, halves, bools and bytes, gated loads
  // padded to whole tiles
  void shuffledTilesMatchTheInterpreter() {
    for (const char* opts :
         {"Split(0, 16, UPCAST); Split(1, 16, UPCAST)", "Split(0, 4, UPCAST); Split(1, 16, UPCAST)",
          "Split(0, 16, UPCAST); Split(1, 4, UPCAST)", "Split(0, 2, UPCAST); Split(1, 8, UPCAST)",
          "Split(0, 8, UPCAST); Split(1, 2, UPCAST)"}) {
      QCOMPARE(cpuschedule::mismatchWithInterpreter(transpose(48, 80), parseOpts(opts)), QString());
      for (DType d :
           {dtypes::int32, dtypes::float64, dtypes::float16, dtypes::bool_, dtypes::uint8})
        QCOMPARE(cpuschedule::mismatchWithInterpreter(transpose(48, 80, d), parseOpts(opts)),
                 QString());
    }
    for (const char* opts : {"Padto(2, 4); Split(3, 16, UPCAST); Split(2, 4, UPCAST)",
                             "Padto(2, 16); Split(3, 16, UPCAST); Split(2, 16, UPCAST)",
                             "Padto(2, 8); Split(3, 2, UPCAST); Split(2, 8, UPCAST)"})
      QCOMPARE(
          cpuschedule::mismatchWithInterpreter(toChannelsLast(2, 32, 9, 9, 1), parseOpts(opts)),
          QString());
  }

  // every element where the interpreter puts it
  void resultsMatchTheInterpreter() {
    QCOMPARE(cpuschedule::mismatchWithInterpreter(transpose(2048, 2048)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(transpose(96, 4096)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(toChannelsLast(4, 64, 14, 14, 0)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(toChannelsLast(4, 32, 14, 14, 1)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(toChannelsLast(4, 32, 13, 13, 0)), QString());
  }
};

UOPSCOPE_TEST(TestTransposeCopy);
#include "test_transpose_copy.moc"
