#include "core/frontend/local_modules.h"

#include "core/frontend/exec_state.h"
#include "core/frontend/executor.h"
#include "core/frontend/load_error.h"
#include "core/frontend/parser.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace uops::frontend {

void registerModuleIn(ExecState& state, const std::string& dottedName, std::vector<std::pair<std::string, Value>> members) {
  // Create the parents first: "a.b.c" needs "a" and "a.b", each holding the next.
  std::shared_ptr<Namespace> parent;
  size_t end = 0;
  while (end != std::string::npos) {
    end = dottedName.find('.', end + 1);
    std::string name = dottedName.substr(0, end);
    std::shared_ptr<Namespace>& module = state.modules[name];
    if (!module) {
      module = std::make_shared<Namespace>();
      module->name = name;
    }
    if (parent) parent->members.insert_or_assign(name.substr(name.rfind('.') + 1), Value(NamespacePtr(module)));
    parent = module;
  }
  for (auto& [name, value] : members) parent->members.insert_or_assign(std::move(name), std::move(value));
}

std::shared_ptr<Namespace> importLocalModule(ExecState& state, const std::string& dottedName, Location loc) {
  std::string relative = dottedName;
  std::replace(relative.begin(), relative.end(), '.', '/');
  std::vector<std::filesystem::path> folders = state.modulePath;
  if (state.mainProgram) {
    std::filesystem::path own = std::filesystem::path(state.mainProgram->source.name()).parent_path();
    folders.insert(folders.begin(), own.empty() ? std::filesystem::path(".") : own);
  }
  // a.b is a/b.py, or the package a/b/: its __init__.py, or nothing in a
  // folder without one (a namespace package, whose modules import one by one)
  std::filesystem::path file;
  bool package = false;
  for (const std::filesystem::path& folder : folders) {
    std::error_code error;
    if (std::filesystem::is_regular_file(folder / (relative + ".py"), error)) {
      file = folder / (relative + ".py");
      break;
    }
    if (std::filesystem::is_directory(folder / relative, error)) {
      package = true;
      if (std::filesystem::is_regular_file(folder / relative / "__init__.py", error))
        file = folder / relative / "__init__.py";
      break;
    }
  }
  if (file.empty() && !package) return nullptr;
  if (file.empty()) {
    registerModuleIn(state, dottedName, {});
    return state.modules.at(dottedName);
  }
  if (std::find(state.importing.begin(), state.importing.end(), dottedName) != state.importing.end())
    throw LoadError::at(state.mainProgram->source, loc,
                        fmt::format("circular import: '{}' imports itself back", dottedName));
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::shared_ptr<const Program> program = parseProgram(file.string(), text.str());
  state.importing.push_back(dottedName);
  struct Done {
    std::vector<std::string>& importing;
    ~Done() { importing.pop_back(); }
  } done{state.importing};
  runModuleAs(state, program, dottedName);
  return state.modules.at(dottedName);
}

void runModuleAs(ExecState& state, const std::shared_ptr<const Program>& program, const std::string& dottedName) {
  auto scope = std::make_shared<Scope>();
  scope->pinned = true;
  state.pinned.push_back(scope);
  scope->vars.insert_or_assign("__name__", Value(dottedName));
  scope->vars.insert_or_assign("__file__", Value(program->source.name()));
  Executor(state, program).runModuleIn(*scope);
  std::vector<std::pair<std::string, Value>> members(scope->vars.begin(), scope->vars.end());
  registerModuleIn(state, dottedName, std::move(members));
  state.moduleScopes.insert_or_assign(state.modules.at(dottedName).get(), scope.get());
}

} // namespace uops::frontend
