// Modules of the program's own: `import model` or `from layers import Block`
// finds model.py (a.b: a/b.py, or the package a/b/ with its __init__.py or
// without one) in the program's folder, then in the folders
// of the module path (uopc --path), runs it once in a module scope of its
// own (`__name__` its dotted name) and registers its top-level names. Its
// errors name its own file; a module importing itself back is a load error.
#pragma once

#include "core/frontend/source.h"
#include "core/frontend/value.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace uops::frontend {

struct ExecState;
struct Namespace;
struct Program;

// Adds members to a module, creating it and its parent packages.
void registerModuleIn(ExecState& state, const std::string& dottedName, std::vector<std::pair<std::string, Value>> members);

// Runs `program` in a module scope of its own (`__name__` is `dottedName`)
// and registers its top-level names as the module's members.
void runModuleAs(ExecState& state, const std::shared_ptr<const Program>& program, const std::string& dottedName);

// The module `dottedName` from a file of the program's own, run now; null
// when no such file exists. `loc`: the import, for the circular-import error.
std::shared_ptr<Namespace> importLocalModule(ExecState& state, const std::string& dottedName, Location loc);

} // namespace uops::frontend
