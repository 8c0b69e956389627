// Executor: evaluates one program's statements and expressions in a scope.
#pragma once

#include "core/frontend/ast.h"
#include "core/frontend/exec_state.h"
#include "core/frontend/load_error.h"
#include "core/frontend/parser.h"

#include <exception>
#include <new>
#include <string>

namespace uops::frontend {

class Executor {
public:
  Executor(ExecState& state, std::shared_ptr<const Program> program);

  void runModule();
  // Runs the program's module body with `scope` as its globals (a library
  // module: its assignments are not the program's).
  void runModuleIn(Scope& scope);
  Value callFunction(const Function& fn, Args& args);

private:
  enum class Flow { Next, Break, Continue, Return };

  // ---- statements (exec_stmt.cpp)
  Flow execBlock(const ast::Block& block, Scope& scope, Value& result);
  Flow exec(const ast::Stmt& stmt, Scope& scope, Value& result);
  Flow execStatement(const ast::Stmt& stmt, Scope& scope, Value& result);
  Flow execIf(const ast::IfStmt& s, Scope& scope, Value& result);
  Flow execFor(const ast::ForStmt& s, Scope& scope, Value& result);
  Flow execWhile(const ast::WhileStmt& s, Scope& scope, Value& result);
  void execAssign(const ast::AssignStmt& s, Scope& scope);
  void execAugAssign(const ast::AugAssignStmt& s, Scope& scope);
  void execImport(const ast::ImportStmt& s, Scope& scope);
  void execImportFrom(const ast::ImportFromStmt& s, Scope& scope);
  void execDef(const ast::FunctionDefStmt& s, Scope& scope);
  void execAssert(const ast::AssertStmt& s, Scope& scope);
  // del, raise and try (exec_try.cpp)
  void execDelete(const ast::Expr& target, Scope& scope);
  [[noreturn]] void execRaise(const ast::RaiseStmt& s, Scope& scope);
  Flow execTry(const ast::TryStmt& s, Scope& scope, Value& result);
  Flow execHandlers(const ast::TryStmt& s, Scope& scope, Value& result);
  // classes and with (exec_class.cpp)
  void execClass(const ast::ClassDefStmt& s, Scope& scope);
  Flow execWith(const ast::WithStmt& s, size_t item, Scope& scope, Value& result);
  void recordAssignment(const Value& value, Location loc, const Scope& scope);

  // ---- assignment targets (exec_assign.cpp)
  void assign(const ast::Expr& target, const Value& value, Scope& scope);
  void unpack(const ast::SequenceExpr& target, const Value& value, Scope& scope);

  // ---- expressions (eval_expr.cpp)
  Value eval(const ast::Expr& expr, Scope& scope);
  Value evalExpression(const ast::Expr& expr, Scope& scope);
  Value lookup(const std::string& name, Location loc, Scope& scope);
  std::vector<Value> evalElements(const std::vector<ast::ExprPtr>& elts, Scope& scope);
  Value evalCompare(const ast::CompareExpr& e, Scope& scope);
  Value evalBoolOp(const ast::BoolOpExpr& e, Scope& scope);
  Value evalSlice(const ast::SliceExpr& e, Scope& scope);
  Value evalListComp(const ast::ListCompExpr& e, Scope& scope);
  void comprehensionLevel(const std::vector<ast::Comprehension>& generators, size_t level,
                          const Value& iterable, Scope& inner,
                          const std::function<void(Scope&)>& emit);
  void runComprehension(const std::vector<ast::Comprehension>& generators,
                        const std::unordered_set<std::string>& locals, Scope& scope,
                        const std::function<void(Scope&)>& emit);
  Value evalDict(const ast::DictExpr& e, Scope& scope);
  Value evalDictComp(const ast::DictCompExpr& e, Scope& scope);
  Value evalFString(const ast::FStringExpr& e, Scope& scope);
  Value evalYield(const ast::YieldExpr& e, Scope& scope);
  bool truthyAt(const Value& v, Location loc);

  // ---- calls and functions (eval_call.cpp)
  Value evalCall(const ast::CallExpr& e, Scope& scope);
  void keywordsFrom(const ast::Keyword& k, const Value& callee, Scope& scope, Args& args);
  Value zeroArgumentSuper(const ast::CallExpr& e, Scope& scope);
  Value makeFunction(std::string name, const ast::FunctionShape& shape, const ast::Block* body,
                     const ast::Expr* lambdaBody, Scope& scope);

  [[noreturn]] void fail(Location loc, std::string message) const;
  void checkStack(Location loc) const;

  // Runs f; a ScriptError or any other exception from the value layer or a
  // native binding becomes a LoadError at `loc`. LoadErrors pass unchanged:
  // they already point at the innermost failing expression; one coming out
  // of a call (awaiting its caller's line) gets `loc` on its traceback.
  template <class F> auto guarded(Location loc, F&& f) -> decltype(f()) {
    try {
      return f();
    } catch (LoadError& e) {
      if (e.awaitsCaller()) e.addCaller(frameAt(m_program->source, loc));
      throw;
    } catch (const std::bad_alloc&) {
      fail(loc, "out of memory");
    } catch (const std::exception& e) {
      fail(loc, e.what());
    } catch (...) {
      fail(loc, "unknown error in native code");
    }
  }

  // Runs f as the frame `function` (a def, a module's top level, a class
  // body): an error leaving it names the frame on its traceback. Costs
  // nothing until something is thrown.
  template <class F> auto inFrame(const std::string& function, F&& f) -> decltype(f()) {
    try {
      return f();
    } catch (LoadError& e) {
      e.leaveFrame(function);
      throw;
    }
  }

  ExecState& m_state;
  std::shared_ptr<const Program> m_program;
};

// Enters the interpreter from outside (a run, or host code calling a user
// function): marks the stack base and installs the step budget.
class EntryGuard {
public:
  explicit EntryGuard(ExecState& state);
  ~EntryGuard();
  EntryGuard(const EntryGuard&) = delete;
  EntryGuard& operator=(const EntryGuard&) = delete;

private:
  ExecState& m_state;
  BudgetScope m_budget;
  RegistryScope m_objects;
  ExecState* m_outer; // the interpreter running on this thread before this entry
};

} // namespace uops::frontend
