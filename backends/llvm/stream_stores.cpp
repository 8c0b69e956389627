#include "backends/llvm/stream_stores.h"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicsX86.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Local.h>

#include <vector>

namespace uops {
namespace {

constexpr uint64_t kMinStreamBytes = 16;

// Whether `store` writes a whole vector at its own alignment; raises the
// store's alignment to the one its address is known to have.
bool storesAlignedVector(llvm::StoreInst& store, const llvm::DataLayout& layout) {
  llvm::Type* type = store.getValueOperand()->getType();
  if (!type->isVectorTy()) return false;
  const uint64_t bytes = layout.getTypeStoreSize(type).getFixedValue();
  if (bytes < kMinStreamBytes) return false;
  const llvm::Align known = llvm::getKnownAlignment(store.getPointerOperand(), layout);
  if (known > store.getAlign()) store.setAlignment(known);
  return store.getAlign().value() >= bytes;
}

} // namespace

void keepWholeVectorStreams(llvm::Module& module, llvm::FunctionAnalysisManager& functions) {
  const llvm::DataLayout& layout = module.getDataLayout();
  for (llvm::Function& f : module) {
    if (f.isDeclaration()) continue;
    bool whole = true;
    std::vector<llvm::StoreInst*> marked;
    std::vector<llvm::ReturnInst*> returns;
    for (llvm::BasicBlock& block : f)
      for (llvm::Instruction& inst : block) {
        if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(&inst)) returns.push_back(ret);
        auto* store = llvm::dyn_cast<llvm::StoreInst>(&inst);
        if (!store || !store->getMetadata(llvm::LLVMContext::MD_nontemporal)) continue;
        marked.push_back(store);
        whole = storesAlignedVector(*store, layout) && whole;
      }
    if (marked.empty()) continue;
    // all or none: a line written partly streamed, partly through the cache
    // waits on both (a padded tile's aligned and unaligned rows)
    if (!whole) {
      for (llvm::StoreInst* store : marked)
        store->setMetadata(llvm::LLVMContext::MD_nontemporal, nullptr);
      continue;
    }
    llvm::Function* fence = llvm::Intrinsic::getDeclaration(&module, llvm::Intrinsic::x86_sse_sfence);
    for (llvm::ReturnInst* ret : returns)
      llvm::IRBuilder<>(ret).CreateCall(fence);
    functions.invalidate(f, llvm::PreservedAnalyses::none());
  }
}

} // namespace uops
