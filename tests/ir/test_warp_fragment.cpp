// The warp layouts of TC's tiles (core/ir/warp_fragment.h) against the
// hardware's documents, written here as they state them: NVIDIA's PTX ISA
// ("Matrix Fragments for mma.m16n8k16 / mma.m16n8k8", with groupID = lane / 4
// and threadID_in_group = lane % 4) and AMD's RDNA3 WMMA (wave32: lane l holds
// row l % 16 of A, column l % 16 of B, and of C the rows 2i + l / 16).
#include "tests/support/test_registry.h"
#include "core/ir/build.h"
#include "core/ir/warp_fragment.h"

#include <QTest>

#include <vector>

using namespace uops;

namespace {

const WmmaTile kMma16{16, 8, 16, WarpLayout::Nvidia};
const WmmaTile kMma8{16, 8, 8, WarpLayout::Nvidia};
const WmmaTile kWmma{16, 16, 16, WarpLayout::Amd};

FragmentPlace ptxF16(WmmaOperand op, int64_t lane, int64_t i) {
  const int64_t group = lane / 4, thread = lane % 4;
  switch (op) {
  case WmmaOperand::A: {
    const bool lowRow = i == 0 || i == 1 || i == 4 || i == 5;
    return {lowRow ? group : group + 8, thread * 2 + (i & 1) + (i < 4 ? 0 : 8)};
  }
  case WmmaOperand::B: return {thread * 2 + (i & 1) + (i < 2 ? 0 : 8), group};
  case WmmaOperand::C: return {i < 2 ? group : group + 8, thread * 2 + (i & 1)};
  }
  return {};
}

FragmentPlace ptxTf32(WmmaOperand op, int64_t lane, int64_t i) {
  const int64_t group = lane / 4, thread = lane % 4;
  switch (op) {
  case WmmaOperand::A: return {i == 0 || i == 2 ? group : group + 8, i < 2 ? thread : thread + 4};
  case WmmaOperand::B: return {i == 0 ? thread : thread + 4, group};
  case WmmaOperand::C: return ptxF16(op, lane, i);
  }
  return {};
}

FragmentPlace rdna3(WmmaOperand op, int64_t lane, int64_t i) {
  switch (op) {
  case WmmaOperand::A: return {lane % 16, i};
  case WmmaOperand::B: return {i, lane % 16};
  case WmmaOperand::C: return {2 * i + lane / 16, lane % 16};
  }
  return {};
}

int64_t rowsOf(const WmmaTile& t, WmmaOperand op) { return op == WmmaOperand::B ? t.k : t.m; }
int64_t colsOf(const WmmaTile& t, WmmaOperand op) { return op == WmmaOperand::A ? t.k : t.n; }

} // namespace

class TestWarpFragment : public QObject {
  Q_OBJECT

private Q_SLOTS:
  void matchesTheDocuments() {
    struct Case {
      WmmaTile tile;
      FragmentPlace (*doc)(WmmaOperand, int64_t, int64_t);
      int64_t a, b, c; // elements per lane
    };
    for (const Case& t : {Case{kMma16, ptxF16, 8, 4, 4}, Case{kMma8, ptxTf32, 4, 2, 4}, Case{kWmma, rdna3, 16, 16, 8}}) {
      QCOMPARE(wmmaLanes(t.tile), int64_t{32});
      const int64_t counts[] = {t.a, t.b, t.c};
      for (WmmaOperand op : {WmmaOperand::A, WmmaOperand::B, WmmaOperand::C}) {
        QCOMPARE(fragmentElements(t.tile, op), counts[static_cast<int>(op)]);
        for (int64_t lane = 0; lane < 32; ++lane)
          for (int64_t i = 0; i < counts[static_cast<int>(op)]; ++i) {
            const FragmentPlace want = t.doc(op, lane, i), got = fragmentPlace(t.tile, op, lane, i);
            QVERIFY2(got == want, qPrintable(QStringLiteral("%1 operand %2 lane %3 element %4: (%5, %6), expected (%7, %8)")
                                                 .arg(QString::fromStdString(formatWmmaTile(t.tile)))
                                                 .arg(static_cast<int>(op)).arg(lane).arg(i).arg(got.row)
                                                 .arg(got.col).arg(want.row).arg(want.col)));
            // the holder of that place holds it
            const FragmentHolder h = fragmentHolder(t.tile, op, want.row, want.col);
            QVERIFY(fragmentPlace(t.tile, op, h.lane, h.element) == want);
          }
      }
    }
  }

  // every place of every tile is held: C once; A and B once on NVIDIA, by
  // both half-waves on RDNA3
  void fragmentsCoverTheTiles() {
    for (const WmmaTile& tile : {kMma16, kMma8, kWmma})
      for (WmmaOperand op : {WmmaOperand::A, WmmaOperand::B, WmmaOperand::C}) {
        std::vector<int> held(static_cast<size_t>(rowsOf(tile, op) * colsOf(tile, op)));
        for (int64_t lane = 0; lane < 32; ++lane)
          for (int64_t i = 0; i < fragmentElements(tile, op); ++i) {
            FragmentPlace p = fragmentPlace(tile, op, lane, i);
            ++held.at(static_cast<size_t>(p.row * colsOf(tile, op) + p.col));
          }
        const int times = tile.layout == WarpLayout::Amd && op != WmmaOperand::C ? 2 : 1;
        for (int h : held) QCOMPARE(h, times);
      }
  }

  // the index expressions TC builds say the same as the numbers
  void expressionsAgree() {
    UOpPtr lane = range(32, 0, AxisType::Warp);
    auto [row, col] = fragmentPlace(kMma16, WmmaOperand::A, lane, constIndex(5));
    QVERIFY(row && col);
    QVERIFY(!fragmentPlace(kMma16, WmmaOperand::C, lane, constIndex(0)).first->src().empty());
    QVERIFY(!knownWmmaLayout({16, 16, 16, WarpLayout::Nvidia}));
    QVERIFY(knownWmmaLayout({8, 8, 4}));
  }
};

UOPSCOPE_TEST(TestWarpFragment);
#include "test_warp_fragment.moc"
