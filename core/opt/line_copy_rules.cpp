#include "core/opt/line_copy_rules.h"

#include "core/opt/copy_accesses.h"
#include "core/opt/heuristic_axes.h"

#include <algorithm>

namespace uops {
namespace {

constexpr int64_t kRowsUpcast = 8;          // source rows read per step
constexpr int64_t kRowStrideFromBytes = 256; // a source row stride from which steps down it skip lines

} // namespace

std::optional<std::vector<TileStep>> lineCopyTile(const UOpPtr& ast, const OptTarget& target) {
  const std::optional<CopyKernel> k = vectorCopyKernel(ast, target, false);
  if (!k || k->outputs.size() < 3) return std::nullopt;
  const CopyAccesses* c = &k->access;
  const std::vector<KernelAxis>& outputs = k->outputs;
  const int64_t lanes = k->lanes;
  // coefficients of the load and the store along each output axis
  std::vector<int64_t> load, store;
  for (const KernelAxis& a : outputs) {
    std::optional<int64_t> l = coefficientAlong(*c->load, *a.range), s = coefficientAlong(*c->store, *a.range);
    if (!l || !s) return std::nullopt;
    load.push_back(*l);
    store.push_back(*s);
  }
  // the line: consecutive on both sides, whole vectors, at most four of them
  const KernelAxis& line = outputs[0];
  const int64_t itemBytes = static_cast<int64_t>(c->load->dtype().itemSize());
  if (load[0] != 1 || store[0] != 1 || line.size % lanes != 0 || line.size > 4 * lanes) return std::nullopt;
  // the rows: written one line apart, read a row stride apart
  const KernelAxis& rows = outputs[1];
  if (store[1] != line.size || load[1] * itemBytes < kRowStrideFromBytes || rows.size % kRowsUpcast != 0 ||
      rows.size < 2 * kRowsUpcast || line.size * kRowsUpcast > target.maxCopies)
    return std::nullopt;
  // the panels: outside the rows, read one line apart, written further
  auto panels = std::find_if(outputs.begin() + 2, outputs.end(), [&](const KernelAxis& a) {
    const auto i = static_cast<size_t>(&a - outputs.data());
    return load[i] == line.size && store[i] > line.size && a.type == rows.type;
  });
  if (panels == outputs.end()) return std::nullopt;
  return std::vector<TileStep>{
      {Opt{OptOpKind::Swap, panels->index, 0, rows.type, false, rows.index},
       "a copy of lines into another order: the source rows' loop outside the panels', each row "
       "read in order"},
      {Opt{OptOpKind::Split, line.index, line.size, AxisType::Upcast, false, 0},
       "a copy of lines into another order: each line whole, one vector load and store"},
      {Opt{OptOpKind::Split, panels->index, kRowsUpcast, AxisType::Upcast, false, 0},
       "a copy of lines into another order: 8 source rows per step, 8 consecutive lines written"},
  };
}

} // namespace uops
