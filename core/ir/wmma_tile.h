// The tile a Wmma multiplies, C(m x n) += A(m x k) B(k x n), and its text in
// the Wmma's arg, "MxNxK" ("8x8x4"): TC writes it, the verifier checks it,
// Expand, the renderers and the kernel interpreter read it.
#pragma once

#include "core/ir/uop.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace uops {

struct WmmaTile {
  int64_t m = 0, n = 0, k = 0;

  friend bool operator==(const WmmaTile&, const WmmaTile&) = default;
};

std::string formatWmmaTile(const WmmaTile& tile);
// The tile "MxNxK" names, each size at least 1; nullopt for any other text.
std::optional<WmmaTile> parseWmmaTile(std::string_view text);
// The tile of a Wmma node (throws std::invalid_argument when its arg names none).
WmmaTile wmmaTileOf(const UOp& wmma);

} // namespace uops
