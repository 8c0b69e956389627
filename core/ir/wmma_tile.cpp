#include "core/ir/wmma_tile.h"

#include <charconv>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace uops {

namespace {

constexpr std::pair<WarpLayout, std::string_view> kWarpLayoutNames[] = {
    {WarpLayout::Nvidia, "nvidia"},
    {WarpLayout::Amd, "amd"},
};

std::optional<WarpLayout> wmmaLayoutNamed(std::string_view name) {
  for (const auto& [layout, text] : kWarpLayoutNames)
    if (text == name) return layout;
  return std::nullopt;
}

std::string_view wmmaLayoutName(WarpLayout layout) {
  for (const auto& [l, text] : kWarpLayoutNames)
    if (l == layout) return text;
  return {};
}

} // namespace

std::string formatWmmaTile(const WmmaTile& tile) {
  std::string text = fmt::format("{}x{}x{}", tile.m, tile.n, tile.k);
  if (tile.layout != WarpLayout::None) text += fmt::format(" {}", wmmaLayoutName(tile.layout));
  return text;
}

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
  WarpLayout layout = WarpLayout::None;
  if (at != end) {
    if (*at != ' ') return std::nullopt;
    auto named = wmmaLayoutNamed(std::string_view(at + 1, static_cast<size_t>(end - at - 1)));
    if (!named) return std::nullopt;
    layout = *named;
  }
  return WmmaTile{sizes[0], sizes[1], sizes[2], layout};
}

WmmaTile wmmaTileOf(const UOp& wmma) {
  const std::string& text = wmma.argAs<std::string>();
  auto tile = parseWmmaTile(text);
  if (!tile) throw std::invalid_argument(fmt::format("a Wmma's arg must be its tile MxNxK, got '{}'", text));
  return *tile;
}

} // namespace uops
