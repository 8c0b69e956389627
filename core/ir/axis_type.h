// AxisType: what a kernel's Range means to the hardware (the spec's OptOps table).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace uops {

enum class AxisType : uint8_t {
  Global,      // g: GPU global workgroup dimension
  Local,       // l: workgroup local dimension
  Warp,        // w: warp lanes for tensor cores (made by TC)
  Thread,      // t: CPU thread parallelism
  Loop,        // L: sequential loop, the initial state
  Reduce,      // R: reduction axis
  GroupReduce, // G: shared-memory group reduction
  Upcast,      // u: register-level vectorization
  Unroll,      // r: fully unrolled loop
};

std::string_view axisTypeName(AxisType t);  // "GLOBAL", "LOCAL", ...
char axisTypeLetter(AxisType t);            // 'g', 'l', 'w', 't', 'L', 'R', 'G', 'u', 'r'
uint32_t axisTypeColor(AxisType t);         // the spec's color, 0xRRGGBB
std::optional<AxisType> axisTypeFromName(std::string_view name);
std::optional<AxisType> axisTypeFromLetter(char letter);

} // namespace uops
