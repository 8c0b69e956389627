// ScratchNodeMap / ScratchNodeSet: the memo or visited set of one graph walk
// or rewrite, borrowed from a pool of the calling thread and given back
// emptied, so toposort, the other walks and graphRewrite (hundreds per
// lowered kernel) neither allocate nor grow a table each time: a walk over as
// many nodes as an earlier one on the thread finds the room ready. They nest
// (a walk inside another's callback borrows a second one).
#pragma once

#include "core/ir/node_map.h"

#include <memory>
#include <utility>
#include <vector>

namespace uops {

template <class V> class ScratchNodeMap {
public:
  ScratchNodeMap() {
    auto& pool = poolOf();
    if (pool.empty()) {
      m_entry = new Entry;
      return;
    }
    m_entry = pool.back().release();
    pool.pop_back();
  }
  ~ScratchNodeMap() {
    m_entry->map.eraseAll(m_entry->keys);
    m_entry->keys.clear();
    poolOf().emplace_back(m_entry);
  }
  ScratchNodeMap(const ScratchNodeMap&) = delete;
  ScratchNodeMap& operator=(const ScratchNodeMap&) = delete;

  // The value for `key`, or null.
  V* find(const UOp* key) { return m_entry->map.find(key); }
  const V* find(const UOp* key) const { return m_entry->map.find(key); }
  // The value for `key`, inserted as V{} if absent.
  V& operator[](const UOp* key) {
    size_t before = m_entry->map.size();
    V& v = m_entry->map[key];
    if (m_entry->map.size() != before) m_entry->keys.push_back(key);
    return v;
  }
  size_t size() const { return m_entry->keys.size(); }

private:
  struct Entry {
    NodeMap<V> map{2048};
    std::vector<const UOp*> keys; // what map holds, to empty it
  };
  static std::vector<std::unique_ptr<Entry>>& poolOf() {
    thread_local std::vector<std::unique_ptr<Entry>> pool; // the thread's maps not in use
    return pool;
  }

  Entry* m_entry;
};

class ScratchNodeSet {
public:
  // Adds `node`; true when it was not in the set yet.
  bool insert(const UOp* node) { return !std::exchange(m_map[node], true); }
  bool contains(const UOp* node) const { return m_map.find(node) != nullptr; }
  size_t size() const { return m_map.size(); }

private:
  ScratchNodeMap<bool> m_map;
};

} // namespace uops
