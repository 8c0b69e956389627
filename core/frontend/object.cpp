#include "core/frontend/object.h"

#include "core/frontend/script_error.h"

#include <fmt/format.h>

#include <algorithm>

namespace uops::frontend {

namespace {

template <class T> void sortByName(std::vector<T>& entries) {
  std::stable_sort(entries.begin(), entries.end(),
                   [](const T& a, const T& b) { return a.name < b.name; });
}

template <class T> const T* findByName(const std::vector<T>& entries, std::string_view name) {
  auto it = std::lower_bound(entries.begin(), entries.end(), name,
                             [](const T& e, std::string_view n) { return e.name < n; });
  return it != entries.end() && it->name == name ? &*it : nullptr;
}

} // namespace

MethodTable::MethodTable(std::initializer_list<Method> methods,
                         std::initializer_list<Property> properties)
    : MethodTable(std::vector<Method>(methods), std::vector<Property>(properties)) {}

MethodTable::MethodTable(std::vector<Method> methods, std::vector<Property> properties)
    : m_methods(std::move(methods)), m_properties(std::move(properties)) {
  sortByName(m_methods);
  sortByName(m_properties);
}

const Method* MethodTable::method(std::string_view name) const {
  return findByName(m_methods, name);
}

const Property* MethodTable::property(std::string_view name) const {
  return findByName(m_properties, name);
}

std::vector<std::string> MethodTable::names() const {
  std::vector<std::string> out;
  for (const Method& m : m_methods)
    out.push_back(m.name);
  for (const Property& p : m_properties)
    out.push_back(p.name);
  std::sort(out.begin(), out.end());
  return out;
}

std::string Object::repr() const {
  return fmt::format("<{} object>", typeName());
}

std::optional<Value> Object::getAttr(std::string_view name) {
  const MethodTable* table = methods();
  if (!table) return std::nullopt;
  if (const Property* p = table->property(name)) return p->get(Value(shared_from_this()));
  if (const Method* m = table->method(name)) return bindMethod(*m, Value(shared_from_this()));
  return std::nullopt;
}

std::vector<std::string> Object::attributeNames() const {
  const MethodTable* table = methods();
  return table ? table->names() : std::vector<std::string>{};
}

void Object::setAttr(std::string_view name, const Value&) {
  throw ScriptError(fmt::format("cannot set attribute '{}' of '{}' object", name, typeName()));
}

std::optional<Value> Object::binaryOp(BinaryOp, const Value&, bool) {
  return std::nullopt;
}

std::optional<Value> Object::unaryOp(UnaryOp) {
  return std::nullopt;
}

Value Object::getItem(const Value&) {
  throw ScriptError(fmt::format("'{}' object is not subscriptable", typeName()));
}

void Object::setItem(const Value&, const Value&) {
  throw ScriptError(fmt::format("'{}' object does not support item assignment", typeName()));
}

Value Object::call(Args&) {
  throw ScriptError(fmt::format("'{}' object is not callable", typeName()));
}

Value bindMethod(const Method& method, Value self) {
  auto f = std::make_shared<NativeFunction>();
  f->name = method.name;
  f->fn = method.fn;
  f->self = std::move(self);
  return Value(NativeFunctionPtr(std::move(f)));
}

Value unboundMethod(const Method& method) {
  NativeFn fn = method.fn;
  return makeNative(method.name, [fn](Args& a) {
    if (a.positional().empty()) a.fail("needs the object it applies to as its first argument");
    a.setSelf(a.positional().front());
    a.positional().erase(a.positional().begin());
    return fn(a);
  });
}

} // namespace uops::frontend
