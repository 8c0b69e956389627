// Private: built programs by content, least recently used dropped first. The
// key holds everything that decides the build (device, options, source),
// compared in full, so a hit is never a hash collision.
#pragma once

#include "backends/opencl/cl_program.h"

#include <cstddef>
#include <list>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace uops {

std::string programKey(const std::string& deviceName, const std::string& options,
                       const std::string& source);

class ClProgramCache {
public:
  explicit ClProgramCache(size_t capacity) : m_capacity(capacity) {}

  // The cached program for key (now the most recent), or an empty handle.
  ClProgram find(const std::string& key);
  // Stores program under key and returns what the cache holds for key: a
  // program another thread stored first wins, so callers share one.
  ClProgram insert(const std::string& key, const ClProgram& program);
  void clear();
  size_t size();

private:
  struct Entry {
    std::string key;
    ClProgram program;
  };
  std::mutex m_mutex;
  size_t m_capacity;
  std::list<Entry> m_recent; // most recently used first
  std::unordered_map<std::string_view, std::list<Entry>::iterator> m_index; // views m_recent's keys
};

} // namespace uops
