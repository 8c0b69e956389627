// del, raise and try/except/else/finally.
#include "core/frontend/executor.h"

#include "core/frontend/attributes.h"
#include "core/frontend/callable.h"
#include "core/frontend/classes.h"
#include "core/frontend/dict.h"
#include "core/frontend/exceptions.h"
#include "core/frontend/repr.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

namespace uops::frontend {

using namespace ast;

namespace {

// del container[index]: list items and slices, dict keys, __delitem__.
void deleteItem(const Value& container, const Value& index) {
  if (const ListPtr* list = container.get<ListPtr>()) {
    std::vector<Value>& items = (*list)->items;
    auto size = static_cast<int64_t>(items.size());
    if (const Slice* slice = index.get<Slice>()) {
      SliceIndices s = resolveSlice(*slice, size);
      std::vector<bool> drop(items.size(), false);
      for (int64_t k = 0; k < s.count; ++k)
        drop[static_cast<size_t>(s.start + k * s.step)] = true;
      std::vector<Value> kept;
      for (size_t i = 0; i < items.size(); ++i)
        if (!drop[i]) kept.push_back(std::move(items[i]));
      items.swap(kept);
      releaseValues(kept);
      return;
    }
    if (!index.isIntLike())
      throw ScriptError(
          fmt::format("list indices must be integers or slices, not {}", index.typeName()));
    int64_t i = index.is<bool>() ? (*index.get<bool>() ? 1 : 0) : *index.get<int64_t>();
    if (i < 0) i += size;
    if (i < 0 || i >= size) throw ScriptError("list assignment index out of range");
    items.erase(items.begin() + i);
    return;
  }
  if (Dict* dict = asDict(container)) {
    if (!dict->erase(index)) throw ScriptError(fmt::format("KeyError: {}", repr(index)));
    return;
  }
  if (const Instance* instance = asInstance(container);
      instance && instance->cls()->lookup("__delitem__")) {
    callValue(getAttribute(container, "__delitem__"), {index});
    return;
  }
  throw ScriptError(fmt::format("'{}' object doesn't support item deletion", container.typeName()));
}

} // namespace

void Executor::execDelete(const Expr& target, Scope& scope) {
  switch (target.kind) {
  case ExprKind::Name: {
    const std::string& name = target.as<NameExpr>().id;
    if (scope.vars.erase(name)) return;
    fail(target.loc, scope.locals ? fmt::format("cannot access local variable '{}' where it is not "
                                                "associated with a value",
                                                name)
                                  : fmt::format("name '{}' is not defined", name));
  }
  case ExprKind::Attribute: {
    const auto& a = target.as<AttributeExpr>();
    Value object = eval(*a.value, scope);
    return guarded(a.attrLoc, [&] {
      Instance* instance = asInstance(object);
      if (!instance)
        throw ScriptError(
            fmt::format("cannot delete attribute '{}' of '{}' object", a.attr, object.typeName()));
      if (!instance->deleteAttribute(a.attr))
        throw AttributeError(
            fmt::format("'{}' object has no attribute '{}'", instance->cls()->name(), a.attr));
    });
  }
  case ExprKind::Subscript: {
    const auto& s = target.as<SubscriptExpr>();
    Value container = eval(*s.value, scope);
    Value index = eval(*s.index, scope);
    return guarded(s.bracketLoc, [&] { deleteItem(container, index); });
  }
  case ExprKind::Tuple:
  case ExprKind::List:
    for (const ExprPtr& e : static_cast<const SequenceExpr&>(target).elts)
      execDelete(*e, scope);
    return;
  default:
    fail(target.loc, "cannot delete this expression"); // the parser admits no other target
  }
}

void Executor::execRaise(const RaiseStmt& s, Scope& scope) {
  if (!s.exc) {
    // A bare raise: the exception being handled, unchanged (its own place).
    if (!m_state.handling.empty()) std::rethrow_exception(m_state.handling.back());
    Value error =
        callValue(m_state.builtins.at("RuntimeError"), {Value("No active exception to reraise")});
    throw ProgramException(LoadError::at(m_program->source, s.loc, describeException(error)),
                           error);
  }
  Value raised = eval(*s.exc, scope);
  if (s.cause) eval(*s.cause, scope); // `from cause` chains tracebacks, which a load error has not
  Value exception = guarded(s.exc->loc, [&] { return exceptionToRaise(raised); });
  std::string message = guarded(s.loc, [&] { return describeException(exception); });
  throw ProgramException(LoadError::at(m_program->source, s.loc, std::move(message)), exception);
}

// finally runs however the try statement ends; a return, break or continue
// in it wins over the body's, and over an error on its way out (Python's rule).
Executor::Flow Executor::execTry(const TryStmt& s, Scope& scope, Value& result) {
  Flow flow = Flow::Next;
  try {
    flow = execHandlers(s, scope, result);
  } catch (const LoadError& e) {
    if (s.finalbody.empty() || !isCatchable(e)) throw;
    Value finalResult;
    Flow f = execBlock(s.finalbody, scope, finalResult);
    if (f == Flow::Next) throw;
    if (f == Flow::Return) result = finalResult;
    return f;
  }
  Value finalResult;
  Flow f = execBlock(s.finalbody, scope, finalResult);
  if (f == Flow::Next) return flow;
  if (f == Flow::Return) result = finalResult;
  return f;
}

Executor::Flow Executor::execHandlers(const TryStmt& s, Scope& scope, Value& result) {
  try {
    Flow flow = execBlock(s.body, scope, result);
    if (flow != Flow::Next) return flow; // else runs only when the body ran to its end
  } catch (const LoadError& e) {
    if (s.handlers.empty() || !isCatchable(e)) throw;
    Value exception = caughtException(e, m_state);
    for (const TryStmt::Handler& h : s.handlers) {
      if (h.type) {
        Value type = eval(*h.type, scope);
        if (!guarded(h.type->loc, [&] { return exceptionMatches(exception, type); })) continue;
      }
      if (!h.name.empty()) scope.vars.insert_or_assign(h.name, exception);
      m_state.handling.push_back(std::current_exception());
      struct Handled {
        ExecState& state;
        Scope& scope;
        const std::string& name;
        ~Handled() {
          state.handling.pop_back();
          if (!name.empty()) scope.vars.erase(name); // Python unbinds `as e` after the block
        }
      } handled{m_state, scope, h.name};
      return execBlock(h.body, scope, result);
    }
    throw;
  }
  return execBlock(s.orelse, scope, result);
}

} // namespace uops::frontend
