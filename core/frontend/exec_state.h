// Interpreter internals: scopes and the state shared by every call of one
// interpreter's functions.
#pragma once

#include "core/frontend/args.h"
#include "core/frontend/budget.h"
#include "core/frontend/interpreter.h"
#include "core/frontend/object_registry.h"
#include "core/frontend/value.h"

#include <exception>
#include <filesystem>
#include <map>
#include <optional>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace uops::frontend {

struct ClassCell;

// A module's globals, a call's locals or a comprehension's variables. The
// parent chain is lexical (where the code was written), not the call stack.
struct Scope : std::enable_shared_from_this<Scope> {
  std::unordered_map<std::string, Value> vars;
  Scope* parent = nullptr;
  // The names local to a function or comprehension (all others resolve
  // outward); null for the module scope, where every name is global.
  const std::unordered_set<std::string>* locals = nullptr;
  // Kept alive by the interpreter because a function closes over it.
  bool pinned = false;
  // A class body's scope: the functions it defines close over the scope
  // around the class (Python's methods do not see class attributes as names),
  // and a name it has not bound yet is looked up outside.
  bool classBody = false;
  // A class body: the class being defined. A call's frame: the class of the
  // method it runs (for super()); `self` is its first parameter.
  std::shared_ptr<ClassCell> classCell;
  std::string firstParam;
  bool frame = false; // a call's locals: super() looks no further out
  // A comprehension's own scope: (name := value) inside binds further out.
  bool comprehension = false;
};

struct ExecState {
  std::weak_ptr<ExecState> self; // what functions made here hold
  Limits limits;
  std::unordered_map<std::string, Value> builtins;
  std::map<std::string, std::shared_ptr<Namespace>> modules;
  // The globals of each of the program's own modules: `module.name = v` sets
  // the global its functions read, as in Python.
  std::unordered_map<const Namespace*, Scope*> moduleScopes;
  // Modules written in the program language, run (in this order) at the
  // start of each run: their dotted names and parsed text.
  std::vector<std::pair<std::string, std::shared_ptr<const Program>>> sourceModules;
  std::shared_ptr<Scope> globals;
  // Scopes that functions close over; freed with the interpreter. Raw
  // Scope* in functions stay valid this way without reference cycles.
  std::vector<std::shared_ptr<Scope>> pinned;
  std::unique_ptr<Budget> budget;
  ObjectRegistry objects; // what the program made that may form cycles
  int callDepth = 0;
  int active = 0;          // nested entries into the interpreter on this thread
  uintptr_t stackBase = 0; // frame address at the outermost entry
  Location currentCall;    // the call being made, for print()'s record
  // The program being run, and the call its own code is making now (calls in
  // library modules do not move it): where a host function was called from.
  std::shared_ptr<const Program> mainProgram;
  std::optional<Location> programCall;
  std::vector<LoopPosition> programLoops; // the program's own for loops running, outermost first
  // Where modules of the program's own are looked for after its folder
  // (local_modules.h), and those being imported now (a cycle is an error).
  std::vector<std::filesystem::path> modulePath;
  std::vector<std::string> importing;
  RunResult result;
  // The exceptions being handled by the `except` blocks running now,
  // innermost last: what a bare `raise` raises again.
  std::vector<std::exception_ptr> handling;
  // What each generator call running now has yielded, innermost last: a
  // `yield` adds to the last (ast.h's YieldExpr).
  std::vector<std::vector<Value>*> yielded;
  std::function<void(std::string_view)> printSink;
};

// Keeps `scope` and its lexical parents alive as long as the interpreter.
void pin(ExecState& state, Scope& scope);

// Runs a user function (the callValue path for Function values).
Value callUserFunction(const Function& fn, Args& args);

// Installs Python's builtins and the standard modules model code imports
// (math, functools, itertools, typing, dataclasses, collections) into a fresh state.
void installBuiltins(ExecState& state);
void installMathModule(ExecState& state);
void installFunctoolsModule(ExecState& state);
void installItertoolsModule(ExecState& state);
void installTypingModule(ExecState& state);
void installDataclassesModule(ExecState& state);
void installCollectionsModule(ExecState& state);
// os, sys, time, argparse, pathlib: what the script around a model imports.
void installScriptModules(ExecState& state);
void installReModule(ExecState& state);
void installUnicodedataModule(ExecState& state);

} // namespace uops::frontend
