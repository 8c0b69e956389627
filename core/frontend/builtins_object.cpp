// Builtins about objects and classes: getattr, hasattr, setattr, vars, type,
// super, object, staticmethod, classmethod, property, callable, dict,
// format, and the module's __name__.
#include "core/frontend/builtins_impl.h"

#include "core/frontend/attributes.h"
#include "core/frontend/classes.h"
#include "core/frontend/dict.h"
#include "core/frontend/format_spec.h"
#include "core/frontend/object.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend::detail {

namespace {

const std::string& attributeName(const Args& a, const Value& name) {
  if (const std::string* s = name.get<std::string>()) return *s;
  a.fail(fmt::format("attribute name must be string, not '{}'", name.typeName()));
}

Value descriptor(Args& a, Descriptor::Kind kind) {
  auto [fn] = a.bind({"function"});
  return Value(std::make_shared<Descriptor>(kind, fn));
}

} // namespace

bool isCallable(const Value& x) {
  if (x.is<FunctionPtr>() || x.is<NativeFunctionPtr>() || asClass(x)) return true;
  if (const Instance* i = asInstance(x)) return i->cls()->lookup("__call__") != nullptr;
  return x.isObject() && !asDict(x);
}

void addObjectBuiltins(ExecState& state) {
  defineBuiltin(state, "getattr", [](Args& a) {
    auto [object, name, fallback] = a.bind({"object", "name", {"default", Value(EllipsisType{})}});
    const std::string& attr = attributeName(a, name);
    if (fallback.is<EllipsisType>()) return getAttribute(object, attr);
    try {
      return getAttribute(object, attr);
    } catch (const AttributeError&) {
      return fallback;
    }
  });
  defineBuiltin(state, "hasattr", [](Args& a) {
    auto [object, name] = a.bind({"object", "name"});
    try {
      getAttribute(object, attributeName(a, name));
      return Value(true);
    } catch (const AttributeError&) {
      return Value(false);
    }
  });
  defineBuiltin(state, "setattr", [](Args& a) {
    auto [object, name, value] = a.bind({"object", "name", "value"});
    setAttribute(object, attributeName(a, name), value);
    return Value();
  });
  defineBuiltin(state, "vars", [](Args& a) {
    auto [object] = a.bind({"object"});
    if (!asInstance(object)) a.fail("argument must be an instance of a class statement's class");
    return getAttribute(object, "__dict__");
  });
  defineBuiltin(state, "callable", [](Args& a) { return Value(isCallable(a.bind({"obj"})[0])); });
  defineBuiltin(state, "format", [](Args& a) {
    auto [value, spec] = a.bind({"value", {"format_spec", ""}});
    if (!spec.isStr()) a.fail(fmt::format("argument 2 must be str, not {}", spec.typeName()));
    return Value(formatValue(value, *spec.get<std::string>()));
  });
  std::weak_ptr<ExecState> weak = state.self;
  defineBuiltin(state, "type", [weak](Args& a) {
    if (a.positional().size() != 1 || !a.keywords().empty())
      a.fail("takes 1 argument (making classes with type() is not supported)");
    const Value& x = a.positional()[0];
    if (const Instance* i = asInstance(x)) return Value(i->cls());
    if (x.isObject())
      if (std::optional<Value> t = x.object()->typeObject()) return *t;
    std::string name = x.typeName();
    if (std::shared_ptr<ExecState> s = weak.lock()) {
      auto it = s->builtins.find(name);
      const NativeFunctionPtr* f =
          it == s->builtins.end() ? nullptr : it->second.get<NativeFunctionPtr>();
      if (f && (*f)->isType) return it->second;
    }
    auto f = std::make_shared<NativeFunction>();
    f->name = name;
    f->isType = true;
    f->fn = [name](Args&) -> Value {
      throw ScriptError(fmt::format("cannot create '{}' instances", name));
    };
    return Value(NativeFunctionPtr(std::move(f)));
  });
  // super() without arguments is resolved by the interpreter, which knows
  // the method it is called from; this is super(cls, obj).
  defineBuiltin(state, "super", [](Args& a) {
    auto [cls, object] = a.bind({"type", "object_or_type"});
    Class* c = asClass(cls);
    if (!c) a.fail(fmt::format("argument 1 must be a class, not {}", cls.typeName()));
    const Instance* i = asInstance(object);
    const Class* of = i ? i->cls().get() : asClass(object);
    if (!of || !of->isSubclassOf(c))
      a.fail("argument 2 must be an instance or subclass of argument 1");
    return Value(std::make_shared<Super>(std::static_pointer_cast<Class>(cls.object()), object));
  });
  state.builtins.insert_or_assign("object", Value(objectClass()));
  defineBuiltin(state, "staticmethod",
                [](Args& a) { return descriptor(a, Descriptor::Kind::StaticMethod); });
  defineBuiltin(state, "classmethod",
                [](Args& a) { return descriptor(a, Descriptor::Kind::ClassMethod); });
  defineBuiltin(state, "property",
                [](Args& a) { return descriptor(a, Descriptor::Kind::Property); });
  defineType(state, "dict", dictFromArgs);
  // A program runs as the main module: `if __name__ == "__main__":` runs.
  state.builtins.insert_or_assign("__name__", Value("__main__"));
}

} // namespace uops::frontend::detail
