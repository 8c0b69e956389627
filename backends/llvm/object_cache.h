// Compiled CPU kernels on disk (SQLite), so a second process compiling a
// kernel it compiled before (the same program run again, the explorer opening
// it again) links the stored object instead of running LLVM. The key holds
// everything that decides the machine code: the IR text, the entry, the
// optimization level, the target (triple, CPU, features), LLVM's version, the
// digest of our compiler's sources (compilerDigest) and this cache's format,
// compared in full, so a stale or foreign entry never
// matches. One file per user, kernels.sqlite in userCacheDirectory()
// (core/runtime/cache_dir.h); UOPSCOPE_KERNEL_CACHE=0 turns it off.
// Processes share it (SQLite's locks, a busy timeout); a file that cannot be
// opened or written only turns the cache off, compiles go on. Writes are not
// synced to disk one by one (WAL with synchronous=NORMAL: a power cut may lose
// the last entries, never the file), and stores made while a batch is open
// are written together in one transaction when the last batch closes.
#pragma once

#include "backends/llvm/target_desc.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct sqlite3;

namespace uops {

struct StoredObject {
  std::string optimizedIr;
  std::vector<uint8_t> object;
};

class ObjectCache {
public:
  // Opens (creating) the file; an unusable file gives a cache that finds
  // nothing and stores nothing (why() says why).
  explicit ObjectCache(const std::string& path);
  ~ObjectCache();
  ObjectCache(const ObjectCache&) = delete;
  ObjectCache& operator=(const ObjectCache&) = delete;

  // kernels.sqlite in the user's cache folder; empty when UOPSCOPE_KERNEL_CACHE=0.
  static std::string defaultPath();

  // SHA-256 of backends/llvm's sources as built (see its CMakeLists.txt):
  // another pass pipeline stores under other keys
  static std::string compilerDigest();
  static std::string key(const std::string& ir, const std::string& entry, int optLevel, const TargetDesc& target);

  std::optional<StoredObject> find(const std::string& key);
  // Written now, or when the last open batch closes.
  void store(const std::string& key, const StoredObject& object);

  // A schedule's kernels reach the file in one commit instead of one each.
  // Batches nest and may be opened by several threads at once; an entry
  // stored in a batch is found by this cache at once, by others after the
  // last batch closed.
  void beginBatch();
  void endBatch();

  // Transactions that wrote entries (a batch is one).
  int64_t commits() const;

  bool usable() const { return m_db != nullptr; }
  const std::string& why() const { return m_why; }

  // Entries kept: past it, the oldest are dropped.
  static constexpr int64_t kMaxEntries = 20000;

private:
  void fail(const std::string& what);
  void writePending(); // under m_mutex

  mutable std::mutex m_mutex; // one connection, shared by the compiling threads
  sqlite3* m_db = nullptr;
  std::string m_why;
  int64_t m_stores = 0;
  int64_t m_commits = 0;
  int m_openBatches = 0;
  std::vector<std::pair<std::string, StoredObject>> m_pending; // stored inside a batch, not yet written
};

} // namespace uops
