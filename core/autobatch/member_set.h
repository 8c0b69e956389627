// The members at one block of the VM: a bitmap over the batch and a count.
// Adding a member is one bit; taking them all lists them in increasing
// order, so the block's per-member work walks every variable's rows and
// stack planes forward (an unordered list made those walks cache misses).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace uops::autobatch {

class MemberSet {
public:
  explicit MemberSet(int64_t batch = 0) : m_words(static_cast<size_t>((batch + 63) / 64), 0) {}

  void add(int64_t m) {
    m_words[static_cast<size_t>(m >> 6)] |= uint64_t{1} << (m & 63);
    ++m_count;
  }
  int64_t size() const { return m_count; }
  bool empty() const { return m_count == 0; }
  void clear() {
    std::fill(m_words.begin(), m_words.end(), 0);
    m_count = 0;
  }

  // Moves every member into `out` (replacing its contents), in increasing order.
  void takeAll(std::vector<int64_t>& out) {
    out.clear();
    out.reserve(static_cast<size_t>(m_count));
    for (size_t w = 0; w < m_words.size() && static_cast<int64_t>(out.size()) < m_count; ++w) {
      for (uint64_t bits = m_words[w]; bits; bits &= bits - 1)
        out.push_back(static_cast<int64_t>(w * 64) + std::countr_zero(bits));
      m_words[w] = 0;
    }
    m_count = 0;
  }

private:
  std::vector<uint64_t> m_words;
  int64_t m_count = 0;
};

} // namespace uops::autobatch
