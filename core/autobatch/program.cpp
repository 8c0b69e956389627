#include "core/autobatch/program.h"

#include "core/autobatch/prim.h"

#include <fmt/format.h>

namespace uops::autobatch {

const char* allocationName(Allocation a) {
  switch (a) {
  case Allocation::Null: return "null";
  case Allocation::Temporary: return "temporary";
  case Allocation::Register: return "register";
  case Allocation::Full: return "full";
  }
  return "?";
}

std::string typeText(const TensorType& t) {
  return fmt::format("{}[{}]", scalarNumpyName(t.dtype.scalar), fmt::join(t.shape, ", "));
}

const Function* Program::function(const std::string& name) const {
  for (const Function& f : functions)
    if (f.name == name) return &f;
  return nullptr;
}

Function Program::mainFunction() const {
  return Function{"main", graph, varsIn, varsOut, {}};
}

Program Program::replace(std::optional<std::map<std::string, TensorType>> defs,
                         std::optional<std::map<std::string, Allocation>> alloc) const {
  Program out = *this;
  if (defs) out.varDefs = std::move(*defs);
  if (alloc) out.varAlloc = std::move(*alloc);
  return out;
}

std::set<std::string> Program::variables() const {
  std::set<std::string> out(varsIn.begin(), varsIn.end());
  out.insert(varsOut.begin(), varsOut.end());
  for (const Function& f : functions) {
    out.insert(f.varsIn.begin(), f.varsIn.end());
    out.insert(f.varsOut.begin(), f.varsOut.end());
  }
  for (const Block& b : pool) {
    for (const Instruction& ins : b.instructions) {
      std::visit(
          [&](const auto& op) {
            using T = std::decay_t<decltype(op)>;
            if constexpr (std::is_same_v<T, PopOp>) {
              out.insert(op.vars.begin(), op.vars.end());
            } else {
              out.insert(op.in.begin(), op.in.end());
              out.insert(op.out.begin(), op.out.end());
            }
          },
          ins);
    }
    if (const BranchOp* br = std::get_if<BranchOp>(&b.terminator)) out.insert(br->cond);
  }
  return out;
}

namespace {

std::string label(const Program& p, int block) {
  return block == kExit ? "exit" : p.pool.at(static_cast<size_t>(block)).label;
}

std::string lineNote(frontend::Location loc) {
  return loc.line > 0 ? fmt::format("  # line {}", loc.line) : "";
}

} // namespace

std::string instructionText(const Instruction& ins) {
  return std::visit(
      [](const auto& op) -> std::string {
        using T = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<T, PopOp>) {
          return fmt::format("pop {}", fmt::join(op.vars, ", "));
        } else if constexpr (std::is_same_v<T, FunctionCallOp>) {
          return fmt::format("{} = call {}({}){}", fmt::join(op.out, ", "), op.function, fmt::join(op.in, ", "),
                             lineNote(op.loc));
        } else {
          std::string text = fmt::format("{} = {}", fmt::join(op.out, ", "), primText(*op.fn, op.in));
          if (!op.skipPush.empty()) text += fmt::format("  [update {}]", fmt::join(op.skipPush, ", "));
          return text + lineNote(op.loc);
        }
      },
      ins);
}

std::string terminatorText(const Program& p, const Terminator& t) {
  return std::visit(
      [&](const auto& op) -> std::string {
        using T = std::decay_t<decltype(op)>;
        if constexpr (std::is_same_v<T, BranchOp>)
          return fmt::format("branch {} ? {} : {}", op.cond, label(p, op.ifTrue), label(p, op.ifFalse));
        else if constexpr (std::is_same_v<T, GotoOp>)
          return op.target == kExit ? "exit" : fmt::format("goto {}", label(p, op.target));
        else if constexpr (std::is_same_v<T, PushGotoOp>)
          return fmt::format("push_goto {}, {}", label(p, op.push), label(p, op.target));
        else
          return "indirect_goto";
      },
      t);
}

namespace {

void appendGraph(std::string& out, const Program& p, const std::vector<int>& blocks) {
  for (int i : blocks) {
    const Block& b = p.pool.at(static_cast<size_t>(i));
    out += fmt::format("  {}:\n", b.label);
    for (const Instruction& ins : b.instructions) out += fmt::format("    {}\n", instructionText(ins));
    out += fmt::format("    {}\n", terminatorText(p, b.terminator));
  }
}

} // namespace

std::string toText(const Program& p) {
  std::string out = fmt::format("main({}) -> ({})\n", fmt::join(p.varsIn, ", "), fmt::join(p.varsOut, ", "));
  appendGraph(out, p, p.graph);
  for (const Function& f : p.functions) {
    out += fmt::format("function {}({}) -> ({})\n", f.name, fmt::join(f.varsIn, ", "), fmt::join(f.varsOut, ", "));
    appendGraph(out, p, f.blocks);
  }
  if (!p.varDefs.empty() || !p.varAlloc.empty()) {
    out += "variables\n";
    std::set<std::string> names = p.variables();
    if (p.varAlloc.contains(kProgramCounter)) names.insert(kProgramCounter);
    for (const std::string& v : names) {
      auto def = p.varDefs.find(v);
      auto alloc = p.varAlloc.find(v);
      out += fmt::format("  {}: {}{}\n", v, def == p.varDefs.end() ? "?" : typeText(def->second),
                         alloc == p.varAlloc.end() ? "" : fmt::format(" {}", allocationName(alloc->second)));
    }
  }
  return out;
}

} // namespace uops::autobatch
