#include "core/ir/axis_type.h"

#include <array>

namespace uops {
namespace {
struct AxisTypeInfo {
  AxisType type;
  std::string_view name;
  char letter;
  uint32_t color;
};
constexpr std::array<AxisTypeInfo, 9> kAxisTypes = {{
    {AxisType::Global, "GLOBAL", 'g', 0x1565C0},
    {AxisType::Local, "LOCAL", 'l', 0x00838F},
    {AxisType::Warp, "WARP", 'w', 0x00ACC1},
    {AxisType::Thread, "THREAD", 't', 0x42A5F5},
    {AxisType::Loop, "LOOP", 'L', 0x616161},
    {AxisType::Reduce, "REDUCE", 'R', 0xC62828},
    {AxisType::GroupReduce, "GROUP_REDUCE", 'G', 0xE53935},
    {AxisType::Upcast, "UPCAST", 'u', 0xF9A825},
    {AxisType::Unroll, "UNROLL", 'r', 0x7B1FA2},
}};
const AxisTypeInfo& info(AxisType t) { return kAxisTypes[static_cast<size_t>(t)]; }
} // namespace

std::string_view axisTypeName(AxisType t) { return info(t).name; }
char axisTypeLetter(AxisType t) { return info(t).letter; }
uint32_t axisTypeColor(AxisType t) { return info(t).color; }

std::optional<AxisType> axisTypeFromName(std::string_view name) {
  for (const auto& i : kAxisTypes)
    if (i.name == name) return i.type;
  return std::nullopt;
}

std::optional<AxisType> axisTypeFromLetter(char letter) {
  for (const auto& i : kAxisTypes)
    if (i.letter == letter) return i.type;
  return std::nullopt;
}

} // namespace uops
