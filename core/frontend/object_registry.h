// ObjectRegistry: the instances, classes and dicts a program made, so that
// reference cycles among them (self.parent = parent, d["self"] = d) are
// freed with the interpreter instead of never.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace uops::frontend {

class Object;

class ObjectRegistry {
public:
  void add(const std::shared_ptr<Object>& object);
  // Empties every object still alive (Object::clearValues), which breaks
  // any cycle through them; called when the interpreter goes away.
  void clearAll();

private:
  std::vector<std::weak_ptr<Object>> m_objects;
  size_t m_pruneAt = 1024;
};

// Registers `object` with the registry of the program running on this
// thread and returns true; false when none runs (host code owns what it
// makes, until a program changes it).
bool registerObject(const std::shared_ptr<Object>& object);

// Makes `registry` the current thread's for its lifetime (nests).
class RegistryScope {
public:
  explicit RegistryScope(ObjectRegistry& registry);
  ~RegistryScope();
  RegistryScope(const RegistryScope&) = delete;
  RegistryScope& operator=(const RegistryScope&) = delete;

private:
  ObjectRegistry* m_previous;
};

} // namespace uops::frontend
