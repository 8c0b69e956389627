// The `typing` module, for the annotations and type aliases model code
// writes (`Optional[Tensor]`, `Tuple[int, ...]`, `T = TypeVar("T")`). Types
// here only document: a form subscripted stands for itself (its arguments
// are evaluated, then dropped), cast() returns its value, and @overload
// passes the function through; nothing checks a type.
#include "core/frontend/builtins_impl.h"

#include "core/frontend/object.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

namespace {

// Optional, Union, List, ...: subscriptable any number of times.
class TypingForm : public Object {
public:
  explicit TypingForm(std::string name) : m_name(std::move(name)) {}
  std::string typeName() const override { return "typing._SpecialForm"; }
  std::string repr() const override { return m_name; }
  Value getItem(const Value& index) override {
    (void)index;
    return Value(shared_from_this());
  }
  Value call(Args& a) override {
    (void)a;
    throw ScriptError(fmt::format("Cannot instantiate {}", m_name));
  }

private:
  std::string m_name;
};

// The forms a model's signatures and aliases name.
constexpr const char* kForms[] = {
    "Any",       "Callable",  "ClassVar",  "DefaultDict", "Dict",     "Final",
    "FrozenSet", "Generator", "Iterable",  "Iterator",    "List",     "Literal",
    "Mapping",   "NoReturn",  "Optional",  "Self",        "Sequence", "Set",
    "Tuple",     "Type",      "TypeGuard", "Union",
};

} // namespace

void installTypingModule(ExecState& state) {
  auto typing = std::make_shared<Namespace>();
  typing->name = "typing";
  auto add = [&](std::string name, Value v) {
    typing->members.insert_or_assign(std::move(name), std::move(v));
  };
  for (const char* name : kForms)
    add(name, Value(std::make_shared<TypingForm>(fmt::format("typing.{}", name))));
  add("TYPE_CHECKING", false);
  add("cast", makeNative("cast", [](Args& a) { return a.bind({"typ", "val"})[1]; }));
  add("overload", makeNative("overload", [](Args& a) { return a.bind({"func"})[0]; }));
  add("TypeVar", makeNative("TypeVar", [](Args& a) {
        auto [name, constraints, rest] = a.bind({"name", "*constraints", "**kwargs"});
        (void)constraints;
        (void)rest;
        if (!name.isStr()) a.fail("TypeVar name must be a string");
        return Value(std::make_shared<TypingForm>(fmt::format("~{}", *name.get<std::string>())));
      }));
  state.modules.insert_or_assign("typing", std::move(typing));
}

} // namespace uops::frontend
