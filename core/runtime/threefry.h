// Threefry-2x32 with 20 rounds (Salmon, Moraes, Dror, Shaw: "Parallel random
// numbers: as easy as 1, 2, 3", SC'11): the value of the Threefry op.
#pragma once

#include <cstdint>

namespace uops {

// Word layout as in tinygrad's THREEFRY op: the counter is (x1 << 32 | x0), the
// key (k1 << 32 | k0), and the result packs the two output words the same way,
// (y1 << 32 | y0). Rotations {13, 15, 26, 6, 17, 29, 16, 24}; the key schedule
// is k0, k1, k0 ^ k1 ^ 0x1BD11BDA, injected after every four rounds.
uint64_t threefry2x32(uint64_t counter, uint64_t key);

} // namespace uops
