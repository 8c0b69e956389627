// Assignment targets: names, attributes, subscripts and (nested, starred)
// tuple unpacking.
#include "core/frontend/executor.h"

#include "core/frontend/attributes.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

namespace uops::frontend {

using namespace ast;

namespace {

// `module.name = v` on one of the program's own modules: the module's global,
// which its functions read (tinygrad's examples set batch_size, opt, ... in
// __main__ for their training functions). Other modules stay read-only.
bool assignModuleGlobal(ExecState& state, const Value& object, const std::string& name, const Value& value) {
  const NamespacePtr* ns = object.get<NamespacePtr>();
  if (!ns) return false;
  auto scope = state.moduleScopes.find(ns->get());
  if (scope == state.moduleScopes.end()) return false;
  scope->second->vars.insert_or_assign(name, value);
  state.modules.at((*ns)->name)->members.insert_or_assign(name, value);
  return true;
}

} // namespace

void Executor::assign(const Expr& target, const Value& value, Scope& scope) {
  switch (target.kind) {
  case ExprKind::Name:
    scope.vars.insert_or_assign(target.as<NameExpr>().id, value);
    return;
  case ExprKind::Attribute: {
    const auto& a = target.as<AttributeExpr>();
    Value object = eval(*a.value, scope);
    if (assignModuleGlobal(m_state, object, a.attr, value)) return;
    return guarded(a.attrLoc, [&] { setAttribute(object, a.attr, value); });
  }
  case ExprKind::Subscript: {
    const auto& s = target.as<SubscriptExpr>();
    Value container = eval(*s.value, scope);
    Value index = eval(*s.index, scope);
    return guarded(s.bracketLoc, [&] { setItem(container, index, value); });
  }
  case ExprKind::Tuple:
  case ExprKind::List:
    return unpack(static_cast<const SequenceExpr&>(target), value, scope);
  default:
    // The parser admits no other target; a starred one is handled by unpack.
    fail(target.loc, "cannot assign to this expression");
  }
}

void Executor::unpack(const SequenceExpr& target, const Value& value, Scope& scope) {
  size_t n = target.elts.size();
  size_t star = n;
  for (size_t i = 0; i < n; ++i)
    if (target.elts[i]->kind == ExprKind::Starred) star = i;
  // Without a starred target, read at most one element more than needed:
  // `a, b = range(10**12)` fails fast with "too many values".
  std::vector<Value> values;
  guarded(target.loc, [&] {
    Iterator it(value, "cannot unpack non-iterable {} object");
    Value v;
    while ((star < n || values.size() <= n) && it.next(v)) {
      m_state.budget->charge(1);
      values.push_back(std::move(v));
    }
  });
  if (star == n) {
    if (values.size() < n)
      fail(target.loc,
           fmt::format("not enough values to unpack (expected {}, got {})", n, values.size()));
    if (values.size() > n)
      fail(target.loc, fmt::format("too many values to unpack (expected {})", n));
    for (size_t i = 0; i < n; ++i)
      assign(*target.elts[i], values[i], scope);
    return;
  }
  if (values.size() < n - 1)
    fail(target.loc, fmt::format("not enough values to unpack (expected at least {}, got {})",
                                 n - 1, values.size()));
  size_t tail = n - 1 - star;
  for (size_t i = 0; i < star; ++i)
    assign(*target.elts[i], values[i], scope);
  std::vector<Value> middle(values.begin() + static_cast<ptrdiff_t>(star),
                            values.end() - static_cast<ptrdiff_t>(tail));
  assign(*target.elts[star]->as<StarredExpr>().value, Value::list(std::move(middle)), scope);
  for (size_t i = 0; i < tail; ++i)
    assign(*target.elts[star + 1 + i], values[values.size() - tail + i], scope);
}

} // namespace uops::frontend
