// TC's tiles in LLVM IR: Stack builds a vector of its elements, Wmma is LLVM's
// matrix multiply of the two tiles (lowered to vector FMAs for the host) plus
// the accumulator tile, and Index takes one element of the result. A tile a
// warp holds is the dialect's matrix instruction on the work-item's fragments
// (llvm_dialect.h: warpWmma).
#include "core/render/render_llvm_writer.h"

#include "core/ir/wmma_tile.h"

#include <fmt/format.h>

namespace uops::llvmir {
namespace {

std::string vectorType(int64_t n, DType d) { return laneType(static_cast<size_t>(n), regType(d)); }

int64_t elements(const UOp& u) { return u.shape().empty() ? 1 : u.shape().front(); }

void renderWarpWmma(Writer& w, const UOp& u, const WmmaTile& tile) {
  WarpWmma call{.tile = tile,
                .in = u.src(0)->dtype(),
                .acc = u.dtype(),
                .a = w.operand(*u.src(0)),
                .b = w.operand(*u.src(1)),
                .c = w.operand(*u.src(2)),
                .result = w.fresh()};
  WarpWmmaLines lines = w.dialect->warpWmma(call);
  for (std::string& d : lines.declarations) w.declare(std::move(d));
  for (const std::string& l : lines.lines) w.line(l);
  w.bind(u, call.result);
}

} // namespace

void renderStack(Writer& w, const UOp& u) {
  if (u.shape().size() != 1 || !isFloatKind(numKind(u.dtype())))
    unsupported(u, "vectors of float registers are built for Wmma tiles only");
  std::string type = vectorType(static_cast<int64_t>(u.src().size()), u.dtype());
  std::string acc = "poison";
  for (size_t i = 0; i < u.src().size(); ++i) {
    std::string v = w.fresh();
    w.line(fmt::format("{} = insertelement {} {}, {} {}, i64 {}", v, type, acc, regType(u.dtype()),
                       w.operand(*u.src(i)), i));
    acc = v;
  }
  w.bind(u, acc);
}

void renderWmma(Writer& w, const UOp& u) {
  const WmmaTile tile = wmmaTileOf(u);
  if (tile.layout != WarpLayout::None) return renderWarpWmma(w, u, tile);
  const int64_t m = tile.m, n = tile.n, k = tile.k;
  if (u.shape().empty() || elements(*u.src(0)) != m * k || elements(*u.src(1)) != k * n)
    unsupported(u, "a Wmma renders on whole tiles (Expand gathers them)");
  if (u.dtype() != dtypes::float32) unsupported(u, "the CPU's Wmma multiplies float32");
  // LLVM's matrices are column-major: a row-major m x k tile is its k x m
  // transpose, so B^T A^T (n x k times k x m) is C^T column-major, C row-major
  std::string a = vectorType(m * k, u.dtype()), b = vectorType(k * n, u.dtype()), c = vectorType(m * n, u.dtype());
  std::string product = w.callIntrinsic(
      c, fmt::format("llvm.matrix.multiply.v{}f32.v{}f32.v{}f32", m * n, k * n, m * k),
      fmt::format("{} {}, {} {}, i32 {}, i32 {}, i32 {}", b, w.operand(*u.src(1)), a, w.operand(*u.src(0)), n, k, m),
      fmt::format("{}, {}, i32, i32, i32", b, a));
  std::string sum = w.fresh();
  w.line(fmt::format("{} = fadd {} {}, {}", sum, c, product, w.operand(*u.src(2))));
  w.bind(u, sum);
}

void renderTileElement(Writer& w, const UOp& u) {
  const UOp& tile = *u.src(0);
  std::string v = w.fresh();
  w.line(fmt::format("{} = extractelement {} {}, {} {}", v, vectorType(elements(tile), tile.dtype()),
                     w.operand(tile), regType(u.src(1)->dtype()), w.operand(*u.src(1))));
  w.bind(u, v);
}

} // namespace uops::llvmir
