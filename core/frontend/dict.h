// Dict: Python's dict, insertion-ordered, as an object the interpreter and
// host code share (a state dict, keyword arguments collected by **kwargs).
#pragma once

#include "core/frontend/object.h"
#include "core/frontend/value.h"

#include <cstddef>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace uops::frontend {

// Keys are hashable values: None, bools, numbers (1, 1.0 and True are one
// key), strings, ranges, tuples of hashable values, and functions, modules
// and objects by identity. Lists and dicts are not: "unhashable type: 'list'".
size_t hashKey(const Value& key);
bool sameKey(const Value& a, const Value& b);

class Dict final : public Object {
public:
  Dict() = default;
  ~Dict() override;
  // A new dict, registered with the running program (see ObjectRegistry).
  static std::shared_ptr<Dict> make();

  // ---- for host code and the interpreter
  size_t size() const { return m_live; }
  const Value* find(const Value& key) const;
  // Inserts or replaces.
  void set(const Value& key, Value value);
  bool erase(const Value& key, Value* removed = nullptr);
  void clear();
  std::vector<Value> keys() const;
  std::vector<std::pair<Value, Value>> items() const; // in insertion order

  // ---- Object
  std::string typeName() const override { return "dict"; }
  std::string repr() const override;
  const MethodTable* methods() const override;
  Value getItem(const Value& key) override;
  void setItem(const Value& key, const Value& value) override;
  std::optional<Value> binaryOp(BinaryOp op, const Value& other, bool reflected) override;
  bool truthy() override { return m_live > 0; }
  std::optional<std::vector<Value>> iterate() override { return keys(); }
  std::optional<int64_t> length() override { return static_cast<int64_t>(m_live); }
  std::optional<bool> contains(const Value& item) override;
  void forEachValue(const std::function<void(const Value&)>& visit) const override;
  void clearValues() override { clear(); }
  bool breaksCycles() const override { return true; }

private:
  struct Entry {
    Value key;
    Value value;
    size_t hash = 0;
    bool live = true;
  };
  size_t position(const Value& key, size_t hash) const; // npos when absent
  void compact();

  std::vector<Entry> m_entries;                    // insertion order; erased ones are not live
  std::unordered_multimap<size_t, size_t> m_index; // hash -> position in m_entries
  size_t m_live = 0;
  bool m_registered = false; // with the program's ObjectRegistry
};

Value makeDict(std::vector<std::pair<Value, Value>> items = {});
// The dict behind a value, or null.
Dict* asDict(const Value& value);

} // namespace uops::frontend

namespace uops::frontend {
// dict(...) as Python calls it: dict(), dict(mapping), dict(pairs), dict(a=1).
Value dictFromArgs(Args& args);
} // namespace uops::frontend
