// numpy's default_rng(seed): SeedSequence's hash of the seed into PCG64
// (XSL-RR 128/64), with numpy's conversions and bounded draws (Lemire's).
#pragma once

#include <cstdint>
#include <vector>

namespace uops::numpy {

// SeedSequence(entropy).generate_state(n, uint32) for an int seed's 32-bit words.
std::vector<uint32_t> seedSequenceState(const std::vector<uint32_t>& entropy, size_t words);
// An int seed as SeedSequence reads it: 32-bit words, least significant first.
std::vector<uint32_t> seedWords(uint64_t seed);

class Pcg64Random {
public:
  explicit Pcg64Random(uint64_t seed);

  uint64_t next64();
  uint32_t next32(); // half of a 64-bit draw, the other half kept for the next call
  double nextDouble(); // (next64 >> 11) / 2^53
  // Uniform in [0, rng] (Lemire's multiply and reject, 32-bit draws while rng fits).
  uint64_t bounded(uint64_t rng);
  // Uniform in [0, max] by masked rejection (random_interval: shuffle).
  uint64_t interval(uint64_t max);

private:
  unsigned __int128 m_state = 0;
  unsigned __int128 m_inc = 0;
  bool m_hasHalf = false;
  uint32_t m_half = 0;
};

} // namespace uops::numpy
