// InternTable: the nodes of one intern shard, keyed by their structural hash.
// A flat open-addressing table (linear probing, backward-shift erase): a
// lookup reads one array, compares stored hashes and touches a node only when
// its hash matches. Several nodes may share a hash; `find` offers each to the
// caller's predicate. Not thread-safe: the shard's mutex guards it.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace uops {

class UOp;

class InternTable {
public:
  InternTable() { rehash(64); }

  // The first node with `hash` that `accept` takes, or null.
  template <class Accept> const UOp* find(size_t hash, Accept&& accept) const {
    for (size_t i = slotOf(hash);; i = (i + 1) & m_mask) {
      const Slot& s = m_slots[i];
      if (!s.node) return nullptr;
      if (s.hash == hash && accept(s.node)) return s.node;
    }
  }

  void insert(size_t hash, const UOp* node) {
    if ((m_size + 1) * 2 > m_slots.size()) rehash(m_slots.size() * 2);
    place(hash, node);
    ++m_size;
  }

  // Removes `node` (stored under `hash`); false when it is not there.
  bool erase(size_t hash, const UOp* node) {
    size_t i = slotOf(hash);
    for (;; i = (i + 1) & m_mask) {
      if (!m_slots[i].node) return false;
      if (m_slots[i].node == node) break;
    }
    // Backward shift: pull later entries of the probe run into the hole when
    // their home slot does not lie strictly after it (cyclically).
    for (size_t j = (i + 1) & m_mask; m_slots[j].node; j = (j + 1) & m_mask) {
      size_t home = slotOf(m_slots[j].hash);
      bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
      if (stays) continue;
      m_slots[i] = m_slots[j];
      i = j;
    }
    m_slots[i] = Slot{};
    --m_size;
    return true;
  }

  size_t size() const { return m_size; }

private:
  struct Slot {
    size_t hash = 0;
    const UOp* node = nullptr;
  };

  size_t slotOf(size_t hash) const {
    // Fibonacci hashing: the top bits of the product spread every input bit.
    return static_cast<size_t>((hash * 0x9E3779B97F4A7C15ull) >> m_shift);
  }

  void place(size_t hash, const UOp* node) {
    size_t i = slotOf(hash);
    while (m_slots[i].node) i = (i + 1) & m_mask;
    m_slots[i] = Slot{hash, node};
  }

  void rehash(size_t capacity) {
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(capacity, Slot{});
    m_mask = capacity - 1;
    m_shift = 64 - std::countr_zero(capacity);
    for (const Slot& s : old)
      if (s.node) place(s.hash, s.node);
  }

  std::vector<Slot> m_slots;
  size_t m_mask = 0;
  int m_shift = 0;
  size_t m_size = 0;
};

} // namespace uops
