// Compiled kernels by content. The key holds everything that decides the
// machine code (the IR text, the entry, the optimization level; the target is
// the JIT's), compared in full, so a hit is never a hash collision.
//
// A kernel stays findable while any handle to it lives; besides, the cache
// itself holds the `keepRecent` most recently used ones, so a kernel compiled,
// run and dropped (a BEAM candidate, a view switching back) is still a hit.
#pragma once

#include "backends/llvm/compiled_kernel.h"

#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

namespace uops {

class KernelCache {
public:
  explicit KernelCache(size_t keepRecent) : m_keepRecent(keepRecent) {}

  // The live kernel for key, or an empty handle.
  CompiledKernel find(const std::string& key);
  // Stores kernel under key and returns what the cache now holds for key: a
  // kernel another thread stored first for the same key wins, so every caller
  // shares one module.
  CompiledKernel insert(const std::string& key, const CompiledKernel& kernel);
  // Drops the cache's own references (handles elsewhere keep theirs).
  void clearRecent();
  // Kernels with a live handle (the cache's own included).
  size_t liveCount();

private:
  struct Recent {
    const std::string* key; // the key in m_entries (its nodes do not move)
    CompiledKernel kernel;
  };
  struct Entry {
    std::weak_ptr<const CompiledKernel::State> kernel;
    std::list<Recent>::iterator recent; // valid when inRecent
    bool inRecent = false;
  };
  void touch(const std::string& key, Entry& entry, const CompiledKernel& kernel);
  void dropExpired();

  std::mutex m_mutex;
  size_t m_keepRecent;
  std::unordered_map<std::string, Entry> m_entries;
  std::list<Recent> m_recent; // most recently used first
};

} // namespace uops
