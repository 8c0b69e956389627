// Object: the extension point for host values (tensors, dtypes, devices).
#pragma once

#include "core/frontend/callable.h"
#include "core/frontend/op_kinds.h"
#include "core/frontend/value.h"

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace uops::frontend {

// A method of a host type: `{"reshape", [](Args& a) { ... a.self() ... }}`.
struct Method {
  std::string name;
  NativeFn fn;
};

// A read-only attribute computed from the receiver: `{"shape", [](const Value& self) {...}}`.
struct Property {
  std::string name;
  std::function<Value(const Value& self)> get;
};

// The methods and properties of one host type: adding a method is one entry.
// Built once per type (a function-local static) and returned by
// Object::methods().
class MethodTable {
public:
  MethodTable(std::initializer_list<Method> methods,
              std::initializer_list<Property> properties = {});
  MethodTable(std::vector<Method> methods, std::vector<Property> properties);

  const Method* method(std::string_view name) const;
  const Property* property(std::string_view name) const;
  std::vector<std::string> names() const; // sorted, for "did you mean" suggestions

private:
  std::vector<Method> m_methods;      // sorted by name
  std::vector<Property> m_properties; // sorted by name
};

// A value the host implements in C++. Every hook has Python's default
// behaviour ("'Tensor' object is not subscriptable", ...), so a binding
// overrides only what its type supports. Create objects with make_shared:
// bound methods keep their receiver alive through shared_from_this().
// Hooks throw ScriptError (or any std::exception) for user errors; the
// interpreter reports them at the expression that called the hook.
class Object : public std::enable_shared_from_this<Object> {
public:
  virtual ~Object() = default;

  virtual std::string typeName() const = 0;
  virtual std::string repr() const;                  // "<Tensor object>"
  virtual std::string str() const { return repr(); } // str(x) and print(x)

  // Attribute lookup: by default a property or a method (bound to this
  // object) from methods(); nullopt means "has no attribute".
  virtual const MethodTable* methods() const { return nullptr; }
  virtual std::optional<Value> getAttr(std::string_view name);
  virtual void setAttr(std::string_view name, const Value& value);
  // The names "did you mean" suggests from (by default, the methods()).
  virtual std::vector<std::string> attributeNames() const;

  // Operators, dispatched like Python's: for `a op b` the left operand's hook
  // runs first with reflected = false; if it returns nullopt (Python's
  // NotImplemented) or `a` is not an object, the right operand's hook runs
  // with reflected = true, meaning `self` is the right operand. Comparisons
  // are mirrored instead (a < b asks b for b > a, reflected = false), as
  // Python does. == and != fall back to identity when both decline.
  virtual std::optional<Value> binaryOp(BinaryOp op, const Value& other, bool reflected);
  virtual std::optional<Value> unaryOp(UnaryOp op);
  // `x op= other`: the in-place form (Python's __iadd__, tinygrad's Tensor
  // assigning into itself); nullopt falls back to `x = x op other`.
  virtual std::optional<Value> inplaceOp(BinaryOp op, const Value& other) {
    (void)op;
    (void)other;
    return std::nullopt;
  }

  virtual Value getItem(const Value& index);
  virtual void setItem(const Value& index, const Value& value);
  // args.name() is typeName() for messages; a class object sets its own name.
  virtual Value call(Args& args);

  virtual bool truthy() { return true; }
  // The Python number this object stands for (a numpy scalar or 0-d array):
  // float() and int() convert it, and an int-like one serves as an index
  // (Python's __float__, __int__ and __index__). nullopt: not a number.
  virtual std::optional<Value> asNumber() const { return std::nullopt; }
  virtual std::optional<std::vector<Value>> iterate() {
    return std::nullopt;
  }                                                                // nullopt: not iterable
  virtual std::optional<int64_t> length() { return std::nullopt; } // for len()
  // `item in self`; nullopt: search what iterate() gives.
  virtual std::optional<bool> contains(const Value& item) {
    (void)item;
    return std::nullopt;
  }
  // When this object is isinstance()'s second argument (a class).
  virtual std::optional<bool> isInstance(const Value&) { return std::nullopt; }
  // What type(x) gives: the host's class object (nullopt: a stand-in named
  // by typeName()).
  virtual std::optional<Value> typeObject() const { return std::nullopt; }
  // When this object is a class's attribute read through an instance `self`
  // (or through the class `cls`, self None): what the read gives, as
  // Python's descriptors bind methods; nullopt: this object itself.
  virtual std::optional<Value> bindTo(const Value& self, const Value& cls) {
    (void)self;
    (void)cls;
    return std::nullopt;
  }

  // An object that holds Values (a captured function, a list it was built
  // from) reports them here, so storing a list into something that holds
  // that list is refused: the cycle would never be freed.
  virtual void forEachValue(const std::function<void(const Value&)>& visit) const { (void)visit; }
  // Drops the Values this object holds (see ObjectRegistry): the interpreter
  // that made it is going away, and a cycle through it must be freed.
  virtual void clearValues() {}
  // True for objects the interpreter registers and empties when it goes
  // (dicts, instances, classes): a cycle through them is freed then, so
  // storing into a list need not refuse it.
  virtual bool breaksCycles() const { return false; }
};

// A native function bound to `self` (what getAttr returns for a method).
Value bindMethod(const Method& method, Value self);
// The method called through its class with the receiver first:
// Tensor.stack(a, b) runs a.stack(b).
Value unboundMethod(const Method& method);

} // namespace uops::frontend
