#include "backends/llvm/prefetch_next_row.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace uops {
namespace {

constexpr int64_t kLineBytes = 64;
// Below 1 KB a row is a few vectors; above a page the hardware's stream runs
// within the row.
constexpr int64_t kMinRowBytes = 1024, kMaxRowBytes = 4096;

struct RowLoad {
  llvm::LoadInst* load;
  int64_t offset; // bytes from the row's leader
  int64_t bytes;
};

// Loads whose addresses differ by constants and advance by `stride` bytes per
// iteration of the loop.
struct Row {
  const llvm::SCEV* leader;
  int64_t stride;
  std::vector<RowLoad> loads;
};

// Bytes `address` advances per iteration of `loop`, when it is an affine
// recurrence of that loop with a constant step.
std::optional<int64_t> strideIn(const llvm::SCEV* address, const llvm::Loop& loop, llvm::ScalarEvolution& se) {
  const auto* rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(address);
  if (!rec || rec->getLoop() != &loop || !rec->isAffine()) return std::nullopt;
  const auto* step = llvm::dyn_cast<llvm::SCEVConstant>(rec->getStepRecurrence(se));
  if (!step) return std::nullopt;
  return step->getAPInt().getSExtValue();
}

// The loop's own loads (in function order) grouped into rows.
std::vector<Row> rowsOf(llvm::Function& f, const llvm::Loop& loop, llvm::LoopInfo& loops,
                        llvm::ScalarEvolution& se) {
  std::vector<Row> rows;
  const llvm::DataLayout& layout = f.getParent()->getDataLayout();
  for (llvm::BasicBlock& block : f) {
    if (loops.getLoopFor(&block) != &loop) continue;
    for (llvm::Instruction& inst : block) {
      auto* load = llvm::dyn_cast<llvm::LoadInst>(&inst);
      if (!load || !load->isSimple()) continue;
      const llvm::SCEV* address = se.getSCEV(load->getPointerOperand());
      const std::optional<int64_t> stride = strideIn(address, loop, se);
      if (!stride || *stride < kMinRowBytes || *stride > kMaxRowBytes) continue;
      const auto bytes = static_cast<int64_t>(layout.getTypeStoreSize(load->getType()).getFixedValue());
      auto joins = [&](Row& row) {
        if (row.stride != *stride) return false;
        const auto* offset = llvm::dyn_cast<llvm::SCEVConstant>(se.getMinusSCEV(address, row.leader));
        if (!offset) return false;
        row.loads.push_back({load, offset->getAPInt().getSExtValue(), bytes});
        return true;
      };
      if (std::none_of(rows.begin(), rows.end(), joins)) rows.push_back({address, *stride, {{load, 0, bytes}}});
    }
  }
  return rows;
}

// Where the loads read exactly one stride of contiguous bytes, its first one.
std::optional<int64_t> wholeRowStart(const Row& row) {
  std::vector<std::pair<int64_t, int64_t>> spans;
  for (const RowLoad& l : row.loads)
    spans.emplace_back(l.offset, l.offset + l.bytes);
  std::sort(spans.begin(), spans.end());
  int64_t end = spans.front().first;
  for (const auto& [from, to] : spans) {
    if (from > end) return std::nullopt;
    end = std::max(end, to);
  }
  if (end - spans.front().first != row.stride) return std::nullopt;
  return spans.front().first;
}

void prefetchRow(const Row& row, int64_t start, llvm::Function* prefetch) {
  for (int64_t line = start; line < start + row.stride; line += kLineBytes) {
    auto first = std::find_if(row.loads.begin(), row.loads.end(),
                              [&](const RowLoad& l) { return l.offset <= line && line < l.offset + l.bytes; });
    llvm::IRBuilder<> at(first->load);
    llvm::Value* next =
        at.CreateConstGEP1_64(at.getInt8Ty(), first->load->getPointerOperand(), row.stride + line - first->offset);
    // read, keep in every cache level, data
    at.CreateCall(prefetch, {next, at.getInt32(0), at.getInt32(3), at.getInt32(1)});
  }
}

} // namespace

void prefetchNextRows(llvm::Module& module, llvm::FunctionAnalysisManager& functions) {
  for (llvm::Function& f : module) {
    if (f.isDeclaration()) continue;
    llvm::LoopInfo& loops = functions.getResult<llvm::LoopAnalysis>(f);
    llvm::ScalarEvolution& se = functions.getResult<llvm::ScalarEvolutionAnalysis>(f);
    std::vector<std::pair<Row, int64_t>> whole;
    for (llvm::Loop* loop : loops.getLoopsInPreorder()) {
      // an innermost loop only streams, and the hardware keeps a stream going;
      // a row loop with inner loops leaves memory idle while they work on the row
      if (loop->isInnermost()) continue;
      for (Row& row : rowsOf(f, *loop, loops, se))
        if (std::optional<int64_t> start = wholeRowStart(row)) whole.emplace_back(std::move(row), *start);
    }
    if (whole.empty()) continue;
    llvm::Function* prefetch = llvm::Intrinsic::getDeclaration(
        &module, llvm::Intrinsic::prefetch, {llvm::PointerType::getUnqual(module.getContext())});
    for (const auto& [row, start] : whole)
      prefetchRow(row, start, prefetch);
    functions.invalidate(f, llvm::PreservedAnalyses::none());
  }
}

} // namespace uops
