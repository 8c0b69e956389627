#include "core/autobatch/liveness.h"
#include "core/autobatch/passes.h"
#include "core/autobatch/prim.h"

#include <algorithm>

#include <fmt/format.h>

namespace uops::autobatch {
namespace {

struct Definedness {
  VarSet into;
  std::vector<VarSet> outOfEach;
};

// The variables defined (pushed and not yet popped) at each point; every
// live variable must be one of them.
std::map<int, Definedness> definedness(const Program& p, const std::vector<int>& blocks, const VarSet& definedIn,
                                       const std::map<int, BlockLiveness>& live, const VarSet& liveAtExit) {
  std::map<int, Definedness> out;
  auto record = [&](int block, const VarSet& defined, const Block& from) {
    auto [it, fresh] = out.try_emplace(block, Definedness{defined, {}});
    if (!fresh && it->second.into != defined)
      throw AutobatchError(fmt::format("paths into {} define different variables", p.pool.at(block).label), from.loc);
  };
  auto check = [&](const VarSet& defined, const VarSet& needed, frontend::Location loc) {
    for (const std::string& v : needed)
      if (!defined.contains(v))
        throw AutobatchError(fmt::format("variable {} may be read before it is assigned (not every path here assigns "
                                         "it)",
                                         v),
                             loc);
  };
  record(blocks.front(), definedIn, p.pool.at(static_cast<size_t>(blocks.front())));
  for (int b : blocks) {
    const Block& block = p.pool.at(static_cast<size_t>(b));
    auto found = out.find(b);
    if (found == out.end()) continue; // never entered
    Definedness& d = found->second;
    const BlockLiveness& l = live.at(b);
    check(d.into, l.liveIn, block.loc);
    VarSet defined;
    std::set_intersection(d.into.begin(), d.into.end(), l.liveIn.begin(), l.liveIn.end(),
                          std::inserter(defined, defined.end()));
    for (size_t i = 0; i < block.instructions.size(); ++i) {
      const Instruction& ins = block.instructions[i];
      if (const PopOp* pop = std::get_if<PopOp>(&ins)) {
        for (const std::string& v : pop->vars) defined.erase(v);
      } else {
        for (const std::string& w : writesOf(ins)) defined.insert(w);
      }
      d.outOfEach.push_back(defined);
      frontend::Location loc = std::visit(
          [](const auto& op) {
            if constexpr (requires { op.loc; }) return op.loc;
            else return frontend::Location{};
          },
          ins);
      check(defined, l.liveOutOfEach[i], loc);
      VarSet kept;
      std::set_intersection(defined.begin(), defined.end(), l.liveOutOfEach[i].begin(), l.liveOutOfEach[i].end(),
                            std::inserter(kept, kept.end()));
      defined = std::move(kept);
    }
    if (const BranchOp* br = std::get_if<BranchOp>(&block.terminator)) {
      record(br->ifTrue, defined, block);
      record(br->ifFalse, defined, block);
    } else if (const GotoOp* g = std::get_if<GotoOp>(&block.terminator)) {
      if (g->target == kExit) check(defined, liveAtExit, block.loc);
      else record(g->target, defined, block);
    }
  }
  return out;
}

bool isReturn(const Terminator& t) {
  if (std::holds_alternative<IndirectGotoOp>(t)) return true;
  const GotoOp* g = std::get_if<GotoOp>(&t);
  return g && g->target == kExit;
}

class Lowering {
public:
  explicit Lowering(const Program& p) : m_in(p), m_out(p) {
    m_out.functions.clear();
    m_out.graph.clear();
  }

  Program run() {
    lowerGraph(m_in.graph, m_in.varsIn, m_in.varsOut, false);
    for (const Function& f : m_in.functions) lowerGraph(f.blocks, f.varsIn, f.varsOut, true);
    threadReturns();
    dropUnreachable();
    return std::move(m_out);
  }

private:
  Block& block(int i) { return m_out.pool.at(static_cast<size_t>(i)); }
  Block& current() { return block(m_out.graph.back()); }
  template <class T> void append(T op) {
    current().instructions.emplace_back(std::in_place_type<T>, std::move(op));
  }
  void appendCopy(const Instruction& ins) { current().instructions.push_back(ins); }

  void maybePop(const VarSet& defined, const VarSet& live) {
    PopOp pop;
    for (const std::string& v : defined)
      if (!live.contains(v)) pop.vars.push_back(v);
    if (!pop.vars.empty()) append(std::move(pop));
  }

  bool returnBlock(int i) {
    return i != kExit && block(i).instructions.empty() && isReturn(block(i).terminator);
  }
  bool indirectReturn(const Terminator& t) {
    if (isReturn(t)) return true;
    const GotoOp* g = std::get_if<GotoOp>(&t);
    return g && returnBlock(g->target);
  }

  static std::shared_ptr<PrimFn> copyFn() {
    auto fn = std::make_shared<PrimFn>();
    fn->kind = PrimFn::Kind::Copy;
    return fn;
  }

  // Arguments to formals, then the pops of arguments no longer live.
  void entryOps(const FunctionCallOp& op, const Function& callee, VarSet toPop) {
    PrimOp push{{}, {}, copyFn(), {}, op.loc};
    for (size_t i = 0; i < op.in.size(); ++i) {
      const std::string& caller = op.in[i];
      const std::string& formal = callee.varsIn[i];
      if (caller == formal) {
        if (toPop.contains(caller)) toPop.erase(caller); // the argument becomes the formal in place
        else {
          push.in.push_back(caller);
          push.out.push_back(formal);
        }
      } else {
        if (std::find(op.in.begin(), op.in.end(), formal) != op.in.end())
          throw AutobatchError(fmt::format("call of {}: argument {} is also one of its formals", op.function, formal),
                               op.loc);
        push.in.push_back(caller);
        push.out.push_back(formal);
      }
    }
    if (!push.in.empty()) append(std::move(push));
    if (!toPop.empty()) append(PopOp{std::vector<std::string>(toPop.begin(), toPop.end())});
  }

  void lowerGraph(const std::vector<int>& blocks, const std::vector<std::string>& varsIn,
                  const std::vector<std::string>& varsOut, bool function) {
    VarSet liveAtExit(varsOut.begin(), varsOut.end());
    std::map<int, BlockLiveness> live = liveness(m_in, blocks, liveAtExit);
    std::map<int, Definedness> defined =
        definedness(m_in, blocks, VarSet(varsIn.begin(), varsIn.end()), live, liveAtExit);
    for (int b : blocks) {
      const Block& original = m_in.pool.at(static_cast<size_t>(b));
      block(b).instructions.clear();
      m_out.graph.push_back(b);
      if (!defined.contains(b)) continue;
      const Definedness& d = defined.at(b);
      const BlockLiveness& l = live.at(b);
      maybePop(d.into, l.liveIn);
      for (size_t i = 0; i < original.instructions.size(); ++i) {
        const Instruction& ins = original.instructions[i];
        const VarSet& definedOut = d.outOfEach[i];
        const VarSet& liveOut = l.liveOutOfEach[i];
        if (const PrimOp* op = std::get_if<PrimOp>(&ins)) {
          for (const std::string& v : op->in)
            if (std::find(op->out.begin(), op->out.end(), v) != op->out.end())
              throw AutobatchError(fmt::format("a prim writes its own input {}", v), op->loc);
          append(*op);
          maybePop(definedOut, liveOut);
        } else if (const FunctionCallOp* call = std::get_if<FunctionCallOp>(&ins)) {
          lowerCall(*call, definedOut, liveOut, i + 1 == original.instructions.size());
        } else {
          appendCopy(ins);
        }
      }
      if (function) adjustTerminator();
    }
  }

  void lowerCall(const FunctionCallOp& op, const VarSet& definedOut, const VarSet& liveOut, bool last) {
    const Function& callee = *m_in.function(op.function);
    for (const std::string& v : op.in)
      if (std::find(op.out.begin(), op.out.end(), v) != op.out.end())
        throw AutobatchError(fmt::format("a call writes its own input {}", v), op.loc);
    VarSet toPop;
    for (const std::string& v : definedOut)
      if (std::find(op.out.begin(), op.out.end(), v) == op.out.end() && !liveOut.contains(v)) toPop.insert(v);
    entryOps(op, callee, toPop);
    int entry = callee.blocks.front();
    if (last && op.out == callee.varsOut && indirectReturn(current().terminator)) {
      current().terminator = GotoOp{entry};
      return;
    }
    Block after{fmt::format("{}.r{}", current().label, m_splits[current().label]++), current().function, {},
                current().terminator, op.loc};
    m_out.pool.push_back(std::move(after));
    int index = static_cast<int>(m_out.pool.size() - 1);
    current().terminator = PushGotoOp{index, entry};
    m_out.graph.push_back(index);
    if (!op.out.empty()) append(PrimOp{callee.varsOut, op.out, copyFn(), {}, op.loc});
    append(PopOp{sortedCopy(callee.varsOut)});
    maybePop(VarSet(op.out.begin(), op.out.end()), liveOut);
  }

  static std::vector<std::string> sortedCopy(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
  }

  void adjustTerminator() {
    Terminator& t = current().terminator;
    if (isReturn(t)) t = IndirectGotoOp{};
    if (const BranchOp* br = std::get_if<BranchOp>(&t); br && (br->ifTrue == kExit || br->ifFalse == kExit))
      throw AutobatchError(fmt::format("block {} branches out of its function", current().label), current().loc);
  }

  // A jump to an empty block that only returns is that return.
  void threadReturns() {
    for (int b : m_out.graph) {
      Terminator& t = block(b).terminator;
      const GotoOp* g = std::get_if<GotoOp>(&t);
      if (g && g->target != kExit && block(g->target).instructions.empty() &&
          std::holds_alternative<IndirectGotoOp>(block(g->target).terminator))
        t = IndirectGotoOp{};
    }
  }

  // Blocks nothing jumps to or returns to (a return block every jump was threaded past).
  void dropUnreachable() {
    std::set<int> reached;
    std::vector<int> todo{m_out.graph.front()};
    while (!todo.empty()) {
      int b = todo.back();
      todo.pop_back();
      if (b == kExit || !reached.insert(b).second) continue;
      const Terminator& t = block(b).terminator;
      if (const BranchOp* br = std::get_if<BranchOp>(&t)) {
        todo.push_back(br->ifTrue);
        todo.push_back(br->ifFalse);
      } else if (const GotoOp* g = std::get_if<GotoOp>(&t)) {
        todo.push_back(g->target);
      } else if (const PushGotoOp* pg = std::get_if<PushGotoOp>(&t)) {
        todo.push_back(pg->push);
        todo.push_back(pg->target);
      }
    }
    std::erase_if(m_out.graph, [&](int b) { return !reached.contains(b); });
  }

  const Program& m_in;
  Program m_out;
  std::map<std::string, int> m_splits;
};

} // namespace

Program lowerFunctionCalls(const Program& program) {
  return Lowering(program).run();
}

Program fusePopPush(const Program& program) {
  Program out = program;
  for (int b : out.graph) {
    Block& block = out.pool.at(static_cast<size_t>(b));
    std::vector<Instruction> fused;
    std::vector<std::string> waiting; // popped, not yet flushed, in order
    auto flush = [&](const std::string& v) {
      fused.emplace_back(std::in_place_type<PopOp>, PopOp{{v}});
      std::erase(waiting, v);
    };
    for (const Instruction& ins : block.instructions) {
      if (const PopOp* pop = std::get_if<PopOp>(&ins)) {
        for (const std::string& v : pop->vars) {
          if (std::find(waiting.begin(), waiting.end(), v) != waiting.end()) fused.emplace_back(std::in_place_type<PopOp>, PopOp{{v}});
          else waiting.push_back(v);
        }
        continue;
      }
      PrimOp op = std::get<PrimOp>(ins);
      for (const std::string& v : op.in)
        if (std::find(waiting.begin(), waiting.end(), v) != waiting.end()) flush(v);
      for (const std::string& v : op.out)
        if (std::find(waiting.begin(), waiting.end(), v) != waiting.end()) {
          op.skipPush.insert(v);
          std::erase(waiting, v);
        }
      fused.emplace_back(std::in_place_type<PrimOp>, std::move(op));
    }
    if (!waiting.empty()) {
      std::vector<std::string> rest = waiting;
      std::sort(rest.begin(), rest.end());
      fused.emplace_back(std::in_place_type<PopOp>, PopOp{rest});
    }
    block.instructions = std::move(fused);
  }
  return out;
}

} // namespace uops::autobatch
