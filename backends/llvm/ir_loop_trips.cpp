#include "backends/llvm/ir_loop_trips.h"

#include "backends/llvm/ir_parse.h"
#include "backends/llvm/jit_error.h"

#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <map>

namespace uops {

std::vector<IrLoopTrips> innermostLoopTrips(const std::string& optimizedIr, const std::string& entry) {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module = parseVerifiedIr(optimizedIr, context);
  llvm::Function* function = module->getFunction(entry);
  if (!function || function->isDeclaration())
    throw JitError(JitError::Kind::Entry, "function '" + entry + "' is not defined in the optimized IR");
  llvm::DominatorTree dominators(*function);
  llvm::LoopInfo loops(dominators);
  llvm::TargetLibraryInfoImpl libraryInfo{llvm::Triple(module->getTargetTriple())};
  llvm::TargetLibraryInfo library(libraryInfo);
  llvm::AssumptionCache assumptions(*function);
  llvm::ScalarEvolution evolution(*function, library, assumptions, dominators, loops);

  std::map<const llvm::BasicBlock*, size_t> position;
  for (const llvm::BasicBlock& block : *function) position.emplace(&block, position.size());
  std::vector<std::pair<size_t, IrLoopTrips>> found;
  for (llvm::Loop* loop : loops.getLoopsInPreorder()) {
    if (!loop->isInnermost()) continue;
    IrLoopTrips trips{.depth = static_cast<int>(loop->getLoopDepth()), .executions = 1,
                      .header = loop->getHeader()->getName().str()};
    for (llvm::Loop* l = loop; l; l = l->getParentLoop()) {
      const unsigned count = evolution.getSmallConstantTripCount(l); // 0: not a known constant
      trips.executions = count == 0 ? 0 : trips.executions * count;
      if (count == 0) break;
    }
    found.push_back({position.at(loop->getHeader()), std::move(trips)});
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<IrLoopTrips> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

} // namespace uops
