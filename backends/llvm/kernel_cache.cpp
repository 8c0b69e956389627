#include "backends/llvm/kernel_cache.h"

namespace uops {

CompiledKernel KernelCache::find(const std::string& key) {
  std::lock_guard lock(m_mutex);
  auto it = m_entries.find(key);
  if (it == m_entries.end()) return {};
  CompiledKernel kernel(it->second.kernel.lock());
  if (kernel) touch(it->first, it->second, kernel);
  return kernel;
}

CompiledKernel KernelCache::insert(const std::string& key, const CompiledKernel& kernel) {
  // Declared before the lock, so destroyed after it is released: unlinking an
  // evicted module takes the JIT's own locks.
  std::list<Recent> evicted;
  std::lock_guard lock(m_mutex);
  dropExpired();
  auto it = m_entries.try_emplace(key).first;
  CompiledKernel stored(it->second.kernel.lock());
  if (!stored) {
    it->second.kernel = kernel.m_state;
    stored = kernel;
  }
  touch(it->first, it->second, stored);
  while (m_recent.size() > m_keepRecent) {
    m_entries.at(*m_recent.back().key).inRecent = false;
    evicted.splice(evicted.begin(), m_recent, std::prev(m_recent.end()));
  }
  return stored;
}

void KernelCache::touch(const std::string& key, Entry& entry, const CompiledKernel& kernel) {
  if (entry.inRecent) m_recent.erase(entry.recent);
  entry.inRecent = false;
  if (m_keepRecent == 0) return;
  m_recent.push_front(Recent{.key = &key, .kernel = kernel});
  entry.recent = m_recent.begin();
  entry.inRecent = true;
}

void KernelCache::dropExpired() {
  // A kernel in m_recent is alive, so its entry (and the key it points to) stays.
  std::erase_if(m_entries, [](const auto& item) { return item.second.kernel.expired(); });
}

void KernelCache::clearRecent() {
  std::list<Recent> dropped; // released after the lock, as in insert
  std::lock_guard lock(m_mutex);
  dropped.swap(m_recent);
  for (auto& [key, entry] : m_entries)
    entry.inRecent = false;
}

size_t KernelCache::liveCount() {
  std::lock_guard lock(m_mutex);
  dropExpired();
  return m_entries.size();
}

} // namespace uops
