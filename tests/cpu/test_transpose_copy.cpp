// The CPU heuristics' tile for a copy into transposed order
// (core/opt/transpose_copy_rules.h): x.T.contiguous(), a permute to NHWC and
// a padded input copied with its channels innermost. The exact OptOps (a
// whole line of the read axis where one walk along the stored axis passes
// L1, else two of it), and the results against the kernel interpreter;
// copies that read and store in the same order, and copies that do not skip
// lines, keep the elementwise schedule.
#include "tests/support/test_registry.h"
#include "tests/support/cpu_schedule_checks.h"
#include "tests/support/kernel_ast.h"

#include <QTest>

using namespace uops;
using namespace kernelast;

namespace {

// out[i, j] = a[j, i] (a: rows x cols)
UOpPtr transpose(int64_t rows, int64_t cols) {
  UOpPtr i = range(cols, 0), j = range(rows, 1);
  UOpPtr value = load(buf(1, dtypes::float32, rows * cols), j * cols + i);
  return sink({end(store(buf(0, dtypes::float32, rows * cols), i * rows + j, value), {i, j})});
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

  // 64 channels a walk (4 KiB of lines): a vector of channels, then two
  // columns; with padding (gated loads) the same
  void channelsLastTakesTwoColumns() {
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 64, 56, 56, 0)),
             QStringLiteral("Split(3, 16, UPCAST); Split(2, 2, UPCAST); Split(0, 2, THREAD)"));
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 64, 56, 56, 1)),
             QStringLiteral("Split(3, 16, UPCAST); Split(2, 2, UPCAST); Split(0, 2, THREAD)"));
  }

  // an odd row (no two columns) or a stored axis no vector divides: the
  // elementwise schedule; so does a copy in the same order
  void otherCopiesKeepTheElementwiseSchedule() {
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 64, 55, 55, 0)),
             QStringLiteral("Split(3, 4, UPCAST); Split(0, 2, THREAD)"));
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 3, 56, 56, 0)),
             QStringLiteral("Split(0, 2, THREAD)"));
    QCOMPARE(cpuschedule::heuristicOptsText(toChannelsLast(16, 1, 56, 56, 0)), QStringLiteral("Split(2, 4, UPCAST)"));
  }

  // every element where the interpreter puts it
  void resultsMatchTheInterpreter() {
    QCOMPARE(cpuschedule::mismatchWithInterpreter(transpose(2048, 2048)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(transpose(96, 4096)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(toChannelsLast(4, 64, 14, 14, 0)), QString());
    QCOMPARE(cpuschedule::mismatchWithInterpreter(toChannelsLast(4, 32, 14, 14, 1)), QString());
  }
};

UOPSCOPE_TEST(TestTransposeCopy);
#include "test_transpose_copy.moc"
