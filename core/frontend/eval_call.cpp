// Calls: argument evaluation, user functions (def, lambda) and their frames.
#include "core/frontend/executor.h"

#include "core/frontend/callable.h"
#include "core/frontend/classes.h"
#include "core/frontend/dict.h"
#include "core/frontend/operators.h"
#include "core/frontend/script_error.h"
#include "core/frontend/sequence.h"

#include <fmt/format.h>

#include <unordered_set>

namespace uops::frontend {

using namespace ast;

void pin(ExecState& state, Scope& scope) {
  for (Scope* s = &scope; s && !s->pinned; s = s->parent) {
    s->pinned = true;
    state.pinned.push_back(s->shared_from_this());
  }
}

namespace {
thread_local ExecState* t_running = nullptr;
} // namespace

EntryGuard::EntryGuard(ExecState& state)
    : m_state(state), m_budget(*state.budget), m_objects(state.objects), m_outer(t_running) {
  if (m_state.active++ == 0)
    m_state.stackBase = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  t_running = &state;
}

EntryGuard::~EntryGuard() {
  --m_state.active;
  t_running = m_outer;
}

std::optional<Location> programCallLocation() {
  return t_running ? t_running->programCall : std::nullopt;
}

std::vector<LoopPosition> programLoops() { return t_running ? t_running->programLoops : std::vector<LoopPosition>{}; }

namespace {

// How messages about a call's arguments name the callee: "f", "Model".
std::string calleeName(const Value& callee) {
  if (const Function* f = asFunction(callee)) return f->qualifiedName();
  if (const NativeFunctionPtr* n = callee.get<NativeFunctionPtr>()) return (*n)->name;
  if (const Class* c = asClass(callee)) return c->name();
  return callee.typeName();
}

} // namespace

void Executor::keywordsFrom(const Keyword& k, const Value& callee, Scope& scope, Args& args) {
  Value value = eval(*k.value, scope);
  if (!k.name.empty()) {
    args.keywords().emplace_back(k.name, std::move(value));
    return;
  }
  // **mapping: its items as keywords, each name given once.
  guarded(k.value->loc, [&] {
    const Dict* dict = asDict(value);
    if (!dict)
      throw ScriptError(fmt::format("{}() argument after ** must be a mapping, not {}",
                                    calleeName(callee), value.typeName()));
    std::unordered_set<std::string> given;
    for (const auto& [existing, unused] : args.keywords())
      given.insert(existing);
    for (const auto& [key, v] : dict->items()) {
      const std::string* name = key.get<std::string>();
      if (!name)
        throw ScriptError(fmt::format("{}() keywords must be strings", calleeName(callee)));
      if (!given.insert(*name).second)
        throw ScriptError(fmt::format("{}() got multiple values for keyword argument '{}'",
                                      calleeName(callee), *name));
      args.keywords().emplace_back(*name, v);
    }
  });
}

// super() in a method: super(the method's class, its first argument).
Value Executor::zeroArgumentSuper(const CallExpr& e, Scope& scope) {
  Scope* frame = &scope;
  while (frame && !frame->frame)
    frame = frame->parent;
  std::shared_ptr<Class> cls = frame && frame->classCell ? frame->classCell->cls.lock() : nullptr;
  if (!cls) fail(e.errorLoc, "super(): no arguments outside a method of a class");
  auto self = frame->firstParam.empty() ? frame->vars.end() : frame->vars.find(frame->firstParam);
  if (self == frame->vars.end()) fail(e.errorLoc, "super(): no arguments");
  return Value(std::make_shared<Super>(cls, self->second));
}

Value Executor::evalCall(const CallExpr& e, Scope& scope) {
  Value callee = eval(*e.func, scope);
  if (e.args.empty() && e.keywords.empty() && e.func->kind == ExprKind::Name &&
      e.func->as<NameExpr>().id == "super") {
    auto builtin = m_state.builtins.find("super");
    if (builtin != m_state.builtins.end() && identical(builtin->second, callee))
      return zeroArgumentSuper(e, scope);
  }
  Args args;
  for (const ExprPtr& arg : e.args) {
    if (arg->kind != ExprKind::Starred) {
      args.positional().push_back(eval(*arg, scope));
      continue;
    }
    const Expr& inner = *arg->as<StarredExpr>().value;
    Value iterable = eval(inner, scope);
    guarded(inner.loc, [&] {
      Iterator it(iterable, "argument after * must be an iterable, not {}");
      Value v;
      while (it.next(v)) {
        m_state.budget->charge(1);
        args.positional().push_back(std::move(v));
      }
    });
  }
  for (const Keyword& k : e.keywords)
    keywordsFrom(k, callee, scope, args);
  m_state.currentCall = e.errorLoc;
  // The program's own calls mark where host code was called from; restored
  // after, so a call that returns leaves the call around it in place.
  struct ProgramCall {
    std::optional<Location>& slot;
    std::optional<Location> saved;
    ~ProgramCall() { slot = saved; }
  };
  std::optional<ProgramCall> mark;
  if (m_program == m_state.mainProgram) {
    mark.emplace(ProgramCall{m_state.programCall, m_state.programCall});
    m_state.programCall = e.errorLoc;
  }
  return guarded(e.errorLoc, [&] { return callValue(callee, args); });
}

Value Executor::makeFunction(std::string name, const FunctionShape& shape, const Block* body,
                             const Expr* lambdaBody, Scope& scope) {
  // A function made in a class body closes over the scope around the class.
  Scope* closure = &scope;
  while (closure->classBody)
    closure = closure->parent;
  auto fn = std::make_shared<Function>();
  fn->name = std::move(name);
  if (scope.classBody) fn->classCell = scope.classCell;
  fn->program = m_program;
  fn->shape = &shape;
  fn->body = body;
  fn->lambdaBody = lambdaBody;
  for (const Parameter& p : shape.params)
    fn->defaults.push_back(p.defaultValue ? eval(*p.defaultValue, scope) : Value());
  pin(m_state, *closure);
  fn->closure = closure;
  fn->state = m_state.self;
  return Value(FunctionPtr(std::move(fn)));
}

Value Executor::callFunction(const Function& fn, Args& args) {
  if (m_state.callDepth >= m_state.limits.maxCallDepth)
    throw ScriptError(fmt::format("maximum recursion depth exceeded ({} nested calls)",
                                  m_state.limits.maxCallDepth));
  struct Depth {
    int& depth;
    ~Depth() { --depth; }
  } depth{++m_state.callDepth};
  m_state.budget->charge(1);
  args.setName(fn.qualifiedName());
  const std::vector<Parameter>& params = fn.shape->params;
  std::vector<ParamSpec> specs;
  specs.reserve(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    ParamRole role = params[i].kind == ParamKind::VarArgs       ? ParamRole::VarArgs
                     : params[i].kind == ParamKind::KeywordOnly ? ParamRole::KeywordOnly
                     : params[i].kind == ParamKind::VarKeywords ? ParamRole::VarKeywords
                                                                : ParamRole::Positional;
    specs.push_back({params[i].name, role, params[i].defaultValue ? &fn.defaults[i] : nullptr});
  }
  std::vector<Value> bound(params.size());
  bindArguments(args, specs, bound);
  auto frame = std::make_shared<Scope>();
  frame->parent = fn.closure;
  frame->locals = &fn.shape->locals;
  frame->frame = true;
  frame->classCell = fn.classCell;
  if (!params.empty() && params[0].kind == ParamKind::Positional)
    frame->firstParam = params[0].name;
  for (size_t i = 0; i < params.size(); ++i)
    if (!params[i].name.empty()) frame->vars.insert_or_assign(params[i].name, std::move(bound[i]));
  return inFrame(fn.name, [&] {
    if (fn.lambdaBody) return eval(*fn.lambdaBody, *frame);
    Value result;
    if (!fn.shape->generator) {
      execBlock(*fn.body, *frame, result);
      return result;
    }
    // a generator runs to its end here and gives what it yielded, a list
    // (what its return value would end is not kept, as a for loop drops it)
    std::vector<Value> items;
    m_state.yielded.push_back(&items);
    struct Collecting {
      std::vector<std::vector<Value>*>& stack;
      ~Collecting() { stack.pop_back(); }
    } collecting{m_state.yielded};
    execBlock(*fn.body, *frame, result);
    return Value::list(std::move(items));
  });
}

Value callUserFunction(const Function& fn, Args& args) {
  std::shared_ptr<ExecState> state = fn.state.lock();
  if (!state)
    throw ScriptError(
        fmt::format("function '{}' cannot be called: its interpreter is gone", fn.name));
  EntryGuard entry(*state);
  return Executor(*state, fn.program).callFunction(fn, args);
}

} // namespace uops::frontend
