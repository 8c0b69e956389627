// The `functools` module as model code uses it: partial (a layer's
// activation with its arguments fixed), reduce (a product of a shape), and
// the caching decorators, which pass the function through: a program's
// functions are pure enough that calling again gives the same value, and a
// cache would only hold tensors alive.
#include "core/frontend/builtins_impl.h"

#include "core/frontend/budget.h"
#include "core/frontend/dict.h"
#include "core/frontend/object.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

#include <algorithm>

namespace uops::frontend {

namespace {

// partial(f, *args, **kw)(*more, **kw2) calls f(*args, *more, **{**kw, **kw2}).
class Partial : public Object {
public:
  Partial(Value func, std::vector<Value> args, std::vector<std::pair<std::string, Value>> keywords)
      : m_func(std::move(func)), m_args(std::move(args)), m_keywords(std::move(keywords)) {}

  std::string typeName() const override { return "functools.partial"; }
  std::string repr() const override {
    std::string out = "functools.partial(" + uops::frontend::repr(m_func);
    for (const Value& v : m_args)
      out += ", " + uops::frontend::repr(v);
    for (const auto& [name, v] : m_keywords)
      out += ", " + name + "=" + uops::frontend::repr(v);
    return out + ")";
  }
  const MethodTable* methods() const override {
    static const MethodTable table{
        {},
        {{"func", [](const Value& self) { return as(self).m_func; }},
         {"args", [](const Value& self) { return Value::tuple(as(self).m_args); }},
         {"keywords", [](const Value& self) {
            std::vector<std::pair<Value, Value>> items;
            for (const auto& [name, v] : as(self).m_keywords)
              items.emplace_back(Value(name), v);
            return makeDict(std::move(items));
          }}}};
    return &table;
  }
  Value call(Args& a) override {
    std::vector<Value> positional = m_args;
    positional.insert(positional.end(), a.positional().begin(), a.positional().end());
    std::vector<std::pair<std::string, Value>> keywords = m_keywords;
    for (const auto& [name, v] : a.keywords()) {
      auto same = [&](const auto& kw) { return kw.first == name; };
      auto it = std::find_if(keywords.begin(), keywords.end(), same);
      if (it != keywords.end())
        it->second = v; // a call's keyword overrides the fixed one
      else
        keywords.emplace_back(name, v);
    }
    return callValue(m_func, std::move(positional), std::move(keywords));
  }
  void forEachValue(const std::function<void(const Value&)>& visit) const override {
    visit(m_func);
    for (const Value& v : m_args)
      visit(v);
    for (const auto& [name, v] : m_keywords)
      visit(v);
  }

private:
  static const Partial& as(const Value& self) {
    return static_cast<const Partial&>(*self.object());
  }
  Value m_func;
  std::vector<Value> m_args;
  std::vector<std::pair<std::string, Value>> m_keywords;
};

Value partial(Args& a) {
  if (a.positional().empty())
    throw ScriptError("partial() missing 1 required positional argument: 'func'");
  std::vector<Value> args(a.positional().begin() + 1, a.positional().end());
  Value func = a.positional().front();
  if (!detail::isCallable(func)) throw ScriptError("the first argument must be callable");
  return Value(std::make_shared<Partial>(std::move(func), std::move(args), a.keywords()));
}

Value reduce(Args& a) {
  auto [function, iterable, initial] =
      a.bind({"function", "iterable", {"initial", Value(EllipsisType{})}});
  Iterator it(iterable, "reduce() arg 2 must support iteration");
  Value acc;
  if (!initial.is<EllipsisType>()) {
    acc = initial;
  } else if (!it.next(acc)) {
    throw ScriptError("reduce() of empty iterable with no initial value");
  }
  Value v;
  while (it.next(v)) {
    chargeSteps(1);
    acc = callValue(function, {acc, v});
  }
  return acc;
}

// @lru_cache, @lru_cache(), @lru_cache(maxsize=None) and @cache all give the
// function back unchanged (see the file comment).
Value lruCache(Args& a) {
  auto [maxsize, typed] = a.bind({{"maxsize", 128}, {"typed", false}});
  (void)typed;
  if (detail::isCallable(maxsize)) return maxsize;
  if (!maxsize.isNone() && !maxsize.isIntLike())
    throw ScriptError("Expected first argument to be an integer, a callable, or None");
  return makeNative("decorating_function",
                    [](Args& inner) { return inner.bind({"user_function"})[0]; });
}

} // namespace

void installFunctoolsModule(ExecState& state) {
  auto functools = std::make_shared<Namespace>();
  functools->name = "functools";
  auto add = [&](std::string name, Value v) {
    functools->members.insert_or_assign(std::move(name), std::move(v));
  };
  add("partial", makeNative("partial", partial));
  add("reduce", makeNative("reduce", reduce));
  add("lru_cache", makeNative("lru_cache", lruCache));
  add("cache", makeNative("cache", [](Args& a) { return a.bind({"user_function"})[0]; }));
  // @wraps(f) copies f's name and docstring onto the wrapper in Python; a
  // wrapper here keeps its own, which only messages show.
  add("wraps", makeNative("wraps", [](Args& a) {
        a.bind({"wrapped", {"assigned", Value()}, {"updated", Value()}});
        return makeNative("update_wrapper", [](Args& inner) { return inner.bind({"wrapper"})[0]; });
      }));
  state.modules.insert_or_assign("functools", std::move(functools));
}

} // namespace uops::frontend
