#include "backends/llvm/disjoint_ors.h"

#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/KnownBits.h>

namespace uops {
namespace {

// Whether every value `small` takes lies below the lowest bit `aligned` may set.
bool below(llvm::Value* aligned, llvm::Value* small, const llvm::DataLayout& layout, llvm::ScalarEvolution& se) {
  const unsigned width = aligned->getType()->getIntegerBitWidth();
  const unsigned zeros = llvm::computeKnownBits(aligned, layout).countMinTrailingZeros();
  if (zeros >= width) return true; // `aligned` is 0
  return se.getUnsignedRange(se.getSCEV(small)).getUnsignedMax().ult(llvm::APInt::getOneBitSet(width, zeros));
}

} // namespace

bool markDisjointOrs(llvm::Function& f, llvm::ScalarEvolution& se) {
  const llvm::DataLayout& layout = f.getParent()->getDataLayout();
  bool marked = false;
  for (llvm::BasicBlock& block : f)
    for (llvm::Instruction& inst : block) {
      auto* o = llvm::dyn_cast<llvm::PossiblyDisjointInst>(&inst);
      if (!o || o->isDisjoint() || !inst.getType()->isIntegerTy()) continue;
      llvm::Value* a = inst.getOperand(0);
      llvm::Value* b = inst.getOperand(1);
      if (!below(a, b, layout, se) && !below(b, a, layout, se)) continue;
      o->setIsDisjoint(true);
      se.forgetValue(&inst);
      marked = true;
    }
  return marked;
}

} // namespace uops
