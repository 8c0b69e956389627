// Statements: blocks, control flow, assignments, imports, def.
#include "core/frontend/executor.h"
#include "core/frontend/local_modules.h"
#include "core/frontend/object.h"

#include "core/frontend/attributes.h"
#include "core/frontend/callable.h"
#include "core/frontend/operators.h"
#include "core/frontend/repr.h"
#include "core/frontend/sequence.h"
#include "core/frontend/suggest.h"
#include "core/ir/provenance.h"

#include <fmt/format.h>

namespace uops::frontend {

using namespace ast;

Executor::Executor(ExecState& state, std::shared_ptr<const Program> program)
    : m_state(state), m_program(std::move(program)) {}

void Executor::fail(Location loc, std::string message) const {
  throw LoadError::at(m_program->source, loc, std::move(message));
}

void Executor::checkStack(Location loc) const {
  auto here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  // The stack grows down; a frame above the base (host code calling in from
  // a shallower frame) counts as unused.
  if (here < m_state.stackBase && m_state.stackBase - here > m_state.limits.maxStackBytes)
    fail(loc, "maximum recursion depth exceeded");
}

void Executor::runModule() {
  runModuleIn(*m_state.globals);
}

void Executor::runModuleIn(Scope& scope) {
  Value ignored;
  inFrame("<module>", [&] { execBlock(m_program->module.body, scope, ignored); });
}

Executor::Flow Executor::execBlock(const Block& block, Scope& scope, Value& result) {
  for (const StmtPtr& s : block) {
    Flow flow = exec(*s, scope, result);
    if (flow != Flow::Next) return flow;
  }
  return Flow::Next;
}

Executor::Flow Executor::exec(const Stmt& stmt, Scope& scope, Value& result) {
  checkStack(stmt.loc);
  return guarded(stmt.loc, [&] {
    m_state.budget->charge(1);
    ProvenanceScope line(stmt.loc.line); // the nodes this statement makes come from its line
    return execStatement(stmt, scope, result);
  });
}

Executor::Flow Executor::execStatement(const Stmt& stmt, Scope& scope, Value& result) {
  switch (stmt.kind) {
  case StmtKind::Expr:
    eval(*stmt.as<ExprStmt>().value, scope);
    return Flow::Next;
  case StmtKind::Assign:
    execAssign(stmt.as<AssignStmt>(), scope);
    return Flow::Next;
  case StmtKind::AugAssign:
    execAugAssign(stmt.as<AugAssignStmt>(), scope);
    return Flow::Next;
  case StmtKind::Import:
    execImport(stmt.as<ImportStmt>(), scope);
    return Flow::Next;
  case StmtKind::ImportFrom:
    execImportFrom(stmt.as<ImportFromStmt>(), scope);
    return Flow::Next;
  case StmtKind::FunctionDef:
    execDef(stmt.as<FunctionDefStmt>(), scope);
    return Flow::Next;
  case StmtKind::Return: {
    const auto& r = stmt.as<ReturnStmt>();
    result = r.value ? eval(*r.value, scope) : Value();
    return Flow::Return;
  }
  case StmtKind::If:
    return execIf(stmt.as<IfStmt>(), scope, result);
  case StmtKind::For:
    return execFor(stmt.as<ForStmt>(), scope, result);
  case StmtKind::While:
    return execWhile(stmt.as<WhileStmt>(), scope, result);
  case StmtKind::Break:
    return Flow::Break;
  case StmtKind::Continue:
    return Flow::Continue;
  case StmtKind::Pass:
    return Flow::Next;
  case StmtKind::Assert:
    execAssert(stmt.as<AssertStmt>(), scope);
    return Flow::Next;
  case StmtKind::ClassDef:
    execClass(stmt.as<ClassDefStmt>(), scope);
    return Flow::Next;
  case StmtKind::With:
    return execWith(stmt.as<WithStmt>(), 0, scope, result);
  case StmtKind::Delete:
    for (const ExprPtr& target : stmt.as<DeleteStmt>().targets)
      execDelete(*target, scope);
    return Flow::Next;
  case StmtKind::Raise:
    execRaise(stmt.as<RaiseStmt>(), scope);
  case StmtKind::Try:
    return execTry(stmt.as<TryStmt>(), scope, result);
  }
  return Flow::Next;
}

Executor::Flow Executor::execIf(const IfStmt& s, Scope& scope, Value& result) {
  for (const IfStmt::Branch& branch : s.branches)
    if (truthyAt(eval(*branch.test, scope), branch.test->loc))
      return execBlock(branch.body, scope, result);
  return execBlock(s.orelse, scope, result);
}

Executor::Flow Executor::execFor(const ForStmt& s, Scope& scope, Value& result) {
  Value iterable = eval(*s.iter, scope);
  Iterator it = guarded(s.iter->loc, [&] { return Iterator(iterable); });
  // the program's own loops are its steps ("step 3 of 10" while loading)
  struct ProgramLoop {
    std::vector<LoopPosition>* loops;
    ~ProgramLoop() {
      if (loops) loops->pop_back();
    }
  } loop{m_program == m_state.mainProgram ? &m_state.programLoops : nullptr};
  if (loop.loops) loop.loops->push_back({.line = s.loc.line, .iteration = 0, .count = it.count()});
  Value item;
  while (it.next(item)) {
    m_state.budget->charge(1);
    if (loop.loops) ++loop.loops->back().iteration;
    assign(*s.target, item, scope);
    Flow flow = execBlock(s.body, scope, result);
    if (flow == Flow::Break) return Flow::Next;
    if (flow == Flow::Return) return flow;
  }
  return execBlock(s.orelse, scope, result);
}

Executor::Flow Executor::execWhile(const WhileStmt& s, Scope& scope, Value& result) {
  while (truthyAt(eval(*s.test, scope), s.test->loc)) {
    m_state.budget->charge(1);
    Flow flow = execBlock(s.body, scope, result);
    if (flow == Flow::Break) return Flow::Next;
    if (flow == Flow::Return) return flow;
  }
  return execBlock(s.orelse, scope, result);
}

void Executor::recordAssignment(const Value& value, Location loc, const Scope& scope) {
  if (&scope != m_state.globals.get()) return;
  m_state.result.lastAssignment = value;
  m_state.result.lastAssignmentLoc = loc;
}

void Executor::execAssign(const AssignStmt& s, Scope& scope) {
  Value value = eval(*s.value, scope);
  for (const ExprPtr& target : s.targets)
    assign(*target, value, scope);
  recordAssignment(value, s.loc, scope);
}

void Executor::execAugAssign(const AugAssignStmt& s, Scope& scope) {
  // x op= e: an object's in-place form if it has one (a class's __iadd__, a
  // Tensor assigning into itself as tinygrad's does), else x = x op e; the
  // result is bound to the target, whose parts are evaluated once.
  auto apply = [&](const Value& current) {
    Value rhs = eval(*s.value, scope);
    return guarded(s.opLoc, [&] {
      if (const ObjectPtr* object = current.get<ObjectPtr>())
        if (std::optional<Value> r = (*object)->inplaceOp(s.op, rhs)) return *r;
      return binaryOp(s.op, current, rhs);
    });
  };
  const Expr& target = *s.target;
  Value updated;
  if (target.kind == ExprKind::Name) {
    const auto& name = target.as<NameExpr>();
    updated = apply(lookup(name.id, name.loc, scope));
    scope.vars.insert_or_assign(name.id, updated);
  } else if (target.kind == ExprKind::Attribute) {
    const auto& a = target.as<AttributeExpr>();
    Value object = eval(*a.value, scope);
    updated = apply(guarded(a.attrLoc, [&] { return getAttribute(object, a.attr); }));
    guarded(a.attrLoc, [&] { setAttribute(object, a.attr, updated); });
  } else {
    const auto& sub = target.as<SubscriptExpr>();
    Value container = eval(*sub.value, scope);
    Value index = eval(*sub.index, scope);
    updated = apply(guarded(sub.bracketLoc, [&] { return getItem(container, index); }));
    guarded(sub.bracketLoc, [&] { setItem(container, index, updated); });
  }
  recordAssignment(updated, s.loc, scope);
}

void Executor::execImport(const ImportStmt& s, Scope& scope) {
  for (const Alias& alias : s.names) {
    auto it = m_state.modules.find(alias.name);
    if (it == m_state.modules.end() && importLocalModule(m_state, alias.name, alias.loc))
      it = m_state.modules.find(alias.name);
    if (it == m_state.modules.end())
      fail(alias.loc, fmt::format("no module named '{}'", alias.name));
    if (!alias.asName.empty()) {
      scope.vars.insert_or_assign(alias.asName, Value(NamespacePtr(it->second)));
      continue;
    }
    // `import a.b` binds `a`, through which a.b is reached.
    std::string top = alias.name.substr(0, alias.name.find('.'));
    scope.vars.insert_or_assign(top, Value(NamespacePtr(m_state.modules.at(top))));
  }
}

void Executor::execImportFrom(const ImportFromStmt& s, Scope& scope) {
  auto it = m_state.modules.find(s.module);
  if (it == m_state.modules.end() && importLocalModule(m_state, s.module, s.moduleLoc))
    it = m_state.modules.find(s.module);
  if (it == m_state.modules.end()) fail(s.moduleLoc, fmt::format("no module named '{}'", s.module));
  const Namespace& module = *it->second;
  if (s.star) {
    for (const auto& [name, value] : module.members)
      if (!name.starts_with('_')) scope.vars.insert_or_assign(name, value);
    return;
  }
  for (const Alias& alias : s.names) {
    auto member = module.members.find(alias.name);
    // `from package import module`: a submodule not imported yet
    if (member == module.members.end() &&
        importLocalModule(m_state, s.module + "." + alias.name, alias.loc))
      member = module.members.find(alias.name);
    if (member == module.members.end()) {
      std::vector<std::string> names;
      for (const auto& [name, value] : module.members)
        names.push_back(name);
      fail(alias.loc, fmt::format("cannot import name '{}' from '{}'{}", alias.name, s.module,
                                  didYouMean(alias.name, names)));
    }
    scope.vars.insert_or_assign(alias.asName.empty() ? alias.name : alias.asName, member->second);
  }
}

void Executor::execDef(const FunctionDefStmt& s, Scope& scope) {
  // Decorators are evaluated top to bottom before the def, applied bottom up after.
  std::vector<Value> decorators;
  for (const ExprPtr& d : s.decorators)
    decorators.push_back(eval(*d, scope));
  Value fn = makeFunction(s.name, s.shape, &s.body, nullptr, scope);
  for (size_t i = decorators.size(); i-- > 0;) {
    m_state.currentCall = s.decorators[i]->loc;
    fn = guarded(s.decorators[i]->loc, [&] { return callValue(decorators[i], {fn}); });
  }
  scope.vars.insert_or_assign(s.name, fn);
}

void Executor::execAssert(const AssertStmt& s, Scope& scope) {
  if (truthyAt(eval(*s.test, scope), s.test->loc)) return;
  std::string message = s.message ? str(eval(*s.message, scope)) : "";
  fail(s.loc, message.empty() ? "assertion failed" : "assertion failed: " + message);
}

} // namespace uops::frontend
