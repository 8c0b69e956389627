// The plan's data for people: schedule items labelled, buffers with their
// roles, storage and peak; a kernel's registers with its instructions.
#include "core/engine/memory_report.h"

#include "core/opt/kernel_ranges.h"
#include "core/render/memory_plan.h"

#include <algorithm>

namespace uops {
namespace {

std::vector<ScheduleItem> memoryReportItems(const PipelineRun& run) {
  std::vector<ScheduleItem> items;
  int64_t kernel = 0;
  for (const UOpPtr& item : run.schedule.linear->src()) {
    if (item->op() == Op::Tuple) continue; // the results, not an item
    if (item->op() != Op::Call) {
      items.push_back({item->op() == Op::Store ? "copy" : std::string(opName(item->op())), -1});
      continue;
    }
    items.push_back({kernelLabel(size_t(kernel), run.kernelName(size_t(kernel))), kernel});
    ++kernel;
  }
  return items;
}

BufferRole memoryReportRole(const BufferLifetime& b) {
  if (b.result) return BufferRole::Result;
  return b.external ? BufferRole::Input : BufferRole::Intermediate;
}

} // namespace

std::string_view bufferRoleName(BufferRole role) {
  switch (role) {
  case BufferRole::Input: return "input";
  case BufferRole::Intermediate: return "intermediate";
  case BufferRole::Result: return "result";
  }
  return "";
}

std::vector<size_t> ScheduleMemory::liveAt(size_t item) const {
  std::vector<size_t> out;
  for (size_t i = 0; i < buffers.size(); ++i)
    if (buffers[i].first <= item && item <= buffers[i].last) out.push_back(i);
  return out;
}

ScheduleMemory scheduleMemory(const PipelineRun& run) {
  ScheduleMemory m;
  if (!run.schedule.linear) return m;
  m.items = memoryReportItems(run);
  std::vector<BufferLifetime> lifetimes = bufferLifetimes(run.schedule.linear);
  BufferPlan plan = planBuffers(lifetimes);
  for (size_t i = 0; i < lifetimes.size(); ++i) {
    const BufferLifetime& b = lifetimes[i];
    m.buffers.push_back({.id = b.id,
                         .bytes = b.bytes,
                         .dtype = b.dtype,
                         .role = memoryReportRole(b),
                         .first = b.firstUse,
                         .last = b.lastUse,
                         .writers = b.writers,
                         .readers = b.readers,
                         .storage = plan.slotOf[i]});
  }
  m.storageBytes = plan.slotBytes;
  m.plannedBytes = plan.plannedBytes;
  m.naiveBytes = plan.naiveBytes;
  m.liveBytes.assign(m.items.size(), 0);
  for (const ScheduleBuffer& b : m.buffers)
    for (size_t p = b.first; p <= b.last && p < m.liveBytes.size(); ++p)
      m.liveBytes[p] += b.bytes;
  if (!m.liveBytes.empty())
    m.peak = size_t(std::max_element(m.liveBytes.begin(), m.liveBytes.end()) - m.liveBytes.begin());
  m.liveAtPeak = m.liveAt(m.peak);
  return m;
}

KernelRegisters kernelRegisters(const PipelineRun& run, size_t kernel) {
  KernelRegisters r;
  r.kernel = kernel;
  r.label = kernelLabel(kernel, run.kernelName(kernel));
  const LoweredKernel& k = run.kernels.at(kernel);
  if (!k.linear) return r;
  for (const UOpPtr& u : k.linear->src())
    r.instructions.emplace_back(opName(u->op()));
  r.planned = std::any_of(k.stages.begin(), k.stages.end(),
                          [](const StageSnapshot& s) { return s.stage == "Register/Memory Plan"; });
  if (!r.planned) return r;
  r.slots = k.memory.slots;
  for (const RegisterUse& u : k.memory.registers)
    r.registers.push_back({.buffer = u.buffer->argAs<BufferArg>().id,
                           .dtype = u.buffer->dtype(),
                           .size = u.buffer->argAs<BufferArg>().size,
                           .first = u.first,
                           .last = u.last,
                           .slot = u.slot});
  return r;
}

} // namespace uops
