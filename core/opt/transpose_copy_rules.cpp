#include "core/opt/transpose_copy_rules.h"

#include "core/opt/copy_accesses.h"
#include "core/opt/heuristic_axes.h"

#include <algorithm>
#include <cstdlib>
#include <initializer_list>

namespace uops {
namespace {

constexpr int64_t kLineBytes = 64;
constexpr int64_t kL1Bytes = 32 * 1024; // the smallest L1 data cache of the x86 cores in use
constexpr int64_t kReadColumns = 4;     // of the read axis a step takes where the walk stays in L1

// The largest of `factors` that divides `size`; 0 when none does.
int64_t largestDividing(int64_t size, std::initializer_list<int64_t> factors) {
  for (int64_t f : factors)
    if (f > 1 && size % f == 0) return f;
  return 0;
}

} // namespace

std::optional<std::vector<TileStep>> transposeCopyTile(const UOpPtr& ast, const OptTarget& target) {
  const std::optional<CopyKernel> k = vectorCopyKernel(ast, target, true);
  if (!k || k->outputs.size() < 2) return std::nullopt;
  const CopyAccesses* c = &k->access;
  const std::vector<KernelAxis>& outputs = k->outputs;
  const int64_t lanes = k->lanes;
  const int64_t itemBytes = static_cast<int64_t>(c->load->dtype().itemSize());
  const int64_t lineItems = kLineBytes / std::max<int64_t>(itemBytes, 1);
  // the stored axis: consecutive in the store, a line or more apart in the load
  const KernelAxis& stored = outputs[0];
  const std::optional<int64_t> storedLoad = coefficientAlong(*c->load, *stored.range);
  const std::optional<int64_t> storedStore = coefficientAlong(*c->store, *stored.range);
  if (!storedLoad || !storedStore || *storedStore != 1 || std::abs(*storedLoad) < lineItems) return std::nullopt;
  // the read axis: consecutive in the load
  auto read = std::find_if(outputs.begin() + 1, outputs.end(), [&](const KernelAxis& a) {
    const std::optional<int64_t> l = coefficientAlong(*c->load, *a.range);
    return l && *l == 1 && a.type == stored.type;
  });
  if (read == outputs.end()) return std::nullopt;
  const int64_t storedFactor = largestDividing(stored.size, {lanes, lanes / 2, 4});
  if (!storedFactor) return std::nullopt;
  const Opt storedSplit{OptOpKind::Split, stored.index, storedFactor, AxisType::Upcast, false, 0};
  const char* storedWhy = "a copy into transposed order: a vector of the consecutively stored axis";
  if (stored.size * kLineBytes > kL1Bytes) {
    int64_t readFactor = 0;
    for (int64_t f = lineItems; f >= 2 && !readFactor; f /= 2)
      if (read->size % f == 0 && f * storedFactor <= target.maxCopies) readFactor = f;
    if (!readFactor) return std::nullopt;
    return std::vector<TileStep>{
        {Opt{OptOpKind::Split, read->index, readFactor, AxisType::Upcast, false, 0},
         "a copy into transposed order whose walk along the stored axis touches more lines than L1 holds: a "
         "whole line of the consecutively read axis, used in one visit"},
        {storedSplit, storedWhy},
    };
  }
  // four columns, the read axis padded to a multiple of four where that adds at most an eighth;
  // else two
  const int64_t padded = (read->size + kReadColumns - 1) / kReadColumns * kReadColumns;
  const int64_t columns = 8 * (padded - read->size) <= read->size ? kReadColumns
                          : read->size % 2 == 0                   ? 2
                                                                  : 0;
  if (!columns || columns * storedFactor > target.maxCopies) return std::nullopt;
  std::vector<TileStep> steps;
  if (read->size % columns != 0)
    steps.push_back(
        {Opt{OptOpKind::Padto, read->index, columns, AxisType::Upcast, false, 0},
         "a copy into transposed order whose read axis is no multiple of the columns a step takes: "
         "padded, the extra columns neither read nor written"});
  steps.push_back({storedSplit, storedWhy});
  steps.push_back({Opt{OptOpKind::Split, read->index, columns, AxisType::Upcast, false, 0},
                   columns == kReadColumns ? "a copy into transposed order: four of the "
                                             "consecutively read axis, the walk's lines still in L1"
                                           : "a copy into transposed order: two of the "
                                             "consecutively read axis (four would pad it by more "
                                             "than an eighth), the walk's lines still in L1"});
  return steps;
}

} // namespace uops
