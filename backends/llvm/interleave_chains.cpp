#include "backends/llvm/interleave_chains.h"

#include <llvm/Analysis/AliasAnalysis.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/MemoryLocation.h>
#include <llvm/IR/BasicBlock.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <vector>

namespace uops {
namespace {

bool isSelfLoop(const llvm::BasicBlock& block) {
  for (const llvm::BasicBlock* next : llvm::successors(&block))
    if (next == &block) return true;
  return false;
}

// Whether the renderer asked for the block's order to stay (its latch's loop
// metadata has `uops.loop.keep_order`).
bool keepsOrder(const llvm::BasicBlock& block) {
  llvm::MDNode* loop = block.getTerminator()->getMetadata(llvm::LLVMContext::MD_loop);
  return loop && llvm::findOptionMDForLoopID(loop, "uops.loop.keep_order");
}

// Whether two accesses must keep their order: one of them writes, and alias
// analysis (the kernels' noalias buffers, as scopes once inlined) cannot tell
// them apart. Calls and other accesses without a location keep their order.
bool ordered(llvm::Instruction& a, llvm::Instruction& b, llvm::AAResults& aa) {
  if (!a.mayWriteToMemory() && !b.mayWriteToMemory()) return false;
  std::optional<llvm::MemoryLocation> la = llvm::MemoryLocation::getOrNone(&a),
                                      lb = llvm::MemoryLocation::getOrNone(&b);
  return !la || !lb || !aa.isNoAlias(*la, *lb);
}

// Depth of each instruction between the phis and the terminator: one more than
// the deepest operand defined in the block or earlier access it must follow.
std::vector<std::pair<int, llvm::Instruction*>> depths(llvm::BasicBlock& block, llvm::AAResults& aa) {
  std::unordered_map<const llvm::Instruction*, int> depth;
  std::vector<std::pair<int, llvm::Instruction*>> order, accesses;
  for (llvm::Instruction& inst : block) {
    if (llvm::isa<llvm::PHINode>(inst) || inst.isTerminator()) continue;
    int d = 0;
    for (const llvm::Use& op : inst.operands())
      if (auto it = depth.find(llvm::dyn_cast<llvm::Instruction>(op.get())); it != depth.end())
        d = std::max(d, it->second + 1);
    if (inst.mayReadOrWriteMemory() || inst.mayHaveSideEffects()) {
      for (const auto& [earlier, access] : accesses)
        if (ordered(*access, inst, aa)) d = std::max(d, earlier + 1);
      accesses.emplace_back(d, &inst);
    }
    depth[&inst] = d;
    order.emplace_back(d, &inst);
  }
  return order;
}

void interleave(llvm::BasicBlock& block, llvm::AAResults& aa) {
  std::vector<std::pair<int, llvm::Instruction*>> order = depths(block, aa);
  std::stable_sort(order.begin(), order.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  llvm::Instruction* terminator = block.getTerminator();
  for (const auto& [d, inst] : order)
    inst->moveBefore(terminator);
}

} // namespace

void interleaveLoopChains(llvm::Module& module, llvm::FunctionAnalysisManager& functions) {
  for (llvm::Function& f : module) {
    if (f.isDeclaration()) continue;
    llvm::AAResults& aa = functions.getResult<llvm::AAManager>(f);
    for (llvm::BasicBlock& block : f)
      if (isSelfLoop(block) && !keepsOrder(block)) interleave(block, aa);
  }
}

} // namespace uops
