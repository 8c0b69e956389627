#include "backends/llvm/optimize.h"

#include "backends/llvm/interleave_chains.h"
#include "backends/llvm/prefetch_next_row.h"
#include "backends/llvm/stream_stores.h"
#include "backends/llvm/target_desc.h"

#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/OptimizationLevel.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/Scalar/LowerMatrixIntrinsics.h>

namespace uops {

// LLVM tunes Intel's AVX-512 CPUs to vectorize 256 bits wide (frequency
// drops on older parts); UOpScope's kernels are long vector loops where the
// full 512-bit width measured up to 1.8x faster (gemm 1024, gelu). AMD's
// CPUs prefer 512 already; a host without AVX-512 keeps its own width.
void preferFullVectors(llvm::Module& module, const TargetDesc& target) {
  if (target.features.find("+avx512f") == std::string::npos) return;
  for (llvm::Function& f : module)
    if (!f.isDeclaration()) f.addFnAttr("prefer-vector-width", "512");
}

static llvm::OptimizationLevel passLevel(int optLevel) {
  if (optLevel <= 0) return llvm::OptimizationLevel::O0;
  if (optLevel == 1) return llvm::OptimizationLevel::O1;
  if (optLevel == 2) return llvm::OptimizationLevel::O2;
  return llvm::OptimizationLevel::O3;
}

void optimizeModule(llvm::Module& module, llvm::TargetMachine& machine, int optLevel) {
  // Declared in this order so they are destroyed in reverse: each proxy
  // refers to the managers declared before it.
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;

  // Both vectorizers on from -O2, as clang does: kernels are loops over arrays.
  llvm::PipelineTuningOptions tuning;
  tuning.LoopVectorization = optLevel >= 2;
  tuning.SLPVectorization = optLevel >= 2;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);

  const llvm::OptimizationLevel level = passLevel(optLevel);
  // Wmma renders as llvm.matrix.multiply, which codegen cannot select: it is
  // lowered to vector multiply-adds first (clang does this with -fenable-matrix)
  llvm::ModulePassManager matrices;
  matrices.addPass(llvm::createModuleToFunctionPassAdaptor(
      llvm::LowerMatrixIntrinsicsPass(level == llvm::OptimizationLevel::O0)));
  matrices.run(module, modules);
  llvm::ModulePassManager pipeline = level == llvm::OptimizationLevel::O0
                                         ? builder.buildO0DefaultPipeline(level)
                                         : builder.buildPerModuleDefaultPipeline(level);
  pipeline.run(module, modules);
  // after the vectorizers: they decide which instructions the loop bodies hold.
  // Measured on x86 only; GPU code is scheduled by its own backend.
  if (!machine.getTargetTriple().isX86()) return;
  keepWholeVectorStreams(module, functions);
  if (level == llvm::OptimizationLevel::O0) return;
  interleaveLoopChains(module, functions);
  // after the interleaving, which would order every access after a prefetch
  // (a call that may write memory we cannot name): each stays before its load
  prefetchNextRows(module, functions);
}

} // namespace uops
