// Buffer reuse across a schedule.
#include "core/render/memory_plan.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace uops {
namespace {

// The Buffer under views of it (a result is Reshape(Buffer, shape)).
const UOp* baseBuffer(const UOp* u) {
  while (u && u->op() != Op::Buffer && !u->src().empty())
    u = u->src(0).get();
  return u && u->op() == Op::Buffer ? u : nullptr;
}

// The Param slots a kernel AST stores into.
std::vector<int64_t> storedSlots(const UOp& ast) {
  std::vector<int64_t> slots;
  for (const UOp* u : toposort(ast)) {
    if (u->op() != Op::Store) continue;
    const UOp* p = u->src(0).get();
    while (p->op() != Op::Param && !p->src().empty())
      p = p->src(0).get();
    if (p->op() == Op::Param) slots.push_back(p->argAs<ParamArg>().slot);
  }
  return slots;
}

struct Access {
  const UOp* buffer;
  bool write;
};

std::vector<Access> accessesOf(const UOp& item) {
  std::vector<Access> out;
  if (item.op() == Op::Store && !item.src().empty()) {
    // a copy: reads its source's buffer (if any), writes the target
    if (item.src().size() > 1)
      if (const UOp* from = baseBuffer(item.src(1).get())) out.push_back({from, false});
    if (const UOp* to = baseBuffer(item.src(0).get())) out.push_back({to, true});
  }
  if (item.op() == Op::Call && !item.src().empty()) {
    std::vector<int64_t> written = storedSlots(*item.src(0));
    for (size_t k = 1; k < item.src().size(); ++k) {
      const UOp* b = baseBuffer(item.src(k).get());
      if (!b) continue;
      bool w =
          std::find(written.begin(), written.end(), static_cast<int64_t>(k - 1)) != written.end();
      // reads come first: a kernel that updates a buffer in place reads it
      out.insert(w ? out.end() : out.begin(), {b, w});
    }
  }
  return out;
}

} // namespace

std::vector<BufferLifetime> bufferLifetimes(const UOpPtr& schedule) {
  std::vector<BufferLifetime> out;
  std::unordered_map<const UOp*, size_t> indexOf; // look-up only
  const UOpList& items = schedule->src();
  size_t count = items.size();
  bool hasResults = count > 0 && items.back()->op() == Op::Tuple;
  if (hasResults) --count;
  for (size_t i = 0; i < count; ++i)
    for (const Access& a : accessesOf(*items[i])) {
      auto [it, fresh] = indexOf.try_emplace(a.buffer, out.size());
      if (fresh) {
        const BufferArg& arg = a.buffer->argAs<BufferArg>();
        out.push_back({.id = arg.id,
                       .bytes = arg.size * a.buffer->dtype().itemSize(),
                       .firstUse = i,
                       .lastUse = i,
                       .external = !a.write,
                       .dtype = a.buffer->dtype()});
      }
      BufferLifetime& life = out[it->second];
      life.lastUse = i;
      std::vector<size_t>& users = a.write ? life.writers : life.readers;
      if (users.empty() || users.back() != i) users.push_back(i);
    }
  if (hasResults)
    for (const UOpPtr& r : items.back()->src())
      if (const UOp* b = baseBuffer(r.get()))
        if (auto it = indexOf.find(b); it != indexOf.end()) {
          out[it->second].external = true;
          out[it->second].result = true;
        }
  std::stable_sort(out.begin(), out.end(), [](const BufferLifetime& a, const BufferLifetime& b) {
    return a.firstUse != b.firstUse ? a.firstUse < b.firstUse : a.id < b.id;
  });
  return out;
}

BufferPlan planBuffers(std::span<const BufferLifetime> buffers) {
  BufferPlan plan;
  plan.slotOf.assign(buffers.size(), -1);
  std::vector<size_t> order(buffers.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return buffers[a].firstUse < buffers[b].firstUse; });
  std::vector<size_t> busyUntil;
  for (size_t i : order) {
    const BufferLifetime& b = buffers[i];
    if (b.external) continue;
    plan.naiveBytes += b.bytes;
    // best fit among free slots: the smallest that holds it, else the largest (it grows)
    int best = -1;
    for (size_t s = 0; s < plan.slotBytes.size(); ++s) {
      if (busyUntil[s] >= b.firstUse) continue;
      bool fits = plan.slotBytes[s] >= b.bytes;
      if (best < 0) {
        best = static_cast<int>(s);
        continue;
      }
      bool bestFits = plan.slotBytes[best] >= b.bytes;
      if (fits && (!bestFits || plan.slotBytes[s] < plan.slotBytes[best]))
        best = static_cast<int>(s);
      if (!fits && !bestFits && plan.slotBytes[s] > plan.slotBytes[best])
        best = static_cast<int>(s);
    }
    if (best < 0) {
      best = static_cast<int>(plan.slotBytes.size());
      plan.slotBytes.push_back(0);
      busyUntil.push_back(0);
    }
    plan.slotBytes[best] = std::max(plan.slotBytes[best], b.bytes);
    busyUntil[best] = b.lastUse;
    plan.slotOf[i] = best;
  }
  plan.plannedBytes = std::accumulate(plan.slotBytes.begin(), plan.slotBytes.end(), int64_t{0});
  return plan;
}

BufferPlan planBuffers(const UOpPtr& schedule) {
  std::vector<BufferLifetime> lifetimes = bufferLifetimes(schedule);
  return planBuffers(lifetimes);
}

} // namespace uops
