#include "backends/llvm/ir_lines.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DIBuilder.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>

#include <map>
#include <sstream>

namespace uops {
namespace {

struct IrFunctionLines {
  int defineLine = 0;
  std::vector<int> instructions; // 1-based text lines, in order
};

// The function name a `define` line defines ("" if it is not one).
std::string definedName(const std::string& line) {
  if (line.rfind("define ", 0) != 0) return {};
  size_t at = line.find('@');
  if (at == std::string::npos) return {};
  size_t end = line.find('(', at);
  std::string name = line.substr(at + 1, end == std::string::npos ? std::string::npos : end - at - 1);
  if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
  return name;
}

// Each defined function's instruction lines: inside its braces, indented and
// not a comment (labels start at column 0).
std::map<std::string, IrFunctionLines> instructionLines(const std::string& ir) {
  std::map<std::string, IrFunctionLines> out;
  std::istringstream in(ir);
  std::string line, current;
  for (int number = 1; std::getline(in, line); ++number) {
    if (current.empty()) {
      current = definedName(line);
      if (!current.empty()) out[current].defineLine = number;
      continue;
    }
    if (line == "}") {
      current.clear();
      continue;
    }
    size_t text = line.find_first_not_of(" \t");
    if (text == 0 || text == std::string::npos || line[text] == ';') continue;
    out[current].instructions.push_back(number);
  }
  return out;
}

size_t instructionCount(const llvm::Function& f) {
  size_t n = 0;
  for (const llvm::BasicBlock& block : f) n += block.size();
  return n;
}

} // namespace

void attachIrLines(llvm::Module& module, const std::string& ir) {
  const std::map<std::string, IrFunctionLines> lines = instructionLines(ir);
  llvm::DIBuilder builder(module);
  llvm::DIFile* file = builder.createFile("kernel.ll", ".");
  builder.createCompileUnit(llvm::dwarf::DW_LANG_C, file, "uopscope", true, "", 0, "",
                            llvm::DICompileUnit::LineTablesOnly);
  llvm::DISubroutineType* type = builder.createSubroutineType(builder.getOrCreateTypeArray({}));
  for (llvm::Function& f : module) {
    if (f.isDeclaration()) continue;
    auto it = lines.find(f.getName().str());
    if (it == lines.end() || it->second.instructions.size() != instructionCount(f)) continue;
    const int at = it->second.defineLine;
    llvm::DISubprogram* sp =
        builder.createFunction(file, f.getName(), f.getName(), file, static_cast<unsigned>(at), type,
                               static_cast<unsigned>(at), llvm::DINode::FlagZero,
                               llvm::DISubprogram::SPFlagDefinition | llvm::DISubprogram::SPFlagOptimized);
    f.setSubprogram(sp);
    size_t i = 0;
    for (llvm::BasicBlock& block : f)
      for (llvm::Instruction& inst : block)
        inst.setDebugLoc(llvm::DILocation::get(module.getContext(),
                                               static_cast<unsigned>(it->second.instructions[i++]), 0, sp));
  }
  builder.finalize();
  module.addModuleFlag(llvm::Module::Warning, "Debug Info Version", llvm::DEBUG_METADATA_VERSION);
}

} // namespace uops
