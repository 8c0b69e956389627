#include "core/ir/warp_fragment.h"

#include "core/ir/build.h"

#include <stdexcept>
#include <vector>

#include <fmt/format.h>

namespace uops {
namespace {

// One part of a coordinate: ((lane or element) / div % mod) * mul.
struct FragTerm {
  bool lane;
  int64_t div, mod, mul;
};
using FragCoord = std::vector<FragTerm>;

struct FragOperand {
  int64_t elements;
  FragCoord row, col;
};

struct FragMaps {
  WmmaTile tile;
  FragOperand a, b, c;
};

constexpr bool kLane = true, kElem = false;

const std::vector<FragMaps>& fragTables() {
  static const std::vector<FragMaps> tables = {
      {{16, 8, 16, WarpLayout::Nvidia},
       {8, {{kLane, 4, 8, 1}, {kElem, 2, 2, 8}}, {{kLane, 1, 4, 2}, {kElem, 1, 2, 1}, {kElem, 4, 2, 8}}},
       {4, {{kLane, 1, 4, 2}, {kElem, 1, 2, 1}, {kElem, 2, 2, 8}}, {{kLane, 4, 8, 1}}},
       {4, {{kLane, 4, 8, 1}, {kElem, 2, 2, 8}}, {{kLane, 1, 4, 2}, {kElem, 1, 2, 1}}}},
      {{16, 8, 8, WarpLayout::Nvidia},
       {4, {{kLane, 4, 8, 1}, {kElem, 1, 2, 8}}, {{kLane, 1, 4, 1}, {kElem, 2, 2, 4}}},
       {2, {{kLane, 1, 4, 1}, {kElem, 1, 2, 4}}, {{kLane, 4, 8, 1}}},
       {4, {{kLane, 4, 8, 1}, {kElem, 2, 2, 8}}, {{kLane, 1, 4, 2}, {kElem, 1, 2, 1}}}},
      {{16, 16, 16, WarpLayout::Amd},
       {16, {{kLane, 1, 16, 1}}, {{kElem, 1, 16, 1}}},
       {16, {{kElem, 1, 16, 1}}, {{kLane, 1, 16, 1}}},
       {8, {{kElem, 1, 8, 2}, {kLane, 16, 2, 1}}, {{kLane, 1, 16, 1}}}},
  };
  return tables;
}

const FragMaps* fragMapsOf(const WmmaTile& tile) {
  for (const FragMaps& t : fragTables())
    if (t.tile == tile) return &t;
  return nullptr;
}

// The tile whole in one work-item: element e of an r x c operand is (e / c, e % c).
FragOperand wholeTile(int64_t rows, int64_t cols) {
  return {rows * cols, {{kElem, cols, rows, 1}}, {{kElem, 1, cols, 1}}};
}

FragOperand fragOperand(const WmmaTile& tile, WmmaOperand operand) {
  if (tile.layout == WarpLayout::None) {
    switch (operand) {
    case WmmaOperand::A: return wholeTile(tile.m, tile.k);
    case WmmaOperand::B: return wholeTile(tile.k, tile.n);
    case WmmaOperand::C: return wholeTile(tile.m, tile.n);
    }
  }
  const FragMaps* maps = fragMapsOf(tile);
  if (!maps) throw std::invalid_argument(fmt::format("no warp layout of a {} tile", formatWmmaTile(tile)));
  switch (operand) {
  case WmmaOperand::A: return maps->a;
  case WmmaOperand::B: return maps->b;
  case WmmaOperand::C: return maps->c;
  }
  return maps->c;
}

int64_t fragValue(const FragCoord& coord, int64_t lane, int64_t element) {
  int64_t v = 0;
  for (const FragTerm& t : coord) v += ((t.lane ? lane : element) / t.div % t.mod) * t.mul;
  return v;
}

UOpPtr fragExpr(const FragCoord& coord, const UOpPtr& lane, const UOpPtr& element) {
  UOpPtr sum;
  for (const FragTerm& t : coord) {
    UOpPtr x = t.lane ? lane : element;
    if (t.div > 1) x = x / constIndex(t.div);
    x = (x % constIndex(t.mod)) * constIndex(t.mul);
    sum = sum ? sum + x : x;
  }
  return sum;
}

// For each place (row * cols + col) of an operand, its holder.
std::vector<FragmentHolder> holderTable(const WmmaTile& tile, WmmaOperand operand, int64_t cols) {
  const FragOperand op = fragOperand(tile, operand);
  const int64_t rows = operand == WmmaOperand::B ? tile.k : tile.m;
  std::vector<FragmentHolder> table(static_cast<size_t>(rows * cols), FragmentHolder{-1, -1});
  for (int64_t lane = wmmaLanes(tile) - 1; lane >= 0; --lane)
    for (int64_t e = 0; e < op.elements; ++e) {
      const int64_t at = fragValue(op.row, lane, e) * cols + fragValue(op.col, lane, e);
      table.at(static_cast<size_t>(at)) = {lane, e};
    }
  return table;
}

} // namespace

FragmentHolder fragmentHolder(const WmmaTile& tile, WmmaOperand operand, int64_t row, int64_t col) {
  const int64_t cols = operand == WmmaOperand::A ? tile.k : tile.n;
  if (tile.layout == WarpLayout::None) return {0, row * cols + col};
  // the warp layouts' tables, built once (three operands per known tile)
  static const std::vector<std::vector<FragmentHolder>> tables = [] {
    std::vector<std::vector<FragmentHolder>> t;
    for (const FragMaps& maps : fragTables()) {
      t.push_back(holderTable(maps.tile, WmmaOperand::A, maps.tile.k));
      t.push_back(holderTable(maps.tile, WmmaOperand::B, maps.tile.n));
      t.push_back(holderTable(maps.tile, WmmaOperand::C, maps.tile.n));
    }
    return t;
  }();
  const FragMaps* maps = fragMapsOf(tile);
  if (!maps) throw std::invalid_argument(fmt::format("no warp layout of a {} tile", formatWmmaTile(tile)));
  const size_t which = static_cast<size_t>(maps - fragTables().data()) * 3 + static_cast<size_t>(operand);
  return tables.at(which).at(static_cast<size_t>(row * cols + col));
}

bool knownWmmaLayout(const WmmaTile& tile) {
  return tile.layout == WarpLayout::None || fragMapsOf(tile) != nullptr;
}

int64_t wmmaLanes(const WmmaTile& tile) { return tile.layout == WarpLayout::None ? 1 : 32; }

int64_t fragmentElements(const WmmaTile& tile, WmmaOperand operand) { return fragOperand(tile, operand).elements; }

FragmentPlace fragmentPlace(const WmmaTile& tile, WmmaOperand operand, int64_t lane, int64_t element) {
  FragOperand op = fragOperand(tile, operand);
  return {fragValue(op.row, lane, element), fragValue(op.col, lane, element)};
}

std::pair<UOpPtr, UOpPtr> fragmentPlace(const WmmaTile& tile, WmmaOperand operand, const UOpPtr& lane,
                                        const UOpPtr& element) {
  FragOperand op = fragOperand(tile, operand);
  return {fragExpr(op.row, lane, element), fragExpr(op.col, lane, element)};
}

} // namespace uops
