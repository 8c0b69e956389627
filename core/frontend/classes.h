// User classes: a class statement makes a Class, calling it makes an
// Instance. Attributes resolve instance -> class -> base classes; functions
// found on the class bind to the instance; dunder methods (__call__,
// __getitem__, __add__, __len__, __repr__, ...) drive Python's operations.
#pragma once

#include "core/frontend/object.h"
#include "core/frontend/value.h"

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace uops::frontend {

class Class;

// What a class body's functions share: their class (set once the body has
// run), for super() and for messages ("Model.__init__() missing ...").
struct ClassCell {
  std::string name;
  std::weak_ptr<Class> cls;
};

// Attribute names in the order they were first set, as Python's __dict__.
class AttributeMap {
public:
  const Value* find(std::string_view name) const;
  void set(std::string_view name, Value value);
  bool erase(std::string_view name); // false if there is none
  const std::vector<std::pair<std::string, Value>>& entries() const { return m_entries; }
  std::vector<std::pair<std::string, Value>>& entries() { return m_entries; }
  void clear();

private:
  std::vector<std::pair<std::string, Value>> m_entries;
  std::unordered_map<std::string, size_t> m_index;
};

class Class final : public Object {
public:
  // The root class `object` has no base; every other class has one.
  Class(std::string name, std::shared_ptr<Class> base);
  ~Class() override;

  const std::string& name() const { return m_name; }
  const std::shared_ptr<Class>& base() const { return m_base; }
  bool isRoot() const { return !m_base; }
  // This class's own attribute, or the nearest base's; null if none has it.
  const Value* own(std::string_view name) const { return m_attrs.find(name); }
  const Value* lookup(std::string_view name) const;
  bool isSubclassOf(const Class* other) const;
  // Sets an attribute without the cycle check (the class body's names).
  void define(std::string_view name, Value value) { m_attrs.set(name, std::move(value)); }

  std::string typeName() const override { return "type"; }
  std::string repr() const override;
  std::optional<Value> getAttr(std::string_view name) override;
  void setAttr(std::string_view name, const Value& value) override;
  std::vector<std::string> attributeNames() const override;
  Value call(Args& args) override;
  std::optional<bool> isInstance(const Value& value) override;
  void forEachValue(const std::function<void(const Value&)>& visit) const override;
  void clearValues() override;
  bool breaksCycles() const override { return true; }
  void markRegistered() { m_registered = true; }

private:
  std::string m_name;
  std::shared_ptr<Class> m_base;
  AttributeMap m_attrs;
  bool m_registered = false; // with the program's ObjectRegistry
};

class Instance final : public Object {
public:
  explicit Instance(std::shared_ptr<Class> cls) : m_class(std::move(cls)) {}
  ~Instance() override;

  const std::shared_ptr<Class>& cls() const { return m_class; }
  // The instance's own attributes (self.x = ...), in the order first set.
  const AttributeMap& attributes() const { return m_attrs; }
  // `del obj.name`: false when the instance has no such attribute of its own.
  bool deleteAttribute(std::string_view name) { return m_attrs.erase(name); }

  std::string typeName() const override { return m_class->name(); }
  std::string repr() const override;
  std::string str() const override;
  std::optional<Value> getAttr(std::string_view name) override;
  void setAttr(std::string_view name, const Value& value) override;
  std::vector<std::string> attributeNames() const override;
  std::optional<Value> binaryOp(BinaryOp op, const Value& other, bool reflected) override;
  std::optional<Value> unaryOp(UnaryOp op) override;
  std::optional<Value> inplaceOp(BinaryOp op, const Value& other) override;
  Value getItem(const Value& index) override;
  void setItem(const Value& index, const Value& value) override;
  Value call(Args& args) override;
  bool truthy() override;
  std::optional<std::vector<Value>> iterate() override;
  std::optional<int64_t> length() override;
  std::optional<bool> contains(const Value& item) override;
  void forEachValue(const std::function<void(const Value&)>& visit) const override;
  void clearValues() override;
  bool breaksCycles() const override { return true; }
  void markRegistered() { m_registered = true; }

private:
  // A special method, looked up on the class (as Python does) and bound.
  std::optional<Value> special(std::string_view name) const;

  std::shared_ptr<Class> m_class;
  AttributeMap m_attrs;
  bool m_registered = false;
};

// What staticmethod(f), classmethod(f) and property(f) return: a class
// attribute that binds differently from a plain function.
class Descriptor final : public Object {
public:
  enum class Kind { StaticMethod, ClassMethod, Property };
  Descriptor(Kind kind, Value fn) : m_kind(kind), m_fn(std::move(fn)) {}
  Kind kind() const { return m_kind; }
  const Value& function() const { return m_fn; }
  std::string typeName() const override;
  std::optional<Value> bindTo(const Value& self, const Value& cls) override;
  void forEachValue(const std::function<void(const Value&)>& visit) const override { visit(m_fn); }

private:
  Kind m_kind;
  Value m_fn;
};

// super(cls, obj): attribute lookup that starts at cls's base.
class Super final : public Object {
public:
  Super(std::shared_ptr<Class> start, Value self)
      : m_start(std::move(start)), m_self(std::move(self)) {}
  std::string typeName() const override { return "super"; }
  std::optional<Value> getAttr(std::string_view name) override;
  void forEachValue(const std::function<void(const Value&)>& visit) const override {
    visit(m_self);
  }

private:
  std::shared_ptr<Class> m_start;
  Value m_self;
};

// A function bound to a receiver: calling it passes `self` first.
Value bindFunction(const Value& fn, const Value& self);
// A native function to store in a class: read through an instance it binds
// to it (the instance comes first in the call), as a def does. What classes
// made in C++ (exceptions, @dataclass's __init__) use for their methods.
Value nativeMethod(std::string name, NativeFn fn);

Class* asClass(const Value& value);
Instance* asInstance(const Value& value);

// The class `object`: the root every class statement's class derives from.
const std::shared_ptr<Class>& objectClass();

} // namespace uops::frontend
