// Register slots within one kernel.
#include "core/render/memory_plan.h"

#include "core/ir/buffer_access.h"

#include <algorithm>
#include <unordered_map>

namespace uops {
namespace {

struct Loop {
  size_t open, close; // positions of the Range and its End
};

std::vector<Loop> loopsOf(const UOpList& code) {
  std::unordered_map<const UOp*, size_t> opened; // look-up only
  std::vector<Loop> loops;
  for (size_t i = 0; i < code.size(); ++i) {
    if (code[i]->op() == Op::Range) opened[code[i].get()] = i;
    if (code[i]->op() == Op::End && code[i]->src().size() == 2)
      loops.push_back({opened.at(code[i]->src(1).get()), i});
  }
  return loops;
}

} // namespace

int KernelMemoryPlan::slotOf(const UOp& buffer) const {
  for (const RegisterUse& r : registers)
    if (r.buffer.get() == &buffer) return r.slot;
  return -1;
}

KernelMemoryPlan planKernelMemory(const UOpPtr& linear) {
  const UOpList& code = linear->src();
  KernelMemoryPlan plan;
  std::unordered_map<const UOp*, size_t> indexOf; // look-up only
  // a register's value lives from its first Store to its last Load: the address
  // arithmetic on it (After, Index) may be scheduled anywhere before
  for (size_t i = 0; i < code.size(); ++i) {
    const UOp* buffer = registerAccessed(*code[i]);
    if (!buffer) continue;
    auto [it, fresh] = indexOf.try_emplace(buffer, plan.registers.size());
    if (fresh) plan.registers.push_back({buffer->ptr(), i, i, 0});
    plan.registers[it->second].last = i;
  }
  // a value that enters a loop must outlive all its iterations
  std::vector<Loop> loops = loopsOf(code);
  for (RegisterUse& r : plan.registers)
    for (const Loop& l : loops)
      if (r.first < l.open && r.last > l.open && r.last < l.close) r.last = l.close;

  // linear scan in order of first use: a slot is free once its last user is done
  std::vector<size_t> busyUntil;
  for (RegisterUse& r : plan.registers) {
    DType d = r.buffer->dtype();
    int64_t size = r.buffer->argAs<BufferArg>().size;
    int found = -1;
    for (size_t s = 0; s < plan.slots.size() && found < 0; ++s)
      if (plan.slots[s].dtype == d && plan.slots[s].size == size && busyUntil[s] < r.first)
        found = static_cast<int>(s);
    if (found < 0) {
      found = static_cast<int>(plan.slots.size());
      plan.slots.push_back({d, size});
      busyUntil.push_back(0);
    }
    r.slot = found;
    busyUntil[found] = r.last;
  }
  return plan;
}

} // namespace uops
