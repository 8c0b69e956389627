// NodeMap: a flat open-addressing hash map from node pointer to a small value,
// the memo of graphRewrite and the visited set of toposort (scratch_node_set.h). Pointers hash
// without touching the node; the map is never iterated, so its order
// (pointer-dependent) never reaches output.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace uops {

class UOp;

template <class V> class NodeMap {
public:
  explicit NodeMap(size_t expected = 64) { rehash(std::bit_ceil(expected * 2 + 16)); }

  // The value for `key`, or null.
  V* find(const UOp* key) {
    for (size_t i = slotOf(key);; i = (i + 1) & m_mask) {
      Slot& s = m_slots[i];
      if (s.key == key) return &s.value;
      if (!s.key) return nullptr;
    }
  }

  const V* find(const UOp* key) const { return const_cast<NodeMap*>(this)->find(key); }

  // The value for `key`, inserted as V{} if absent.
  V& operator[](const UOp* key) {
    if ((m_size + 1) * 4 > m_slots.size() * 3) rehash(m_slots.size() * 2);
    for (size_t i = slotOf(key);; i = (i + 1) & m_mask) {
      Slot& s = m_slots[i];
      if (s.key == key) return s.value;
      if (!s.key) {
        s.key = key;
        ++m_size;
        return s.value;
      }
    }
  }

  size_t size() const { return m_size; }

  // Removes every key the map holds, given as `keys` (each once), keeping its
  // capacity: a probe for a key skips the slots already emptied, so the
  // order does not matter.
  void eraseAll(std::span<const UOp* const> keys) {
    for (const UOp* key : keys) {
      size_t i = slotOf(key);
      while (m_slots[i].key != key) i = (i + 1) & m_mask;
      m_slots[i] = Slot{};
    }
    m_size = 0;
  }

private:
  struct Slot {
    const UOp* key = nullptr;
    V value{};
  };

  size_t slotOf(const UOp* key) const {
    // Fibonacci hashing of the address; nodes are at least 16-byte aligned.
    uint64_t h = reinterpret_cast<uintptr_t>(key) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h >> m_shift);
  }

  void rehash(size_t capacity) {
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(capacity, Slot{});
    m_mask = capacity - 1;
    m_shift = 64 - std::countr_zero(capacity);
    m_size = 0;
    for (const Slot& s : old)
      if (s.key) (*this)[s.key] = s.value;
  }

  std::vector<Slot> m_slots;
  size_t m_mask = 0;
  int m_shift = 0;
  size_t m_size = 0;
};

} // namespace uops
