#include "core/frontend/callable.h"

#include "core/frontend/ast.h"
#include "core/frontend/classes.h"
#include "core/frontend/exec_state.h"
#include "core/frontend/object.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

Value makeNative(std::string name, NativeFn fn) {
  auto f = std::make_shared<NativeFunction>();
  f->name = std::move(name);
  f->fn = std::move(fn);
  return Value(NativeFunctionPtr(std::move(f)));
}

std::vector<std::string> Function::paramNames() const {
  std::vector<std::string> out;
  for (const ast::Parameter& p : shape->params)
    if (!p.name.empty()) out.push_back(p.name);
  return out;
}

std::string Function::qualifiedName() const {
  return classCell ? classCell->name + "." + name : name;
}

// Defaults can hold functions whose defaults hold functions...: released
// iteratively like list elements.
Function::~Function() {
  releaseValues(defaults);
}

Value callValue(const Value& callee, Args& args) {
  if (const NativeFunctionPtr* f = callee.get<NativeFunctionPtr>()) {
    args.setName((*f)->name);
    if ((*f)->self) args.setSelf(*(*f)->self);
    return (*f)->fn(args);
  }
  if (const FunctionPtr* f = callee.get<FunctionPtr>()) return callUserFunction(**f, args);
  if (callee.isObject()) {
    args.setName(callee.object()->typeName());
    return callee.object()->call(args);
  }
  throw ScriptError(fmt::format("'{}' object is not callable", callee.typeName()));
}

Value callValue(const Value& callee, std::vector<Value> positional,
                std::vector<std::pair<std::string, Value>> keywords) {
  Args args(std::move(positional), std::move(keywords));
  return callValue(callee, args);
}

const Function* asFunction(const Value& value) {
  const FunctionPtr* f = value.get<FunctionPtr>();
  return f ? f->get() : nullptr;
}

} // namespace uops::frontend
