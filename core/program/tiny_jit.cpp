#include "core/program/tiny_jit.h"

#include "core/frontend/callable.h"
#include "core/frontend/classes.h"
#include "core/frontend/object.h"
#include "core/program/convert.h"
#include "core/program/realization.h"
#include "core/program/symbolic_int.h"
#include "core/program/variable_bindings.h"

#include <fmt/format.h>

namespace uops::program {

using frontend::Args;
using frontend::Value;

namespace {

class JitObject : public frontend::Object {
public:
  explicit JitObject(Value fn) : m_fn(std::move(fn)) {}

  std::string typeName() const override { return "TinyJit"; }
  std::string repr() const override { return fmt::format("<TinyJit of {}>", name()); }
  const frontend::MethodTable* methods() const override {
    static const frontend::MethodTable table{
        {"reset",
         [](Args& a) {
           a.expectNone();
           static_cast<JitObject&>(*a.self().object()).m_calls = 0;
           return Value();
         }},
    };
    return &table;
  }
  std::optional<Value> getAttr(std::string_view attr) override {
    if (attr == "cnt") return Value(m_calls);
    if (attr == "fxn") return m_fn;
    return Object::getAttr(attr);
  }

  // @TinyJit on a method binds `self` like the function it wraps.
  std::optional<Value> bindTo(const Value& self, const Value& cls) override {
    (void)cls;
    if (self.isNone()) return std::nullopt;
    return frontend::bindFunction(Value(shared_from_this()), self);
  }

  // tinygrad's jit realizes the tensors it is given before it runs and the
  // tensors it returns after; the bound variables it is given name the
  // realizations of the call.
  Value call(Args& a) override {
    Realizer* realizer = currentRealizer();
    std::vector<Tensor> inputs;
    std::vector<std::string> bound;
    auto take = [&](const Value& v) {
      if (const Tensor* t = asTensorPtr(v)) inputs.push_back(*t);
      if (std::optional<std::string> b = boundVariableText(v)) bound.push_back(std::move(*b));
    };
    for (const Value& v : a.positional())
      take(v);
    for (const auto& [key, v] : a.keywords())
      take(v);
    BoundVariablesScope boundScope(std::move(bound));
    if (realizer && !inputs.empty()) realizer->realize(inputs, "TinyJit inputs");
    Value r = frontend::callValue(m_fn, a);
    ++m_calls;
    std::vector<Tensor> outputs;
    if (const Tensor* t = asTensorPtr(r)) outputs.push_back(*t);
    if (const std::vector<Value>* items = r.items())
      for (const Value& v : *items)
        if (const Tensor* t = asTensorPtr(v)) outputs.push_back(*t);
    if (realizer && !outputs.empty()) realizer->realize(outputs, "TinyJit");
    return r;
  }

  void forEachValue(const std::function<void(const Value&)>& visit) const override { visit(m_fn); }
  void clearValues() override { m_fn = Value(); }

private:
  std::string name() const {
    if (const frontend::Function* f = frontend::asFunction(m_fn)) return f->name;
    return "function";
  }

  Value m_fn;
  int64_t m_calls = 0;
};

} // namespace

Value tinyJitClass() {
  auto jit = std::make_shared<frontend::NativeFunction>();
  jit->name = "TinyJit";
  jit->isType = true;
  jit->fn = [](Args& a) -> Value {
    [[maybe_unused]] auto [fn, captured, prune, optimize] =
        a.bind({"fxn", {"captured", Value()}, {"prune", false}, {"optimize", false}});
    if (!captured.isNone()) a.fail("a captured jit (captured=...) is not supported");
    // prune and optimize change which kernels a replay keeps, not its results.
    toBool(a, prune, "prune");
    toBool(a, optimize, "optimize");
    if (!fn.is<frontend::FunctionPtr>() && !fn.is<frontend::NativeFunctionPtr>() && !fn.isObject())
      a.fail(fmt::format("expects a function, not {}", fn.typeName()));
    return Value(std::make_shared<JitObject>(fn));
  };
  return Value(frontend::NativeFunctionPtr(std::move(jit)));
}

} // namespace uops::program
