#include "core/autobatch/liveness.h"
#include "core/autobatch/passes.h"

#include <algorithm>

namespace uops::autobatch {
namespace {

class Allocator {
public:
  explicit Allocator(const Program& p) : m_p(p) {
    for (const std::string& v : p.variables()) m_alloc[v] = Allocation::Null;
    m_alloc[kProgramCounter] = Allocation::Null;
  }

  std::map<std::string, Allocation> run() {
    read(kProgramCounter);
    graph(m_p.graph, m_p.varsOut, m_p.varsIn);
    for (const Function& f : m_p.functions) graph(f.blocks, f.varsOut, f.varsIn);
    return m_alloc;
  }

private:
  void read(const std::string& v) {
    if (m_alloc[v] == Allocation::Null) m_alloc[v] = Allocation::Temporary;
  }
  void crossesBlock(const std::string& v) {
    if (m_alloc[v] == Allocation::Null || m_alloc[v] == Allocation::Temporary) m_alloc[v] = Allocation::Register;
  }
  void crossesCall(const std::string& v) { m_alloc[v] = Allocation::Full; }

  // Everything a call of `name` may write: its and its callees' outputs and formals.
  const VarSet& writes(const std::string& name) {
    auto it = m_writes.find(name);
    if (it != m_writes.end()) return it->second;
    VarSet out;
    std::set<std::string> seen;
    std::vector<std::string> todo{name};
    while (!todo.empty()) {
      std::string f = todo.back();
      todo.pop_back();
      if (!seen.insert(f).second) continue;
      for (int b : m_p.function(f)->blocks)
        for (const Instruction& ins : m_p.pool[static_cast<size_t>(b)].instructions) {
          for (const std::string& w : writesOf(ins)) out.insert(w);
          if (const FunctionCallOp* call = std::get_if<FunctionCallOp>(&ins)) {
            const Function* callee = m_p.function(call->function);
            out.insert(callee->varsIn.begin(), callee->varsIn.end());
            todo.push_back(call->function);
          }
        }
    }
    return m_writes[name] = std::move(out);
  }

  void graph(const std::vector<int>& blocks, const std::vector<std::string>& varsOut,
             const std::vector<std::string>& varsIn) {
    std::map<int, BlockLiveness> live = liveness(m_p, blocks, VarSet(varsOut.begin(), varsOut.end()));
    if (!blocks.empty()) crossesBlock(kProgramCounter);
    for (int b : blocks) {
      const Block& block = m_p.pool[static_cast<size_t>(b)];
      const BlockLiveness& info = live.at(b);
      for (size_t i = 0; i < block.instructions.size(); ++i) {
        const Instruction& ins = block.instructions[i];
        for (const std::string& r : readsOf(ins)) read(r);
        const FunctionCallOp* call = std::get_if<FunctionCallOp>(&ins);
        if (!call) continue;
        const VarSet& calleeWrites = writes(call->function);
        for (const std::string& v : info.liveOutOfEach[i]) {
          if (std::find(call->out.begin(), call->out.end(), v) != call->out.end()) continue;
          if (calleeWrites.contains(v)) crossesCall(v);
          else crossesBlock(v);
        }
        crossesCall(kProgramCounter);
      }
      if (const BranchOp* br = std::get_if<BranchOp>(&block.terminator)) crossesBlock(br->cond);
      for (const std::string& v : info.liveOut) crossesBlock(v);
    }
    for (const std::string& v : varsIn) crossesBlock(v);
  }

  const Program& m_p;
  std::map<std::string, Allocation> m_alloc;
  std::map<std::string, VarSet> m_writes;
};

} // namespace

Program allocate(const Program& program) {
  return program.replace(std::nullopt, Allocator(program).run());
}

} // namespace uops::autobatch
