#include "backends/opencl/cl_program_cache.h"

namespace uops {

std::string programKey(const std::string& deviceName, const std::string& options,
                       const std::string& source) {
  // NUL cannot occur in a device name or an option string, so the parts
  // cannot run into each other.
  std::string key = deviceName;
  key.append(1, '\0').append(options).append(1, '\0').append(source);
  return key;
}

ClProgram ClProgramCache::find(const std::string& key) {
  std::lock_guard lock(m_mutex);
  const auto it = m_index.find(key);
  if (it == m_index.end()) return {};
  m_recent.splice(m_recent.begin(), m_recent, it->second);
  return it->second->program;
}

ClProgram ClProgramCache::insert(const std::string& key, const ClProgram& program) {
  std::list<Entry> evicted; // destroyed after the lock: releasing a program may take a while
  std::lock_guard lock(m_mutex);
  if (m_capacity == 0) return program;
  if (const auto it = m_index.find(key); it != m_index.end()) {
    m_recent.splice(m_recent.begin(), m_recent, it->second);
    return it->second->program;
  }
  m_recent.push_front(Entry{.key = key, .program = program});
  m_index.emplace(m_recent.front().key, m_recent.begin());
  while (m_recent.size() > m_capacity) {
    m_index.erase(m_recent.back().key);
    evicted.splice(evicted.begin(), m_recent, std::prev(m_recent.end()));
  }
  return program;
}

void ClProgramCache::clear() {
  std::list<Entry> dropped;
  std::lock_guard lock(m_mutex);
  m_index.clear();
  dropped.swap(m_recent);
}

size_t ClProgramCache::size() {
  std::lock_guard lock(m_mutex);
  return m_recent.size();
}

} // namespace uops
