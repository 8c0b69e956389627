#include "core/program/function_binding.h"

#include "core/frontend/callable.h"
#include "core/frontend/classes.h"
#include "core/frontend/dict.h"
#include "core/frontend/object.h"
#include "core/frontend/script_error.h"
#include "core/grad/function_capture.h"
#include "core/program/convert.h"

#include <unordered_set>

#include <fmt/format.h>

namespace uops::program {

using frontend::ScriptError;

namespace {

// Tensors held by objects among the arguments (a method's self.l1.weight, a
// dict of tensors), found in the order tinygrad's get_state_dict walks them.
void declareHeld(FunctionCapture& capture, const Value& v,
                 std::unordered_set<const frontend::Object*>& seen) {
  if (const Tensor* t = asTensorPtr(v)) return capture.declareInput(*t);
  if (const std::vector<Value>* items = v.items()) {
    for (const Value& item : *items)
      declareHeld(capture, item, seen);
    return;
  }
  if (frontend::Instance* instance = frontend::asInstance(v)) {
    if (!seen.insert(instance).second) return;
    for (const auto& [name, attr] : instance->attributes().entries())
      declareHeld(capture, attr, seen);
  } else if (frontend::Dict* dict = frontend::asDict(v)) {
    if (!seen.insert(dict).second) return;
    for (const auto& [key, item] : dict->items())
      declareHeld(capture, item, seen);
  }
}

// Every tensor among the arguments, at any depth of lists and tuples, becomes
// the body's Param stand-in; those inside objects are declared (see above).
Value substitute(FunctionCapture& capture, const Value& v) {
  if (const Tensor* t = asTensorPtr(v)) return wrap(capture.input(*t));
  const std::vector<Value>* items = v.items();
  if (!items) {
    std::unordered_set<const frontend::Object*> seen;
    declareHeld(capture, v, seen);
    return v;
  }
  std::vector<Value> out;
  out.reserve(items->size());
  for (const Value& item : *items)
    out.push_back(substitute(capture, item));
  return v.isTuple() ? Value::tuple(std::move(out)) : Value::list(std::move(out));
}

// What a captured call returns: a Tensor or a tuple of Tensors, as tinygrad allows.
std::vector<Tensor> results(const Value& r, std::string_view name) {
  if (const Tensor* t = asTensorPtr(r)) return {*t};
  if (r.isTuple()) {
    std::vector<Tensor> out;
    for (const Value& v : *r.items()) {
      const Tensor* t = asTensorPtr(v);
      if (!t) break;
      out.push_back(*t);
    }
    if (out.size() == r.items()->size()) return out;
  }
  throw ScriptError(fmt::format("function {} returns {}; a captured function returns a Tensor or a "
                                "tuple of Tensors",
                                name, r.typeName()));
}

class CapturedFunction : public frontend::Object {
public:
  CapturedFunction(Value fn, bool allowImplicit)
      : m_fn(std::move(fn)), m_allowImplicit(allowImplicit) {}

  std::string typeName() const override { return "function"; }
  std::string repr() const override { return fmt::format("<function {}>", name()); }

  // @function on a method: read through an instance it binds `self`, which
  // the call then walks like any other argument.
  std::optional<Value> bindTo(const Value& self, const Value& cls) override {
    (void)cls;
    if (self.isNone()) return std::nullopt;
    return frontend::bindFunction(Value(shared_from_this()), self);
  }

  Value call(Args& a) override {
    FunctionCapture capture({.name = name(), .allowImplicit = m_allowImplicit});
    Args inner;
    for (const Value& v : a.positional())
      inner.positional().push_back(substitute(capture, v));
    for (const auto& [key, v] : a.keywords())
      inner.keywords().emplace_back(key, substitute(capture, v));
    Value r = frontend::callValue(m_fn, inner);
    std::vector<Tensor> out = capture.finish(results(r, name()));
    return r.isTuple() ? wrapTuple(out) : wrap(out.at(0));
  }

private:
  std::string name() const {
    if (const frontend::Function* f = frontend::asFunction(m_fn)) return f->name;
    return "function";
  }

  Value m_fn;
  bool m_allowImplicit;
};

Value capture(const Args& a, const Value& fn, bool allowImplicit) {
  if (!frontend::asFunction(fn)) a.fail(fmt::format("expects a function, not {}", fn.typeName()));
  return Value(std::make_shared<CapturedFunction>(fn, allowImplicit));
}

} // namespace

Value functionDecorator() {
  return frontend::makeNative("function", [](Args& a) {
    [[maybe_unused]] auto [fn, keywordsOnly, precompile, precompileBackward, allowImplicit,
                           gradFxn] = a.bind({{"fxn", Value()},
                                              "*",
                                              {"precompile", false},
                                              {"precompile_backward", false},
                                              {"allow_implicit", false},
                                              {"grad_fxn", Value()}});
    // precompile flags only change when tinygrad compiles, not what is computed.
    toBool(a, precompile, "precompile");
    toBool(a, precompileBackward, "precompile_backward");
    if (!gradFxn.isNone()) a.fail("grad_fxn is not supported yet");
    bool implicit = toBool(a, allowImplicit, "allow_implicit");
    if (!fn.isNone()) return capture(a, fn, implicit);
    // @function(allow_implicit=True): a decorator that captures its argument.
    return frontend::makeNative("function", [implicit](Args& inner) {
      Value f = inner.bind({"fxn"})[0];
      return capture(inner, f, implicit);
    });
  });
}

} // namespace uops::program
