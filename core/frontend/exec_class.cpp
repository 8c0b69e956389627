// class statements and with blocks.
#include "core/frontend/executor.h"

#include "core/frontend/attributes.h"
#include "core/frontend/callable.h"
#include "core/frontend/classes.h"
#include "core/frontend/dict.h"
#include "core/frontend/object_registry.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"

#include <fmt/format.h>

namespace uops::frontend {

using namespace ast;

void Executor::execClass(const ClassDefStmt& s, Scope& scope) {
  // As for def: decorators first, applied bottom up once the class exists.
  std::vector<Value> decorators;
  for (const ExprPtr& d : s.decorators)
    decorators.push_back(eval(*d, scope));
  std::shared_ptr<Class> base = objectClass();
  if (s.base) {
    Value b = eval(*s.base, scope);
    if (!asClass(b))
      fail(s.base->loc,
           fmt::format("a base class must be a class statement's class or object, not '{}'",
                       b.typeName() == "type" ? repr(b) : b.typeName()));
    base = std::static_pointer_cast<Class>(b.object());
  }
  // The body runs once in a scope of its own; its names become attributes.
  auto cell = std::make_shared<ClassCell>();
  cell->name = s.name;
  auto body = std::make_shared<Scope>();
  body->parent = &scope;
  body->locals = &s.locals;
  body->classBody = true;
  body->classCell = cell;
  Value ignored;
  inFrame(s.name, [&] { execBlock(s.body, *body, ignored); });
  auto cls = std::make_shared<Class>(s.name, base);
  if (registerObject(cls)) cls->markRegistered();
  for (auto& [name, value] : body->vars)
    cls->define(name, std::move(value));
  body->vars.clear();
  if (!s.annotations.empty()) {
    std::vector<std::pair<Value, Value>> annotations;
    for (const auto& [name, text] : s.annotations)
      annotations.emplace_back(Value(name), Value(text));
    cls->define("__annotations__", makeDict(std::move(annotations)));
  }
  cell->cls = cls;
  Value result(cls);
  for (size_t i = decorators.size(); i-- > 0;) {
    m_state.currentCall = s.decorators[i]->loc;
    result = guarded(s.decorators[i]->loc, [&] { return callValue(decorators[i], {result}); });
  }
  scope.vars.insert_or_assign(s.name, result);
}

Executor::Flow Executor::execWith(const WithStmt& s, size_t index, Scope& scope, Value& result) {
  if (index == s.items.size()) return execBlock(s.body, scope, result);
  const WithStmt::Item& item = s.items[index];
  Location loc = item.context->loc;
  Value manager = eval(*item.context, scope);
  Value exit;
  Value entered = guarded(loc, [&] {
    Value enter;
    try {
      enter = getAttribute(manager, "__enter__");
      exit = getAttribute(manager, "__exit__");
    } catch (const AttributeError&) {
      throw ScriptError(fmt::format("'{}' object does not support the context manager protocol",
                                    manager.typeName()));
    }
    return callValue(enter, {});
  });
  Flow flow;
  try {
    if (item.target) assign(*item.target, entered, scope);
    flow = execWith(s, index + 1, scope, result);
  } catch (...) {
    // The error stands (programs cannot catch it), but __exit__ still runs so
    // the manager undoes what __enter__ changed; an error there is dropped.
    try {
      callValue(exit, {Value(), Value(), Value()});
    } catch (...) {
    }
    throw;
  }
  guarded(loc, [&] { callValue(exit, {Value(), Value(), Value()}); });
  return flow;
}

} // namespace uops::frontend
