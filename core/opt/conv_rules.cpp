#include "core/opt/conv_rules.h"

#include "core/ir/reaches.h"
#include "core/opt/heuristic_axes.h"
#include "core/symbolic/linear_form.h"

#include <algorithm>

namespace uops {
namespace {

// The coefficient of `r` in the index of the kernel's store (0: none, or no
// single store with a linear index).
int64_t convStoreCoefficient(const UOpPtr& ast, const UOp& r) {
  const UOp* store = nullptr;
  for (const UOp* u : toposort(*ast))
    if (u->op() == Op::Store) {
      if (store) return 0;
      store = u;
    }
  if (!store || store->src(0)->op() != Op::Index) return 0;
  std::optional<LinearForm> form = linearize(store->src(0)->src(1));
  if (!form) return 0;
  for (const LinearTerm& t : form->terms)
    if (t.node.get() == &r) return static_cast<int64_t>(t.coef);
  return 0;
}

// Whether some load reads every other element along `r` (a stride-2
// convolution's input row: coefficient 2) and none reads consecutive ones.
bool convReadsEveryOtherAlong(const UOpPtr& ast, const UOp& r) {
  bool everyOther = false;
  for (const UOp* u : toposort(*ast)) {
    if (u->op() != Op::Load || u->src(0)->op() != Op::Index) continue;
    std::optional<LinearForm> form = linearize(u->src(0)->src(1));
    if (!form) continue;
    for (const LinearTerm& t : form->terms)
      if (t.node.get() == &r) {
        if (t.coef == 1) return false;
        everyOther = everyOther || t.coef == 2;
      }
  }
  return everyOther;
}

} // namespace

std::optional<ConvTile> convTile(const UOpPtr& ast, const OptTarget& target) {
  const int64_t lanes = target.vectorBits / 32;
  if (target.vectorBits < 512 || target.workItemVectorizer) return std::nullopt;
  const std::vector<KernelAxis> axes = kernelAxes(ast);
  std::vector<KernelAxis> outputs; // innermost first
  bool reduces = false, smallWindow = true;
  for (const KernelAxis& a : axes) {
    if (isOutputType(a.type) && a.size > 1) outputs.insert(outputs.begin(), a);
    if (a.type == AxisType::Reduce) {
      reduces = true;
      smallWindow = smallWindow && a.size > 0 && a.size <= 7;
    }
  }
  if (!reduces || outputs.size() < 2) return std::nullopt;
  const KernelAxis& x = outputs[0];
  const KernelAxis& y = outputs[1];
  if (convStoreCoefficient(ast, *x.range) != 1 || convStoreCoefficient(ast, *y.range) != x.size) return std::nullopt;
  // the output channels: an axis whose loads that depend on the row do not depend on it
  auto reuser = std::find_if(outputs.begin() + 2, outputs.end(), [&](const KernelAxis& a) {
    return loadReusedAcross(ast, *a.range, x.range.get());
  });
  auto split = [](const KernelAxis& a, int64_t f, std::string why) {
    return ConvTileStep{Opt{OptOpKind::Split, a.index, f, AxisType::Upcast, false, 0}, std::move(why)};
  };
  ConvTile tile;
  // A stride-2 convolution reads every other input column: the whole output
  // row (at most two vectors) by 8 output channels, each load of the row one
  // masked read of twice its lanes and a shuffle (core/render/vector_access.h).
  // An upcast of 4 columns by 16 channels gathered its four columns and ran
  // 4-float FMAs; vectors over the output channels gather the filters (OIHW:
  // 576 floats apart).
  if (convReadsEveryOtherAlong(ast, *x.range)) {
    if (reuser == outputs.end() || x.size > 2 * lanes) return std::nullopt;
    int64_t fc = 0;
    for (int64_t f : {8, 4, 2})
      if (reuser->size % f == 0 && reuser->size >= 2 * f && f * x.size <= target.maxCopies) {
        fc = f;
        break;
      }
    if (!fc) return std::nullopt;
    tile.steps.push_back(split(*reuser, fc, "stride 2: output channels reuse each load of the input row"));
    tile.steps.push_back(split(x, x.size, "stride 2: the whole output row, its input row read as every other element"));
    tile.tileAxes = {x.index, reuser->index};
    return tile;
  }
  if (!loadReadsConsecutivelyAlong(ast, *x.range) || x.size % lanes == 0) return std::nullopt;
  if (reuser != outputs.end()) {
    // a row shorter than two vectors takes the next row with it
    const int64_t fy = x.size < 2 * lanes && y.size % 2 == 0 ? 2 : 1;
    int64_t fc = 0;
    for (int64_t f : {8, 4, 2})
      if (reuser->size % f == 0 && reuser->size >= 2 * f && f * fy * x.size <= target.maxCopies) {
        fc = f;
        break;
      }
    if (!fc) return std::nullopt;
    tile.steps.push_back(split(*reuser, fc, "image rows not whole vectors: output channels reuse the rows' loads"));
    if (fy > 1)
      tile.steps.push_back(split(y, fy, "a row shorter than two vectors: two output rows, consecutive in memory, make longer vectors"));
    tile.steps.push_back(split(x, x.size, "image rows not whole vectors: the whole row, innermost, packed into vectors"));
    tile.tileAxes = {x.index, reuser->index};
    return tile;
  }
  if (reuser == outputs.end() && smallWindow && x.size > lanes && 2 * x.size <= target.maxCopies &&
      y.size % 2 == 0) {
    tile.steps.push_back(split(x, x.size, "depthwise: the whole row is one run of vectors, none of them padded"));
    tile.steps.push_back(split(y, 2, "depthwise: two output rows share the loads of the window's rows between them"));
    tile.tileAxes = {x.index, y.index};
    return tile;
  }
  return std::nullopt;
}

} // namespace uops
