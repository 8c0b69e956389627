// numpy's legacy generator (np.random.seed, RandomState): MT19937 with
// numpy's conversions, so a seeded program draws numpy's numbers.
#pragma once

#include <cstdint>
#include <random>

namespace uops::numpy {

class Mt19937Random {
public:
  explicit Mt19937Random(uint32_t seed = 0) { seed32(seed); }
  void seed32(uint32_t seed); // init_genrand, as RandomState.seed(int)

  uint32_t next32() { return static_cast<uint32_t>(m_mt()); }
  uint64_t next64();
  // 53 bits from two draws: ((a >> 5) * 67108864 + (b >> 6)) / 2^53.
  double nextDouble();
  // The polar method with the second value cached (legacy_gauss).
  double gauss();
  // Uniform in [0, max] by masked rejection (random_interval: shuffle).
  uint64_t interval(uint64_t max);
  // Uniform in [0, rng] as randint draws it (masked rejection; 32-bit
  // draws while rng fits in 32 bits).
  uint64_t bounded(uint64_t rng);

private:
  std::mt19937 m_mt;
  bool m_hasGauss = false;
  double m_gauss = 0;
};

uint64_t bitMask(uint64_t max); // the smallest all-ones mask >= max

// Uniform in [0, max] by masked rejection, as numpy's random_interval draws
// it from either generator: 32-bit draws while max fits in 32 bits.
template <class Generator>
uint64_t maskedInterval(Generator& g, uint64_t max) {
  if (max == 0) return 0;
  const uint64_t mask = bitMask(max);
  uint64_t value;
  if (max <= 0xffffffffULL) {
    while ((value = (g.next32() & mask)) > max) {
    }
    return value;
  }
  while ((value = (g.next64() & mask)) > max) {
  }
  return value;
}

} // namespace uops::numpy
