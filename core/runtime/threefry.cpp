#include "core/runtime/threefry.h"

#include <array>
#include <bit>

namespace uops {

uint64_t threefry2x32(uint64_t counter, uint64_t key) {
  constexpr std::array<int, 8> kRotations = {13, 15, 26, 6, 17, 29, 16, 24};
  constexpr uint32_t kParity = 0x1BD11BDA; // Skein's key schedule constant
  const std::array<uint32_t, 3> ks = {static_cast<uint32_t>(key), static_cast<uint32_t>(key >> 32),
                                      static_cast<uint32_t>(key) ^
                                          static_cast<uint32_t>(key >> 32) ^ kParity};
  uint32_t x0 = static_cast<uint32_t>(counter) + ks[0];
  uint32_t x1 = static_cast<uint32_t>(counter >> 32) + ks[1];
  // Five groups of four mix rounds; after group g, inject key word g+1 and g+2
  // (cyclically) plus the group counter, so no two groups see the same key.
  for (uint32_t group = 0; group < 5; ++group) {
    for (uint32_t r = 0; r < 4; ++r) {
      x0 += x1;
      x1 = std::rotl(x1, kRotations[(group % 2) * 4 + r]) ^ x0;
    }
    x0 += ks[(group + 1) % 3];
    x1 += ks[(group + 2) % 3] + group + 1;
  }
  return (static_cast<uint64_t>(x1) << 32) | x0;
}

} // namespace uops
