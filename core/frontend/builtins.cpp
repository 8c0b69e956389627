// Python's builtins: the table, print() and the operator-like ones.
#include "core/frontend/builtins_impl.h"

#include "core/frontend/object.h"
#include "core/frontend/operators.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

namespace detail {

void defineBuiltin(ExecState& state, std::string name, NativeFn fn) {
  Value v = makeNative(name, std::move(fn));
  state.builtins.insert_or_assign(std::move(name), std::move(v));
}

void defineType(ExecState& state, std::string name, NativeFn fn) {
  auto f = std::make_shared<NativeFunction>();
  f->name = name;
  f->fn = std::move(fn);
  f->isType = true;
  state.builtins.insert_or_assign(std::move(name), Value(NativeFunctionPtr(std::move(f))));
}

int64_t toIndex(const Value& v) {
  if (const bool* b = v.get<bool>()) return *b ? 1 : 0;
  if (const int64_t* i = v.get<int64_t>()) return *i;
  if (v.isObject())
    if (std::optional<Value> n = v.object()->asNumber(); n && n->isIntLike()) return toIndex(*n);
  throw ScriptError(fmt::format("'{}' object cannot be interpreted as an integer", v.typeName()));
}

double toDouble(const Args& a, const Value& v) {
  if (const double* d = v.get<double>()) return *d;
  if (v.isIntLike()) return static_cast<double>(toIndex(v));
  if (v.isObject())
    if (std::optional<Value> n = v.object()->asNumber()) return toDouble(a, *n);
  a.fail(fmt::format("argument must be a real number, not {}", v.typeName()));
}

namespace {

// print(*objects, sep=' ', end='\n'): the text goes to the print sink, the
// arguments to the run's record, from which the program's outputs are chosen.
Value print(ExecState& state, Args& a) {
  auto [objects, sep, end] = a.bind({"*objects", {"sep", Value()}, {"end", Value()}});
  auto text = [&](const Value& v, std::string_view fallback, std::string_view what) {
    if (v.isNone()) return std::string(fallback);
    if (!v.isStr())
      throw ScriptError(fmt::format("{} must be None or a string, not {}", what, v.typeName()));
    return *v.get<std::string>();
  };
  std::string separator = text(sep, " ", "sep");
  std::string out;
  const std::vector<Value>& items = *objects.items();
  for (size_t i = 0; i < items.size(); ++i)
    out += (i > 0 ? separator : "") + str(items[i]);
  out += text(end, "\n", "end");
  if (state.printSink) state.printSink(out);
  state.result.prints.push_back({items, state.currentCall, std::move(out)});
  return Value();
}

} // namespace

} // namespace detail

void installBuiltins(ExecState& state) {
  using namespace detail;
  std::weak_ptr<ExecState> weak = state.self;
  defineBuiltin(state, "print", [weak](Args& a) {
    std::shared_ptr<ExecState> s = weak.lock();
    if (!s) throw ScriptError("print() called after its interpreter is gone");
    return print(*s, a);
  });
  defineBuiltin(state, "abs", [](Args& a) {
    auto [x] = a.bind({"x"});
    return unaryOp(UnaryOp::Abs, x);
  });
  defineBuiltin(state, "pow", [](Args& a) {
    auto [base, exp] = a.bind({"base", "exp"});
    return binaryOp(BinaryOp::Pow, base, exp);
  });
  defineBuiltin(state, "divmod", [](Args& a) {
    auto [x, y] = a.bind({"a", "b"});
    return Value::tuple({binaryOp(BinaryOp::FloorDiv, x, y), binaryOp(BinaryOp::Mod, x, y)});
  });
  addConversionBuiltins(state);
  addSequenceBuiltins(state);
  addObjectBuiltins(state);
}

} // namespace uops::frontend
