#include "core/autobatch/liveness.h"

#include <algorithm>
#include <queue>

#include <fmt/format.h>

namespace uops::autobatch {

std::vector<std::string> readsOf(const Instruction& ins) {
  if (const PrimOp* op = std::get_if<PrimOp>(&ins)) return op->in;
  if (const FunctionCallOp* op = std::get_if<FunctionCallOp>(&ins)) return op->in;
  return {};
}

std::vector<std::string> writesOf(const Instruction& ins) {
  if (const PrimOp* op = std::get_if<PrimOp>(&ins)) return op->out;
  if (const FunctionCallOp* op = std::get_if<FunctionCallOp>(&ins)) return op->out;
  return {};
}

namespace {

std::vector<int> successors(const Terminator& t) {
  if (const BranchOp* b = std::get_if<BranchOp>(&t)) return {b->ifTrue, b->ifFalse};
  if (const GotoOp* g = std::get_if<GotoOp>(&t)) return {g->target};
  if (const PushGotoOp* g = std::get_if<PushGotoOp>(&t)) return {g->target};
  return {};
}

} // namespace

std::vector<int> topologicalOrder(const Program& p, const std::vector<int>& blocks) {
  std::set<int> inGraph(blocks.begin(), blocks.end());
  std::map<int, int> preds;
  for (int b : blocks) preds[b];
  for (int b : blocks)
    for (int s : successors(p.pool.at(static_cast<size_t>(b)).terminator))
      if (s != kExit && inGraph.contains(s)) ++preds[s];
  std::priority_queue<int, std::vector<int>, std::greater<>> ready;
  ready.push(blocks.front());
  std::vector<int> out;
  std::set<int> placed;
  while (!ready.empty()) {
    int b = ready.top();
    ready.pop();
    if (!placed.insert(b).second) continue;
    out.push_back(b);
    for (int s : successors(p.pool.at(static_cast<size_t>(b)).terminator))
      if (s != kExit && inGraph.contains(s) && --preds[s] == 0) ready.push(s);
  }
  for (int b : blocks)
    if (!placed.contains(b) && preds[b] > 0)
      throw AutobatchError(fmt::format("block {} is part of a cycle: loops are functions here",
                                       p.pool.at(static_cast<size_t>(b)).label));
  return out; // unreachable blocks (never entered) are left out
}

std::map<int, BlockLiveness> liveness(const Program& p, const std::vector<int>& blocks, const VarSet& liveAtExit) {
  std::map<int, BlockLiveness> out;
  auto liveInto = [&](int target) -> const VarSet& {
    if (target == kExit) return liveAtExit;
    auto it = out.find(target);
    if (it == out.end())
      throw AutobatchError(fmt::format("liveness: a jump back to {}: loops are functions here",
                                       p.pool.at(static_cast<size_t>(target)).label));
    return it->second.liveIn;
  };
  for (auto it = blocks.rbegin(); it != blocks.rend(); ++it) {
    const Block& b = p.pool.at(static_cast<size_t>(*it));
    BlockLiveness info;
    VarSet live;
    if (const BranchOp* br = std::get_if<BranchOp>(&b.terminator)) {
      info.liveOut = liveInto(br->ifTrue);
      const VarSet& other = liveInto(br->ifFalse);
      info.liveOut.insert(other.begin(), other.end());
      live = info.liveOut;
      live.insert(br->cond);
    } else if (const GotoOp* g = std::get_if<GotoOp>(&b.terminator)) {
      info.liveOut = liveInto(g->target);
      live = info.liveOut;
    } else {
      throw AutobatchError(fmt::format("liveness: block {} already has explicit returns (lowered)", b.label));
    }
    info.liveOutOfEach.resize(b.instructions.size());
    for (size_t i = b.instructions.size(); i-- > 0;) {
      info.liveOutOfEach[i] = live;
      const Instruction& ins = b.instructions[i];
      if (const PopOp* pop = std::get_if<PopOp>(&ins)) {
        live.insert(pop->vars.begin(), pop->vars.end());
        continue;
      }
      for (const std::string& w : writesOf(ins)) live.erase(w);
      for (const std::string& r : readsOf(ins)) live.insert(r);
    }
    info.liveIn = live;
    out[*it] = std::move(info);
  }
  return out;
}

} // namespace uops::autobatch
