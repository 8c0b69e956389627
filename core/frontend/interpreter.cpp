#include "core/frontend/interpreter.h"

#include "core/frontend/local_modules.h"

#include "core/frontend/exceptions.h"
#include "core/frontend/exec_state.h"
#include "core/frontend/executor.h"

#include <algorithm>
#include <functional>

namespace uops::frontend {

Interpreter::Interpreter() : m_state(std::make_shared<ExecState>()) {
  m_state->self = m_state;
  m_state->budget = std::make_unique<Budget>(m_state->limits.maxSteps);
  m_state->globals = std::make_shared<Scope>();
  m_state->globals->pinned = true; // owned by the state
  installBuiltins(*m_state);
  installExceptions(*m_state);
  installMathModule(*m_state);
  installFunctoolsModule(*m_state);
  installItertoolsModule(*m_state);
  installTypingModule(*m_state);
  installDataclassesModule(*m_state);
  installCollectionsModule(*m_state);
  installScriptModules(*m_state);
  installReModule(*m_state);
  installUnicodedataModule(*m_state);
}

// Pinned scopes hold functions whose defaults may be deep: release the
// scopes' values iteratively before the maps that hold them die.
Interpreter::~Interpreter() {
  // Cycles among the program's objects (self.parent = parent) are broken first.
  m_state->objects.clearAll();
  for (const std::shared_ptr<Scope>& scope : m_state->pinned) {
    std::vector<Value> values;
    for (auto& [name, value] : scope->vars)
      values.push_back(std::move(value));
    releaseValues(values);
  }
}

void Interpreter::registerGlobal(std::string name, Value value) {
  m_state->builtins.insert_or_assign(std::move(name), std::move(value));
}

void Interpreter::registerModule(const std::string& dottedName,
                                 std::vector<std::pair<std::string, Value>> members) {
  registerModuleIn(*m_state, dottedName, std::move(members));
}

void Interpreter::setModulePath(std::vector<std::filesystem::path> folders) {
  m_state->modulePath = std::move(folders);
}

void Interpreter::registerSourceModule(const std::string& dottedName,
                                       std::shared_ptr<const Program> program) {
  registerModule(dottedName, {});
  m_state->sourceModules.emplace_back(dottedName, std::move(program));
}

void Interpreter::setLimits(const Limits& limits) {
  m_state->limits = limits;
}

const Limits& Interpreter::limits() const {
  return m_state->limits;
}

void Interpreter::setPrintSink(std::function<void(std::string_view)> sink) {
  m_state->printSink = std::move(sink);
}

const RunResult& Interpreter::run(std::shared_ptr<const Program> program) {
  ExecState& s = *m_state;
  // Functions of an earlier run keep working: their module scope stays pinned.
  s.pinned.push_back(s.globals);
  s.globals = std::make_shared<Scope>();
  s.globals->pinned = true;
  s.result = RunResult();
  s.budget = std::make_unique<Budget>(s.limits.maxSteps);
  s.callDepth = 0;
  s.handling.clear();
  EntryGuard entry(s);
  for (const auto& [name, library] : s.sourceModules) runModuleAs(s, library, name);
  s.globals->vars.insert_or_assign("__file__", Value(program->source.name()));
  s.mainProgram = program;
  s.programCall.reset();
  Executor(s, std::move(program)).runModule();
  return s.result;
}

const RunResult& Interpreter::load(std::string fileName, std::string text) {
  return run(parseProgram(std::move(fileName), std::move(text)));
}

const RunResult& Interpreter::result() const {
  return m_state->result;
}

std::optional<Value> Interpreter::global(std::string_view name) const {
  auto it = m_state->globals->vars.find(std::string(name));
  if (it == m_state->globals->vars.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> Interpreter::globalNames() const {
  std::vector<std::string> names;
  for (const auto& [name, value] : m_state->globals->vars)
    // the program's own names: not __file__, nor a match statement's subject ($match)
    if (name != "__file__" && !name.starts_with('$')) names.push_back(name);
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<Value> selectOutputs(const RunResult& result,
                                 const std::function<bool(const Value&)>& isTensor) {
  std::vector<Value> out;
  for (const PrintRecord& p : result.prints)
    for (const Value& v : p.args)
      if (isTensor(v)) out.push_back(v);
  if (!out.empty() || !result.lastAssignment) return out;
  const Value& last = *result.lastAssignment;
  if (isTensor(last)) return {last};
  // a list or tuple of tensors, nested ones flattened in order
  // (`out = [x.cummax(0), y]`: cummax's values and indices, then y)
  std::function<bool(const Value&)> flatten = [&](const Value& v) {
    if (isTensor(v)) {
      out.push_back(v);
      return true;
    }
    const std::vector<Value>* items = v.items();
    return items && std::all_of(items->begin(), items->end(), flatten);
  };
  if (!last.items() || !flatten(last)) return {};
  return out;
}

} // namespace uops::frontend
