#include "backends/llvm/ir_parse.h"

#include "backends/llvm/jit_error.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <sstream>
#include <vector>

namespace uops {

static std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\r") - first + 1);
}

static std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

// The verifier names what it rejects by printing the instruction, not a
// line; a renderer's IR is printed the same way, so the first printed
// instruction found verbatim in the source gives the line (0: none found).
static int locateInSource(const std::string& verifierMessage, const std::string& ir) {
  const auto source = splitLines(ir);
  for (const auto& printed : splitLines(verifierMessage)) {
    const std::string wanted = trim(printed);
    if (wanted.empty()) continue;
    for (size_t i = 0; i < source.size(); ++i)
      if (trim(source[i]) == wanted) return static_cast<int>(i) + 1;
  }
  return 0;
}

std::unique_ptr<llvm::Module> parseVerifiedIr(const std::string& ir, llvm::LLVMContext& context) {
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(ir, diagnostic, context);
  if (!module) {
    // SMDiagnostic lines are 1-based, columns 0-based.
    const int line = diagnostic.getLineNo();
    const int column = diagnostic.getColumnNo() + 1;
    std::string message = "invalid LLVM IR at line " + std::to_string(line) + ":" +
                          std::to_string(column) + ": " + diagnostic.getMessage().str();
    const std::string text = diagnostic.getLineContents().str();
    if (!text.empty())
      message += "\n  " + text + "\n  " + std::string(std::max(column - 1, 0), ' ') + "^";
    throw JitError(JitError::Kind::Parse, message, line, column);
  }
  std::string problems;
  llvm::raw_string_ostream out(problems);
  if (llvm::verifyModule(*module, &out)) {
    out.flush();
    const int line = locateInSource(problems, ir);
    std::string where = line > 0 ? " at line " + std::to_string(line) : "";
    throw JitError(JitError::Kind::Verify, "invalid LLVM IR" + where + ": " + trim(problems), line);
  }
  return module;
}

void requireEntry(const llvm::Module& module, const std::string& entry) {
  const llvm::Function* function = module.getFunction(entry);
  if (!function || function->isDeclaration())
    throw JitError(JitError::Kind::Entry,
                   "entry function '" + entry + "' is not defined in the module");
  if (!function->hasExternalLinkage())
    throw JitError(JitError::Kind::Entry,
                   "entry function '" + entry +
                       "' must have external linkage, or the optimizer may remove it");
}

} // namespace uops
