#include "backends/llvm/object_cache.h"

#include "backends/llvm/compiler_digest.h"
#include "core/runtime/cache_dir.h"

#include <llvm/Config/llvm-config.h>

#include <cstdlib>
#include <filesystem>

#include <fmt/format.h>
#include <sqlite3.h>

namespace uops {
namespace {

constexpr int kFormat = 1; // bump when what is stored changes meaning

class Statement {
public:
  Statement(sqlite3* db, const char* sql) { m_ok = sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr) == SQLITE_OK; }
  ~Statement() { sqlite3_finalize(m_stmt); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  bool ok() const { return m_ok; }
  sqlite3_stmt* get() const { return m_stmt; }
  void blob(int i, const void* data, size_t size) {
    sqlite3_bind_blob64(m_stmt, i, data, static_cast<sqlite3_uint64>(size), SQLITE_STATIC);
  }

private:
  sqlite3_stmt* m_stmt = nullptr;
  bool m_ok = false;
};

} // namespace

std::string ObjectCache::defaultPath() {
  if (const char* off = std::getenv("UOPSCOPE_KERNEL_CACHE"); off && std::string(off) == "0") return {};
  return (std::filesystem::path(userCacheDirectory()) / "kernels.sqlite").string();
}

std::string ObjectCache::compilerDigest() { return UOPSCOPE_COMPILER_DIGEST; }

std::string ObjectCache::key(const std::string& ir, const std::string& entry, int optLevel, const TargetDesc& target) {
  return fmt::format("{}\n{}\n{}\n{}\n{}\n{}\n-O{}\n{}\n{}", kFormat, compilerDigest(), LLVM_VERSION_STRING, target.triple, target.cpu,
                     target.features, optLevel, entry, ir);
}

ObjectCache::ObjectCache(const std::string& path) {
  if (path.empty()) {
    m_why = "turned off (UOPSCOPE_KERNEL_CACHE=0)";
    return;
  }
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (sqlite3_open(path.c_str(), &m_db) != SQLITE_OK) {
    fail(fmt::format("cannot open {}", path));
    return;
  }
  sqlite3_busy_timeout(m_db, 5000);
  if (sqlite3_exec(m_db,
                   "PRAGMA journal_mode=WAL;"
                   // a cache needs no fsync per commit: WAL keeps the file whole without one
                   "PRAGMA synchronous=NORMAL;"
                   "CREATE TABLE IF NOT EXISTS kernels (key BLOB PRIMARY KEY, ir BLOB NOT NULL, object BLOB NOT NULL)",
                   nullptr, nullptr, nullptr) != SQLITE_OK)
    fail(fmt::format("cannot use {}", path));
}

ObjectCache::~ObjectCache() { sqlite3_close(m_db); }

void ObjectCache::fail(const std::string& what) {
  m_why = fmt::format("{}: {}", what, m_db ? sqlite3_errmsg(m_db) : "out of memory");
  sqlite3_close(m_db);
  m_db = nullptr;
}

std::optional<StoredObject> ObjectCache::find(const std::string& key) {
  std::lock_guard lock(m_mutex);
  if (!m_db) return std::nullopt;
  for (const auto& [pendingKey, object] : m_pending)
    if (pendingKey == key) return object;
  Statement s(m_db, "SELECT ir, object FROM kernels WHERE key = ?1");
  if (!s.ok()) return std::nullopt;
  s.blob(1, key.data(), key.size());
  if (sqlite3_step(s.get()) != SQLITE_ROW) return std::nullopt;
  StoredObject out;
  auto bytes = [&](int column) {
    const auto* data = static_cast<const uint8_t*>(sqlite3_column_blob(s.get(), column));
    return std::vector<uint8_t>(data, data + sqlite3_column_bytes(s.get(), column));
  };
  std::vector<uint8_t> ir = bytes(0);
  out.optimizedIr.assign(ir.begin(), ir.end());
  out.object = bytes(1);
  if (out.object.empty()) return std::nullopt;
  return out;
}

void ObjectCache::store(const std::string& key, const StoredObject& object) {
  std::lock_guard lock(m_mutex);
  if (!m_db) return;
  m_pending.emplace_back(key, object);
  if (m_openBatches == 0) writePending();
}

void ObjectCache::beginBatch() {
  std::lock_guard lock(m_mutex);
  ++m_openBatches;
}

void ObjectCache::endBatch() {
  std::lock_guard lock(m_mutex);
  if (--m_openBatches == 0) writePending();
}

int64_t ObjectCache::commits() const {
  std::lock_guard lock(m_mutex);
  return m_commits;
}

void ObjectCache::writePending() {
  std::vector<std::pair<std::string, StoredObject>> pending = std::move(m_pending);
  m_pending.clear();
  if (!m_db || pending.empty()) return;
  // IMMEDIATE takes the write lock now (waiting out another process's batch)
  // rather than failing at the first insert when a reader upgrades
  if (sqlite3_exec(m_db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) != SQLITE_OK) return; // busy: not kept
  Statement s(m_db, "INSERT OR REPLACE INTO kernels (key, ir, object) VALUES (?1, ?2, ?3)");
  bool written = s.ok();
  for (const auto& [key, object] : pending) {
    if (!written) break;
    s.blob(1, key.data(), key.size());
    s.blob(2, object.optimizedIr.data(), object.optimizedIr.size());
    s.blob(3, object.object.data(), object.object.size());
    written = sqlite3_step(s.get()) == SQLITE_DONE;
    sqlite3_reset(s.get());
  }
  if (!written || sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) {
    sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr); // full or busy: these kernels are simply not kept
    return;
  }
  ++m_commits;
  const int64_t before = m_stores;
  m_stores += static_cast<int64_t>(pending.size());
  if (before / 256 != m_stores / 256) {
    std::string prune = fmt::format("DELETE FROM kernels WHERE rowid NOT IN (SELECT rowid FROM kernels ORDER BY "
                                    "rowid DESC LIMIT {})",
                                    kMaxEntries);
    sqlite3_exec(m_db, prune.c_str(), nullptr, nullptr, nullptr);
  }
}

} // namespace uops
