#include "backends/llvm/prefetch_next_row.h"

#include "backends/llvm/disjoint_ors.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <algorithm>
#include <map>
#include <cstdint>
#include <optional>
#include <vector>

namespace uops {
namespace {

constexpr int64_t kLineBytes = 64;
// Below 1 KB a row is a few vectors. A row loop's own body reading more than a
// page is the hardware stream's case; an inner loop's row is kept to what the
// first two cache levels hold beside the row being worked on.
constexpr int64_t kMinRowBytes = 1024, kMaxBodyRowBytes = 4096, kMaxLoopRowBytes = 65536;
// A stream's prefetch distance: gelu over 16M floats (256 B an iteration) and
// the 64 MB copy were fastest 1 KB ahead among 0, 1, 2 and 4 KB on 2 Zen 3
// cores (gelu 8.17 -> 7.76 ms, the copy 4.86 -> 4.45 ms, medians of six
// alternating runs); the hardware's stream stops at each 4 KB page. Loops
// over less than 256 KB are left to it.
constexpr int64_t kStreamAheadBytes = 1024, kMinStreamBytes = 256 * 1024;

struct RowAccess {
  llvm::Instruction* inst; // a load (or a store)
  int64_t offset;          // bytes from the row's leader
  int64_t bytes;
};

// Loads (or stores) of one loop whose addresses differ by constants and advance
// by `step` bytes per iteration of that loop.
struct Row {
  const llvm::SCEV* leader;
  int64_t step;
  std::vector<RowAccess> loads;
};

// Bytes `address` advances per iteration of `loop`, when it is an affine
// recurrence of that loop with a constant step.
std::optional<int64_t> stepIn(const llvm::SCEV* address, const llvm::Loop& loop, llvm::ScalarEvolution& se) {
  const auto* rec = llvm::dyn_cast<llvm::SCEVAddRecExpr>(address);
  if (!rec || rec->getLoop() != &loop || !rec->isAffine()) return std::nullopt;
  const auto* step = llvm::dyn_cast<llvm::SCEVConstant>(rec->getStepRecurrence(se));
  if (!step) return std::nullopt;
  return step->getAPInt().getSExtValue();
}

// The loads (`stores`: the stores) of `loop`'s own blocks (not its inner loops'), in function
// order, grouped into rows, each step in [minStep, maxStep].
std::vector<Row> rowsOf(llvm::Function& f, const llvm::Loop& loop, llvm::LoopInfo& loops,
                        llvm::ScalarEvolution& se, int64_t minStep, int64_t maxStep,
                        bool stores = false) {
  std::vector<Row> rows;
  const llvm::DataLayout& layout = f.getParent()->getDataLayout();
  for (llvm::BasicBlock& block : f) {
    if (loops.getLoopFor(&block) != &loop) continue;
    for (llvm::Instruction& inst : block) {
      auto* load = llvm::dyn_cast<llvm::LoadInst>(&inst);
      auto* store = llvm::dyn_cast<llvm::StoreInst>(&inst);
      if (stores ? !store || !store->isSimple() : !load || !load->isSimple()) continue;
      const llvm::SCEV* address = se.getSCEV(llvm::getLoadStorePointerOperand(&inst));
      const std::optional<int64_t> step = stepIn(address, loop, se);
      if (!step || *step < minStep || *step > maxStep) continue;
      llvm::Type* type = stores ? store->getValueOperand()->getType() : load->getType();
      const auto bytes = static_cast<int64_t>(layout.getTypeStoreSize(type).getFixedValue());
      auto joins = [&](Row& row) {
        if (row.step != *step) return false;
        const auto* offset = llvm::dyn_cast<llvm::SCEVConstant>(se.getMinusSCEV(address, row.leader));
        if (!offset) return false;
        row.loads.push_back({&inst, offset->getAPInt().getSExtValue(), bytes});
        return true;
      };
      if (std::none_of(rows.begin(), rows.end(), joins))
        rows.push_back({address, *step, {{&inst, 0, bytes}}});
    }
  }
  return rows;
}

// Where the loads read exactly one step of contiguous bytes, its first one.
std::optional<int64_t> wholeStepStart(const Row& row) {
  std::vector<std::pair<int64_t, int64_t>> spans;
  for (const RowAccess& l : row.loads)
    spans.emplace_back(l.offset, l.offset + l.bytes);
  std::sort(spans.begin(), spans.end());
  int64_t end = spans.front().first;
  for (const auto& [from, to] : spans) {
    if (from > end) return std::nullopt;
    end = std::max(end, to);
  }
  if (end - spans.front().first != row.step) return std::nullopt;
  return spans.front().first;
}

// One step's lines, each `ahead` bytes (an i64 the loop does not change) past the access that
// first touches the line, prefetched before it. `locality`: 3 keeps the line in every cache
// level, 2 from the second level on.
void prefetchAhead(const Row& row, int64_t start, llvm::Value* ahead, llvm::Function* prefetch,
                   int locality = 3) {
  for (int64_t line = start; line < start + row.step; line += kLineBytes) {
    auto first = std::find_if(row.loads.begin(), row.loads.end(), [&](const RowAccess& l) {
      return l.offset <= line && line < l.offset + l.bytes;
    });
    llvm::IRBuilder<> at(first->inst);
    llvm::Value* next = at.CreateGEP(at.getInt8Ty(), llvm::getLoadStorePointerOperand(first->inst),
                                     at.CreateAdd(ahead, at.getInt64(line - first->offset)));
    // read, data
    at.CreateCall(prefetch, {next, at.getInt32(0), at.getInt32(locality), at.getInt32(1)});
  }
}

// One pass over a row: loads that read the row loop's whole step of S bytes,
// either in the row loop's own blocks or over the iterations of an innermost
// loop inside it; `firstByte` is an affine recurrence of the row loop.
struct Walk {
  Row row;
  int64_t start;    // the first byte read, from the row's leader
  int64_t distance; // S
  const llvm::SCEV* firstByte;
  size_t position; // of its first block in the function, to order the passes
};

// The row loop's own loads that read one whole step of 1 to 4 KB.
std::vector<Walk> bodyWalks(llvm::Function& f, const llvm::Loop& rowLoop, llvm::LoopInfo& loops,
                            llvm::ScalarEvolution& se, const std::map<const llvm::BasicBlock*, size_t>& at) {
  std::vector<Walk> walks;
  for (Row& row : rowsOf(f, rowLoop, loops, se, kMinRowBytes, kMaxBodyRowBytes)) {
    const std::optional<int64_t> start = wholeStepStart(row);
    if (!start) continue;
    const llvm::SCEV* first = se.getAddExpr(row.leader, se.getConstant(row.leader->getType(), *start));
    const size_t position = at.at(row.loads.front().inst->getParent());
    const int64_t step = row.step;
    walks.push_back({std::move(row), *start, step, first, position});
  }
  return walks;
}

// The rows innermost loop `inner` walks whole, one row loop iteration each.
std::vector<Walk> innerWalks(llvm::Function& f, const llvm::Loop& rowLoop, const llvm::Loop& inner,
                             llvm::LoopInfo& loops, llvm::ScalarEvolution& se, size_t position) {
  std::vector<Walk> walks;
  const unsigned trips = se.getSmallConstantTripCount(&inner);
  if (trips == 0) return walks;
  for (Row& row : rowsOf(f, inner, loops, se, 1, kMaxLoopRowBytes)) {
    const std::optional<int64_t> start = wholeStepStart(row);
    if (!start) continue;
    const llvm::SCEV* rowStart = llvm::cast<llvm::SCEVAddRecExpr>(row.leader)->getStart();
    const std::optional<int64_t> rowStep = stepIn(rowStart, rowLoop, se);
    if (!rowStep || *rowStep < kMinRowBytes || *rowStep > kMaxLoopRowBytes || trips * row.step != *rowStep)
      continue;
    const llvm::SCEV* first = se.getAddExpr(rowStart, se.getConstant(rowStart->getType(), *start));
    walks.push_back({std::move(row), *start, *rowStep, first, position});
  }
  return walks;
}

// A loop at the top of the function that only streams (no loop inside or
// around it: an elementwise kernel's one loop over its thread's elements):
// its loads that read one whole step of 64 B to 4 KB, each line prefetched
// kStreamAheadBytes (or one step, when longer) ahead, where it runs over at
// least kMinStreamBytes (or an unknown count).
std::vector<Walk> streamWalks(llvm::Function& f, const llvm::Loop& loop, llvm::LoopInfo& loops,
                              llvm::ScalarEvolution& se) {
  std::vector<Walk> walks;
  const unsigned trips = se.getSmallConstantTripCount(&loop);
  for (Row& row : rowsOf(f, loop, loops, se, kLineBytes, kMaxBodyRowBytes)) {
    const std::optional<int64_t> start = wholeStepStart(row);
    if (!start || (trips != 0 && int64_t{trips} * row.step < kMinStreamBytes)) continue;
    const int64_t ahead = std::max(kStreamAheadBytes, row.step);
    walks.push_back({std::move(row), *start, ahead, nullptr, 0});
  }
  return walks;
}

// A pass after a row's last read that only writes a row of the same bytes (softmax's scale
// pass: the row cache in, streamed stores out): memory would be all stores while it runs, and
// the next row's lines are on their way already. It prefetches the row after that (2 S ahead)
// into the second level, one step of lines an iteration beside its stores: softmax over 4096 x
// 4096 floats 5.06 -> 4.15 ms, its share of the copy's speed 54% -> 69% (medians over ten
// alternating pairs of processes without and with it, 2 Zen 4 cores).
struct StoreWalk {
  Row row; // the pass's stores
  int64_t start;
  const llvm::SCEV* target;     // the byte two rows past the read row's first one
  const llvm::SCEV* firstStore; // the stores' first byte this row loop iteration
  llvm::Loop* loop;
};

std::optional<StoreWalk> storeWalkAfter(llvm::Function& f, const Walk& read, llvm::Loop& rowLoop,
                                        llvm::LoopInfo& loops, llvm::ScalarEvolution& se,
                                        const std::map<const llvm::BasicBlock*, size_t>& at) {
  if (!read.firstByte) return std::nullopt;
  for (llvm::Loop* inner : rowLoop.getSubLoops()) {
    if (!inner->isInnermost() || at.at(inner->getHeader()) <= read.position ||
        !inner->getLoopPreheader())
      continue;
    const unsigned trips = se.getSmallConstantTripCount(inner);
    if (trips == 0)
      continue; // a later pass reading the read row whole would be the row's last walk
    for (Row& row : rowsOf(f, *inner, loops, se, kLineBytes, kMaxLoopRowBytes, true)) {
      const std::optional<int64_t> start = wholeStepStart(row);
      if (!start || row.step % kLineBytes != 0 || int64_t{trips} * row.step != read.distance)
        continue;
      const llvm::SCEV* rowStart = llvm::cast<llvm::SCEVAddRecExpr>(row.leader)->getStart();
      const llvm::SCEV* first =
          se.getAddExpr(rowStart, se.getConstant(rowStart->getType(), *start));
      const llvm::SCEV* target = se.getAddExpr(
          read.firstByte, se.getConstant(read.firstByte->getType(), 2 * read.distance));
      return StoreWalk{std::move(row), *start, target, first, inner};
    }
  }
  return std::nullopt;
}

// The bytes from the stores' first one to the target, this row loop iteration, computed before
// the pass (an i64).
llvm::Value* storeDelta(const StoreWalk& w, llvm::ScalarEvolution& se,
                        const llvm::DataLayout& layout) {
  llvm::SCEVExpander expander(se, layout, "prefetch");
  llvm::Instruction* before = w.loop->getLoopPreheader()->getTerminator();
  llvm::IRBuilder<> at(before);
  llvm::Value* target = expander.expandCodeFor(w.target, w.target->getType(), before);
  llvm::Value* first = expander.expandCodeFor(w.firstStore, w.firstStore->getType(), before);
  return at.CreateSub(at.CreatePtrToInt(target, at.getInt64Ty()),
                      at.CreatePtrToInt(first, at.getInt64Ty()));
}

bool sameRow(const Walk& a, const Walk& b, llvm::ScalarEvolution& se) {
  if (a.distance != b.distance || a.firstByte->getType() != b.firstByte->getType()) return false;
  const auto* apart = llvm::dyn_cast<llvm::SCEVConstant>(se.getMinusSCEV(a.firstByte, b.firstByte));
  return apart && apart->getAPInt().isZero();
}

} // namespace

void prefetchNextRows(llvm::Module& module, llvm::FunctionAnalysisManager& functions) {
  for (llvm::Function& f : module) {
    if (f.isDeclaration()) continue;
    llvm::LoopInfo& loops = functions.getResult<llvm::LoopAnalysis>(f);
    llvm::ScalarEvolution& se = functions.getResult<llvm::ScalarEvolutionAnalysis>(f);
    if (markDisjointOrs(f, se)) se.forgetAllLoops();
    std::map<const llvm::BasicBlock*, size_t> at;
    for (llvm::BasicBlock& block : f)
      at.emplace(&block, at.size());
    std::vector<Walk> planned;
    std::vector<StoreWalk> storesAfter;
    for (llvm::Loop* loop : loops.getLoopsInPreorder()) {
      // a row loop with inner loops leaves memory idle while they work on the row;
      // an innermost loop inside another streams each row, the hardware keeping up
      if (loop->isInnermost()) {
        if (!loop->getParentLoop())
          for (Walk& w : streamWalks(f, *loop, loops, se)) planned.push_back(std::move(w));
        continue;
      }
      std::vector<Walk> walks = bodyWalks(f, *loop, loops, se, at);
      for (llvm::Loop* inner : loop->getSubLoops())
        if (inner->isInnermost())
          for (Walk& w : innerWalks(f, *loop, *inner, loops, se, at.at(inner->getHeader())))
            walks.push_back(std::move(w));
      // the passes in the order they run: the last one over each row prefetches the next
      std::stable_sort(walks.begin(), walks.end(), [](const Walk& a, const Walk& b) { return a.position < b.position; });
      for (size_t i = 0; i < walks.size(); ++i) {
        auto later = [&](const Walk& w) { return sameRow(w, walks[i], se); };
        if (std::any_of(walks.begin() + static_cast<std::ptrdiff_t>(i) + 1, walks.end(), later))
          continue;
        if (std::optional<StoreWalk> after = storeWalkAfter(f, walks[i], *loop, loops, se, at))
          storesAfter.push_back(std::move(*after));
        planned.push_back(std::move(walks[i]));
      }
    }
    if (planned.empty()) continue;
    llvm::Function* prefetch = llvm::Intrinsic::getDeclaration(
        &module, llvm::Intrinsic::prefetch, {llvm::PointerType::getUnqual(module.getContext())});
    for (const StoreWalk& w : storesAfter)
      prefetchAhead(w.row, w.start, storeDelta(w, se, module.getDataLayout()), prefetch, 2);
    llvm::Type* i64 = llvm::Type::getInt64Ty(module.getContext());
    for (const Walk& w : planned)
      prefetchAhead(w.row, w.start, llvm::ConstantInt::get(i64, w.distance), prefetch);
    functions.invalidate(f, llvm::PreservedAnalyses::none());
  }
}

} // namespace uops
