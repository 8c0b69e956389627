// BEAM results on disk (SQLite): the best OptOps found for a kernel on a
// device, keyed by the kernel's textual IR and the device name, so a second
// search of the same kernel is answered at once. One file per user in
// userCacheDirectory() (core/runtime/cache_dir.h), or a path given
// explicitly (tests).
#pragma once

#include "core/opt/opt.h"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct sqlite3;

namespace uops {

class BeamCacheError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct BeamCacheEntry {
  std::vector<Opt> opts;
  double ms = 0;   // the best time the search measured
  int width = 0;   // the beam width it searched with
};

class BeamCache {
public:
  // Opens (creating) the cache file. Throws BeamCacheError when it cannot.
  explicit BeamCache(const std::string& path = defaultPath());
  ~BeamCache();
  BeamCache(const BeamCache&) = delete;
  BeamCache& operator=(const BeamCache&) = delete;

  static std::string defaultPath();

  // An entry searched with at least `width`, or nothing.
  std::optional<BeamCacheEntry> find(const std::string& kernelText, const std::string& device, int width);
  void store(const std::string& kernelText, const std::string& device, const BeamCacheEntry& entry);

private:
  sqlite3* m_db = nullptr;
};

} // namespace uops
