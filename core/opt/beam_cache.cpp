#include "core/opt/beam_cache.h"

#include "core/runtime/cache_dir.h"

#include <filesystem>

#include <fmt/format.h>
#include <sqlite3.h>

namespace uops {
namespace {

struct Statement {
  sqlite3_stmt* stmt = nullptr;
  Statement(sqlite3* db, const char* sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) != SQLITE_OK)
      throw BeamCacheError(fmt::format("BEAM cache: {}", sqlite3_errmsg(db)));
  }
  ~Statement() { sqlite3_finalize(stmt); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  void text(int i, const std::string& s) { sqlite3_bind_text(stmt, i, s.c_str(), -1, SQLITE_TRANSIENT); }
};

} // namespace

std::string BeamCache::defaultPath() {
  return (std::filesystem::path(userCacheDirectory()) / "beam.sqlite").string();
}

BeamCache::BeamCache(const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (sqlite3_open(path.c_str(), &m_db) != SQLITE_OK) {
    std::string why = m_db ? sqlite3_errmsg(m_db) : "out of memory";
    sqlite3_close(m_db);
    throw BeamCacheError(fmt::format("BEAM cache {}: {}", path, why));
  }
  sqlite3_busy_timeout(m_db, 5000);
  char* err = nullptr;
  if (sqlite3_exec(m_db,
                   "CREATE TABLE IF NOT EXISTS beam (kernel TEXT NOT NULL, device TEXT NOT NULL, "
                   "opts TEXT NOT NULL, ms REAL NOT NULL, width INTEGER NOT NULL, "
                   "PRIMARY KEY (kernel, device))",
                   nullptr, nullptr, &err) != SQLITE_OK) {
    std::string why = err ? err : "unknown error";
    sqlite3_free(err);
    sqlite3_close(m_db);
    throw BeamCacheError(fmt::format("BEAM cache {}: {}", path, why));
  }
}

BeamCache::~BeamCache() { sqlite3_close(m_db); }

std::optional<BeamCacheEntry> BeamCache::find(const std::string& kernelText, const std::string& device, int width) {
  Statement s(m_db, "SELECT opts, ms, width FROM beam WHERE kernel = ?1 AND device = ?2");
  s.text(1, kernelText);
  s.text(2, device);
  if (sqlite3_step(s.stmt) != SQLITE_ROW) return std::nullopt;
  BeamCacheEntry e;
  e.width = sqlite3_column_int(s.stmt, 2);
  if (e.width < width) return std::nullopt;
  e.opts = parseOpts(reinterpret_cast<const char*>(sqlite3_column_text(s.stmt, 0)));
  e.ms = sqlite3_column_double(s.stmt, 1);
  return e;
}

void BeamCache::store(const std::string& kernelText, const std::string& device, const BeamCacheEntry& entry) {
  Statement s(m_db, "INSERT OR REPLACE INTO beam (kernel, device, opts, ms, width) VALUES (?1, ?2, ?3, ?4, ?5)");
  s.text(1, kernelText);
  s.text(2, device);
  s.text(3, formatOpts(entry.opts));
  sqlite3_bind_double(s.stmt, 4, entry.ms);
  sqlite3_bind_int(s.stmt, 5, entry.width);
  if (sqlite3_step(s.stmt) != SQLITE_DONE)
    throw BeamCacheError(fmt::format("BEAM cache: {}", sqlite3_errmsg(m_db)));
}

} // namespace uops
