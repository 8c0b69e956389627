#include "core/numpy/mt19937_random.h"

#include <cmath>

namespace uops::numpy {

uint64_t bitMask(uint64_t max) {
  uint64_t mask = max;
  mask |= mask >> 1;
  mask |= mask >> 2;
  mask |= mask >> 4;
  mask |= mask >> 8;
  mask |= mask >> 16;
  mask |= mask >> 32;
  return mask;
}

void Mt19937Random::seed32(uint32_t seed) {
  m_mt.seed(seed);
  m_hasGauss = false;
  m_gauss = 0;
}

uint64_t Mt19937Random::next64() {
  uint64_t hi = next32();
  return (hi << 32) | next32();
}

double Mt19937Random::nextDouble() {
  uint32_t a = next32() >> 5;
  uint32_t b = next32() >> 6;
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

double Mt19937Random::gauss() {
  if (m_hasGauss) {
    m_hasGauss = false;
    return m_gauss;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * nextDouble() - 1.0;
    x2 = 2.0 * nextDouble() - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  double f = std::sqrt(-2.0 * std::log(r2) / r2);
  m_gauss = f * x1;
  m_hasGauss = true;
  return f * x2;
}

uint64_t Mt19937Random::interval(uint64_t max) { return maskedInterval(*this, max); }

uint64_t Mt19937Random::bounded(uint64_t rng) {
  if (rng == 0) return 0;
  if (rng == 0xffffffffULL) return next32();
  if (rng == ~0ULL) return next64();
  uint64_t mask = bitMask(rng);
  uint64_t value;
  if (rng < 0xffffffffULL) {
    while ((value = (next32() & mask)) > rng) {
    }
    return value;
  }
  while ((value = (next64() & mask)) > rng) {
  }
  return value;
}

} // namespace uops::numpy
