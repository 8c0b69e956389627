// Callables: native functions (builtins, bound methods) and user functions
// (def, lambda), and the one entry point that calls any callable value.
#pragma once

#include "core/frontend/args.h"
#include "core/frontend/value.h"

#include <functional>
#include <memory>
#include <string>

namespace uops::frontend {

struct Program;
struct Scope;
struct ExecState;
struct ClassCell;
namespace ast {
struct FunctionShape;
struct Expr;
struct Stmt;
} // namespace ast

using NativeFn = std::function<Value(Args&)>;

struct NativeFunction {
  std::string name;
  NativeFn fn;
  std::optional<Value> self; // the receiver of a bound method
  bool isType = false;       // int, float, str, ...: isinstance() accepts it
};

Value makeNative(std::string name, NativeFn fn);

// A def or lambda. It keeps its Program (and so its AST) alive, and reaches
// its interpreter through a weak pointer: calling it after the interpreter is
// gone is an error, not a crash.
struct Function {
  std::string name; // "<lambda>" for lambdas
  std::shared_ptr<const Program> program;
  const ast::FunctionShape* shape = nullptr;
  const std::vector<std::unique_ptr<ast::Stmt>>* body = nullptr; // a def's body
  const ast::Expr* lambdaBody = nullptr;                         // or a lambda's expression
  std::vector<Value> defaults; // per parameter (None where it has none)
  Scope* closure = nullptr;    // where it was defined; kept alive by the interpreter
  std::weak_ptr<ExecState> state;
  std::shared_ptr<ClassCell> classCell; // the class whose body defined it, or null

  // "f", or "Model.f" for a method: how argument errors name it.
  std::string qualifiedName() const;

  std::vector<std::string> paramNames() const;
  ~Function();
};

// Calls a function, native function, bound method or callable host object.
// Throws ScriptError ("'int' object is not callable", argument errors) or
// LoadError (an error inside a user function, with its location).
Value callValue(const Value& callee, Args& args);
Value callValue(const Value& callee, std::vector<Value> positional,
                std::vector<std::pair<std::string, Value>> keywords = {});

// The user function behind a Value, or null.
const Function* asFunction(const Value& value);

} // namespace uops::frontend
