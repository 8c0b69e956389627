#include "core/numpy/pcg64_random.h"

#include "core/numpy/mt19937_random.h"

namespace uops::numpy {

namespace {

constexpr uint32_t kInitA = 0x43b0d7e5;
constexpr uint32_t kMultA = 0x931e8875;
constexpr uint32_t kInitB = 0x8b51f9dd;
constexpr uint32_t kMultB = 0x58f38ded;
constexpr uint32_t kMixMultL = 0xca01f9dd;
constexpr uint32_t kMixMultR = 0x4973f715;
constexpr size_t kPoolSize = 4;

uint32_t hashmix(uint32_t value, uint32_t& hashConst) {
  value ^= hashConst;
  hashConst *= kMultA;
  value *= hashConst;
  value ^= value >> 16;
  return value;
}

uint32_t mix(uint32_t x, uint32_t y) {
  uint32_t r = kMixMultL * x - kMixMultR * y;
  r ^= r >> 16;
  return r;
}

constexpr unsigned __int128 kPcgMult =
    (static_cast<unsigned __int128>(2549297995355413924ULL) << 64) + 4865540595714422341ULL;

} // namespace

std::vector<uint32_t> seedWords(uint64_t seed) {
  if (seed == 0) return {0};
  std::vector<uint32_t> out;
  for (; seed != 0; seed >>= 32)
    out.push_back(static_cast<uint32_t>(seed));
  return out;
}

std::vector<uint32_t> seedSequenceState(const std::vector<uint32_t>& entropy, size_t words) {
  uint32_t hashConst = kInitA;
  std::vector<uint32_t> pool(kPoolSize);
  for (size_t i = 0; i < kPoolSize; ++i)
    pool[i] = hashmix(i < entropy.size() ? entropy[i] : 0, hashConst);
  for (size_t src = 0; src < kPoolSize; ++src)
    for (size_t dst = 0; dst < kPoolSize; ++dst)
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src], hashConst));
  for (size_t src = kPoolSize; src < entropy.size(); ++src)
    for (size_t dst = 0; dst < kPoolSize; ++dst)
      pool[dst] = mix(pool[dst], hashmix(entropy[src], hashConst));
  std::vector<uint32_t> state(words);
  uint32_t h = kInitB;
  for (size_t i = 0; i < words; ++i) {
    uint32_t v = pool[i % kPoolSize];
    v ^= h;
    h *= kMultB;
    v *= h;
    v ^= v >> 16;
    state[i] = v;
  }
  return state;
}

Pcg64Random::Pcg64Random(uint64_t seed) {
  std::vector<uint32_t> s = seedSequenceState(seedWords(seed), 8);
  auto word64 = [&](size_t k) { return static_cast<uint64_t>(s[2 * k]) | (static_cast<uint64_t>(s[2 * k + 1]) << 32); };
  unsigned __int128 initState = (static_cast<unsigned __int128>(word64(0)) << 64) | word64(1);
  unsigned __int128 initSeq = (static_cast<unsigned __int128>(word64(2)) << 64) | word64(3);
  // pcg_setseq_128_srandom_r
  m_state = 0;
  m_inc = (initSeq << 1) | 1;
  m_state = m_state * kPcgMult + m_inc;
  m_state += initState;
  m_state = m_state * kPcgMult + m_inc;
}

uint64_t Pcg64Random::next64() {
  m_state = m_state * kPcgMult + m_inc;
  uint64_t x = static_cast<uint64_t>(m_state >> 64) ^ static_cast<uint64_t>(m_state);
  unsigned rot = static_cast<unsigned>(m_state >> 122);
  return (x >> rot) | (x << ((64 - rot) & 63));
}

uint32_t Pcg64Random::next32() {
  if (m_hasHalf) {
    m_hasHalf = false;
    return m_half;
  }
  uint64_t n = next64();
  m_hasHalf = true;
  m_half = static_cast<uint32_t>(n >> 32);
  return static_cast<uint32_t>(n);
}

double Pcg64Random::nextDouble() { return static_cast<double>(next64() >> 11) * (1.0 / 9007199254740992.0); }

uint64_t Pcg64Random::interval(uint64_t max) { return maskedInterval(*this, max); }

uint64_t Pcg64Random::bounded(uint64_t rng) {
  if (rng == 0) return 0;
  if (rng <= 0xffffffffULL) {
    if (rng == 0xffffffffULL) return next32();
    uint32_t excl = static_cast<uint32_t>(rng) + 1;
    uint64_t m = static_cast<uint64_t>(next32()) * excl;
    uint32_t leftover = static_cast<uint32_t>(m);
    if (leftover < excl) {
      uint32_t threshold = (UINT32_MAX - static_cast<uint32_t>(rng)) % excl;
      while (leftover < threshold) {
        m = static_cast<uint64_t>(next32()) * excl;
        leftover = static_cast<uint32_t>(m);
      }
    }
    return m >> 32;
  }
  if (rng == ~0ULL) return next64();
  uint64_t excl = rng + 1;
  unsigned __int128 m = static_cast<unsigned __int128>(next64()) * excl;
  uint64_t leftover = static_cast<uint64_t>(m);
  if (leftover < excl) {
    uint64_t threshold = (UINT64_MAX - rng) % excl;
    while (leftover < threshold) {
      m = static_cast<unsigned __int128>(next64()) * excl;
      leftover = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

} // namespace uops::numpy
