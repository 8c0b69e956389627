// The `dataclasses` module for config classes:
//   @dataclass
//   class Config:
//     dim: int = 512
//     layers: list = field(default_factory=list)
// The fields are the class's annotated names (its own after its bases'),
// their defaults its class attributes; @dataclass adds __init__ (the fields
// positionally and by keyword, then __post_init__), __repr__ and __eq__.
// frozen=True is accepted and not enforced: a program that assigns to a
// frozen field gets no error here.
#include "core/frontend/builtins_impl.h"

#include "core/frontend/attributes.h"
#include "core/frontend/classes.h"
#include "core/frontend/dict.h"
#include "core/frontend/operators.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

#include <algorithm>
#include <typeinfo>

namespace uops::frontend {

namespace {

// field(default=..., default_factory=...); the same type describes a
// class's fields in __dataclass_fields__ (then with its name).
class Field : public Object {
public:
  Field(std::string name, std::optional<Value> fallback, std::optional<Value> factory)
      : name(std::move(name)), fallback(std::move(fallback)), factory(std::move(factory)) {}
  std::string typeName() const override { return "Field"; }
  std::string repr() const override {
    return fmt::format("Field(name={})", uops::frontend::repr(Value(name)));
  }
  const MethodTable* methods() const override {
    static const MethodTable table{
        {},
        {{"name", [](const Value& self) { return Value(as(self).name); }},
         {"default", [](const Value& self) { return as(self).fallback.value_or(Value()); }},
         {"default_factory",
          [](const Value& self) { return as(self).factory.value_or(Value()); }}}};
    return &table;
  }
  void forEachValue(const std::function<void(const Value&)>& visit) const override {
    if (fallback) visit(*fallback);
    if (factory) visit(*factory);
  }
  static const Field& as(const Value& v) { return static_cast<const Field&>(*v.object()); }
  static const Field* from(const Value& v) {
    if (!v.isObject()) return nullptr;
    const Object* o = v.object().get();
    return typeid(*o) == typeid(Field) ? static_cast<const Field*>(o) : nullptr;
  }

  std::string name;
  std::optional<Value> fallback;
  std::optional<Value> factory;
};

using Fields = std::vector<std::shared_ptr<const Field>>;

// The annotated names of the class and its bases, base first; a name a
// subclass annotates again keeps its place and takes the new default.
Fields collectFields(const Class& cls) {
  std::vector<const Class*> chain;
  for (const Class* c = &cls; c && !c->isRoot(); c = c->base().get())
    chain.insert(chain.begin(), c);
  Fields fields;
  for (const Class* c : chain) {
    const Value* annotations = c->own("__annotations__");
    const Dict* names = annotations ? asDict(*annotations) : nullptr;
    if (!names) continue;
    for (const auto& [key, text] : names->items()) {
      const std::string& name = *key.get<std::string>();
      std::optional<Value> fallback;
      std::optional<Value> factory;
      if (const Value* v = cls.lookup(name)) {
        if (const Field* f = Field::from(*v)) {
          fallback = f->fallback;
          factory = f->factory;
        } else {
          fallback = *v;
        }
      }
      auto field = std::make_shared<const Field>(name, fallback, factory);
      auto same = [&](const auto& f) { return f->name == name; };
      auto it = std::find_if(fields.begin(), fields.end(), same);
      if (it != fields.end())
        *it = field;
      else
        fields.push_back(field);
    }
  }
  return fields;
}

// A default's stand-in while binding: a factory field's value is made per call.
const Value& factoryMarker() {
  static const Value marker = makeNative("<factory>", [](Args&) { return Value(); });
  return marker;
}

NativeFn makeInit(const std::shared_ptr<const Fields>& fields) {
  return [fields](Args& a) {
    Value self = a.positional().front();
    a.positional().erase(a.positional().begin());
    std::vector<Param> params;
    for (const auto& f : *fields) {
      if (f->factory)
        params.emplace_back(f->name.c_str(), factoryMarker());
      else if (f->fallback)
        params.emplace_back(f->name.c_str(), *f->fallback);
      else
        params.emplace_back(f->name.c_str());
    }
    std::vector<Value> values(params.size());
    a.bindInto(params, values);
    for (size_t i = 0; i < values.size(); ++i) {
      const Field& f = *(*fields)[i];
      bool made = f.factory && identical(values[i], factoryMarker());
      setAttribute(self, f.name, made ? callValue(*f.factory, {}) : values[i]);
    }
    if (const Instance* instance = asInstance(self);
        instance && instance->cls()->lookup("__post_init__"))
      callValue(getAttribute(self, "__post_init__"), {});
    return Value();
  };
}

Value fieldValues(const Value& self, const Fields& fields) {
  std::vector<Value> values;
  for (const auto& f : fields)
    values.push_back(getAttribute(self, f->name));
  return Value::tuple(std::move(values));
}

void defineMethods(Class& cls, bool init, bool withRepr, bool eq) {
  auto fields = std::make_shared<const Fields>(collectFields(cls));
  for (size_t i = 1; i < fields->size(); ++i)
    if (!(*fields)[i]->fallback && !(*fields)[i]->factory &&
        ((*fields)[i - 1]->fallback || (*fields)[i - 1]->factory))
      throw ScriptError(
          fmt::format("non-default argument '{}' follows default argument", (*fields)[i]->name));
  std::vector<std::pair<Value, Value>> described;
  for (const auto& f : *fields)
    described.emplace_back(Value(f->name), Value(std::const_pointer_cast<Field>(f)));
  cls.define("__dataclass_fields__", makeDict(std::move(described)));
  if (init) cls.define("__init__", nativeMethod("__init__", makeInit(fields)));
  if (withRepr)
    cls.define("__repr__", nativeMethod("__repr__", [fields](Args& a) {
                 const Value& self = a.positional().front();
                 std::string out = asInstance(self)->cls()->name() + "(";
                 for (size_t i = 0; i < fields->size(); ++i)
                   out += (i ? ", " : "") + (*fields)[i]->name + "=" +
                          repr(getAttribute(self, (*fields)[i]->name));
                 return Value(out + ")");
               }));
  if (eq)
    cls.define("__eq__", nativeMethod("__eq__", [fields](Args& a) {
                 auto [self, other] = a.bind({"self", "other"});
                 const Instance* x = asInstance(self);
                 const Instance* y = asInstance(other);
                 if (!x || !y || x->cls() != y->cls()) return Value(false);
                 return binaryOp(BinaryOp::Eq, fieldValues(self, *fields),
                                 fieldValues(other, *fields));
               }));
}

Value dataclass(Args& a) {
  auto [cls, bareStar, init, withRepr, eq, order, unsafeHash, frozen] =
      a.bind({{"cls", Value()},
              "*",
              {"init", true},
              {"repr", true},
              {"eq", true},
              {"order", false},
              {"unsafe_hash", false},
              {"frozen", false}});
  (void)bareStar, (void)order, (void)unsafeHash, (void)frozen;
  auto apply = [init = truthy(init), withRepr = truthy(withRepr), eq = truthy(eq)](const Value& c) {
    Class* target = asClass(c);
    if (!target)
      throw ScriptError(
          fmt::format("dataclass() should be applied to a class, not '{}'", c.typeName()));
    defineMethods(*target, init, withRepr, eq);
    return c;
  };
  if (!cls.isNone()) return apply(cls);
  return makeNative("wrap", [apply](Args& inner) { return apply(inner.bind({"cls"})[0]); });
}

Value field(Args& a) {
  auto [bareStar, fallback, factory, rest] =
      a.bind({"*", {"default", factoryMarker()}, {"default_factory", factoryMarker()}, "**kwargs"});
  (void)bareStar, (void)rest; // init=, repr=, compare=, ...: every field takes part here
  bool hasDefault = !identical(fallback, factoryMarker());
  bool hasFactory = !identical(factory, factoryMarker());
  if (hasDefault && hasFactory)
    throw ScriptError("cannot specify both default and default_factory");
  return Value(std::make_shared<Field>("", hasDefault ? std::optional(fallback) : std::nullopt,
                                       hasFactory ? std::optional(factory) : std::nullopt));
}

const Fields* fieldsOf(const Value& v, Fields& storage) {
  const Instance* instance = asInstance(v);
  const Class* cls = instance ? instance->cls().get() : asClass(v);
  const Value* described = cls ? cls->lookup("__dataclass_fields__") : nullptr;
  const Dict* d = described ? asDict(*described) : nullptr;
  if (!d) throw ScriptError("must be called with a dataclass type or instance");
  for (const auto& [name, f] : d->items())
    storage.push_back(std::static_pointer_cast<const Field>(f.object()));
  return &storage;
}

Value asdict(const Value& v) {
  Fields storage;
  if (asInstance(v) && asInstance(v)->cls()->lookup("__dataclass_fields__")) {
    std::vector<std::pair<Value, Value>> items;
    for (const auto& f : *fieldsOf(v, storage))
      items.emplace_back(Value(f->name), asdict(getAttribute(v, f->name)));
    return makeDict(std::move(items));
  }
  if (const std::vector<Value>* items = v.items()) {
    std::vector<Value> out;
    for (const Value& item : *items)
      out.push_back(asdict(item));
    return v.isList() ? Value::list(std::move(out)) : Value::tuple(std::move(out));
  }
  return v;
}

} // namespace

void installDataclassesModule(ExecState& state) {
  auto dataclasses = std::make_shared<Namespace>();
  dataclasses->name = "dataclasses";
  auto add = [&](std::string name, Value v) {
    dataclasses->members.insert_or_assign(std::move(name), std::move(v));
  };
  add("dataclass", makeNative("dataclass", dataclass));
  add("field", makeNative("field", field));
  add("fields", makeNative("fields", [](Args& a) {
        Fields storage;
        std::vector<Value> out;
        for (const auto& f : *fieldsOf(a.bind({"class_or_instance"})[0], storage))
          out.push_back(Value(std::const_pointer_cast<Field>(f)));
        return Value::tuple(std::move(out));
      }));
  add("asdict", makeNative("asdict", [](Args& a) { return asdict(a.bind({"obj"})[0]); }));
  add("replace", makeNative("replace", [](Args& a) {
        auto [obj, changes] = a.bind({"obj", "**changes"});
        Fields storage;
        std::vector<std::pair<std::string, Value>> keywords;
        for (const auto& f : *fieldsOf(obj, storage)) {
          const Value* changed = asDict(changes)->find(Value(f->name));
          keywords.emplace_back(f->name, changed ? *changed : getAttribute(obj, f->name));
        }
        return callValue(Value(asInstance(obj)->cls()), {}, std::move(keywords));
      }));
  state.modules.insert_or_assign("dataclasses", std::move(dataclasses));
}

} // namespace uops::frontend
