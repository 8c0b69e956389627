#include "core/frontend/classes.h"

#include "core/frontend/callable.h"
#include "core/frontend/dict.h"
#include "core/frontend/object_registry.h"
#include "core/frontend/operators.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

#include <algorithm>
#include <typeinfo>

namespace uops::frontend {

namespace {

Value selfValue(const Object& o) {
  return Value(std::const_pointer_cast<Object>(o.shared_from_this()));
}

// A class attribute read through `self` (None when read through the class).
Value bindAttribute(const Value& attr, const Value& self, const Value& cls) {
  if (attr.is<FunctionPtr>()) return self.isNone() ? attr : bindFunction(attr, self);
  if (attr.isObject())
    if (std::optional<Value> bound = attr.object()->bindTo(self, cls)) return *bound;
  return attr;
}

std::string_view dunderName(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
    return "add";
  case BinaryOp::Sub:
    return "sub";
  case BinaryOp::Mul:
    return "mul";
  case BinaryOp::MatMul:
    return "matmul";
  case BinaryOp::TrueDiv:
    return "truediv";
  case BinaryOp::FloorDiv:
    return "floordiv";
  case BinaryOp::Mod:
    return "mod";
  case BinaryOp::Pow:
    return "pow";
  case BinaryOp::LShift:
    return "lshift";
  case BinaryOp::RShift:
    return "rshift";
  case BinaryOp::BitAnd:
    return "and";
  case BinaryOp::BitOr:
    return "or";
  case BinaryOp::BitXor:
    return "xor";
  case BinaryOp::Eq:
    return "eq";
  case BinaryOp::Ne:
    return "ne";
  case BinaryOp::Lt:
    return "lt";
  case BinaryOp::Le:
    return "le";
  case BinaryOp::Gt:
    return "gt";
  case BinaryOp::Ge:
    return "ge";
  }
  return "";
}

std::string_view dunderName(UnaryOp op) {
  switch (op) {
  case UnaryOp::Neg:
    return "__neg__";
  case UnaryOp::Pos:
    return "__pos__";
  case UnaryOp::Invert:
    return "__invert__";
  case UnaryOp::Abs:
    return "__abs__";
  }
  return "";
}

// Frees a chain of bases or a deep tree of instances without recursion.
void release(std::vector<std::pair<std::string, Value>>& entries, std::shared_ptr<Class> extra) {
  std::vector<Value> values;
  values.reserve(entries.size() + 1);
  for (auto& [name, value] : entries)
    values.push_back(std::move(value));
  if (extra) values.emplace_back(std::move(extra));
  releaseValues(values);
}

} // namespace

// ---- AttributeMap ------------------------------------------------------------

const Value* AttributeMap::find(std::string_view name) const {
  auto it = m_index.find(std::string(name));
  return it == m_index.end() ? nullptr : &m_entries[it->second].second;
}

void AttributeMap::set(std::string_view name, Value value) {
  auto [it, inserted] = m_index.emplace(std::string(name), m_entries.size());
  if (inserted)
    m_entries.emplace_back(std::string(name), std::move(value));
  else
    m_entries[it->second].second = std::move(value);
}

bool AttributeMap::erase(std::string_view name) {
  auto it = m_index.find(std::string(name));
  if (it == m_index.end()) return false;
  size_t at = it->second;
  Value removed = std::move(m_entries[at].second);
  m_entries.erase(m_entries.begin() + static_cast<std::ptrdiff_t>(at));
  m_index.erase(it);
  for (auto& [key, index] : m_index)
    if (index > at) --index;
  return true;
}

void AttributeMap::clear() {
  std::vector<std::pair<std::string, Value>> entries = std::move(m_entries);
  m_entries.clear();
  m_index.clear();
  release(entries, nullptr);
}

// ---- Class -------------------------------------------------------------------

Class::Class(std::string name, std::shared_ptr<Class> base)
    : m_name(std::move(name)), m_base(std::move(base)) {}

Class::~Class() {
  release(m_attrs.entries(), std::move(m_base));
}

const Value* Class::lookup(std::string_view name) const {
  for (const Class* c = this; c; c = c->m_base.get())
    if (const Value* v = c->m_attrs.find(name)) return v;
  return nullptr;
}

bool Class::isSubclassOf(const Class* other) const {
  if (other->isRoot()) return true;
  for (const Class* c = this; c; c = c->m_base.get())
    if (c == other) return true;
  return false;
}

std::string Class::repr() const {
  return isRoot() ? "<class 'object'>" : fmt::format("<class '__main__.{}'>", m_name);
}

std::optional<Value> Class::getAttr(std::string_view name) {
  if (name == "__name__" || name == "__qualname__") return Value(m_name);
  if (name == "__base__") return m_base ? Value(m_base) : Value();
  if (const Value* v = lookup(name)) return bindAttribute(*v, Value(), selfValue(*this));
  return std::nullopt;
}

void Class::setAttr(std::string_view name, const Value& value) {
  if (isRoot()) throw ScriptError("cannot set attributes of the built-in type 'object'");
  if (!m_registered) m_registered = registerObject(shared_from_this());
  m_attrs.set(name, value);
}

std::vector<std::string> Class::attributeNames() const {
  std::vector<std::string> out;
  for (const Class* c = this; c; c = c->m_base.get())
    for (const auto& [name, value] : c->m_attrs.entries())
      out.push_back(name);
  std::sort(out.begin(), out.end());
  return out;
}

Value Class::call(Args& args) {
  auto self = std::static_pointer_cast<Class>(shared_from_this());
  auto made = std::make_shared<Instance>(self);
  if (registerObject(made)) made->markRegistered();
  Value instance(made);
  if (const Value* init = lookup("__init__")) {
    Value result = callValue(bindAttribute(*init, instance, Value(self)), args);
    if (!result.isNone())
      throw ScriptError(fmt::format("__init__() should return None, not '{}'", result.typeName()));
  } else if (!args.positional().empty() || !args.keywords().empty()) {
    throw ScriptError(fmt::format("{}() takes no arguments", m_name));
  }
  return instance;
}

std::optional<bool> Class::isInstance(const Value& value) {
  if (isRoot()) return true; // everything is an object
  const Instance* i = asInstance(value);
  return i && i->cls()->isSubclassOf(this);
}

void Class::clearValues() {
  m_attrs.clear();
}

void Class::forEachValue(const std::function<void(const Value&)>& visit) const {
  for (const auto& [name, value] : m_attrs.entries())
    visit(value);
  if (m_base) visit(Value(m_base));
}

// ---- Instance ----------------------------------------------------------------

Instance::~Instance() {
  release(m_attrs.entries(), std::move(m_class));
}

std::optional<Value> Instance::special(std::string_view name) const {
  const Value* v = m_class->lookup(name);
  if (!v) return std::nullopt;
  return bindAttribute(*v, selfValue(*this), Value(m_class));
}

std::string Instance::repr() const {
  if (std::optional<Value> method = special("__repr__")) {
    Value text = callValue(*method, {});
    if (!text.isStr())
      throw ScriptError(fmt::format("__repr__ returned non-string (type {})", text.typeName()));
    return *text.get<std::string>();
  }
  return fmt::format("<__main__.{} object>", m_class->name());
}

std::string Instance::str() const {
  if (std::optional<Value> method = special("__str__")) {
    Value text = callValue(*method, {});
    if (!text.isStr())
      throw ScriptError(fmt::format("__str__ returned non-string (type {})", text.typeName()));
    return *text.get<std::string>();
  }
  return repr();
}

std::optional<Value> Instance::getAttr(std::string_view name) {
  if (const Value* v = m_attrs.find(name)) return *v;
  if (name == "__class__") return Value(m_class);
  if (name == "__dict__") { // a copy: writing to it does not set attributes
    auto d = Dict::make();
    for (const auto& [key, value] : m_attrs.entries())
      d->set(Value(key), value);
    return Value(d);
  }
  if (const Value* v = m_class->lookup(name))
    return bindAttribute(*v, selfValue(*this), Value(m_class));
  return std::nullopt;
}

void Instance::setAttr(std::string_view name, const Value& value) {
  if (name == "__class__") throw ScriptError("assigning to __class__ is not supported");
  if (const Value* attr = m_class->lookup(name)) {
    const Descriptor* d = attr->isObject() && typeid(*attr->object()) == typeid(Descriptor)
                              ? static_cast<const Descriptor*>(attr->object().get())
                              : nullptr;
    if (d && d->kind() == Descriptor::Kind::Property)
      throw ScriptError(
          fmt::format("property '{}' of '{}' object has no setter", name, m_class->name()));
  }
  if (!m_registered) m_registered = registerObject(shared_from_this());
  m_attrs.set(name, value);
}

std::vector<std::string> Instance::attributeNames() const {
  std::vector<std::string> out = m_class->attributeNames();
  for (const auto& [name, value] : m_attrs.entries())
    out.push_back(name);
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<Value> Instance::binaryOp(BinaryOp op, const Value& other, bool reflected) {
  std::string name = fmt::format("__{}{}__", reflected ? "r" : "", dunderName(op));
  if (std::optional<Value> method = special(name)) return callValue(*method, {other});
  // != is the negation of == when only __eq__ is defined.
  if (op == BinaryOp::Ne)
    if (std::optional<Value> eq = special("__eq__"))
      return Value(!frontend::truthy(callValue(*eq, {other})));
  return std::nullopt;
}

std::optional<Value> Instance::inplaceOp(BinaryOp op, const Value& other) {
  if (std::optional<Value> method = special(fmt::format("__i{}__", dunderName(op))))
    return callValue(*method, {other});
  return std::nullopt;
}

std::optional<Value> Instance::unaryOp(UnaryOp op) {
  if (std::optional<Value> method = special(dunderName(op))) return callValue(*method, {});
  return std::nullopt;
}

Value Instance::getItem(const Value& index) {
  if (std::optional<Value> method = special("__getitem__")) return callValue(*method, {index});
  return Object::getItem(index);
}

void Instance::setItem(const Value& index, const Value& value) {
  if (std::optional<Value> method = special("__setitem__")) {
    callValue(*method, {index, value});
    return;
  }
  Object::setItem(index, value);
}

Value Instance::call(Args& args) {
  if (std::optional<Value> method = special("__call__")) return callValue(*method, args);
  return Object::call(args);
}

bool Instance::truthy() {
  if (std::optional<Value> method = special("__bool__")) {
    Value r = callValue(*method, {});
    if (!r.isBool())
      throw ScriptError(fmt::format("__bool__ should return bool, returned {}", r.typeName()));
    return *r.get<bool>();
  }
  if (std::optional<int64_t> n = length()) return *n != 0;
  return true;
}

std::optional<std::vector<Value>> Instance::iterate() {
  if (std::optional<Value> method = special("__iter__")) return toVector(callValue(*method, {}));
  return std::nullopt;
}

std::optional<int64_t> Instance::length() {
  std::optional<Value> method = special("__len__");
  if (!method) return std::nullopt;
  Value n = callValue(*method, {});
  if (!n.isIntLike())
    throw ScriptError(fmt::format("'{}' object cannot be interpreted as an integer", n.typeName()));
  int64_t i = n.isBool() ? *n.get<bool>() : *n.get<int64_t>();
  if (i < 0) throw ScriptError("__len__() should return >= 0");
  return i;
}

std::optional<bool> Instance::contains(const Value& item) {
  if (std::optional<Value> method = special("__contains__"))
    return frontend::truthy(callValue(*method, {item}));
  return std::nullopt;
}

void Instance::clearValues() {
  m_attrs.clear();
}

void Instance::forEachValue(const std::function<void(const Value&)>& visit) const {
  for (const auto& [name, value] : m_attrs.entries())
    visit(value);
  visit(Value(m_class));
}

// ---- Descriptor and Super ----------------------------------------------------

std::string Descriptor::typeName() const {
  switch (m_kind) {
  case Kind::StaticMethod:
    return "staticmethod";
  case Kind::ClassMethod:
    return "classmethod";
  case Kind::Property:
    return "property";
  }
  return "descriptor";
}

std::optional<Value> Descriptor::bindTo(const Value& self, const Value& cls) {
  switch (m_kind) {
  case Kind::StaticMethod:
    return m_fn;
  case Kind::ClassMethod:
    return bindFunction(m_fn, cls);
  case Kind::Property:
    if (self.isNone()) return std::nullopt; // read through the class: the property itself
    return callValue(m_fn, {self});
  }
  return std::nullopt;
}

std::optional<Value> Super::getAttr(std::string_view name) {
  const Instance* instance = asInstance(m_self);
  Value cls = instance ? Value(instance->cls()) : m_self;
  for (const Class* c = m_start->base().get(); c; c = c->base().get())
    if (const Value* v = c->own(name)) return bindAttribute(*v, m_self, cls);
  if (name == "__init__") // object.__init__: takes nothing more
    return makeNative("__init__", [](Args& a) {
      if (!a.positional().empty() || !a.keywords().empty())
        throw ScriptError(
            "object.__init__() takes exactly one argument (the instance to initialize)");
      return Value();
    });
  return std::nullopt;
}

// ---- helpers -----------------------------------------------------------------

Value bindFunction(const Value& fn, const Value& self) {
  auto f = std::make_shared<NativeFunction>();
  const Function* user = asFunction(fn);
  f->name = user ? user->name : "method";
  f->self = self;
  f->fn = [fn](Args& a) {
    a.positional().insert(a.positional().begin(), a.self());
    return callValue(fn, a);
  };
  return Value(NativeFunctionPtr(std::move(f)));
}

namespace {

class NativeMethod final : public Object {
public:
  explicit NativeMethod(Value fn) : m_fn(std::move(fn)) {}
  std::string typeName() const override { return "function"; }
  Value call(Args& a) override { return callValue(m_fn, a); }
  std::optional<Value> bindTo(const Value& self, const Value& cls) override {
    (void)cls;
    if (self.isNone()) return std::nullopt;
    return bindFunction(m_fn, self);
  }

private:
  Value m_fn;
};

} // namespace

Value nativeMethod(std::string name, NativeFn fn) {
  return Value(std::make_shared<NativeMethod>(makeNative(std::move(name), std::move(fn))));
}

Class* asClass(const Value& value) {
  if (!value.isObject()) return nullptr;
  Object* o = value.object().get();
  return typeid(*o) == typeid(Class) ? static_cast<Class*>(o) : nullptr;
}

Instance* asInstance(const Value& value) {
  if (!value.isObject()) return nullptr;
  Object* o = value.object().get();
  return typeid(*o) == typeid(Instance) ? static_cast<Instance*>(o) : nullptr;
}

const std::shared_ptr<Class>& objectClass() {
  static const std::shared_ptr<Class> root = std::make_shared<Class>("object", nullptr);
  return root;
}

} // namespace uops::frontend
