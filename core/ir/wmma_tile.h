// The tile a Wmma multiplies, C(m x n) += A(m x k) B(k x n), and its text in
// the Wmma's arg, "MxNxK" ("8x8x4") for a tile one work-item holds whole, or
// "MxNxK <layout>" ("16x8x16 nvidia") for one spread over a warp's work-items
// (warp_fragment.h): TC writes it, the verifier checks it, Expand, the
// renderers and the kernel interpreter read it.
#pragma once

#include "core/ir/uop.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace uops {

// How a tile's elements are spread over work-items.
enum class WarpLayout : unsigned char {
  None,   // one work-item holds the whole tile, row-major (the CPU)
  Nvidia, // a warp of 32 holds mma.sync's fragments (PTX ISA, "Matrix Fragments for mma.m16n8k16")
  Amd,    // a wave of 32 holds RDNA3 WMMA's fragments
};

struct WmmaTile {
  int64_t m = 0, n = 0, k = 0;
  WarpLayout layout = WarpLayout::None;

  friend bool operator==(const WmmaTile&, const WmmaTile&) = default;
};

std::string formatWmmaTile(const WmmaTile& tile);
// The tile "MxNxK" names, each size at least 1, with an optional layout
// (" nvidia", " amd"); nullopt for any other text.
std::optional<WmmaTile> parseWmmaTile(std::string_view text);
// The tile of a Wmma node (throws std::invalid_argument when its arg names none).
WmmaTile wmmaTileOf(const UOp& wmma);

} // namespace uops
