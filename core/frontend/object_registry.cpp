#include "core/frontend/object_registry.h"

#include "core/frontend/object.h"

#include <algorithm>

namespace uops::frontend {

namespace {
thread_local ObjectRegistry* t_registry = nullptr;
}

void ObjectRegistry::add(const std::shared_ptr<Object>& object) {
  m_objects.push_back(object);
  if (m_objects.size() < m_pruneAt) return;
  // Forget the dead ones; amortized constant per object.
  std::erase_if(m_objects, [](const std::weak_ptr<Object>& w) { return w.expired(); });
  m_pruneAt = std::max<size_t>(1024, m_objects.size() * 2);
}

void ObjectRegistry::clearAll() {
  std::vector<std::weak_ptr<Object>> objects = std::move(m_objects);
  m_objects.clear();
  for (const std::weak_ptr<Object>& w : objects)
    if (std::shared_ptr<Object> o = w.lock()) o->clearValues();
}

bool registerObject(const std::shared_ptr<Object>& object) {
  if (!t_registry) return false;
  t_registry->add(object);
  return true;
}

RegistryScope::RegistryScope(ObjectRegistry& registry) : m_previous(t_registry) {
  t_registry = &registry;
}

RegistryScope::~RegistryScope() {
  t_registry = m_previous;
}

} // namespace uops::frontend
