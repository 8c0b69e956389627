// Vectors of lanes of other vectors (vector_ops.h's kLanes) as LLVM
// shufflevectors. A copy into transposed order stores, for each column j of
// its tile, lane j of every row's vector: written one insert at a time, a
// 16 x 16 tile is 256 extracts and 256 inserts, which LLVM's x86 back end
// left as 303 scalar moves. Here the tile's transpose is written once, with
// log2(n) rounds of interleaving pairs of rows, n/2 pairs a round (each a
// two-source permute: vunpcklps, vpermt2ps), and each store takes its column.
#include "core/render/render_llvm_writer.h"

#include <fmt/format.h>

namespace uops::llvmir {
namespace {

bool powerOfTwo(size_t n) {
  return n >= 2 && (n & (n - 1)) == 0;
}

std::string keyOf(std::string_view kind, const std::vector<std::string>& names) {
  std::string key(kind);
  for (const std::string& n : names)
    key += "," + n;
  return key;
}

// The transpose of n vectors of n lanes: result j holds lane j of each, row i in lane i.
// A round interleaves row i with row i + n/2: the rows' top index bit becomes
// the lanes' lowest, the lanes' top bit the rows' lowest; after log2(n) rounds
// the bits of row and lane have traded places.
const std::vector<std::string>& transpose(Writer& w, const std::string& t,
                                          const std::vector<std::string>& rows) {
  const std::string key = keyOf("transpose", rows);
  if (auto it = w.shuffles.find(key); it != w.shuffles.end()) return it->second;
  const size_t n = rows.size(), half = n / 2;
  std::vector<size_t> low, high;
  for (size_t l = 0; l < half; ++l) {
    low.insert(low.end(), {l, n + l});
    high.insert(high.end(), {half + l, n + half + l});
  }
  std::vector<std::string> cur = rows;
  for (size_t round = 1; round < n; round *= 2) {
    std::vector<std::string> next(n);
    for (size_t i = 0; i < half; ++i) {
      next[2 * i] = shuffleLanes(w, t, n, cur[i], cur[i + half], low);
      next[2 * i + 1] = shuffleLanes(w, t, n, cur[i], cur[i + half], high);
    }
    cur = std::move(next);
  }
  return w.shuffles[key] = std::move(cur);
}

// Lanes [from, from + count) of `v` (`width` lanes), written once per loop nest.
std::string lanesOf(Writer& w, const std::string& t, const std::string& v, size_t width,
                    size_t from, size_t count) {
  const std::string key = fmt::format("lanes,{},{},{}", v, from, count);
  if (auto it = w.shuffles.find(key); it != w.shuffles.end()) return it->second[0];
  std::vector<size_t> mask;
  for (size_t k = 0; k < count; ++k)
    mask.push_back(from + k);
  return (w.shuffles[key] = {shuffleLanes(w, t, width, v, "poison", mask)})[0];
}

// Lane j of each of `rows` (as many as the result's lanes, `width` lanes each).
std::string column(Writer& w, const std::string& t, const std::vector<std::string>& rows,
                   size_t width, size_t j) {
  const size_t n = rows.size();
  if (width == n) return transpose(w, t, rows)[j];
  if (width > n) { // the n lanes around j of each row: an n x n block
    std::vector<std::string> block;
    for (const std::string& r : rows)
      block.push_back(lanesOf(w, t, r, width, j / n * n, n));
    return transpose(w, t, block)[j % n];
  }
  // n / width blocks of width x width, their columns j joined pairwise
  std::vector<std::string> parts;
  for (size_t b = 0; b < n; b += width)
    parts.push_back(
        transpose(w, t, std::vector<std::string>(rows.begin() + b, rows.begin() + b + width))[j]);
  for (size_t part = width; parts.size() > 1; part *= 2) {
    std::vector<std::string> joined;
    std::vector<size_t> both;
    for (size_t k = 0; k < 2 * part; ++k)
      both.push_back(k);
    for (size_t k = 0; k < parts.size(); k += 2)
      joined.push_back(shuffleLanes(w, t, part, parts[k], parts[k + 1], both));
    parts = std::move(joined);
  }
  return parts[0];
}

} // namespace

std::string shuffleLanes(Writer& w, const std::string& t, size_t width, const std::string& a,
                         const std::string& b, const std::vector<size_t>& mask) {
  std::string m;
  for (size_t k = 0; k < mask.size(); ++k)
    m += fmt::format("{}i32 {}", k ? ", " : "", mask[k]);
  const std::string vt = laneType(width, t);
  return w.emit(
      fmt::format("shufflevector {} {}, {} {}, <{} x i32> <{}>", vt, a, vt, b, mask.size(), m));
}

std::string gatherLanes(Writer& w, const std::vector<const UOp*>& values) {
  const std::string t = regType(values[0]->dtype());
  const size_t n = values.size();
  const Writer::VectorLane* first = w.laneOf(*values[0]);
  std::vector<std::string> rows;
  for (size_t k = 0; first && k < n; ++k) {
    const Writer::VectorLane* l = w.laneOf(*values[k]);
    if (!l || l->lane != first->lane || l->width != first->width ||
        std::find(rows.begin(), rows.end(), l->vector) != rows.end())
      break;
    rows.push_back(l->vector);
  }
  if (rows.size() == n && powerOfTwo(n) && powerOfTwo(first->width))
    return column(w, t, rows, first->width, first->lane);
  // lane by lane: a lane's scalar where it has one, else extracted from its vector
  std::string v = "poison";
  const std::string vt = laneType(n, t);
  for (size_t k = 0; k < n; ++k) {
    const Writer::VectorLane* l = w.laneOf(*values[k]);
    const std::string s = w.bound(*values[k]) || !l
                              ? w.operand(*values[k])
                              : w.emit(fmt::format("extractelement {} {}, i32 {}",
                                                   laneType(l->width, t), l->vector, l->lane));
    v = w.emit(fmt::format("insertelement {} {}, {} {}, i32 {}", vt, v, t, s, k));
  }
  return v;
}

} // namespace uops::llvmir
