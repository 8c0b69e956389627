#include "core/ir/wmma_tile.h"

#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

namespace uops {

std::string formatWmmaTile(const WmmaTile& tile) { return fmt::format("{}x{}x{}", tile.m, tile.n, tile.k); }

std::optional<WmmaTile> parseWmmaTile(std::string_view text) {
  int64_t sizes[3] = {};
  const char* at = text.data();
  const char* end = text.data() + text.size();
  for (int i = 0; i < 3; ++i) {
    if (i > 0) {
      if (at == end || *at != 'x') return std::nullopt;
      ++at;
    }
    auto [next, ec] = std::from_chars(at, end, sizes[i]);
    if (ec != std::errc() || sizes[i] < 1) return std::nullopt;
    at = next;
  }
  if (at != end) return std::nullopt;
  return WmmaTile{sizes[0], sizes[1], sizes[2]};
}

WmmaTile wmmaTileOf(const UOp& wmma) {
  const std::string& text = wmma.argAs<std::string>();
  auto tile = parseWmmaTile(text);
  if (!tile) throw std::invalid_argument(fmt::format("a Wmma's arg must be its tile MxNxK, got '{}'", text));
  return *tile;
}

} // namespace uops
